package mlkem

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// BenchmarkBatchEncapsulate reports the per-item cost of
// EncapsulateBatchInternal beside single encapsulation from bytes (SetBytes
// + EncapsulateInternal) and with a prepared key, at every level this CPU
// has, in one run. Names end in /crystals-<level>.
func BenchmarkBatchEncapsulate(b *testing.B) {
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		var dk DecapsulationKey
		dk.SetSeed(p, make([]byte, SeedSize))
		ek := dk.EncapsulationKey()
		ekBytes := ek.AppendBytes(nil)
		ms := make([][MessageSize]byte, 64)
		keys := make([][SharedKeySize]byte, 64)
		cts := make([][]byte, 64)
		for i := range cts {
			cts[i] = make([]byte, p.CiphertextSize())
			ms[i][0] = byte(i)
		}
		cputest.BenchLevels(b, p.Name+"/single/from-bytes"+"/crystals-", func(b *testing.B) {
			var fresh EncapsulationKey
			if err := fresh.SetBytes(p, ekBytes); err != nil { // storage outside the timed loop
				b.Fatal(err)
			}
			benchcpu.LoopItems(b, 1, func() {
				if err := fresh.SetBytes(p, ekBytes); err != nil {
					b.Fatal(err)
				}
				fresh.EncapsulateInternal(&keys[0], cts[0], &ms[0])
			})
		})
		cputest.BenchLevels(b, p.Name+"/single/prepared"+"/crystals-", func(b *testing.B) {
			benchcpu.LoopItems(b, 1, func() { ek.EncapsulateInternal(&keys[0], cts[0], &ms[0]) })
		})
		for _, m := range []int{1, 2, 4, 8, 16, 64} {
			cputest.BenchLevels(b, fmt.Sprintf("%s/batch-%d"+"/crystals-", p.Name, m), func(b *testing.B) {
				benchcpu.LoopItems(b, m, func() { ek.EncapsulateBatchInternal(keys[:m], cts[:m], ms[:m]) })
			})
		}
	}
}

// BenchmarkEncryptProducts measures both forms of one item's k+1
// encryption products at every level: the numbers behind
// winogradMinItems.
func BenchmarkEncryptProducts(b *testing.B) {
	r := rand.New(rand.NewPCG(23, 24))
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		ek, _, yPtr := productInputs(b, r, p, 0)
		var terms encryptTerms
		terms.compute(ek)
		var w [maxK + 1]nttElement
		cputest.BenchLevels(b, p.Name+"/plain"+"/crystals-", func(b *testing.B) {
			benchcpu.Loop(b, func() { encryptProducts(&w, ek, nil, yPtr) })
		})
		cputest.BenchLevels(b, p.Name+"/winograd"+"/crystals-", func(b *testing.B) {
			benchcpu.Loop(b, func() { encryptProducts(&w, ek, &terms, yPtr) })
		})
	}
}
