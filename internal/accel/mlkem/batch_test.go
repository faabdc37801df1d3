package mlkem

import (
	"bytes"
	"crypto/mlkem"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
)

// TestEncapsulateBatch checks, at every level and for random batch sizes
// up to 64, that EncapsulateBatchInternal writes exactly what
// EncapsulateInternal writes for the same m, and that the ciphertexts
// decapsulate to the same keys with crypto/mlkem (ML-KEM-768 and -1024) and
// with our decapsulation (all sets).
func TestEncapsulateBatch(t *testing.T) {
	for _, l := range cpu.Levels() {
		t.Run(l.String(), func(t *testing.T) {
			restore, err := cpu.Force(l)
			if err != nil {
				t.Fatal(err)
			}
			defer restore()
			rng := rand.New(rand.NewPCG(1, uint64(l)))
			for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
				seed := make([]byte, SeedSize)
				seed[0] = byte(p.k)
				var dk DecapsulationKey
				if err := dk.SetSeed(p, seed); err != nil {
					t.Fatal(err)
				}
				ek := dk.EncapsulationKey()
				for _, m := range []int{1, 7, 8, 9, 1 + rng.IntN(64)} {
					ms := make([][MessageSize]byte, m)
					for i := range ms {
						for j := range ms[i] {
							ms[i][j] = byte(rng.Uint32())
						}
					}
					keys := make([][SharedKeySize]byte, m)
					cts := make([][]byte, m)
					for i := range cts {
						cts[i] = make([]byte, p.CiphertextSize())
					}
					if err := ek.EncapsulateBatchInternal(keys, cts, ms); err != nil {
						t.Fatal(err)
					}
					for i := range m {
						var k [SharedKeySize]byte
						c := make([]byte, p.CiphertextSize())
						if err := ek.EncapsulateInternal(&k, c, &ms[i]); err != nil {
							t.Fatal(err)
						}
						if k != keys[i] || !bytes.Equal(c, cts[i]) {
							t.Fatalf("%s, batch of %d: item %d differs from EncapsulateInternal", p.Name(), m, i)
						}
						var kDec [SharedKeySize]byte
						if err := dk.Decapsulate(&kDec, cts[i]); err != nil || kDec != keys[i] {
							t.Fatalf("%s: item %d does not decapsulate to its key (%v)", p.Name(), i, err)
						}
						if std := stdlibDecapsulate(t, p, seed, cts[i]); std != nil && !bytes.Equal(std, keys[i][:]) {
							t.Fatalf("%s: crypto/mlkem decapsulates item %d to another key", p.Name(), i)
						}
					}
				}
			}
		})
	}
	var dk DecapsulationKey
	dk.SetSeed(MLKEM768, make([]byte, SeedSize))
	ek := dk.EncapsulationKey()
	if err := ek.EncapsulateBatchInternal(make([][SharedKeySize]byte, 2), make([][]byte, 1), make([][MessageSize]byte, 1)); err == nil {
		t.Error("accepted slices of different lengths")
	}
	if err := ek.EncapsulateBatchInternal(make([][SharedKeySize]byte, 1), [][]byte{make([]byte, 3)}, make([][MessageSize]byte, 1)); err == nil {
		t.Error("accepted a short ciphertext buffer")
	}
	var zero EncapsulationKey
	if err := zero.EncapsulateBatchInternal(nil, nil, nil); err == nil {
		t.Error("accepted an uninitialised key")
	}
	ms := make([][MessageSize]byte, 9)
	keys := make([][SharedKeySize]byte, 9)
	cts := make([][]byte, 9)
	for i := range cts {
		cts[i] = make([]byte, MLKEM768.CiphertextSize())
	}
	if a := testing.AllocsPerRun(3, func() { ek.EncapsulateBatchInternal(keys, cts, ms) }); a != 0 {
		t.Errorf("EncapsulateBatchInternal: %v allocations", a)
	}
}

// stdlibDecapsulate decapsulates c with crypto/mlkem's key from seed, or
// returns nil for ML-KEM-512, which crypto/mlkem lacks.
func stdlibDecapsulate(t *testing.T, p *Params, seed, c []byte) []byte {
	var (
		k   []byte
		err error
	)
	switch p {
	case MLKEM768:
		dk, err2 := mlkem.NewDecapsulationKey768(seed)
		if err2 != nil {
			t.Fatal(err2)
		}
		k, err = dk.Decapsulate(c)
	case MLKEM1024:
		dk, err2 := mlkem.NewDecapsulationKey1024(seed)
		if err2 != nil {
			t.Fatal(err2)
		}
		k, err = dk.Decapsulate(c)
	default:
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return k
}
