package smaug

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// BenchmarkKEM times key generation, encapsulation with a loaded key,
// parsing pk then encapsulating, and decapsulation, per parameter set.
func BenchmarkKEM(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 9))
	cputest.BenchLevels(b, "", func(b *testing.B) { benchmarkKEM(b, r) })
}

func benchmarkKEM(b *testing.B, r *rand.Rand) {
	for _, p := range allParams {
		dk := newTestKey(p, r)
		seed, t, _ := dk.Seed()
		pk := dk.EncapsulationKey().Bytes()
		mu := make([]byte, p.MessageSize())
		fill(r, mu)
		ct := make([]byte, p.CiphertextSize())
		dk.EncapsulationKey().Encapsulate(ct, mu)
		b.Run(p.name+"/KeyGen", func(b *testing.B) {
			var k DecapsulationKey
			benchcpu.Loop(b, func() { k.GenerateKey(p, &seed, &t) })
		})
		b.Run(p.name+"/Encapsulate", func(b *testing.B) {
			out := make([]byte, p.CiphertextSize())
			benchcpu.Loop(b, func() { dk.EncapsulationKey().Encapsulate(out, mu) })
		})
		b.Run(p.name+"/EncapsulateFromBytes", func(b *testing.B) {
			out := make([]byte, p.CiphertextSize())
			var ek EncapsulationKey
			benchcpu.Loop(b, func() {
				if err := ek.SetBytes(p, pk); err != nil {
					b.Fatal(err)
				}
				ek.Encapsulate(out, mu)
			})
		})
		b.Run(p.name+"/Decapsulate", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if _, err := dk.Decapsulate(ct); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
