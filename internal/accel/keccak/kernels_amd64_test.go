//go:build !purego

package keccak

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// The fused kernel, which the contract runs only while a Carried hash has a
// block waiting, and the scalar single-state kernel, tested and measured
// directly.

// fusedKernels are the multi-state plus single-state kernels, which the
// dispatch uses only while a Carried hash has a block waiting, with the
// kernels each fuses.
var fusedKernels = []struct {
	name     string
	level    cpu.Level
	states   int
	fused    func(a []uint64, b *[25]uint64)
	multiple func(a []uint64)
}{
	{"8x1-avx512", cpu.AVX512, 8,
		func(a []uint64, b *[25]uint64) { keccakF1600x8x1AVX512((*[25 * 8]uint64)(a), b) },
		func(a []uint64) { keccakF1600x8AVX512((*[25 * 8]uint64)(a)) }},
	{"4x1-avx2", cpu.AVX2, 4,
		func(a []uint64, b *[25]uint64) { keccakF1600x4x1AVX2((*[25 * 4]uint64)(a), b) },
		func(a []uint64) { keccakF1600x4AVX2((*[25 * 4]uint64)(a)) }},
}

// TestFusedKernels checks the fused kernels against the portable
// permutations on random states.
func TestFusedKernels(t *testing.T) {
	for _, k := range fusedKernels {
		t.Run(k.name, func(t *testing.T) {
			if !cpu.Supports(k.level) {
				t.Skipf("needs level %v; this CPU's best is %v", k.level, cpu.Best())
			}
			rng := rand.New(rand.NewPCG(9, 10))
			for iter := 0; iter < 100; iter++ {
				a := make([]uint64, 25*k.states)
				var b [25]uint64
				for i := range a {
					a[i] = rng.Uint64()
				}
				for i := range b {
					b[i] = rng.Uint64()
				}
				wantA, wantB := slices.Clone(a), b
				permuteInterleavedGeneric(wantA)
				permuteX1Generic(&wantB)
				k.fused(a, &b)
				if !slices.Equal(a, wantA) || b != wantB {
					t.Fatalf("iteration %d: differs from the portable permutations", iter)
				}
			}
		})
	}
}

func TestSingleStateKernels(t *testing.T) {
	kernels := []struct {
		name  string
		level cpu.Level
		f     func(*[25]uint64)
	}{
		{"scalar-bmi2", cpu.AVX2, keccakF1600x1BMI2},
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			if !cpu.Supports(k.level) {
				t.Skipf("needs level %v; this CPU's best is %v", k.level, cpu.Best())
			}
			for iter := 0; iter < 100; iter++ {
				var a [25]uint64
				for i := range a {
					a[i] = rng.Uint64()
				}
				want := a
				permuteX1Generic(&want)
				k.f(&a)
				if a != want {
					t.Fatalf("iteration %d: differs from the portable permutation", iter)
				}
			}
		})
	}
}

func BenchmarkSingleStateKernels(b *testing.B) {
	for _, k := range []struct {
		name  string
		level cpu.Level
		f     func(*[25]uint64)
	}{
		{"go", cpu.Portable, permuteX1Generic},
		{"scalar-bmi2", cpu.AVX2, keccakF1600x1BMI2},
	} {
		b.Run(k.name, func(b *testing.B) {
			if !cpu.Supports(k.level) {
				b.Skipf("needs level %v", k.level)
			}
			var a [25]uint64
			benchcpu.LoopItems(b, 1, func() { k.f(&a) })
		})
	}
}

// BenchmarkFusedKernel measures each fused kernel against the multi-state
// and scalar kernels it fuses, run one after the other.
func BenchmarkFusedKernel(b *testing.B) {
	for _, k := range fusedKernels {
		b.Run(k.name, func(b *testing.B) {
			if !cpu.Supports(k.level) {
				b.Skipf("needs level %v; this CPU's best is %v", k.level, cpu.Best())
			}
			a := make([]uint64, 25*k.states)
			var one [25]uint64
			b.Run("fused", func(b *testing.B) {
				benchcpu.Loop(b, func() { k.fused(a, &one) })
			})
			b.Run("separate", func(b *testing.B) {
				benchcpu.Loop(b, func() {
					k.multiple(a)
					keccakF1600x1BMI2(&one)
				})
			})
		})
	}
}
