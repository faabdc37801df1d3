package mlkem

import (
	"bytes"
	"crypto/mlkem"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestEncapsulateBatch checks, at every level and for random batch sizes
// up to 64, that EncapsulateBatchInternal writes exactly what
// EncapsulateInternal writes for the same m, and that the ciphertexts
// decapsulate to the same keys with crypto/mlkem (ML-KEM-768 and -1024) and
// with our decapsulation (all sets).
func TestEncapsulateBatch(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		rng := rand.New(rand.NewPCG(1, uint64(l)))
		for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
			seed := make([]byte, SeedSize)
			seed[0] = byte(p.K)
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
						t.Fatalf("%s, batch of %d: item %d differs from EncapsulateInternal", p.Name, m, i)
					}
					var kDec [SharedKeySize]byte
					if err := dk.Decapsulate(&kDec, cts[i]); err != nil || kDec != keys[i] {
						t.Fatalf("%s: item %d does not decapsulate to its key (%v)", p.Name, i, err)
					}
					if std := stdlibDecapsulate(t, p, seed, cts[i]); std != nil && !bytes.Equal(std, keys[i][:]) {
						t.Fatalf("%s: crypto/mlkem decapsulates item %d to another key", p.Name, i)
					}
				}
			}
		}
	})
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

// TestEncryptProducts checks Winograd's form of the encryption products
// against the plain one at every level, for every parameter set, on keys
// from seeds and on all-(q−1) matrices and vectors, which drive its sums to
// their bounds.
func TestEncryptProducts(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		for trial := range 4 {
			ek, y, yPtr := productInputs(t, r, p, byte(trial))
			if trial == 0 {
				for i := range ek.a {
					for e := range ek.a[i] {
						ek.a[i][e] = q - 1
					}
				}
				for j := range ek.t {
					for e := range n {
						ek.t[j][e], y[j][e] = q-1, q-1
					}
				}
			}
			var terms encryptTerms
			terms.compute(ek)
			var want, got [maxK + 1]nttElement
			for i := range p.K + 1 {
				row := encryptRow(ek, i)
				want[i] = dotProductGeneric(nil, &row, yPtr, p.K)
			}
			encryptProducts(&got, ek, &terms, yPtr)
			if got != want {
				t.Fatalf("%s, trial %d: Winograd's form differs from the plain products", p.Name, trial)
			}
			cputest.AtEachLevel(t, func(l cpu.Level) {
				encryptProducts(&got, ek, nil, yPtr)
				if got != want {
					t.Fatalf("%s, trial %d, %v: plain products differ from the portable ones", p.Name, trial, l)
				}
			})
		}
	}
}

// encryptProducts sets w[i] = encryptProductTo's row i of [Âᵀ; t̂ᵀ]∘ŷ for
// the k+1 rows, with Winograd's form if terms is not nil.
func encryptProducts(w *[maxK + 1]nttElement, ek *EncapsulationKey, terms *encryptTerms, y *[maxK]*nttElement) {
	var eta *nttElement
	if terms != nil {
		yTerm := pairProducts(y, ek.p.K)
		eta = &yTerm
	}
	for i := range ek.p.K + 1 {
		encryptProductTo(&w[i], ek, terms, eta, y, i)
	}
}

// productInputs returns the encapsulation key of the seed that starts with
// seedByte and a random ŷ with pointers to its entries: the inputs of
// encryptProducts.
func productInputs(t testing.TB, r *rand.Rand, p *Params, seedByte byte) (ek *EncapsulationKey, y *[maxK]nttElement, yPtr *[maxK]*nttElement) {
	var dk DecapsulationKey
	seed := make([]byte, SeedSize)
	seed[0] = seedByte
	if err := dk.SetSeed(p, seed); err != nil {
		t.Fatal(err)
	}
	y, yPtr = new([maxK]nttElement), new([maxK]*nttElement)
	for j := range y {
		y[j] = nttElement(randomPoly(r))
		yPtr[j] = &y[j]
	}
	return dk.EncapsulationKey(), y, yPtr
}
