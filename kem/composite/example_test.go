package composite_test

import (
	"bytes"
	"fmt"

	"github.com/crystals-go/crystals/kem/composite"
)

// A composite ML-KEM-768 + X25519 key: the sender encapsulates to the raw
// public key, the receiver decapsulates the same 32-byte secret.
func Example() {
	alg := composite.AlgorithmByName("id-MLKEM768-X25519-SHA3-256")
	dk, err := composite.GenerateKey(alg)
	if err != nil {
		panic(err)
	}
	ek, err := composite.ParseEncapsulationKey(alg, dk.EncapsulationKey().Bytes())
	if err != nil {
		panic(err)
	}
	shared, ciphertext := ek.Encapsulate()
	received, err := dk.Decapsulate(ciphertext)
	if err != nil {
		panic(err)
	}
	fmt.Println(alg.OID(), len(ciphertext), bytes.Equal(shared, received))
	// Output: 1.3.6.1.5.5.7.6.58 1120 true
}
