package polymul

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// BenchmarkKernels times, for the single 32-bit prime and for the two
// 16-bit primes, the transform, its inverse, a k = 4 pointwise dot product
// and a whole product a·b (Mul, Mul16).
func BenchmarkKernels(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	var a, c [N]int32
	for i := range a {
		a[i], c[i] = r.Int32N(2048), r.Int32N(3)-1
	}
	var fa [4][N]uint32
	for i := range fa {
		Forward(&fa[i], &a)
	}
	cputest.BenchLevels(b, "", func(b *testing.B) {
		b.Run("Forward", func(b *testing.B) {
			var out [N]uint32
			benchcpu.Loop(b, func() { Forward(&out, &a) })
		})
		b.Run("Inverse", func(b *testing.B) {
			var out [N]int32
			benchcpu.Loop(b, func() { Inverse(&out, &fa[0]) })
		})
		b.Run("Dot4", func(b *testing.B) {
			var out [N]uint32
			benchcpu.Loop(b, func() { Dot(&out, fa[:], fa[:]) })
		})
		b.Run("Mul", func(b *testing.B) {
			var out [N]int32
			benchcpu.Loop(b, func() { Mul(&out, &a, &c) })
		})
		var f16 [4]NTT16
		for i := range f16 {
			Forward16(&f16[i], &a)
		}
		b.Run("Forward16", func(b *testing.B) {
			var out NTT16
			benchcpu.Loop(b, func() { Forward16(&out, &a) })
		})
		b.Run("Forward16Lazy", func(b *testing.B) {
			var out NTT16
			benchcpu.Loop(b, func() { Forward16Lazy(&out, &a) })
		})
		b.Run("Dot16x4", func(b *testing.B) {
			var out NTT16
			benchcpu.Loop(b, func() { Dot16(&out, f16[:], f16[:]) })
		})
		b.Run("Inverse16", func(b *testing.B) {
			var out [N]int32
			benchcpu.Loop(b, func() { Inverse16(&out, &f16[0]) })
		})
		b.Run("Mul16", func(b *testing.B) {
			var out [N]int32
			benchcpu.Loop(b, func() { Mul16(&out, &a, &c) })
		})
	})
}
