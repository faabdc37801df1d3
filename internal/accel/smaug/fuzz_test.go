package smaug

import (
	"math/rand/v2"
	"testing"
)

// The decoders of untrusted bytes: pk, sk and ciphertexts. Each target
// checks that bad input gives an error, never a panic, and that accepted
// input encodes back to itself.

func FuzzEncapsulationKeySetBytes(f *testing.F) {
	r := rand.New(rand.NewPCG(6, 6))
	for _, p := range allParams {
		f.Add(uint8(p.k), newTestKey(p, r).EncapsulationKey().Bytes())
	}
	f.Add(uint8(2), []byte{})
	f.Fuzz(func(t *testing.T, set uint8, pk []byte) {
		p := allParams[int(set)%len(allParams)]
		var ek EncapsulationKey
		if err := ek.SetBytes(p, pk); err != nil {
			return
		}
		if got := ek.Bytes(); string(got) != string(pk) {
			t.Fatalf("%s: Bytes() ≠ the accepted pk", p.name)
		}
	})
}

func FuzzDecapsulationKeySetBytes(f *testing.F) {
	r := rand.New(rand.NewPCG(7, 7))
	for _, p := range allParams {
		f.Add(uint8(p.k), newTestKey(p, r).Bytes())
	}
	f.Add(uint8(3), make([]byte, SMAUGT192.DecapsulationKeySize()))
	f.Fuzz(func(t *testing.T, set uint8, sk []byte) {
		p := allParams[int(set)%len(allParams)]
		var dk DecapsulationKey
		if err := dk.SetBytes(p, sk); err != nil {
			return
		}
		if got := dk.Bytes(); string(got) != string(sk) {
			t.Fatalf("%s: Bytes() ≠ the accepted sk", p.name)
		}
	})
}

func FuzzDecapsulate(f *testing.F) {
	r := rand.New(rand.NewPCG(8, 8))
	keys := make([]*DecapsulationKey, len(allParams))
	for i, p := range allParams {
		keys[i] = newTestKey(p, r)
		var mu [32]byte
		ct := make([]byte, p.CiphertextSize())
		keys[i].EncapsulationKey().Encapsulate(ct, mu[:])
		f.Add(uint8(i), ct)
	}
	f.Add(uint8(0), []byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, set uint8, ct []byte) {
		dk := keys[int(set)%len(keys)]
		ss, err := dk.Decapsulate(ct)
		if (err != nil) != (len(ct) != dk.ek.p.CiphertextSize()) {
			t.Fatalf("Decapsulate error %v for a ciphertext of %d bytes", err, len(ct))
		}
		if err == nil {
			ss2, _ := dk.Decapsulate(ct)
			if ss2 != ss {
				t.Fatal("Decapsulate is not deterministic")
			}
		}
	})
}
