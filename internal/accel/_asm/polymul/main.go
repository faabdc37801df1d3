// Command polymul generates the amd64 kernels of package
// internal/accel/polymul that sit around the ML-DSA transforms it borrows:
//
//   - fromSignedAVX2: a[i] mod P into [0, P), for |a[i]| < P (the input
//     form of the transform for signed coefficients);
//   - centreAVX2: the representative in [−(P−1)/2, (P−1)/2] of each
//     coefficient in [0, P) (the exact integer product, read back);
//   - forward16, dot16, inverse16 at AVX2 and AVX-512: the two-prime
//     16-bit product (small16.go), one generator for both vector widths.
//
// The two conversions are straight-line code over the 256 coefficients,
// eight 32-bit lanes a ymm register, with only shifts, masks and additions
// touching the data, so they are constant time. The AVX-512 level runs
// them as they are (as mlkem's comparison does): they are too small for a
// zmm form to matter.
//
// Run it through go generate in internal/accel/polymul.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/vec"
)

// p is the transform's prime, ML-DSA's q.
const p = 8380417

// n is the number of coefficients of a polynomial.
const n = 256

// contract lists the hooks through which polymul's kernels.go reaches the
// kernels. The two-prime hooks are probed: Fast16 reports the levels they
// run assembly at from their …Available functions, so that list comes from
// this table and cannot drift from the kernels.
var contract = []dispatch.Kernel{
	{Hook: "fromSignedArch", Of: "FromSigned", Impls: dispatch.Levels("AVX512", "fromSignedAVX2", "AVX2", "fromSignedAVX2")},
	{Hook: "centreArch", Of: "Inverse", Impls: dispatch.Levels("AVX512", "centreAVX2", "AVX2", "centreAVX2")},
	{Hook: "forward16Arch", Of: "Forward16", Impls: dispatch.Both("forward16"), Probe: true},
	{Hook: "dot16Arch", Of: "Dot16", Impls: dispatch.Both("dot16"), Probe: true},
	{Hook: "inverse16Arch", Of: "Inverse16", Impls: dispatch.Both("inverse16"), Probe: true},
}

func main() {
	ConstraintExpr("amd64,!purego")
	fromSignedKernel()
	centreKernel()
	for _, w := range widths {
		forward16Kernel(w)
		dot16Kernel(w)
		inverse16Kernel(w)
	}
	for _, w := range widths {
		w.table.emit()
	}
	Generate()
	dispatch.Write("polymul", "amd64 && !purego", contract)
}

// mapKernel emits a kernel out[i] = f(in[i]) over the 256 32-bit
// coefficients, a ymm register a step: setup, run once after the
// parameters are loaded, returns the body that computes f in place in x,
// with t as scratch.
func mapKernel(name, sig, doc string, setup func() func(x, t VecVirtual)) {
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	Doc(doc)
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	body := setup()
	for off := 0; off < 4*n; off += 32 {
		x, t := YMM(), YMM()
		VMOVDQU(Mem{Base: in, Disp: off}, x)
		body(x, t)
		VMOVDQU(x, Mem{Base: out, Disp: off})
	}
	VZEROUPPER()
	RET()
}

// fromSignedKernel emits out[i] = in[i] + (P if in[i] < 0): the sign,
// spread over the lane by an arithmetic shift, masks P.
func fromSignedKernel() {
	mapKernel("fromSignedAVX2", "func(out *[256]uint32, in *[256]int32)",
		"fromSignedAVX2 sets out[i] = in[i] mod P in [0, P), for |in[i]| < P, in constant time.",
		func() func(x, t VecVirtual) {
			pv := vec.Broadcast32(p)
			return func(x, t VecVirtual) {
				VPSRAD(U8(31), x, t)
				VPAND(pv, t, t)
				VPADDD(t, x, x)
			}
		})
}

// centreKernel emits out[i] = in[i] − (P if in[i] > (P−1)/2): the sign of
// (P−1)/2 − in[i] masks P.
func centreKernel() {
	mapKernel("centreAVX2", "func(out *[256]int32, in *[256]uint32)",
		"centreAVX2 sets out[i] to the representative of in[i] in [−(P−1)/2, (P−1)/2], for in[i] in [0, P), in constant time.",
		func() func(x, t VecVirtual) {
			pv, half := vec.Broadcast32(p), vec.Broadcast32((p-1)/2)
			return func(x, t VecVirtual) {
				VPSUBD(x, half, t)
				VPSRAD(U8(31), t, t)
				VPAND(pv, t, t)
				VPSUBD(t, x, x)
			}
		})
}
