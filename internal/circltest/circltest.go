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

// HedgedSign returns circl's randomized SignTo for sk, one of the three
// sets' private keys; circl's Scheme.Sign is deterministic, and crypto.Signer
// users get hedged signatures, so comparisons with them sign this way. It
// panics on another key type, a bug in the caller.
func HedgedSign(sk sign.PrivateKey) func(msg, sig []byte) error {
	switch k := sk.(type) {
	case *mldsa44.PrivateKey:
		return func(msg, sig []byte) error { return mldsa44.SignTo(k, msg, nil, true, sig) }
	case *mldsa65.PrivateKey:
		return func(msg, sig []byte) error { return mldsa65.SignTo(k, msg, nil, true, sig) }
	case *mldsa87.PrivateKey:
		return func(msg, sig []byte) error { return mldsa87.SignTo(k, msg, nil, true, sig) }
	}
	panic("circltest: unknown circl ML-DSA key type")
}
