package main

import (
	"slices"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/neonring"
)

// The arm64 kernels (-goarch arm64): NEON kernels on 32-bit lanes written
// with the a64 encoder, the same at the NEON and NEON+SHA3 levels.
// Twiddle products are Barrett multiplications by constants in the normal
// domain (package neonring); the pointwise products are signed Montgomery
// multiplications (MUL by b·q⁻¹, SQDMULH, SQDMULH by q, SHSUB), which give
// a·b·2⁻³² as the contract asks. Every output is normalised to [0, q), so
// it equals the portable kernels' bit for bit.

// neonBuild is the build constraint of the arm64 files.
const neonBuild = "arm64 && !purego"

// neonFuncs are the arm64 kernels and their Go declarations.
var neonFuncs = []a64.Func{
	{Name: "nttNEON", Params: "out *[256]uint32, in *[256]uint32", Args: 16,
		Doc: "nttNEON sets out to the NTT of in (FIPS 204, Algorithm 41), coefficients in [0, q) in and out."},
	{Name: "invNTTNEON", Params: "out *[256]uint32, in *[256]uint32", Args: 16,
		Doc: "invNTTNEON sets out to the inverse NTT of in (FIPS 204, Algorithm 42) times 2³², fully reduced: the result of invNTT."},
	{Name: "nttMulNEON", Params: "out *[256]uint32, a *[256]uint32, b *[256]uint32", Args: 24,
		Doc: "nttMulNEON sets out to the pointwise Montgomery product a·b·2⁻³² in [0, q), the result of nttMul."},
	{Name: "nttDotNEON", Params: "out *[256]uint32, a *[256]uint32, b *[256]uint32, count int", Args: 32,
		Doc: "nttDotNEON sets out to Σ a[j]·b[j]·2⁻³² in [0, q) for the count ≥ 1 polynomials from a and b on, the result of nttDot."},
	{Name: "polyAddNEON", Params: "out *[256]uint32, a *[256]uint32, b *[256]uint32", Args: 24,
		Doc: "polyAddNEON sets out to a + b mod q, fully reduced, the result of polyAdd."},
	{Name: "polySubNEON", Params: "out *[256]uint32, a *[256]uint32, b *[256]uint32", Args: 24,
		Doc: "polySubNEON sets out to a − b mod q, fully reduced, the result of polySub."},
	{Name: "packedMulNEON", Params: "out *[256]uint32, base *[256]uint32, table *[512]byte, windows *[256]uint32, signs *[256]uint32, count int, group int, top uint64, bias uint32", Args: 68,
		Doc: "packedMulNEON sets out to base + Σ windows − bias mod q, fully reduced, for the n-byte windows of table at the offsets windows[:count], each taken as B for a sign mask 0 and top − B for all ones, summed bytewise and widened after every group windows: base ± c·s for the biased table of s."},
}

// neonContract gives the contract's hooks their arm64 kernels.
var neonContract = []dispatch.Kernel{
	{Hook: "nttArch", Impls: neonLevels("nttNEON")},
	{Hook: "invNTTArch", Impls: neonLevels("invNTTNEON")},
	{Hook: "nttMulArch", Impls: neonLevels("nttMulNEON")},
	{Hook: "nttDotArch", Impls: neonLevels("nttDotNEON")},
	{Hook: "packedMulArch", Impls: neonLevels("packedMulNEON")},
	{Hook: "polyAddArch", Impls: neonLevels("polyAddNEON")},
	{Hook: "polySubArch", Impls: neonLevels("polySubNEON")},
}

// neonLevels runs fn at both arm64 levels.
func neonLevels(fn string) []dispatch.Impl {
	return dispatch.On("arm64", "NEONSHA3", fn, "NEON", fn)
}

// neonGroups write the arm64 kernels beyond neonFuncs, each group
// returning its declarations and contract entries.
var neonGroups = []func(*a64.File) ([]a64.Func, []dispatch.Kernel){
	neonRoundingKernels, neonPackingKernels, neonSamplingKernels, neonTableKernels, neonChallengeWindowsKernel,
}

// neonGroupKernels writes every group to f and returns their declarations
// and contract entries.
func neonGroupKernels(f *a64.File) ([]a64.Func, []dispatch.Kernel) {
	var fns []a64.Func
	var ks []dispatch.Kernel
	for _, g := range neonGroups {
		fn, k := g(f)
		fns, ks = append(fns, fn...), append(ks, k...)
	}
	return fns, ks
}

// fullContract is the contract with every architecture's kernels.
func fullContract() []dispatch.Kernel {
	_, groups := neonGroupKernels(a64.NewFile("", ""))
	return dispatch.Extend(dispatch.Extend(contract, append(slices.Clone(neonContract), groups...)), armKernels)
}

// neonMain writes the arm64 assembly (-out), its declarations (-stubs) and
// the hooks (-arch).
func neonMain() {
	f := a64.Start("mldsa", neonBuild)
	neonNTTKernel(f, neonFuncs[0])
	neonInvNTTKernel(f, neonFuncs[1])
	neonMulKernel(f, neonFuncs[2])
	neonDotKernel(f, neonFuncs[3])
	neonring.PolyAddSub(f, neonFuncs[4], a64.S4, q, 1024, false)
	neonring.PolyAddSub(f, neonFuncs[5], a64.S4, q, 1024, true)
	neonPackedMulKernel(f, neonFuncs[6])
	groups, _ := neonGroupKernels(f)
	neonConsts(f)
	f.Finish(append(slices.Clone(neonFuncs), groups...))
	dispatch.Write("mldsa", neonBuild, fullContract())
}
