package smaug

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// BenchmarkKEM times key generation, key generation with the key's first
// decapsulation (which completes the key, see EncapsulationKey),
// encapsulation with a loaded key, parsing pk then encapsulating, and
// decapsulation, per parameter set.
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
		b.Run(p.name+"/KeyGenDecapsulate", func(b *testing.B) {
			var k DecapsulationKey
			benchcpu.Loop(b, func() {
				k.GenerateKey(p, &seed, &t)
				if _, err := k.Decapsulate(ct); err != nil {
					b.Fatal(err)
				}
			})
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

// BenchmarkLaneWidth times key generation (in place) and parsing pk, the
// operations whose Keccak work may take eight lanes, with laneCost8 forced
// so that it never does (x4: runJobs on four lanes) and so that it always
// may (x8: runJobs on eight lanes, and for k = 2 and 4 the parse's
// matrix as the 8-way lockstep carrying H(pk), carryWidth): the figures
// behind laneCost8 on a new machine.
func BenchmarkLaneWidth(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 9))
	cputest.BenchLevels(b, "", func(b *testing.B) {
		for _, p := range allParams {
			dk := newTestKey(p, r)
			seed, t, _ := dk.Seed()
			pk := dk.EncapsulationKey().Bytes()
			for _, w := range []struct {
				name string
				cost int // both keep wideLanes' path; 1: eight lanes always, 1000: never
			}{{"x4", 1000}, {"x8", 1}} {
				b.Run(p.name+"/keygen/"+w.name, func(b *testing.B) {
					forceLaneCost8(b, w.cost)
					var k DecapsulationKey
					benchcpu.Loop(b, func() { k.GenerateKey(p, &seed, &t) })
				})
				b.Run(p.name+"/parse/"+w.name, func(b *testing.B) {
					forceLaneCost8(b, w.cost)
					var ek EncapsulationKey
					benchcpu.Loop(b, func() {
						if err := ek.SetBytes(p, pk); err != nil {
							b.Fatal(err)
						}
					})
				})
			}
		}
	})
}

// forceLaneCost8 makes laneCost8 return cost until b ends.
func forceLaneCost8(b *testing.B, cost int) {
	saved := laneCost8
	laneCost8 = func() int { return cost }
	b.Cleanup(func() { laneCost8 = saved })
}
