package kem_test

import (
	"bytes"
	"crypto/hpke"
	"fmt"

	"github.com/crystals-go/crystals/kem"
)

// crypto/hpke seals to an MLKEM768-P256 key whose seed crystals holds; the
// same seed gives crypto/hpke's key too, and crystals decapsulates the
// encapsulated key that hpke.Seal put in front of the ciphertext.
func ExampleMLKEM768P256() {
	dk, err := kem.MLKEM768P256().GenerateKey()
	if err != nil {
		panic(err)
	}
	theirs, err := hpke.MLKEM768P256().NewPrivateKey(dk.Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println(bytes.Equal(theirs.PublicKey().Bytes(), dk.Encapsulator().Bytes()))

	sealed, err := hpke.Seal(theirs.PublicKey(), hpke.HKDFSHA256(), hpke.AES128GCM(), nil, []byte("hello"))
	if err != nil {
		panic(err)
	}
	shared, err := dk.Decapsulate(sealed[:kem.MLKEM768P256().CiphertextSize()])
	fmt.Println(len(shared), err)
	// Output:
	// true
	// 32 <nil>
}
