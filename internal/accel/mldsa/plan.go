package mldsa

import (
	"runtime"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// plan is what the active SIMD level decides for one operation: how its
// XOF instances are batched on the multi-way Keccak, which single-state
// hashes ride along those batches, and which form batch products take.
// planFor builds it once per call, the only place in the algorithms that
// consults the level, so that they read as FIPS 204.
type plan struct {
	// width is the number of XOF instances per batch of ExpandA, ExpandS
	// and ExpandMask: 8 where the 8-way Keccak is one kernel, 4 otherwise.
	width int
	// multiFrom is the fewest instances a batch runs on a multi-state
	// kernel, its spare lanes repeating the last input: 2 at AVX2, where
	// the 4-way kernel costs less than two single states (ML-DSA-65's
	// ExpandA ends in a batch of two), 3 at AVX512, 4 otherwise.
	multiFrom int
	// carries: an 8-way batch's squeezes absorb one single-state SHAKE256
	// beside them (keccak.Carried), so tr, μ and c̃ can ride along.
	carries bool
	// pairedMasks: two candidates' masks fill one batch (2·l ≤ width:
	// ML-DSA-44 on the 8-way Keccak), so signing runs ExpandMask for every
	// other candidate only.
	pairedMasks bool
	// maskAhead: otherwise, where batches carry, signing expands the next
	// candidate's mask while this candidate's c̃ = H(μ‖w1) rides along.
	maskAhead bool
	// signForm and verifyForm are the forms of the batch operations'
	// matrix products (batch_product.go).
	signForm, verifyForm productForm
}

// planFor returns the plan of an operation on p at the active level.
func planFor(p *Params) plan {
	level := cpu.Active()
	pl := plan{width: 4, multiFrom: 4, carries: keccak.Carries()}
	if level == cpu.AVX512 {
		pl.width = 8
	}
	// Where the 4-way kernel is vectorised (amd64, and arm64's two 2-way
	// NEON passes) a batch of three, at AVX2 even of two, beats single
	// states; 32-bit arm's 4-way kernel permutes the states in turn.
	switch {
	case level == cpu.AVX2:
		pl.multiFrom = 2
	case level == cpu.AVX512, runtime.GOARCH == "arm64" && level != cpu.Portable:
		pl.multiFrom = 3
	}
	pl.pairedMasks = 2*p.L <= pl.width
	pl.maskAhead = !pl.pairedMasks && pl.carries
	if level == cpu.Portable {
		forms := portableProductForms[p]
		pl.signForm, pl.verifyForm = forms[signProduct], forms[verifyProduct]
	}
	return pl
}
