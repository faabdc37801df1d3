package keccak

import (
	"bytes"
	"crypto/sha3"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// referenceJob computes job kind k (0 SHAKE128, 1 SHAKE256, 2 SHA3-256,
// 3 SHA3-512) of in with crypto/sha3.
func referenceJob(k int, in []byte, outLen int) []byte {
	switch k {
	case 0:
		return reference(Rate128, in, outLen)
	case 1:
		return reference(Rate256, in, outLen)
	case 2:
		d := sha3.Sum256(in)
		return d[:]
	default:
		d := sha3.Sum512(in)
		return d[:]
	}
}

// randomJobs returns n jobs of random kinds with random inputs of 0…maxIn
// bytes, and their expected outputs.
func randomJobs(rng *rand.Rand, n, maxIn int) ([]Job, [][]byte) {
	jobs := make([]Job, n)
	want := make([][]byte, n)
	for i := range jobs {
		k := rng.IntN(4)
		in := randomBytes(rng, rng.IntN(maxIn+1))
		switch k {
		case 0:
			jobs[i] = SHAKE128Job(in, make([]byte, rng.IntN(600)))
		case 1:
			jobs[i] = SHAKE256Job(in, make([]byte, rng.IntN(600)))
		case 2:
			jobs[i] = SHA3256Job(in, new([32]byte))
		default:
			jobs[i] = SHA3512Job(in, new([64]byte))
		}
		want[i] = referenceJob(k, in, len(jobs[i].Out))
	}
	return jobs, want
}

// TestLanesX4AgainstStdlib runs random mixtures of the four job kinds, with
// random lengths and random Start/Run/Wait patterns, and compares every
// output with crypto/sha3, at every level.
func TestLanesX4AgainstStdlib(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		rng := rand.New(rand.NewPCG(21, 22))
		for iter := 0; iter < 200; iter++ {
			jobs, want := randomJobs(rng, 1+rng.IntN(12), 700)
			var x LanesX4
			// Up to three jobs started ahead, the rest in Run calls of
			// random sizes, then Wait for the early ones.
			started := min(rng.IntN(4), len(jobs))
			for j := range started {
				x.Start(jobs, j)
			}
			for first := started; first < len(jobs); {
				end := first + 1 + rng.IntN(len(jobs)-first)
				x.Run(jobs, first, end)
				for j := first; j < end; j++ {
					checkJob(t, iter, j, jobs[j].Out, want[j])
				}
				first = end
			}
			x.Wait(jobs)
			for j := range jobs {
				checkJob(t, iter, j, jobs[j].Out, want[j])
			}
		}
	})
}

func checkJob(t *testing.T, iter, j int, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		t.Fatalf("iteration %d job %d (rate-specific output of %d bytes): mismatch with crypto/sha3", iter, j, len(want))
	}
}

// TestLanesX4Misuse checks that a Job built without a constructor, which
// would never finish, is refused.
func TestLanesX4Misuse(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Start accepted a zero Job")
		}
	}()
	var x LanesX4
	x.Start(make([]Job, 1), 0)
}

// TestLanesX4ZeroAllocations checks that jobs on the caller's stack stay
// there.
func TestLanesX4ZeroAllocations(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		allocs := testing.AllocsPerRun(20, func() {
			var in [300]byte
			var o1 [32]byte
			var o2 [64]byte
			var o3 [3 * Rate128]byte
			var o4 [Rate256]byte
			jobs := [...]Job{SHA3256Job(in[:], &o1), SHA3512Job(in[:64], &o2), SHAKE128Job(in[:34], o3[:]), SHAKE256Job(in[:33], o4[:])}
			var x LanesX4
			x.Start(jobs[:], 0)
			x.Run(jobs[:], 1, len(jobs))
			x.Wait(jobs[:])
			x.Clear()
		})
		if allocs != 0 {
			t.Errorf("%v allocations per run, want 0", allocs)
		}
	})
}

// FuzzLanesX4 checks job mixtures the fuzzer chooses against crypto/sha3
// at every level this CPU has.
func FuzzLanesX4(f *testing.F) {
	f.Add(uint64(1), uint8(5))
	f.Add(uint64(99), uint8(12))
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		rng := rand.New(rand.NewPCG(seed, 1))
		jobs, want := randomJobs(rng, 1+int(n%16), 1200)
		cputest.AtEachLevel(t, func(cpu.Level) {
			for j := range jobs {
				clear(jobs[j].Out)
			}
			var x LanesX4
			x.Run(jobs, 0, len(jobs))
			for j := range jobs {
				checkJob(t, 0, j, jobs[j].Out, want[j])
			}
		})
	})
}

// BenchmarkLanesX4 measures the shapes ML-KEM gives LanesX4 at every level:
// four SampleNTT streams (three SHAKE128 blocks each), and J(z‖c) for
// ML-KEM-768 beside G and seven PRF streams, against the same work on
// ShakeX4 and on single states.
func BenchmarkLanesX4(b *testing.B) {
	var seeds [4][34]byte
	var blocks [4][3 * Rate128]byte
	b.Run("sampleNTT4/LanesX4", func(b *testing.B) {
		cputest.BenchLevels(b, "", func(b *testing.B) {
			benchcpu.LoopItems(b, 4, func() {
				var jobs [4]Job
				for l := range jobs {
					jobs[l] = SHAKE128Job(seeds[l][:], blocks[l][:])
				}
				var x LanesX4
				x.Run(jobs[:], 0, 4)
			})
		})
	})
	b.Run("sampleNTT4/ShakeX4", func(b *testing.B) {
		cputest.BenchLevels(b, "", func(b *testing.B) {
			benchcpu.LoopItems(b, 4, func() {
				var x ShakeX4
				var in, out [4][]byte
				for l := range in {
					in[l], out[l] = seeds[l][:], blocks[l][:]
				}
				x.Init128()
				x.Absorb(&in)
				x.SqueezeBlocks(&out)
			})
		})
	})
	var jIn [32 + 1088]byte
	var gIn [64]byte
	var kBar [32]byte
	var g [64]byte
	var prfOut [7][128]byte
	b.Run("decaps768/LanesX4", func(b *testing.B) {
		cputest.BenchLevels(b, "", func(b *testing.B) {
			benchcpu.LoopItems(b, 1, func() {
				var jobs [9]Job
				jobs[0] = SHAKE256Job(jIn[:], kBar[:])
				jobs[1] = SHA3512Job(gIn[:], &g)
				for i := range 7 {
					jobs[2+i] = SHAKE256Job(gIn[:33], prfOut[i][:])
				}
				var x LanesX4
				x.Start(jobs[:], 0)
				x.Run(jobs[:], 1, 2)
				x.Run(jobs[:], 2, 9)
				x.Wait(jobs[:])
			})
		})
	})
	b.Run("decaps768/separate", func(b *testing.B) {
		cputest.BenchLevels(b, "", func(b *testing.B) {
			benchcpu.LoopItems(b, 1, func() {
				var j Shake
				j.Init256()
				j.Absorb(jIn[:])
				j.Squeeze(kBar[:])
				g = Sum512(gIn[:])
				var x ShakeX8
				var in, out [8][]byte
				for l := range in {
					in[l], out[l] = gIn[:33], prfOut[l%7][:]
				}
				x.Init256()
				x.Absorb(&in)
				x.Squeeze(&out)
			})
		})
	})
}
