package mldsa

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// benchBatchSizes are the batch sizes the issue asks to compare with single
// operations.
var benchBatchSizes = []int{1, 2, 4, 8, 16, 64}

// BenchmarkBatchVerify reports the per-item cost of VerifyMuBatch beside
// single verification from bytes and with a prepared key, at every level
// this CPU has, in one run. Every variant starts from μ, so the comparison
// is of the verification proper. Names end in /<level>.
func BenchmarkBatchVerify(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, p := range All() {
		sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{1})
		pk := sk.PublicKey()
		pkBytes := pk.Bytes()
		mus, sigs, _ := signedBatch(b, rng, sk, 64)
		b.Run(p.Name+"/single/from-bytes", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.LoopItems(b, 1, func() {
					if err := VerifyEncodedMu(p, pkBytes, &mus[0], sigs[0]); err != nil {
						b.Fatal(err)
					}
				})
			})
		})
		b.Run(p.Name+"/single/prepared", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.LoopItems(b, 1, func() {
					if err := pk.VerifyMu(&mus[0], sigs[0]); err != nil {
						b.Fatal(err)
					}
				})
			})
		})
		errs := make([]error, 64)
		pk.batchTerms()
		for _, m := range benchBatchSizes {
			b.Run(fmt.Sprintf("%s/batch-%d", p.Name, m), func(b *testing.B) {
				cputest.BenchLevels(b, "", func(b *testing.B) {
					benchcpu.LoopItems(b, m, func() {
						pk.VerifyMuBatch(errs[:m], mus[:m], sigs[:m])
						if errs[0] != nil {
							b.Fatal(errs[0])
						}
					})
				})
			})
		}
	}
}

// BenchmarkBatchProduct measures both product forms per parameter set at
// every level: the numbers behind productFormFor.
func BenchmarkBatchProduct(b *testing.B) {
	rng := rand.New(rand.NewPCG(2, 2))
	for _, p := range All() {
		a := make([]nttElement, p.K*p.L)
		var extra [maxK]nttElement
		var v [maxL + 1]nttElement
		for _, f := range [][]nttElement{a, extra[:p.K], v[:p.L+1]} {
			for i := range f {
				for j := range f[i] {
					f[i][j] = fieldElement(rng.Uint32N(q))
				}
			}
		}
		for _, op := range []struct {
			name string
			cols int
		}{{"sign", p.L}, {"verify", p.L + 1}} {
			var terms matrixTerms
			terms.compute(a, p.L, extra[:], p.K, op.cols)
			for _, form := range []struct {
				name string
				form productForm
			}{{"plain", plainProduct}, {"winograd", winogradProduct}} {
				b.Run(p.Name+"/"+op.name+"/"+form.name, func(b *testing.B) {
					cputest.BenchLevels(b, "", func(b *testing.B) {
						var w [maxK]nttElement
						benchcpu.Loop(b, func() {
							batchProduct(form.form, &w, a, p.L, extra[:], &terms, &v, p.K, op.cols)
						})
					})
				})
			}
		}
	}
}

// BenchmarkBatchSign reports the per-item cost of hedged SignMuBatch beside
// single hedged SignMu, at every level this CPU has, in one run. Names end
// in /<level>.
func BenchmarkBatchSign(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, p := range All() {
		sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{1})
		mus, sigs, _ := signedBatch(b, rng, sk, 64)
		rnds := make([][RandomSize]byte, 64)
		fresh := func(m int) {
			for i := range rnds[:m] {
				rnds[i][0]++ // a fresh rnd each time, as from a CSPRNG
			}
		}
		b.Run(p.Name+"/single", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.LoopItems(b, 1, func() {
					fresh(1)
					if err := sk.SignMu(sigs[0], &mus[0], &rnds[0]); err != nil {
						b.Fatal(err)
					}
				})
			})
		})
		sk.PublicKey().batchTerms()
		for _, m := range benchBatchSizes {
			b.Run(fmt.Sprintf("%s/batch-%d", p.Name, m), func(b *testing.B) {
				cputest.BenchLevels(b, "", func(b *testing.B) {
					benchcpu.LoopItems(b, m, func() {
						fresh(m)
						if err := sk.SignMuBatch(sigs[:m], mus[:m], rnds[:m]); err != nil {
							b.Fatal(err)
						}
					})
				})
			})
		}
	}
}
