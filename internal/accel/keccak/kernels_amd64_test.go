//go:build !purego

package keccak

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// The fused kernel, which the contract runs only while a Carried hash has a
// block waiting, and the scalar single-state kernel, tested and measured
// directly.

// TestFusedKernel checks keccakF1600x8x1AVX512, which the dispatch uses
// only while a Carried hash has a block waiting, on random states.
func TestFusedKernel(t *testing.T) {
	if !cpu.Supports(cpu.AVX512) {
		t.Skipf("needs level avx512; this CPU's best is %v", cpu.Best())
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for iter := 0; iter < 100; iter++ {
		var a [25 * 8]uint64
		var b [25]uint64
		for i := range a {
			a[i] = rng.Uint64()
		}
		for i := range b {
			b[i] = rng.Uint64()
		}
		wantA, wantB := a, b
		permuteInterleavedGeneric(wantA[:])
		permuteX1Generic(&wantB)
		keccakF1600x8x1AVX512(&a, &b)
		if a != wantA || b != wantB {
			t.Fatalf("iteration %d: differs from the portable permutations", iter)
		}
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

// BenchmarkFusedKernel measures the 8+1 kernel against the 8-way and scalar
// kernels it fuses, run one after the other.
func BenchmarkFusedKernel(b *testing.B) {
	if !cpu.Supports(cpu.AVX512) {
		b.Skipf("needs level avx512; this CPU's best is %v", cpu.Best())
	}
	var a [25 * 8]uint64
	var one [25]uint64
	b.Run("fused", func(b *testing.B) {
		benchcpu.Loop(b, func() { keccakF1600x8x1AVX512(&a, &one) })
	})
	b.Run("separate", func(b *testing.B) {
		benchcpu.Loop(b, func() {
			keccakF1600x8AVX512(&a)
			keccakF1600x1BMI2(&one)
		})
	})
}
