package polymul

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/benchcpu"
)

// BenchmarkKernels times the transform, its inverse, a k = 4 pointwise dot
// product and a whole product a·b.
func BenchmarkKernels(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	var a, c [N]int32
	for i := range a {
		a[i], c[i] = r.Int32N(2048), r.Int32N(3)-1
	}
	fa := a
	Forward(&fa)
	b.Run("Forward", func(b *testing.B) {
		benchcpu.Loop(b, func() { x := a; Forward(&x) })
	})
	b.Run("Inverse", func(b *testing.B) {
		benchcpu.Loop(b, func() { x := fa; Inverse(&x) })
	})
	b.Run("Dot4", func(b *testing.B) {
		var out [N]int32
		v := []*[N]int32{&fa, &fa, &fa, &fa}
		benchcpu.Loop(b, func() { Dot(&out, v, v) })
	})
	b.Run("Mul", func(b *testing.B) {
		var out [N]int32
		benchcpu.Loop(b, func() { Mul(&out, &a, &c) })
	})
}
