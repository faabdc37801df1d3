package kem

import (
	"bytes"
	"crypto/subtle"
	"errors"
	"math/rand/v2"
	"testing"
)

// expandedImport is one parameter set's expanded-key import, seen through the
// methods the mutation test needs.
type expandedImport struct {
	name     string
	generate func() (mlkemTestKey, error)
	load     func([]byte) (mlkemTestKey, error)
}

// mlkemTestKey is what the three ML-KEM decapsulation key types share.
type mlkemTestKey interface {
	DecapsulationKey
	ExpandedBytes() []byte
}

func asTestKey[K mlkemTestKey](f func([]byte) (K, error)) func([]byte) (mlkemTestKey, error) {
	return func(b []byte) (mlkemTestKey, error) {
		k, err := f(b)
		if err != nil {
			return nil, err
		}
		return k, nil
	}
}

func generated[K mlkemTestKey](f func() (K, error)) func() (mlkemTestKey, error) {
	return func() (mlkemTestKey, error) { return f() }
}

var expandedImports = []expandedImport{
	{"ML-KEM-512", generated(GenerateKey512), asTestKey(NewExpandedDecapsulationKey512)},
	{"ML-KEM-768", generated(GenerateKey768), asTestKey(NewExpandedDecapsulationKey768)},
	{"ML-KEM-1024", generated(GenerateKey1024), asTestKey(NewExpandedDecapsulationKey1024)},
}

// TestExpandedKeyMutations changes each byte of an expanded key of every set
// to another value and requires the import
// to reject the result, or to give a key that re-encodes to exactly the
// mutated bytes and decapsulates what is encapsulated to it. Only z, the
// implicit-rejection secret, can be changed without detection.
func TestExpandedKeyMutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 7))
	for _, imp := range expandedImports {
		dk, err := imp.generate()
		if err != nil {
			t.Fatal(err)
		}
		orig := dk.ExpandedBytes()
		zStart := len(orig) - 32
		var tried, rejected, accepted int
		reasons := map[string]int{}
		for pos := 0; pos < len(orig); pos++ {
			mutated := bytes.Clone(orig)
			mutated[pos] ^= byte(1 + rng.IntN(255))
			tried++
			k, err := imp.load(mutated)
			if err != nil {
				rejected++
				reasons[rejection(err)]++
				if pos >= zStart {
					t.Errorf("%s: a change of z at byte %d was rejected: %v", imp.name, pos, err)
				}
				continue
			}
			accepted++
			if pos < zStart {
				t.Errorf("%s: a change at byte %d (outside z) was accepted", imp.name, pos)
			}
			if !bytes.Equal(k.ExpandedBytes(), mutated) {
				t.Errorf("%s: byte %d: the accepted key re-encodes differently", imp.name, pos)
			}
			ss, ct := k.PublicKey().Encapsulate()
			got, err := k.Decapsulate(ct)
			if err != nil || subtle.ConstantTimeCompare(ss, got) != 1 {
				t.Errorf("%s: byte %d: the accepted key does not decapsulate honestly (%v)", imp.name, pos, err)
			}
		}
		t.Logf("%s: %d single-byte mutations of a %d-byte key: %d rejected %v, %d accepted (all in z)",
			imp.name, tried, len(orig), rejected, reasons, accepted)
		if tried == 0 {
			t.Fatalf("%s: no mutations tried", imp.name)
		}
	}
}

// TestExpandedKeySecretModulus sets one coefficient of ŝ to q, a value the
// 12-bit encoding can hold but a canonical key never does: the import must
// reject it with ErrDecapsulationKeySecret, before the pairwise test.
func TestExpandedKeySecretModulus(t *testing.T) {
	for _, imp := range expandedImports {
		dk, err := imp.generate()
		if err != nil {
			t.Fatal(err)
		}
		b := dk.ExpandedBytes()
		// Coefficient 0 of ŝ[0] is the low 12 bits of b[0:2]; q = 3329 = 0xd01.
		b[0] = 0x01
		b[1] = b[1]&0xf0 | 0x0d
		if _, err := imp.load(b); !errors.Is(err, ErrDecapsulationKeySecret) {
			t.Errorf("%s: ŝ coefficient q: got %v, want ErrDecapsulationKeySecret", imp.name, err)
		}
	}
}

// rejection names the check an import failed.
func rejection(err error) string {
	for name, e := range map[string]error{
		"ŝ modulus": ErrDecapsulationKeySecret, "ek modulus": ErrDecapsulationKeyModulus,
		"H(ek)": ErrDecapsulationKeyHash, "pairwise": ErrDecapsulationKeyPairwise,
	} {
		if errors.Is(err, e) {
			return name
		}
	}
	return err.Error()
}

// BenchmarkNewExpandedDecapsulationKey768 is the expanded import with all
// its checks, the pairwise consistency test included.
func BenchmarkNewExpandedDecapsulationKey768(b *testing.B) {
	dk, err := GenerateKey768()
	if err != nil {
		b.Fatal(err)
	}
	expanded := dk.ExpandedBytes()
	for b.Loop() {
		if _, err := NewExpandedDecapsulationKey768(expanded); err != nil {
			b.Fatal(err)
		}
	}
}
