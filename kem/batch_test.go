package kem

import (
	"bytes"
	"crypto/mlkem"
	"math/rand/v2"
	"testing"
)

// batchEncapsulator is the batch API every ML-KEM encapsulation key has.
type batchEncapsulator interface {
	EncapsulationKey
	EncapsulateBatch(n int) (sharedKeys, ciphertexts [][]byte)
	EncapsulateBatchTo(sharedKeys, ciphertexts [][]byte) error
	EncapsulateBatchDeterministicForTesting(sharedKeys, ciphertexts [][]byte, ms [][MessageSize]byte) error
	EncapsulateDeterministicForTesting(m []byte) (sharedKey, ciphertext []byte, err error)
}

// TestEncapsulateBatch checks, for each ML-KEM set and random batch sizes
// up to 64, that batch encapsulation with fixed randomness equals single
// encapsulation, that every batch ciphertext decapsulates to its key with
// our key and with crypto/mlkem (768 and 1024), and that the random form's
// ciphertexts decapsulate too.
func TestEncapsulateBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seed := make([]byte, SeedSize)
	dk512, _ := NewDecapsulationKey512(seed)
	dk768, _ := NewDecapsulationKey768(seed)
	dk1024, _ := NewDecapsulationKey1024(seed)
	std768, _ := mlkem.NewDecapsulationKey768(seed)
	std1024, _ := mlkem.NewDecapsulationKey1024(seed)
	for _, tc := range []struct {
		ek  batchEncapsulator
		dk  DecapsulationKey
		std interface{ Decapsulate([]byte) ([]byte, error) }
	}{
		{dk512.EncapsulationKey(), dk512, nil},
		{dk768.EncapsulationKey(), dk768, std768},
		{dk1024.EncapsulationKey(), dk1024, std1024},
	} {
		name := tc.ek.Scheme().Name()
		for _, n := range []int{1, 8, 1 + rng.IntN(64)} {
			ms := make([][MessageSize]byte, n)
			keys := make([][]byte, n)
			cts := make([][]byte, n)
			for i := range n {
				for j := range ms[i] {
					ms[i][j] = byte(rng.Uint32())
				}
				keys[i] = make([]byte, SharedKeySize)
				cts[i] = make([]byte, tc.ek.Scheme().CiphertextSize())
			}
			if err := tc.ek.EncapsulateBatchDeterministicForTesting(keys, cts, ms); err != nil {
				t.Fatal(err)
			}
			for i := range n {
				k, c, err := tc.ek.EncapsulateDeterministicForTesting(ms[i][:])
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(k, keys[i]) || !bytes.Equal(c, cts[i]) {
					t.Fatalf("%s, batch of %d: item %d differs from single encapsulation", name, n, i)
				}
				checkDecapsulates(t, name, tc.dk, tc.std, keys[i], cts[i])
			}
			keys, cts = tc.ek.EncapsulateBatch(n)
			for i := range n {
				checkDecapsulates(t, name, tc.dk, tc.std, keys[i], cts[i])
			}
		}
		if err := tc.ek.EncapsulateBatchTo(make([][]byte, 1), make([][]byte, 2)); err == nil {
			t.Errorf("%s: EncapsulateBatchTo accepted mismatched lengths", name)
		}
		if err := tc.ek.EncapsulateBatchTo([][]byte{make([]byte, 32)}, [][]byte{make([]byte, 7)}); err == nil {
			t.Errorf("%s: EncapsulateBatchTo accepted a short ciphertext buffer", name)
		}
		keys, cts := tc.ek.EncapsulateBatch(3)
		if a := testing.AllocsPerRun(3, func() { tc.ek.EncapsulateBatchTo(keys, cts) }); a != 0 {
			t.Errorf("%s: EncapsulateBatchTo: %v allocations", name, a)
		}
	}
}

func checkDecapsulates(t *testing.T, name string, dk DecapsulationKey, std interface{ Decapsulate([]byte) ([]byte, error) }, key, ct []byte) {
	t.Helper()
	got, err := dk.Decapsulate(ct)
	if err != nil || !bytes.Equal(got, key) {
		t.Fatalf("%s: batch ciphertext does not decapsulate to its key (%v)", name, err)
	}
	if std == nil {
		return
	}
	got, err = std.Decapsulate(ct)
	if err != nil || !bytes.Equal(got, key) {
		t.Fatalf("%s: crypto/mlkem decapsulates a batch ciphertext to another key (%v)", name, err)
	}
}
