package nccsign

import (
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// BenchmarkNCCSign times, per parameter set, the product a·y (the
// reference's poly_mul with its frommont), key generation from seeds,
// signing 33-byte messages (the KATs' first length; a new one each time,
// so that the figure averages over the rejection loop's iterations) and
// verifying a signature.
func BenchmarkNCCSign(b *testing.B) {
	cputest.BenchLevels(b, "", func(b *testing.B) {
		for _, p := range allParams {
			var zeta, seed [seedSize]byte
			sk := NewKeyFromSeeds(p, &zeta, &seed)
			pk := sk.PublicKey()
			msg := make([]byte, 33)
			sig := sk.Sign(msg)
			y := p.newPoly()
			p.sampleGamma1To(y, make([]byte, crhSize), 0)
			w := p.newPoly()
			b.Run(p.Name+"/Mul", func(b *testing.B) {
				benchcpu.Loop(b, func() { p.mulUniform(w, &sk.a, y) })
			})
			b.Run(p.Name+"/KeyGen", func(b *testing.B) {
				benchcpu.Loop(b, func() { NewKeyFromSeeds(p, &zeta, &seed) })
			})
			b.Run(p.Name+"/Sign", func(b *testing.B) {
				m := make([]byte, 33)
				i := 0
				benchcpu.Loop(b, func() {
					i++
					m[0], m[1], m[2] = byte(i), byte(i>>8), byte(i>>16)
					sk.Sign(m)
				})
			})
			b.Run(p.Name+"/Verify", func(b *testing.B) {
				benchcpu.Loop(b, func() {
					if !pk.Verify(msg, sig) {
						b.Fatal("verification failed")
					}
				})
			})
		}
	})
}
