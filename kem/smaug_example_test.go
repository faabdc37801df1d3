package kem_test

import (
	"bytes"
	"fmt"

	"github.com/crystals-go/crystals/kem"
)

// SMAUG-T keys work like the ML-KEM ones: generate, encapsulate to the
// public key, decapsulate with the private one.
func ExampleSMAUGT128() {
	scheme := kem.SMAUGT128()
	dk, err := scheme.GenerateKey()
	if err != nil {
		panic(err)
	}
	pk := dk.Encapsulator().Bytes() // the reference's pk encoding

	ek, err := scheme.NewEncapsulationKey(pk)
	if err != nil {
		panic(err)
	}
	sharedKey, ciphertext := ek.Encapsulate()

	got, err := dk.Decapsulate(ciphertext)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(pk), len(ciphertext), bytes.Equal(got, sharedKey))
	// Output: 672 672 true
}

// A key in the reference code's sk encoding (s ‖ t ‖ pk, as in its KAT
// files) imports directly, with consistency checks.
func ExampleSMAUGTScheme_NewDecapsulationKeyFromBytes() {
	scheme := kem.SMAUGT256()
	generated, err := scheme.GenerateKey()
	if err != nil {
		panic(err)
	}
	sk := generated.(*kem.SMAUGTDecapsulationKey).SecretKeyBytes()

	dk, err := scheme.NewDecapsulationKeyFromBytes(sk)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(sk), bytes.Equal(dk.Encapsulator().Bytes(), generated.Encapsulator().Bytes()))

	sk[0] ^= 0xff // no longer a valid secret
	_, err = scheme.NewDecapsulationKeyFromBytes(sk)
	fmt.Println(err != nil)
	// Output:
	// 1728 true
	// true
}

// TiMER is SMAUG-T128's keys with a smaller ciphertext; its encapsulation
// randomness μ is 16 bytes.
func ExampleTiMER() {
	scheme := kem.TiMER()
	dk, err := scheme.GenerateKey()
	if err != nil {
		panic(err)
	}
	sharedKey, ciphertext := dk.Encapsulator().Encapsulate()
	got, err := dk.Decapsulate(ciphertext)
	if err != nil {
		panic(err)
	}
	fmt.Println(scheme.Name(), len(ciphertext), scheme.EncapsulationSeedSize(), bytes.Equal(got, sharedKey))
	// Output: TiMER 608 16 true
}

// A SMAUG-T key object can be set again from a new seed in place, without
// allocating, as ML-KEM's can.
func ExampleSMAUGTDecapsulationKey_SetSeed() {
	scheme := kem.SMAUGT128()
	seed := make([]byte, kem.SMAUGTSeedSize)
	dk, err := scheme.NewDecapsulationKey(seed)
	if err != nil {
		panic(err)
	}
	key := dk.(*kem.SMAUGTDecapsulationKey)
	for i := range 2 {
		seed[0] = byte(i + 1) // a fresh random seed in real use
		if err := key.SetSeed(seed); err != nil {
			panic(err)
		}
		shared, ciphertext := key.PublicKey().Encapsulate()
		got, err := key.Decapsulate(ciphertext)
		fmt.Println(err == nil && bytes.Equal(got, shared))
	}
	// Output:
	// true
	// true
}
