package composite_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/fuzzedit"
	"github.com/crystals-go/crystals/internal/hybrid/hybridtest"
	"github.com/crystals-go/crystals/kem/composite"
)

// fuzzKey returns a fresh key of a, or nil for the algorithms with RSA keys
// above 2048 bits, whose generation is slow (the 2048-bit ones run the same
// parsing and verification code).
func fuzzKey(f *testing.F, a *composite.Algorithm) *composite.DecapsulationKey {
	if strings.Contains(a.Name(), "RSA3072") || strings.Contains(a.Name(), "RSA4096") {
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

// FuzzDecapsulate edits (fuzzedit) a valid ciphertext of each quickly
// generated algorithm, made once with its key: the unedited ciphertext must
// give the encapsulated shared key, an edited one an error or another key
// (the combiner binds the whole ciphertext), never a panic.
func FuzzDecapsulate(f *testing.F) {
	type target struct {
		dk     *composite.DecapsulationKey
		ss, ct []byte
	}
	var targets []target
	for _, a := range composite.Algorithms() {
		dk := fuzzKey(f, a)
		if dk == nil {
			continue
		}
		ss, ct := dk.EncapsulationKey().Encapsulate()
		f.Add(byte(len(targets)), []byte{})
		f.Add(byte(len(targets)), fuzzedit.Op(0, len(ct)-1, 1))
		var zeroTail []byte // the last 32 bytes zeroed: an X25519 share of zero
		for j := len(ct) - 32; j < len(ct); j++ {
			zeroTail = append(zeroTail, fuzzedit.Op(1, j, 0)...)
		}
		f.Add(byte(len(targets)), zeroTail)
		targets = append(targets, target{dk, ss, ct})
	}
	f.Fuzz(func(t *testing.T, which byte, prog []byte) {
		tg := targets[int(which)%len(targets)]
		ct := fuzzedit.Apply(tg.ct, prog)
		ss, err := tg.dk.Decapsulate(ct)
		genuine := bytes.Equal(ct, tg.ct)
		if genuine && (err != nil || !bytes.Equal(ss, tg.ss)) {
			t.Fatalf("%v: valid ciphertext gives another key (err %v)", tg.dk.Algorithm(), err)
		}
		if !genuine && err == nil && bytes.Equal(ss, tg.ss) {
			t.Fatalf("%v: edited ciphertext gives the encapsulated key", tg.dk.Algorithm())
		}
	})
}
