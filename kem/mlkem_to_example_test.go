package kem_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/crystals-go/crystals/kem"
)

func ExampleEncapsulateBytes() {
	dk, err := kem.GenerateKey768()
	if err != nil {
		log.Fatal(err)
	}
	// The encoded key as a peer sends it (a TLS key share, say).
	encoded := dk.EncapsulationKey().Bytes()

	// The sender's buffers, reused for every peer.
	shared := make([]byte, kem.SharedKeySize)
	ciphertext := make([]byte, kem.CiphertextSize768)
	if err := kem.EncapsulateBytes(kem.MLKEM768(), encoded, shared, ciphertext); err != nil {
		log.Fatal(err)
	}

	got, err := dk.Decapsulate(ciphertext)
	fmt.Println(err == nil && bytes.Equal(got, shared))
	// Output: true
}

func ExampleEncapsulationKey768_EncapsulateTo() {
	dk, _ := kem.GenerateKey768()
	ek := dk.EncapsulationKey()
	shared := make([]byte, kem.SharedKeySize)
	ciphertext := make([]byte, kem.CiphertextSize768)
	received := make([]byte, kem.SharedKeySize)
	for range 3 { // the same buffers every time: no allocation
		if err := ek.EncapsulateTo(shared, ciphertext); err != nil {
			log.Fatal(err)
		}
		if err := dk.DecapsulateTo(received, ciphertext); err != nil {
			log.Fatal(err)
		}
		fmt.Println(bytes.Equal(received, shared))
	}
	// Output:
	// true
	// true
	// true
}

func ExampleDecapsulationKey768_SetSeed() {
	// One key object, set again for each exchange: no allocation.
	var dk kem.DecapsulationKey768
	seed := make([]byte, kem.SeedSize)
	for i := range 2 {
		seed[0] = byte(i) // a fresh random seed in real use
		if err := dk.SetSeed(seed); err != nil {
			log.Fatal(err)
		}
		shared, ciphertext := dk.EncapsulationKey().Encapsulate()
		got, err := dk.Decapsulate(ciphertext)
		fmt.Println(err == nil && bytes.Equal(got, shared))
	}
	// Output:
	// true
	// true
}
