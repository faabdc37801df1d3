package circlsign_test

import (
	"crypto/mldsa"
	"fmt"

	"github.com/crystals-go/crystals/signer/circlsign"
)

// Code written against circl's sign.Scheme runs on this module's engine
// through Scheme.
func ExampleScheme() {
	scheme := circlsign.Scheme(mldsa.MLDSA65())
	pk, sk, err := scheme.GenerateKey()
	if err != nil {
		panic(err)
	}
	sig := scheme.Sign(sk, []byte("message"), nil)
	fmt.Println(scheme.Name(), len(sig) == scheme.SignatureSize(), scheme.Verify(pk, []byte("message"), sig, nil))
	// Output: ML-DSA-65 true true
}
