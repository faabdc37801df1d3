package main

import (
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/neonring"
)

// The arm64 kernels (-goarch arm64): NEON kernels written with the a64
// encoder, the same at the NEON and NEON+SHA3 levels. Every value is a
// signed 16-bit lane; products by constants are Barrett multiplications
// (MUL, SQRDMULH by round(b·2^15/q), MLS by q), which need no Montgomery
// factor, so outputs equal the portable kernels' bit for bit once
// normalised to [0, q).

// neonBuild is the build constraint of the arm64 files.
const neonBuild = "arm64 && !purego"

// neonFuncs are the arm64 kernels and their Go declarations.
var neonFuncs = []a64.Func{
	{Name: "nttNEON", Params: "f *[256]uint16", Args: 8,
		Doc: "nttNEON computes the NTT of f in place (FIPS 203, Algorithm 9): coefficients in [0, q) in, NTT-domain values in [0, q) out, in standard order."},
	{Name: "inverseNTTNEON", Params: "f *[256]uint16", Args: 8,
		Doc: "inverseNTTNEON computes the inverse NTT of f in place (FIPS 203, Algorithm 10): NTT-domain values in [0, q) in, coefficients in [0, q) out, in standard order."},
	{Name: "dotProductNEON", Params: "out *[256]uint16, init *[256]uint16, a *[4]*[256]uint16, b *[4]*[256]uint16, k int", Args: 40,
		Doc: "dotProductNEON sets out = init + Σ_{j<k} a[j] ∘ b[j] in T_q (FIPS 203, Algorithms 11 and 12), reduced to [0, q); init may be nil. Inputs must be in [0, q) and k in [1, 4]."},
	{Name: "polyAddNEON", Params: "out *[256]uint16, a *[256]uint16, b *[256]uint16", Args: 24,
		Doc: "polyAddNEON sets out = a + b mod q coefficient-wise, for coefficients in [0, q)."},
	{Name: "polySubNEON", Params: "out *[256]uint16, a *[256]uint16, b *[256]uint16", Args: 24,
		Doc: "polySubNEON sets out = a − b mod q coefficient-wise, for coefficients in [0, q)."},
	{Name: "cbdEta2NEON", Params: "f *[256]uint16, b *[128]byte", Args: 16,
		Doc: "cbdEta2NEON sets f to SamplePolyCBD_2(b) (FIPS 203, Algorithm 8), coefficients in [0, q), in constant time."},
	{Name: "encode12NEON", Params: "out *byte, f *[256]uint16", Args: 16,
		Doc: "encode12NEON writes ByteEncode_12(f) (FIPS 203, Algorithm 5), 384 bytes, to out."},
	{Name: "decode12CheckedNEON", Params: "f *[256]uint16, b *byte", Result: "int", Args: 24,
		Doc: "decode12CheckedNEON sets f to ByteDecode_12(b) from 384 bytes and returns 1 if a coefficient is q or more (the FIPS 203 modulus check), 0 otherwise."},
	{Name: "decode12ReduceNEON", Params: "f *[256]uint16, b *byte", Args: 16,
		Doc: "decode12ReduceNEON sets f to ByteDecode_12(b) (FIPS 203, Algorithm 6) from 384 bytes, each coefficient reduced modulo q, in constant time."},
	{Name: "constantTimeEqualNEON", Params: "a *byte, b *byte, blocks int", Result: "int", Args: 32,
		Doc: "constantTimeEqualNEON returns 1 if the 32·blocks bytes at a and b are equal and 0 otherwise, in time independent of their contents; blocks must be at least 1."},
	{Name: "constantTimeSelectNEON", Params: "dst *byte, a *byte, b *byte, blocks int, choice int", Args: 40,
		Doc: "constantTimeSelectNEON sets the 32·blocks bytes at dst to those at a if choice is 1 and to those at b if choice is 0, in time independent of choice and of the bytes; blocks must be at least 1."},
	{Name: "cbdEta3NEON", Params: "f *[256]uint16, b *[192]byte", Args: 16,
		Doc: "cbdEta3NEON sets f to SamplePolyCBD_3(b) (FIPS 203, Algorithm 8), coefficients in [0, q), in constant time."},
	{Name: "sampleNTTRejectNEON", Params: "out *[272]uint16, buf *byte, groups int, limit int", Result: "int", Args: 40,
		Doc: "sampleNTTRejectNEON appends the 12-bit candidates below q of groups·24 bytes at buf to out, in order, stopping after the 24 bytes that bring the count to limit, and returns how many it wrote (at most limit + 15); groups must be at least 1."},
}

// neonContract gives the contract's hooks their arm64 kernels.
var neonContract = []dispatch.Kernel{
	{Hook: "nttArch", Impls: neonLevels("nttNEON")},
	{Hook: "inverseNTTArch", Impls: neonLevels("inverseNTTNEON")},
	{Hook: "dotProductArch", Impls: neonLevels("dotProductNEON")},
	{Hook: "polyAddArch", Impls: neonLevels("polyAddNEON")},
	{Hook: "polySubArch", Impls: neonLevels("polySubNEON")},
	{Hook: "cbdEta2Arch", Impls: neonLevels("cbdEta2NEON")},
	{Hook: "cbdEta3Arch", Impls: neonLevels("cbdEta3NEON")},
	{Hook: "sampleNTTRejectArch", Impls: neonLevels("sampleNTTRejectNEON")},
	{Hook: "encode12Arch", Impls: neonLevels("encode12NEON")},
	{Hook: "decode12CheckedArch", Impls: neonLevels("decode12CheckedNEON")},
	{Hook: "decode12ReduceArch", Impls: neonLevels("decode12ReduceNEON")},
	{Hook: "constantTimeEqualArch", Impls: neonLevels("constantTimeEqualNEON")},
	{Hook: "constantTimeSelectArch", Impls: neonLevels("constantTimeSelectNEON")},
	neonPerDHook("decodeDecompressPaddedArch", neonDecompressFunc),
	neonPerDHook("compressEncodePaddedArch", neonCompressFunc),
}

// neonLevels runs fn at both arm64 levels.
func neonLevels(fn string) []dispatch.Impl {
	return dispatch.On("arm64", "NEONSHA3", fn, "NEON", fn)
}

// fullContract is the contract with every architecture's kernels.
func fullContract() []dispatch.Kernel {
	return dispatch.Extend(dispatch.Extend(contract, neonContract), armKernels)
}

// neonMain writes the arm64 assembly (-out), its declarations (-stubs) and
// the hooks (-arch).
func neonMain() {
	f := a64.Start("mlkem", neonBuild)
	neonNTTKernel(f)
	neonInverseNTTKernel(f)
	neonDotProductKernel(f, neonFuncs[2])
	neonring.PolyAddSub(f, neonFuncs[3], a64.H8, q, 512, false)
	neonring.PolyAddSub(f, neonFuncs[4], a64.H8, q, 512, true)
	neonCBDEta2Kernel(f, neonFuncs[5])
	neonEncode12Kernel(f, neonFuncs[6])
	neonDecode12Kernel(f, neonFuncs[7], false)
	neonDecode12Kernel(f, neonFuncs[8], true)
	neonCTEqualKernel(f, neonFuncs[9])
	neonCTSelectKernel(f, neonFuncs[10])
	neonCBDEta3Kernel(f, neonFuncs[11])
	neonSampleNTTRejectKernel(f, neonFuncs[12])
	fns := neonFuncs
	for _, d := range neonDecompressDs {
		fn := neonDecompressFunc(d)
		neonDecompressKernel(f, fn, d)
		ce := neonCompressFunc(d)
		neonCompressKernel(f, ce, d)
		fns = append(fns, fn, ce)
	}
	neonNTTConsts(f)
	neonDotConsts(f)
	neonSampleTables(f)
	for _, d := range neonDecompressDs {
		neonUnpackTable(f, d)
	}
	f.Finish(fns)
	dispatch.Write("mlkem", neonBuild, fullContract())
}
