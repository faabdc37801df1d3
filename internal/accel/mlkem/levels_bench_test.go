package mlkem

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// BenchmarkLevels runs the four operations of the engine at every SIMD level
// this CPU has; Benchmark<Op> in bench_test.go runs them at the best level
// beside crypto/mlkem and circl in the same binary. Names are
// BenchmarkLevels/<set>/<op>/crystals-<level>, for benchstat.
func BenchmarkLevels(b *testing.B) {
	seed := benchSeed()
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		for _, op := range engineOps(p, seed).named(p, seed) {
			cputest.BenchLevels(b, p.Name+"/"+op.name+"/crystals-", func(b *testing.B) { benchcpu.Loop(b, op.run) })
		}
	}
}

// BenchmarkKernel measures each dispatched kernel at every level, for the
// portable/AVX2/AVX-512 ratios.
func BenchmarkKernel(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	var f [maxK]nttElement
	var fp, gp [maxK]*nttElement
	for j := range f {
		f[j] = nttElement(randomPoly(r))
		fp[j], gp[j] = &f[j], &f[(j+1)%maxK]
	}
	re := ringElement(f[0])
	var sink nttElement
	var sinkRing ringElement
	// The transforms run in place, as the engine calls them: ntt and
	// inverseNTT copy the polynomial in and out, and a copy written 16 bytes
	// at a time and read back 64 at a time costs store-forwarding stalls
	// that would dominate the figure.
	work := re
	cputest.BenchLevels(b, "ntt"+"/crystals-", func(b *testing.B) {
		for b.Loop() {
			nttInPlace(&work)
		}
	})
	invWork := f[0]
	cputest.BenchLevels(b, "inverseNTT"+"/crystals-", func(b *testing.B) {
		for b.Loop() {
			inverseNTTInPlace(&invWork)
		}
	})
	cputest.BenchLevels(b, "dotProduct-k3"+"/crystals-", func(b *testing.B) {
		for b.Loop() {
			sink = dotProduct(&f[3], &fp, &gp, 3)
		}
	})
	var xof [sampleNTTBlocks * 168]byte
	for i := range xof {
		xof[i] = byte(r.Uint32())
	}
	cputest.BenchLevels(b, "sampleNTTParse-504B"+"/crystals-", func(b *testing.B) {
		for b.Loop() {
			sampleNTTParse(&sink, 0, xof[:])
		}
	})
	for _, eta := range []int{2, 3} {
		cputest.BenchLevels(b, fmt.Sprintf("samplePolyCBD-eta%d"+"/crystals-", eta), func(b *testing.B) {
			for b.Loop() {
				samplePolyCBD(&sinkRing, xof[:64*eta], eta)
			}
		})
	}
	var rho [32]byte
	cputest.BenchLevels(b, "expandA-k3"+"/crystals-", func(b *testing.B) {
		a := make([]nttElement, 3*3)
		pl := planFor()
		for b.Loop() {
			expandA(&pl, a, &rho, 3)
		}
	})
	cputest.BenchLevels(b, "sampleNoise-7"+"/crystals-", func(b *testing.B) {
		var noise [7]ringElement
		pl := planFor()
		for b.Loop() {
			sampleNoise(&pl, noise[:], &rho, 0, 2)
		}
	})
	enc := make([]byte, encodedPolySize)
	for _, d := range []uint{1, 4, 10, 11} {
		cputest.BenchLevels(b, fmt.Sprintf("compressEncode-d%d"+"/crystals-", d), func(b *testing.B) {
			for b.Loop() {
				compressEncode(enc, &re, d)
			}
		})
		cputest.BenchLevels(b, fmt.Sprintf("decodeDecompress-d%d"+"/crystals-", d), func(b *testing.B) {
			for b.Loop() {
				sinkRing = decodeDecompress(enc, d)
			}
		})
	}
	byteEncode12Generic(enc, &f[0])
	cputest.BenchLevels(b, "byteEncode12"+"/crystals-", func(b *testing.B) {
		for b.Loop() {
			byteEncode12(enc, &f[0])
		}
	})
	cputest.BenchLevels(b, "byteDecode12Checked"+"/crystals-", func(b *testing.B) {
		for b.Loop() {
			if byteDecode12Checked(&sink, enc) != nil {
				b.Fatal("rejected")
			}
		}
	})
	cputest.BenchLevels(b, "polyAdd"+"/crystals-", func(b *testing.B) {
		for b.Loop() {
			sink = polyAdd(&f[0], &f[1])
		}
	})
	c1, c2 := make([]byte, 1088), make([]byte, 1088)
	cputest.BenchLevels(b, "constantTimeEqual-1088B"+"/crystals-", func(b *testing.B) {
		for b.Loop() {
			if constantTimeEqual(c1, c2) != 1 {
				b.Fatal("unequal")
			}
		}
	})
	_, _ = sink, sinkRing
}

// BenchmarkLaneWidth times parsing ek (SetBytes: ExpandA with H(ek) on the
// lanes) and key generation (the lanes for k = 3's leftover entry) with
// the plans' lanes priced so that keccak.RunJobs never takes eight lanes
// and so that it takes them wherever it may: in one binary, the figures
// behind keccak.LanesX8Cost for ML-KEM on a new machine.
func BenchmarkLaneWidth(b *testing.B) {
	seed := benchSeed()
	cputest.BenchLevels(b, "", func(b *testing.B) {
		for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
			var dk DecapsulationKey
			if err := dk.SetSeed(p, seed); err != nil {
				b.Fatal(err)
			}
			ekBytes := dk.EncapsulationKey().AppendBytes(nil)
			for _, cost := range []int{0, 1} {
				width := map[int]string{0: "x4", 1: "x8"}[cost]
				b.Run(p.Name+"/parse/"+width, func(b *testing.B) {
					forceLanesX8Cost(b, cost)
					var ek EncapsulationKey
					benchcpu.Loop(b, func() {
						if err := ek.SetBytes(p, ekBytes); err != nil {
							b.Fatal(err)
						}
					})
				})
				b.Run(p.Name+"/keygen/"+width, func(b *testing.B) {
					forceLanesX8Cost(b, cost)
					var k DecapsulationKey
					benchcpu.Loop(b, func() {
						if err := k.SetSeed(p, seed); err != nil {
							b.Fatal(err)
						}
					})
				})
			}
		}
	})
}

// forceLanesX8Cost makes lanesX8Cost return cost until b ends.
func forceLanesX8Cost(b *testing.B, cost int) {
	saved := lanesX8Cost
	lanesX8Cost = func() int { return cost }
	b.Cleanup(func() { lanesX8Cost = saved })
}
