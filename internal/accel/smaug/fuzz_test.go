package smaug

import (
	"bytes"
	"crypto/sha3"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/fuzzedit"
)

// The decoders of untrusted bytes: pk, sk and ciphertexts. Each target
// checks that bad input gives an error, never a panic, that a valid
// encoding is accepted, and that accepted input encodes back to itself.
//
// The fuzz inputs are a parameter set (in allParams order) and a program of
// edits (fuzzedit) applied to a valid encoding made once, outside f.Fuzz:
// inputs of a few bytes rather than the 0.7-4 KB encodings, which the
// fuzzer spent its time minimizing.

// fuzzKeys holds one fixed key per parameter set, in allParams order.
var fuzzKeys = func() []*DecapsulationKey {
	r := rand.New(rand.NewPCG(6, 6))
	keys := make([]*DecapsulationKey, len(allParams))
	for i, p := range allParams {
		keys[i] = newTestKey(p, r)
	}
	return keys
}()

// addEditSeeds adds, for every set, the empty program (the valid encoding
// itself), a truncation by one byte, and a flip of the encoding's first and
// last bytes.
func addEditSeeds(f *testing.F, size func(*Params) int) {
	for i, p := range allParams {
		n := size(p)
		f.Add(uint8(i), []byte{})
		f.Add(uint8(i), fuzzedit.Op(2, n-1, 0))
		f.Add(uint8(i), append(fuzzedit.Op(0, 0, 0x01), fuzzedit.Op(0, n-1, 0x80)...))
	}
}

func FuzzEncapsulationKeySetBytes(f *testing.F) {
	encs := make([][]byte, len(fuzzKeys))
	for i, dk := range fuzzKeys {
		encs[i] = dk.EncapsulationKey().Bytes()
	}
	addEditSeeds(f, (*Params).EncapsulationKeySize)
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		k := int(set) % len(allParams)
		p := allParams[k]
		pk := fuzzedit.Apply(encs[k], prog)
		var ek EncapsulationKey
		err := ek.SetBytes(p, pk)
		// Every string of the right length is a key.
		if len(pk) != p.EncapsulationKeySize() {
			if !errors.Is(err, ErrEncapsulationKeyLength) {
				t.Fatalf("%s: pk of %d bytes: error %v", p.name, len(pk), err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%s: pk of the right length rejected: %v", p.name, err)
		}
		if got := ek.Bytes(); !bytes.Equal(got, pk) {
			t.Fatalf("%s: Bytes() ≠ the accepted pk", p.name)
		}
		// H(pk), hashed beside the matrix's streams (carried or on the
		// lanes), against crypto/sha3.
		if ek.h != sha3.Sum256(pk) {
			t.Fatalf("%s: H(pk) differs from crypto/sha3's SHA3-256", p.name)
		}
	})
}

func FuzzDecapsulationKeySetBytes(f *testing.F) {
	encs := make([][]byte, len(fuzzKeys))
	for i, dk := range fuzzKeys {
		encs[i] = dk.Bytes()
	}
	addEditSeeds(f, (*Params).DecapsulationKeySize)
	// A zero secret (weight 0) in the first byte, and a coefficient of b
	// (the error's polynomial) moved far from A·s.
	for i, p := range allParams {
		f.Add(uint8(i), fuzzedit.Op(1, 0, 0))
		f.Add(uint8(i), fuzzedit.Op(0, p.k*secretPolySize+RejectionSize+seedASize+1, 0x40))
	}
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		k := int(set) % len(allParams)
		p := allParams[k]
		sk := fuzzedit.Apply(encs[k], prog)
		var dk DecapsulationKey
		err := dk.SetBytes(p, sk)
		if len(sk) != p.DecapsulationKeySize() {
			if !errors.Is(err, ErrDecapsulationKeyLength) {
				t.Fatalf("%s: sk of %d bytes: error %v", p.name, len(sk), err)
			}
			return
		}
		if err != nil {
			if bytes.Equal(sk, encs[k]) {
				t.Fatalf("%s: unedited sk rejected: %v", p.name, err)
			}
			if !errors.Is(err, ErrDecapsulationKeySecret) && !errors.Is(err, ErrDecapsulationKeyPair) {
				t.Fatalf("%s: unexpected error %v", p.name, err)
			}
			return
		}
		if got := dk.Bytes(); !bytes.Equal(got, sk) {
			t.Fatalf("%s: Bytes() ≠ the accepted sk", p.name)
		}
	})
}

func FuzzDecapsulate(f *testing.F) {
	cts := make([][]byte, len(fuzzKeys))
	shared := make([][SharedKeySize]byte, len(fuzzKeys))
	for i, dk := range fuzzKeys {
		p := dk.ek.p
		mu := bytes.Repeat([]byte{byte(i)}, p.MessageSize())
		cts[i] = make([]byte, p.CiphertextSize())
		shared[i] = dk.EncapsulationKey().Encapsulate(cts[i], mu)
	}
	addEditSeeds(f, (*Params).CiphertextSize)
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		k := int(set) % len(fuzzKeys)
		dk := fuzzKeys[k]
		p := dk.ek.p
		ct := fuzzedit.Apply(cts[k], prog)
		ss, err := dk.Decapsulate(ct)
		if len(ct) != p.CiphertextSize() {
			if !errors.Is(err, ErrCiphertextLength) {
				t.Fatalf("%s: ciphertext of %d bytes: error %v", p.name, len(ct), err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%s: ciphertext of the right length rejected: %v", p.name, err)
		}
		if bytes.Equal(ct, cts[k]) {
			if ss != shared[k] {
				t.Fatalf("%s: unedited ciphertext does not decapsulate to its shared key", p.name)
			}
			return
		}
		// Every packing of ct is dense, so an edited ciphertext differs from
		// the re-encryption of whatever it decrypts to: the key is the
		// implicit-rejection one, SHAKE256(z ‖ H(ct)) past its first 32
		// bytes, with z read from the sk encoding.
		off := p.k*secretPolySize + 2*p.k
		h := sha3.Sum256(ct)
		x := sha3.NewSHAKE256()
		x.Write(dk.Bytes()[off : off+32])
		x.Write(h[:])
		var want [64]byte
		x.Read(want[:])
		if !bytes.Equal(ss[:], want[32:]) {
			t.Fatalf("%s: edited ciphertext: got %x, want the implicit-rejection key %x", p.name, ss, want[32:])
		}
	})
}
