package kem_test

import (
	"bytes"
	"crypto/hpke"
	"errors"
	"fmt"
	"log"

	"github.com/crystals-go/crystals/kem"
)

// The receiver publishes an encapsulation key; the sender encapsulates a
// shared key to it; the receiver decapsulates the same key.
func Example() {
	dk, err := kem.GenerateKey768()
	if err != nil {
		log.Fatal(err)
	}
	ekBytes := dk.EncapsulationKey().Bytes()

	// The sender.
	ek, err := kem.NewEncapsulationKey768(ekBytes)
	if err != nil {
		log.Fatal(err)
	}
	sharedKey, ciphertext := ek.Encapsulate()

	// The receiver.
	got, err := dk.Decapsulate(ciphertext)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(ciphertext), bytes.Equal(got, sharedKey))
	// Output: 1088 true
}

// A TLS-style X25519MLKEM768 exchange through the Scheme interface: the
// client's key share is the encapsulation key, the server's is the ciphertext.
func ExampleX25519MLKEM768() {
	s := kem.X25519MLKEM768()
	client, err := s.GenerateKey()
	if err != nil {
		log.Fatal(err)
	}
	clientShare := client.Encapsulator().Bytes()

	serverKey, err := s.NewEncapsulationKey(clientShare)
	if err != nil {
		log.Fatal(err)
	}
	serverSecret, serverShare := serverKey.Encapsulate()

	clientSecret, err := client.Decapsulate(serverShare)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(clientShare), len(serverShare), bytes.Equal(clientSecret, serverSecret))
	// Output: 1216 1120 true
}

// HPKE: crypto/hpke seals to an ML-KEM-768 key of this package, and opens
// with it; decapsulation runs in this package's engine.
func Example_hpke() {
	dk, err := kem.GenerateKey768()
	if err != nil {
		log.Fatal(err)
	}
	kdf, aead := hpke.HKDFSHA256(), hpke.AES256GCM()
	info := []byte("example")

	// The sender uses only the standard library.
	pub, err := hpke.MLKEM768().NewPublicKey(dk.EncapsulationKey().Bytes())
	if err != nil {
		log.Fatal(err)
	}
	sealed, err := hpke.Seal(pub, kdf, aead, info, []byte("hello, post-quantum world"))
	if err != nil {
		log.Fatal(err)
	}

	// The receiver opens with our key.
	priv, err := hpke.NewMLKEMPrivateKey(dk)
	if err != nil {
		log.Fatal(err)
	}
	opened, err := hpke.Open(priv, kdf, aead, info, sealed)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(opened))
	// Output: hello, post-quantum world
}

// X-Wing inside HPKE (MLKEM768-X25519): seal with crypto/hpke, open with an
// X-Wing key of this package.
func ExampleXWingDecapsulationKey_HPKEPrivateKey() {
	dk, err := kem.GenerateKeyXWing()
	if err != nil {
		log.Fatal(err)
	}
	kdf, aead := hpke.HKDFSHA256(), hpke.ChaCha20Poly1305()

	pub, err := hpke.MLKEM768X25519().NewPublicKey(dk.EncapsulationKey().Bytes())
	if err != nil {
		log.Fatal(err)
	}
	sealed, err := hpke.Seal(pub, kdf, aead, nil, []byte("x-wing"))
	if err != nil {
		log.Fatal(err)
	}
	priv, err := dk.HPKEPrivateKey()
	if err != nil {
		log.Fatal(err)
	}
	opened, err := hpke.Open(priv, kdf, aead, nil, sealed)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(opened))
	// Output: x-wing
}

// The expanded FIPS 203 decapsulation key round-trips, with the hash check,
// the modulus check of ŝ and a pairwise consistency test on import.
func ExampleNewExpandedDecapsulationKey768() {
	dk, err := kem.NewDecapsulationKey768(make([]byte, kem.SeedSize))
	if err != nil {
		log.Fatal(err)
	}
	expanded := dk.ExpandedBytes()
	again, err := kem.NewExpandedDecapsulationKey768(expanded)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(expanded), again.Bytes() == nil)

	expanded[len(expanded)-40] ^= 1 // corrupt the stored H(ek)
	_, err = kem.NewExpandedDecapsulationKey768(expanded)
	fmt.Println(errors.Is(err, kem.ErrDecapsulationKeyHash))
	expanded[len(expanded)-40] ^= 1

	expanded[0], expanded[1] = 0x01, expanded[1]&0xf0|0x0d // ŝ coefficient q: not canonical
	_, err = kem.NewExpandedDecapsulationKey768(expanded)
	fmt.Println(errors.Is(err, kem.ErrDecapsulationKeySecret))

	expanded[0], expanded[1] = 0x00, expanded[1]&0xf0 // in range, but not this key's ŝ
	_, err = kem.NewExpandedDecapsulationKey768(expanded)
	fmt.Println(errors.Is(err, kem.ErrDecapsulationKeyPairwise))
	// Output:
	// 2400 true
	// true
	// true
	// true
}

// Keys that no constructor made never panic: an Encapsulate without an error
// result returns nil, and everything else returns ErrZeroKey.
func ExampleErrZeroKey() {
	var ek kem.EncapsulationKey768
	shared, ct := ek.Encapsulate()
	fmt.Println(shared == nil, ct == nil)

	var dk kem.XWingDecapsulationKey
	_, err := dk.Decapsulate(make([]byte, kem.XWingCiphertextSize))
	fmt.Println(errors.Is(err, kem.ErrZeroKey))
	// Output:
	// true true
	// true
}

func ExampleEncapsulationKey768_EncapsulateBatch() {
	dk, err := kem.GenerateKey768()
	if err != nil {
		log.Fatal(err)
	}
	// A client sending many messages to one recipient encapsulates once per
	// message, in one batch.
	keys, ciphertexts := dk.EncapsulationKey().EncapsulateBatch(4)
	for i, ct := range ciphertexts {
		k, err := dk.Decapsulate(ct)
		fmt.Println(i, err == nil && bytes.Equal(k, keys[i]))
	}
	// Output:
	// 0 true
	// 1 true
	// 2 true
	// 3 true
}
