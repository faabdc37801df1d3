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

// laneScheduler is what LanesX4 and LanesX8 share, for the tests that run
// both.
type laneScheduler interface {
	Start(jobs []Job, j int)
	Run(jobs []Job, first, end int)
	Wait(jobs []Job)
	Clear()
}

// laneWidths lists the schedulers under test, each as a maker of a zero one.
var laneWidths = []struct {
	name  string
	width int
	make  func() laneScheduler
}{
	{"LanesX4", 4, func() laneScheduler { return new(LanesX4) }},
	{"LanesX8", 8, func() laneScheduler { return new(LanesX8) }},
}

// TestLanesAgainstStdlib runs random mixtures of the four job kinds, with
// random lengths and random Start/Run/Wait patterns, and compares every
// output with crypto/sha3, at every level, on four and on eight lanes.
func TestLanesAgainstStdlib(t *testing.T) {
	for _, w := range laneWidths {
		t.Run(w.name, func(t *testing.T) {
			cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
				rng := rand.New(rand.NewPCG(21, 22))
				for iter := 0; iter < 200; iter++ {
					jobs, want := randomJobs(rng, 1+rng.IntN(3*w.width), 700)
					x := w.make()
					// Up to width−1 jobs started ahead, the rest in Run
					// calls of random sizes, then Wait for the early ones.
					started := min(rng.IntN(w.width), len(jobs))
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
		})
	}
}

// TestLanesBlockBoundaries runs every job kind with inputs and outputs of
// every length around the first three rate boundaries, all lanes busy with
// jobs of one kind and then of mixed kinds, against crypto/sha3, at every
// level and width.
func TestLanesBlockBoundaries(t *testing.T) {
	rates := [4]int{Rate128, Rate256, RateSHA3256, RateSHA3512}
	var lengths []int
	for _, r := range rates {
		for b := 1; b <= 3; b++ {
			for d := -2; d <= 1; d++ {
				lengths = append(lengths, b*r+d)
			}
		}
	}
	lengths = append(lengths, 0, 1, 7, 8, 9)
	for _, w := range laneWidths {
		t.Run(w.name, func(t *testing.T) {
			cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
				rng := rand.New(rand.NewPCG(23, 24))
				src := randomBytes(rng, 4*Rate128)
				for iter, inLen := range lengths {
					var jobs []Job
					var want [][]byte
					for j := range 2 * w.width {
						k := (iter + j) % 4
						if j < w.width {
							k = iter % 4
						}
						outLen := lengths[(iter+3*j)%len(lengths)]
						in := src[j%5 : j%5+inLen]
						switch k {
						case 0:
							jobs = append(jobs, SHAKE128Job(in, make([]byte, outLen)))
						case 1:
							jobs = append(jobs, SHAKE256Job(in, make([]byte, outLen)))
						case 2:
							jobs = append(jobs, SHA3256Job(in, new([32]byte)))
						default:
							jobs = append(jobs, SHA3512Job(in, new([64]byte)))
						}
						want = append(want, referenceJob(k, in, len(jobs[j].Out)))
					}
					x := w.make()
					x.Run(jobs, 0, len(jobs))
					for j := range jobs {
						checkJob(t, iter, j, jobs[j].Out, want[j])
					}
				}
			})
		})
	}
}

func checkJob(t *testing.T, iter, j int, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		t.Fatalf("iteration %d job %d (rate-specific output of %d bytes): mismatch with crypto/sha3", iter, j, len(want))
	}
}

// TestLanesMisuse checks that a Job built without a constructor, which
// would never finish, is refused, and so is a job beyond the last idle
// lane.
func TestLanesMisuse(t *testing.T) {
	for _, w := range laneWidths {
		t.Run(w.name, func(t *testing.T) {
			mustPanic(t, "Start accepted a zero Job", func() { w.make().Start(make([]Job, 1), 0) })
			mustPanic(t, "Start accepted a job with every lane busy", func() {
				var in [1]byte
				var out [32]byte
				jobs := make([]Job, w.width+1)
				for j := range jobs {
					jobs[j] = SHA3256Job(in[:], &out)
				}
				x := w.make()
				for j := range jobs {
					x.Start(jobs, j)
				}
			})
		})
	}
}

func mustPanic(t *testing.T, msg string, f func()) {
	t.Helper()
	defer func() {
		if recover() == nil {
			t.Error(msg)
		}
	}()
	f()
}

// TestLanesZeroAllocations checks that jobs on the caller's stack stay
// there, on four lanes and on eight.
func TestLanesZeroAllocations(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		allocs := testing.AllocsPerRun(20, func() {
			var in [300]byte
			var o1 [32]byte
			var o2 [64]byte
			var o3 [3 * Rate128]byte
			var o4 [Rate256]byte
			var o5 [9][2 * Rate128]byte
			jobs := [...]Job{SHA3256Job(in[:], &o1), SHA3512Job(in[:64], &o2), SHAKE128Job(in[:34], o3[:]), SHAKE256Job(in[:33], o4[:]),
				SHAKE128Job(in[:34], o5[0][:]), SHAKE128Job(in[:34], o5[1][:]), SHAKE128Job(in[:34], o5[2][:]), SHAKE128Job(in[:34], o5[3][:]),
				SHAKE128Job(in[:34], o5[4][:]), SHAKE128Job(in[:34], o5[5][:]), SHAKE128Job(in[:34], o5[6][:]), SHAKE128Job(in[:34], o5[7][:]),
				SHAKE256Job(in[:34], o5[8][:])}
			var x LanesX8
			x.Start(jobs[:], 0)
			x.Run(jobs[:], 1, len(jobs))
			x.Wait(jobs[:])
			x.Clear()
		})
		if allocs != 0 {
			t.Errorf("LanesX8: %v allocations per run, want 0", allocs)
		}
		allocs = testing.AllocsPerRun(20, func() {
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

// FuzzLanes checks job mixtures the fuzzer chooses against crypto/sha3
// at every level this CPU has, on four lanes and on eight.
func FuzzLanes(f *testing.F) {
	f.Add(uint64(1), uint8(5))
	f.Add(uint64(99), uint8(12))
	f.Fuzz(func(t *testing.T, seed uint64, n uint8) {
		rng := rand.New(rand.NewPCG(seed, 1))
		jobs, want := randomJobs(rng, 1+int(n%16), 1200)
		cputest.AtEachLevel(t, func(cpu.Level) {
			for _, w := range laneWidths {
				for j := range jobs {
					clear(jobs[j].Out)
				}
				w.make().Run(jobs, 0, len(jobs))
				for j := range jobs {
					checkJob(t, 0, j, jobs[j].Out, want[j])
				}
			}
		})
	})
}

// BenchmarkLanesX4 measures the shapes ML-KEM gives LanesX4 at every level:
// four SampleNTT streams (three SHAKE128 blocks each), and J(z‖c) for
// ML-KEM-768 beside G and seven PRF streams, against the same work on
// ShakeX4 and on single states; and SMAUG-T256's matrix on LanesX4 and
// LanesX8.
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
	// SMAUG-T256's expandA: 16 SHAKE128 streams of 352 bytes, on four
	// lanes and on eight.
	var aSeeds [16][34]byte
	var aOut [16][352]byte
	b.Run("expandA16/LanesX4", func(b *testing.B) {
		cputest.BenchLevels(b, "", func(b *testing.B) {
			benchcpu.LoopItems(b, 16, func() {
				var jobs [16]Job
				for l := range jobs {
					jobs[l] = SHAKE128Job(aSeeds[l][:], aOut[l][:])
				}
				var x LanesX4
				x.Run(jobs[:], 0, 16)
			})
		})
	})
	b.Run("expandA16/LanesX8", func(b *testing.B) {
		cputest.BenchLevels(b, "", func(b *testing.B) {
			benchcpu.LoopItems(b, 16, func() {
				var jobs [16]Job
				for l := range jobs {
					jobs[l] = SHAKE128Job(aSeeds[l][:], aOut[l][:])
				}
				var x LanesX8
				x.Run(jobs[:], 0, 16)
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

// TestJobPermutations checks Job.Permutations against the steps one job
// takes alone on four lanes, for every kind and lengths across the block
// boundaries.
func TestJobPermutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for iter := 0; iter < 300; iter++ {
		jobs, _ := randomJobs(rng, 1, 700)
		var x LanesX4
		x.Start(jobs, 0)
		steps := 0
		for x.l.lane[0].busy {
			x.l.step(jobs)
			steps++
		}
		if got := jobs[0].Permutations(); got != steps {
			t.Fatalf("job of %d bytes in, %d out, rate %d: Permutations() = %d, lanes took %d", len(jobs[0].In), len(jobs[0].Out), jobs[0].rate, got, steps)
		}
	}
	if n := new(Job).Permutations(); n != 0 {
		t.Errorf("zero Job: Permutations() = %d, want 0", n)
	}
}
