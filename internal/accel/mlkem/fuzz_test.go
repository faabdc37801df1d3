package mlkem

import (
	"bytes"
	"errors"
	"testing"

	"github.com/crystals-go/crystals/internal/fuzzedit"
)

var fuzzParams = []*Params{MLKEM512, MLKEM768, MLKEM1024}

// fuzzKey returns a fixed key of parameter set p.
func fuzzKey(p *Params) *DecapsulationKey {
	seed := make([]byte, SeedSize)
	for i := range seed {
		seed[i] = byte(i)
	}
	var dk DecapsulationKey
	if err := dk.SetSeed(p, seed); err != nil {
		panic(err)
	}
	return &dk
}

// The fuzz inputs are a parameter set and a program of edits (fuzzedit)
// applied to a valid encoding made once: inputs of a few bytes rather than
// encodings of 0.8-3 KB, which the fuzzer spent its time minimizing.

// addEditSeeds adds, for every set, the empty program (the valid encoding),
// a truncation by one byte and the given edits.
func addEditSeeds(f *testing.F, size func(*Params) int, edits ...[]byte) {
	for i, p := range fuzzParams {
		f.Add(uint8(i), []byte{})
		f.Add(uint8(i), fuzzedit.Op(2, size(p)-1, 0))
		for _, e := range edits {
			f.Add(uint8(i), e)
		}
	}
}

func FuzzEncapsulationKey(f *testing.F) {
	encs := make([][]byte, len(fuzzParams))
	for i, p := range fuzzParams {
		encs[i] = fuzzKey(p).EncapsulationKey().AppendBytes(nil)
	}
	// Coefficient 4095 in the first two bytes.
	addEditSeeds(f, (*Params).EncapsulationKeySize, append(fuzzedit.Op(1, 0, 0xff), fuzzedit.Op(1, 1, 0xff)...))
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		p := fuzzParams[int(set)%len(fuzzParams)]
		b := fuzzedit.Apply(encs[int(set)%len(fuzzParams)], prog)
		var ek EncapsulationKey
		err := ek.SetBytes(p, b)
		if len(b) != p.EncapsulationKeySize() {
			if !errors.Is(err, ErrEncapsulationKeyLength) {
				t.Fatalf("wrong length accepted or misreported: %v", err)
			}
			return
		}
		if err != nil {
			if !errors.Is(err, ErrEncapsulationKeyModulus) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if !bytes.Equal(ek.AppendBytes(nil), b) {
			t.Fatal("accepted key does not re-encode to its input")
		}
		var k [32]byte
		var m [32]byte
		if err := ek.EncapsulateInternal(&k, make([]byte, p.CiphertextSize()), &m); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzDecapsulationKey(f *testing.F) {
	encs := make([][]byte, len(fuzzParams))
	for i, p := range fuzzParams {
		encs[i] = fuzzKey(p).AppendExpanded(nil)
	}
	addEditSeeds(f, (*Params).DecapsulationKeySize, fuzzedit.Op(0, 0, 1), fuzzedit.Op(0, 0xffff, 1))
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		p := fuzzParams[int(set)%len(fuzzParams)]
		b := fuzzedit.Apply(encs[int(set)%len(fuzzParams)], prog)
		var dk DecapsulationKey
		err := dk.SetExpanded(p, b)
		if len(b) != p.DecapsulationKeySize() {
			if !errors.Is(err, ErrDecapsulationKeyLength) {
				t.Fatalf("wrong length accepted or misreported: %v", err)
			}
			return
		}
		if err != nil {
			return
		}
		// Everything but ŝ (reduced modulo q on import) re-encodes exactly.
		out := dk.AppendExpanded(nil)
		if !bytes.Equal(out[encodedPolySize*p.K:], b[encodedPolySize*p.K:]) {
			t.Fatal("accepted key does not re-encode to its input")
		}
		var k [32]byte
		if err := dk.Decapsulate(&k, make([]byte, p.CiphertextSize())); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzCiphertext(f *testing.F) {
	keys := make([]*DecapsulationKey, len(fuzzParams))
	cts := make([][]byte, len(fuzzParams))
	shared := make([][32]byte, len(fuzzParams))
	for i, p := range fuzzParams {
		keys[i] = fuzzKey(p)
		var m [32]byte
		cts[i] = make([]byte, p.CiphertextSize())
		if err := keys[i].EncapsulationKey().EncapsulateInternal(&shared[i], cts[i], &m); err != nil {
			f.Fatal(err)
		}
	}
	addEditSeeds(f, (*Params).CiphertextSize, fuzzedit.Op(3, 0xffff, 0), fuzzedit.Op(0, 0, 1))
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		i := int(set) % len(fuzzParams)
		c := fuzzedit.Apply(cts[i], prog)
		var k [32]byte
		err := keys[i].Decapsulate(&k, c)
		if len(c) != fuzzParams[i].CiphertextSize() {
			if !errors.Is(err, ErrCiphertextLength) {
				t.Fatalf("wrong length accepted or misreported: %v", err)
			}
			return
		}
		if err != nil {
			t.Fatalf("well-formed ciphertext rejected: %v", err)
		}
		// Implicit rejection: another ciphertext gives another key.
		if bytes.Equal(c, cts[i]) != (k == shared[i]) {
			t.Fatalf("ciphertext edited %v, shared key equal %v", !bytes.Equal(c, cts[i]), k == shared[i])
		}
	})
}
