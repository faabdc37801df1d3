package mlkem

import (
	"runtime"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// plan is what the active SIMD level decides for one operation: which
// Keccak code runs the hash functions of FIPS 203, Section 4.1, how many
// states a multi-state call of ExpandA and the noise takes, whether the
// operation's Keccak work shares keccak.LanesX4, and which form batch
// products take. planFor builds it once per call, the only place in the
// algorithms that consults the level, so that they read as Algorithms
// 13–18.
type plan struct {
	// lanes: the operation's Keccak work of mixed kinds runs on
	// keccak.LanesX4, the long single streams (H(ek), J(z‖c)) carrying the
	// rest in the spare lanes, where the 4-way kernel costs little more
	// than one single-state permutation (levels AVX2 and AVX512).
	lanes bool
	// ownKeccak: H, G and J run on package keccak's single state (its
	// permutation is vectorised or scalar assembly at every SIMD level)
	// rather than on crypto/sha3.
	ownKeccak bool
	// x8: a multi-state call is 8-way while more than four streams are
	// left (the 8-way kernel is one kernel), 4-way otherwise.
	x8 bool
	// laneCost8 prices a step of keccak.LanesX8 in tenths of a step of
	// keccak.LanesX4 (keccak.LanesX8Cost; 0: eight lanes are not used), for
	// keccak.RunJobs, which takes eight lanes for the schedules they
	// shorten enough: H(ek) beside ML-KEM-1024's sixteen SampleNTT streams.
	laneCost8 int
	// multiFrom is the fewest real streams worth a multi-state call: 2
	// where its kernels are vectorised, 4 where every lane costs.
	multiFrom int
	// winograd: batch products may take Winograd's form (winogradMinItems),
	// which pays off only where the dot products are Go.
	winograd bool
}

// planFor returns the plan of an operation at the active level.
func planFor() plan {
	level := cpu.Active()
	pl := plan{
		lanes:     level == cpu.AVX2 || level == cpu.AVX512,
		ownKeccak: level != cpu.Portable,
		x8:        level == cpu.AVX512,
		multiFrom: 4,
		winograd:  level == cpu.Portable,
		laneCost8: lanesX8Cost(),
	}
	// The 4-way kernel is vectorised at AVX2 and AVX512, and on arm64, where
	// it is two 2-way NEON permutations, below two single-state ones even
	// without SHA3; on 32-bit arm it permutes the four states one after the
	// other, so every lane costs.
	if level == cpu.AVX2 || level == cpu.AVX512 || runtime.GOARCH == "arm64" && level != cpu.Portable {
		pl.multiFrom = 2
	}
	return pl
}

// lanesX8Cost is keccak.LanesX8Cost, a variable so that the tests run both
// lane widths at every level.
var lanesX8Cost = keccak.LanesX8Cost

// multiLanes returns how many SHAKE states the next multi-state call
// computes when left streams remain, and how many real streams must be left
// for the call to beat single states. With x8 the call is 8-way unless at
// most four streams are left: every lane of a call squeezes the same
// number of blocks, and the 4-way kernel costs less than the 8-way one.
func (pl *plan) multiLanes(left int) (width, minUsed int) {
	if pl.x8 && left > 4 {
		return 8, pl.multiFrom
	}
	return 4, pl.multiFrom
}
