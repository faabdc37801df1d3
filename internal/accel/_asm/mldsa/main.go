// Command mldsa generates the amd64 kernels of package internal/accel/mldsa:
// the NTT, the inverse NTT, the pointwise Montgomery product and the
// Montgomery dot product of a row of Â with a vector, for q = 8380417, at
// levels AVX512 (16 coefficients per zmm register) and AVX2 (8 per ymm).
//
// The transforms are generated from a symbolic model: the generator tracks
// which coefficient every lane of every register holds, derives the twiddle
// factors of each butterfly from it (a broadcast when all lanes share one,
// a table otherwise), and panics if a butterfly would pair the wrong
// coefficients or if a kernel would store them out of order. Every output is
// fully reduced to [0, q), so it equals the portable Go kernel's bit for bit.
//
// ifma.go weighs AVX-512 IFMA for every kernel by instruction counts: the
// dot product uses it; the forward transform does not (docs/PERFORMANCE.md).
//
// With -goarch arm64 it writes the NEON kernels instead (neon.go).
//
// Run it through go generate in internal/accel/mldsa.
package main

import (
	. "github.com/mmcloughlin/avo/build"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

func main() {
	if dispatch.Goarch() == "arm64" {
		neonMain()
		return
	}
	if armHooks() {
		return
	}
	ConstraintExpr("amd64,!purego")
	c := newConstants()
	nttKernel(c, avx512, false)
	nttKernel(c, avx512, true)
	nttKernel(c, avx2, false)
	nttKernel(c, avx2, true)
	mulKernel(c, avx512)
	mulKernel(c, avx2)
	dotKernel(c, avx512)
	dotKernel(c, avx2)
	polyKernels(c, avx512)
	polyKernels(c, avx2)
	packKernels(c)
	cs := newCompactor()
	samplerKernels(c, cs)
	packedKernel(c, avx512)
	packedKernel(c, avx2)
	challengeKernels(cs)
	fillKernel(c, avx512)
	fillKernel(c, avx2)
	secretKernel(c, avx512)
	secretKernel(c, avx2)
	Generate()
	dispatch.Write("mldsa", "amd64 && !purego", fullContract())
}
