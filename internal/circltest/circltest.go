// Package circltest gives the tests circl's own ML-DSA schemes, the third
// implementation they compare this module's signers with.
package circltest

import (
	"crypto/mldsa"

	"github.com/cloudflare/circl/sign"
	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"
)

// Scheme returns circl's scheme for params, which must be one of the three
// FIPS 204 sets.
func Scheme(params mldsa.Parameters) sign.Scheme {
	switch params {
	case mldsa.MLDSA44():
		return mldsa44.Scheme()
	case mldsa.MLDSA65():
		return mldsa65.Scheme()
	}
	return mldsa87.Scheme()
}
