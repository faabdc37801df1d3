package composite_test

import (
	"testing"

	"github.com/crystals-go/crystals/kem/composite"
)

func fuzzAlgorithm(b byte) *composite.Algorithm {
	all := composite.Algorithms()
	return all[int(b)%len(all)]
}

func fuzzSeeds(f *testing.F, private bool) {
	for i, a := range composite.Algorithms() {
		if a.Traditional()[:3] == "RSA" {
			continue
		}
		dk, err := composite.GenerateKey(a)
		if err != nil {
			f.Fatal(err)
		}
		if private {
			f.Add(byte(i), dk.Bytes())
		} else {
			f.Add(byte(i), dk.EncapsulationKey().Bytes())
		}
	}
}

// FuzzParseEncapsulationKey: any input fails cleanly or re-encodes to an
// equal key.
func FuzzParseEncapsulationKey(f *testing.F) {
	fuzzSeeds(f, false)
	f.Fuzz(func(t *testing.T, which byte, raw []byte) {
		a := fuzzAlgorithm(which)
		ek, err := composite.ParseEncapsulationKey(a, raw)
		if err != nil {
			return
		}
		again, err := composite.ParseEncapsulationKey(a, ek.Bytes())
		if err != nil || !again.Equal(ek) {
			t.Fatalf("%s: parsed key does not re-parse: %v", a, err)
		}
	})
}

// FuzzParseDecapsulationKey: any input fails cleanly or re-encodes to an
// equal key.
func FuzzParseDecapsulationKey(f *testing.F) {
	fuzzSeeds(f, true)
	f.Fuzz(func(t *testing.T, which byte, raw []byte) {
		a := fuzzAlgorithm(which)
		dk, err := composite.ParseDecapsulationKey(a, raw)
		if err != nil {
			return
		}
		again, err := composite.ParseDecapsulationKey(a, dk.Bytes())
		if err != nil || !again.Equal(dk) {
			t.Fatalf("%s: parsed key does not re-parse: %v", a, err)
		}
	})
}

// FuzzDecapsulate: arbitrary ciphertexts return a key or an error, never a
// panic.
func FuzzDecapsulate(f *testing.F) {
	keys := map[byte]*composite.DecapsulationKey{}
	for i, a := range composite.Algorithms() {
		if a.Traditional()[:3] != "RSA" {
			dk, err := composite.GenerateKey(a)
			if err != nil {
				f.Fatal(err)
			}
			keys[byte(i)] = dk
			_, ct := dk.EncapsulationKey().Encapsulate()
			f.Add(byte(i), ct)
		}
	}
	f.Fuzz(func(t *testing.T, which byte, ct []byte) {
		if dk := keys[which%12]; dk != nil {
			dk.Decapsulate(ct)
		}
	})
}
