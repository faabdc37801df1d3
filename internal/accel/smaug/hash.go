package smaug

import (
	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// The symmetric primitives of the SHA-3 build of SMAUG-T: H = SHA3-256,
// G = SHAKE256 (64 bytes: the seed of r, then the shared key), the samplers'
// PRF = SHAKE256, the key-generation seed expansion = SHA3-512, and the XOF
// of A = SHAKE128.

// sha3512 returns SHA3-512(in).
func sha3512(in []byte) [64]byte { return keccak.Sum512(in) }

// sha3256 returns SHA3-256(in).
func sha3256(in []byte) [32]byte { return keccak.Sum256(in) }

// hashG returns SHAKE256(a ‖ b), 64 bytes.
func hashG(a, b []byte) (out [64]byte) {
	var h keccak.Shake
	h.Init256()
	h.Absorb(a)
	h.Absorb(b)
	h.Squeeze(out[:])
	return out
}

// runJobs runs whole hash jobs to completion on the lanes of the multi-way
// Keccak: on eight (keccak.LanesX8) where that takes fewer permutations
// than four would by more than an 8-way permutation costs over a 4-way one
// at the active level (laneCost8), and otherwise on four. The counts are
// the schedules' lower bounds: the longest job, or the lanes' share of all
// the jobs' permutations.
func runJobs(jobs []keccak.Job) {
	longest, total := 0, 0
	for j := range jobs {
		n := jobs[j].Permutations()
		longest, total = max(longest, n), total+n
	}
	steps4, steps8 := max(longest, (total+3)/4), max(longest, (total+7)/8)
	if cost := laneCost8(); cost != 0 && cost*steps8 < 10*steps4 {
		var lanes keccak.LanesX8
		lanes.Run(jobs, 0, len(jobs))
		lanes.Clear() // it absorbed the samplers' secret seeds
		return
	}
	var lanes keccak.LanesX4
	lanes.Run(jobs, 0, len(jobs))
	lanes.Clear() // it absorbed the samplers' secret seeds
}

// laneCost8 returns what a step of keccak.LanesX8 costs at the active
// level, in tenths of a step of keccak.LanesX4 (the permutation and the
// lanes' bookkeeping), or 0 where eight lanes are not used
// (docs/PERFORMANCE.md). On full-width AVX-512 (Zen 5) the 8-way and
// 4-way permutations cost about the same, the 8-way lanes' bookkeeping a
// little more. Where zmm instructions run as two halves
// (cpu.HalfWidthZMM, Zen 4) the 8-way permutation costs two 4-way ones,
// but its bookkeeping is shared by eight lanes: a step costs about 1.5 to
// 1.8 4-way ones (BenchmarkLaneWidth), taken as 1.7, which key
// generation's long schedules of SMAUG-T192 and SMAUG-T256 repay. AVX2 keeps four lanes (an 8-way step cost 1.7 to 1.8 4-way ones
// on pk-parsing jobs, which it does not repay). A variable so that the
// tests run both widths at every level.
var laneCost8 = func() int {
	switch {
	case cpu.Active() != cpu.AVX512:
		return 0
	case cpu.HalfWidthZMM():
		return 17
	}
	return 11
}

// wideLanes reports whether laneCost8 lets schedules take eight lanes, so
// that callers hand runJobs all their jobs at once rather than take the
// lockstep 4-way SHAKE for some of them.
func wideLanes() bool { return laneCost8() != 0 }
