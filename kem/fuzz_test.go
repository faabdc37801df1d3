package kem

import (
	"bytes"
	"errors"
	"testing"

	"github.com/crystals-go/crystals/internal/fuzzedit"
)

// The fuzz inputs are a scheme (in Schemes() order) and a program of edits
// (fuzzedit) applied to a valid encoding made once, outside f.Fuzz: inputs
// of a few bytes rather than the 0.8-3 KB encodings, which the fuzzer spent
// its time minimizing.

// fuzzKeys holds one fixed key per scheme, in Schemes() order.
var fuzzKeys = func() []DecapsulationKey {
	var keys []DecapsulationKey
	for _, s := range Schemes() {
		dk, err := s.NewDecapsulationKey(bytes.Repeat([]byte{7}, s.SeedSize()))
		if err != nil {
			panic(err)
		}
		keys = append(keys, dk)
	}
	return keys
}()

// addEditSeeds adds, for every scheme, the empty program (the valid
// encoding itself), a truncation by one byte, and an edit 40 bytes from the
// end (the ECDH share of a hybrid).
func addEditSeeds(f *testing.F, size func(Scheme) int) {
	for i, dk := range fuzzKeys {
		n := size(dk.Scheme())
		f.Add(uint8(i), []byte{})
		f.Add(uint8(i), fuzzedit.Op(2, n-1, 0))
		f.Add(uint8(i), fuzzedit.Op(0, n-40, 0xff))
	}
}

func FuzzNewEncapsulationKey(f *testing.F) {
	addEditSeeds(f, Scheme.EncapsulationKeySize)
	f.Fuzz(func(t *testing.T, i uint8, prog []byte) {
		dk := fuzzKeys[int(i)%len(fuzzKeys)]
		s := dk.Scheme()
		b := fuzzedit.Apply(dk.Encapsulator().Bytes(), prog)
		ek, err := s.NewEncapsulationKey(b)
		if len(b) != s.EncapsulationKeySize() && err == nil {
			t.Fatal("wrong length accepted")
		}
		if err != nil {
			return
		}
		if !bytes.Equal(ek.Bytes(), b) {
			t.Fatal("accepted key does not re-encode to its input")
		}
		// Encapsulation under pure ML-KEM only: a hybrid's ECDH runs in Go
		// code the fuzzer instruments, at a few hundred runs a second, and
		// the parsing is what this target is for.
		if _, pure := s.(*mlkemScheme); !pure {
			return
		}
		ss, ct := ek.Encapsulate()
		if len(ss) != s.SharedKeySize() || len(ct) != s.CiphertextSize() {
			t.Fatal("sizes")
		}
	})
}

func FuzzNewDecapsulationKey(f *testing.F) {
	// The seed of every scheme, then an expanded key of each ML-KEM set for
	// its expanded decoder; i picks one.
	encs := make([][]byte, 0, len(fuzzKeys)+3)
	for _, dk := range fuzzKeys {
		encs = append(encs, dk.Bytes())
	}
	seed := bytes.Repeat([]byte{9}, SeedSize)
	k512, err512 := NewDecapsulationKey512(seed)
	k768, err768 := NewDecapsulationKey768(seed)
	k1024, err1024 := NewDecapsulationKey1024(seed)
	if err := errors.Join(err512, err768, err1024); err != nil {
		f.Fatal(err)
	}
	encs = append(encs, k512.ExpandedBytes(), k768.ExpandedBytes(), k1024.ExpandedBytes())
	expanded := []func([]byte) error{
		func(b []byte) error { _, err := NewExpandedDecapsulationKey512(b); return err },
		func(b []byte) error { _, err := NewExpandedDecapsulationKey768(b); return err },
		func(b []byte) error { _, err := NewExpandedDecapsulationKey1024(b); return err },
	}
	for i := range encs {
		f.Add(uint8(i), []byte{})
		f.Add(uint8(i), fuzzedit.Op(2, 1, 0))
		f.Add(uint8(i), fuzzedit.Op(0, 0, 0xff))
	}
	f.Fuzz(func(t *testing.T, i uint8, prog []byte) {
		k := int(i) % len(encs)
		b := fuzzedit.Apply(encs[k], prog)
		if k < len(fuzzKeys) {
			s := fuzzKeys[k].Scheme()
			if dk, err := s.NewDecapsulationKey(b); err == nil {
				if !bytes.Equal(dk.Bytes(), b) {
					t.Fatal("seed does not round-trip")
				}
			} else if len(b) == s.SeedSize() && s.Name() != "SecP256r1MLKEM768" && s.Name() != "SecP384r1MLKEM1024" {
				t.Fatalf("seed of the right length rejected: %v", err)
			}
			return
		}
		// The expanded ML-KEM decoders, one for each expanded key; an
		// unedited key is accepted.
		err := expanded[k-len(fuzzKeys)](b)
		if err != nil && bytes.Equal(b, encs[k]) {
			t.Fatalf("unedited expanded key rejected: %v", err)
		}
	})
}

func FuzzDecapsulate(f *testing.F) {
	cts := make([][]byte, len(fuzzKeys))
	shared := make([][]byte, len(fuzzKeys))
	for i, dk := range fuzzKeys {
		shared[i], cts[i] = dk.Encapsulator().Encapsulate()
	}
	addEditSeeds(f, Scheme.CiphertextSize)
	f.Fuzz(func(t *testing.T, i uint8, prog []byte) {
		k := int(i) % len(fuzzKeys)
		dk := fuzzKeys[k]
		s := dk.Scheme()
		ct := fuzzedit.Apply(cts[k], prog)
		ss, err := dk.Decapsulate(ct)
		if len(ct) != s.CiphertextSize() {
			if err == nil {
				t.Fatal("wrong length accepted")
			}
			return
		}
		if err == nil && len(ss) != s.SharedKeySize() {
			t.Fatal("shared key size")
		}
		edited := !bytes.Equal(ct, cts[k])
		if !edited && (err != nil || !bytes.Equal(ss, shared[k])) {
			t.Fatalf("unedited ciphertext does not decapsulate to its shared key (err %v)", err)
		}
		// Only the ECDH part of a hybrid can make a well-formed
		// ciphertext fail; pure ML-KEM never errs (implicit rejection),
		// and gives another key for another ciphertext. (An ECDH share
		// has several encodings, so a hybrid may not.)
		if _, pure := s.(*mlkemScheme); pure {
			if err != nil {
				t.Fatalf("ML-KEM rejected a well-formed ciphertext: %v", err)
			}
			if edited && bytes.Equal(ss, shared[k]) {
				t.Fatal("an edited ciphertext decapsulates to the original shared key")
			}
		}
	})
}
