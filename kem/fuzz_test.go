package kem

import (
	"bytes"
	"testing"
)

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

func FuzzNewEncapsulationKey(f *testing.F) {
	for i, dk := range fuzzKeys {
		ek := dk.Encapsulator().Bytes()
		f.Add(uint8(i), ek)
		f.Add(uint8(i), ek[:len(ek)-1])
		bad := bytes.Clone(ek)
		bad[len(bad)-40] ^= 0xff
		f.Add(uint8(i), bad)
	}
	f.Fuzz(func(t *testing.T, i uint8, b []byte) {
		s := Schemes()[int(i)%len(fuzzKeys)]
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
		ss, ct := ek.Encapsulate()
		if len(ss) != s.SharedKeySize() || len(ct) != s.CiphertextSize() {
			t.Fatal("sizes")
		}
	})
}

func FuzzNewDecapsulationKey(f *testing.F) {
	for i, dk := range fuzzKeys {
		f.Add(uint8(i), dk.Bytes())
		f.Add(uint8(i), dk.Bytes()[1:])
		if m, ok := dk.(interface{ ExpandedBytes() []byte }); ok {
			f.Add(uint8(i), m.ExpandedBytes())
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, b []byte) {
		s := Schemes()[int(i)%len(fuzzKeys)]
		if dk, err := s.NewDecapsulationKey(b); err == nil {
			if !bytes.Equal(dk.Bytes(), b) {
				t.Fatal("seed does not round-trip")
			}
		} else if len(b) == s.SeedSize() && s.Name() != "SecP256r1MLKEM768" && s.Name() != "SecP384r1MLKEM1024" {
			t.Fatalf("seed of the right length rejected: %v", err)
		}
		// The expanded ML-KEM decoders.
		for _, parse := range []func([]byte) error{
			func(b []byte) error { _, err := NewExpandedDecapsulationKey512(b); return err },
			func(b []byte) error { _, err := NewExpandedDecapsulationKey768(b); return err },
			func(b []byte) error { _, err := NewExpandedDecapsulationKey1024(b); return err },
		} {
			parse(b)
		}
	})
}

func FuzzDecapsulate(f *testing.F) {
	for i, dk := range fuzzKeys {
		_, ct := dk.Encapsulator().Encapsulate()
		f.Add(uint8(i), ct)
		f.Add(uint8(i), ct[1:])
		f.Add(uint8(i), append(ct, 0))
	}
	f.Fuzz(func(t *testing.T, i uint8, ct []byte) {
		dk := fuzzKeys[int(i)%len(fuzzKeys)]
		s := dk.Scheme()
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
		// Only the ECDH part of a hybrid can make a well-formed
		// ciphertext fail; pure ML-KEM never errs (implicit rejection).
		if _, pure := s.(*mlkemScheme); pure && err != nil {
			t.Fatalf("ML-KEM rejected a well-formed ciphertext: %v", err)
		}
	})
}
