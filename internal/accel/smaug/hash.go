package smaug

import "github.com/crystals-go/crystals/internal/accel/keccak"

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

// runJobs runs whole hash jobs to completion on the lanes of the
// multi-way Keccak, on eight or four as laneCost8 prices them
// (keccak.RunJobs), and clears them: they may have absorbed the samplers'
// secret seeds.
func runJobs(jobs []keccak.Job) { keccak.RunJobs(jobs, laneCost8()) }

// laneCost8 is keccak.LanesX8Cost, a variable so that the tests run both
// widths at every level. The long key-generation schedules of SMAUG-T192
// and SMAUG-T256 repay eight lanes even where zmm instructions run as two
// halves.
var laneCost8 = keccak.LanesX8Cost

// wideLanes reports whether laneCost8 lets schedules take eight lanes, so
// that callers hand runJobs all their jobs at once rather than take the
// lockstep 4-way SHAKE for some of them.
func wideLanes() bool { return laneCost8() != 0 }
