package smaug

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/accel/keccak"
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

// BenchmarkLaneWidth times runJobs on the Keccak jobs of key generation
// (k² matrix streams, k HWT and k Gaussian streams) and of parsing pk
// (H(pk) beside the k² matrix streams), per set, forced onto four lanes
// and onto eight: the figures behind laneCost8 on a new machine.
func BenchmarkLaneWidth(b *testing.B) {
	cputest.BenchLevels(b, "", func(b *testing.B) {
		for _, p := range allParams {
			for _, w := range []struct {
				name string
				cost int // 0: four lanes; 1: eight, whatever the steps
			}{{"x4", 0}, {"x8", 1}} {
				b.Run(p.name+"/keygen/"+w.name, func(b *testing.B) { benchmarkLanes(b, p, w.cost, false) })
				b.Run(p.name+"/parse/"+w.name, func(b *testing.B) { benchmarkLanes(b, p, w.cost, true) })
			}
		}
	})
}

func benchmarkLanes(b *testing.B, p *Params, cost int, parse bool) {
	saved := laneCost8
	laneCost8 = func() int { return cost }
	b.Cleanup(func() { laneCost8 = saved })
	k := p.k
	var in [maxK * maxK][seedASize + 2]byte
	var aOut [maxK * maxK][352]byte
	var hwtOut [maxK][hwtStreamBytes]byte
	var eOut [maxK][gaussianBytes]byte
	pk := make([]byte, p.EncapsulationKeySize())
	var h [32]byte
	benchcpu.Loop(b, func() {
		var jobs [2*maxK + maxK*maxK]keccak.Job
		n := 0
		if parse {
			jobs[n] = keccak.SHA3256Job(pk, &h)
			n++
		}
		for e := range k * k {
			jobs[n] = keccak.SHAKE128Job(in[e][:], aOut[e][:p.polyQSize()])
			n++
		}
		for i := 0; !parse && i < k; i++ {
			jobs[n] = keccak.SHAKE256Job(in[i][:], hwtOut[i][:])
			jobs[n+1] = keccak.SHAKE256Job(in[i][:seedASize+1], eOut[i][:])
			n += 2
		}
		runJobs(jobs[:n])
	})
}
