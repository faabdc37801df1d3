package composite_test

import (
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/hybrid/hybridtest"
	"github.com/crystals-go/crystals/kem/composite"
)

// fuzzKey returns a fresh key of a, or nil for the RSA algorithms, whose
// keys are slow to generate.
func fuzzKey(f *testing.F, a *composite.Algorithm) *composite.DecapsulationKey {
	if strings.HasPrefix(a.Traditional(), "RSA") {
		return nil
	}
	dk, err := composite.GenerateKey(a)
	if err != nil {
		f.Fatal(err)
	}
	return dk
}

// FuzzParseEncapsulationKey: any input fails cleanly or re-encodes to an
// equal key.
func FuzzParseEncapsulationKey(f *testing.F) {
	hybridtest.Reparse(f, composite.Algorithms(),
		func(a *composite.Algorithm) ([]byte, bool) {
			if dk := fuzzKey(f, a); dk != nil {
				return dk.EncapsulationKey().Bytes(), true
			}
			return nil, false
		},
		composite.ParseEncapsulationKey,
		func(a, b *composite.EncapsulationKey) bool { return a.Equal(b) })
}

// FuzzParseDecapsulationKey: any input fails cleanly or re-encodes to an
// equal key.
func FuzzParseDecapsulationKey(f *testing.F) {
	hybridtest.Reparse(f, composite.Algorithms(),
		func(a *composite.Algorithm) ([]byte, bool) {
			if dk := fuzzKey(f, a); dk != nil {
				return dk.Bytes(), true
			}
			return nil, false
		},
		composite.ParseDecapsulationKey,
		func(a, b *composite.DecapsulationKey) bool { return a.Equal(b) })
}

// FuzzDecapsulate: arbitrary ciphertexts return a key or an error, never a
// panic.
func FuzzDecapsulate(f *testing.F) {
	all := composite.Algorithms()
	keys := make([]*composite.DecapsulationKey, len(all))
	for i, a := range all {
		if keys[i] = fuzzKey(f, a); keys[i] != nil {
			_, ct := keys[i].EncapsulationKey().Encapsulate()
			f.Add(byte(i), ct)
		}
	}
	f.Fuzz(func(t *testing.T, which byte, ct []byte) {
		if dk := keys[int(which)%len(keys)]; dk != nil {
			dk.Decapsulate(ct)
		}
	})
}
