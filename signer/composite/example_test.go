package composite_test

import (
	"encoding/asn1"
	"fmt"

	"github.com/crystals-go/crystals/signer/composite"
)

// A composite key signs with ML-DSA-65 and ECDSA P-256 together; the
// signature verifies only if both halves do.
func Example() {
	alg := composite.AlgorithmByName("id-MLDSA65-ECDSA-P256-SHA512")
	key, err := composite.GenerateKey(alg)
	if err != nil {
		panic(err)
	}
	msg := []byte("pay 10 EUR to Bob")
	sig, err := key.SignMessage(nil, msg, &composite.Options{Context: "payments"})
	if err != nil {
		panic(err)
	}

	// The raw public key is what an SPKI carries.
	pub, err := composite.ParsePublicKey(alg, key.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println(alg.OID(), alg.Label())
	fmt.Println("valid:", composite.Verify(pub, msg, sig, &composite.Options{Context: "payments"}) == nil)
	fmt.Println("other context:", composite.Verify(pub, msg, sig, nil) == nil)
	// Output:
	// 1.3.6.1.5.5.7.6.45 COMPSIG-MLDSA65-ECDSA-P256-SHA512
	// valid: true
	// other context: false
}

// Sign takes a digest only when it is the algorithm's pre-hash PH(M).
func ExamplePrivateKey_Sign() {
	alg := composite.AlgorithmByName("MLDSA44-Ed25519-SHA512")
	key, err := composite.GenerateKey(alg)
	if err != nil {
		panic(err)
	}
	_, err = key.Sign(nil, make([]byte, 32), nil)
	fmt.Println(err != nil)
	// Output: true
}

// The algorithms are found by name (with or without "id-") or by OID.
func ExampleAlgorithmByOID() {
	alg := composite.AlgorithmByOID(asn1.ObjectIdentifier{1, 3, 6, 1, 5, 5, 7, 6, 47})
	fmt.Println(alg.Name())
	fmt.Println(alg.Label())
	fmt.Println(alg.MLDSA(), "+", alg.Traditional(), "over", alg.PreHash())
	// Output:
	// MLDSA65-ECDSA-brainpoolP256r1-SHA512
	// COMPSIG-MLDSA65-ECDSA-BP256-SHA512
	// ML-DSA-65 + ECDSA brainpoolP256r1 SHA-256 over SHA-512
}

// M′ for the draft's worked example: the prefix, the label, len(ctx) = 0
// and SHA-512 of the message 00…09.
func ExampleMessageRepresentative() {
	alg := composite.AlgorithmByName("MLDSA65-ECDSA-P256-SHA512")
	m, err := composite.MessageRepresentative(alg, []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, "")
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n%x\n", m[:len(composite.Prefix)+len(alg.Label())], m[len(composite.Prefix)+len(alg.Label()):])
	// Output:
	// CompositeAlgorithmSignatures2025COMPSIG-MLDSA65-ECDSA-P256-SHA512
	// 000f89ee1fcb7b0a4f7809d1267a029719004c5a5e5ec323a7c3523a20974f9a3f202f56fadba4cd9e8d654ab9f2e96dc5c795ea176fa20ede8d854c342f903533
}
