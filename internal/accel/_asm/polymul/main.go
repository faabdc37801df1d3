// Command polymul generates the amd64 kernels of package
// internal/accel/polymul that sit around the ML-DSA transforms it borrows:
//
//   - fromSignedAVX2: a[i] mod P into [0, P), for |a[i]| < P (the input
//     form of the transform for signed coefficients);
//   - centreAVX2: the representative in [−(P−1)/2, (P−1)/2] of each
//     coefficient in [0, P) (the exact integer product, read back).
//
// Both are straight-line code over the 256 coefficients, eight 32-bit lanes
// a ymm register, with only shifts, masks and additions touching the data,
// so they are constant time. The AVX-512 level runs the same AVX2 kernels
// (as mlkem's comparison does): they are too small for a zmm form to
// matter, and one could not be tested on the machines that test this code.
//
// Run it through go generate in internal/accel/polymul.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// p is the transform's prime, ML-DSA's q.
const p = 8380417

// n is the number of coefficients of a polynomial.
const n = 256

// contract lists the hooks through which polymul's kernels.go reaches the
// kernels.
var contract = []dispatch.Kernel{
	{Hook: "fromSignedArch", Of: "FromSigned", Impls: dispatch.Levels("AVX512", "fromSignedAVX2", "AVX2", "fromSignedAVX2")},
	{Hook: "centreArch", Of: "Inverse", Impls: dispatch.Levels("AVX512", "centreAVX2", "AVX2", "centreAVX2")},
}

func main() {
	ConstraintExpr("amd64,!purego")
	fromSignedKernel()
	centreKernel()
	Generate()
	dispatch.Write("polymul", "amd64 && !purego", contract)
}

// broadcast returns a ymm register holding v in every 32-bit lane.
func broadcast(v uint32) VecVirtual {
	r := GP32()
	MOVL(U32(v), r)
	x := XMM()
	VMOVD(r, x)
	y := YMM()
	VPBROADCASTD(x, y)
	return y
}

// eachGroup emits body for the 256 coefficients in groups of four ymm
// registers, with the group's byte offset.
func eachGroup(body func(off int)) {
	for off := 0; off < 4*n; off += 4 * 32 {
		body(off)
	}
}

// fromSignedKernel emits out[i] = a[i] + (P if a[i] < 0): the sign,
// spread over the lane by an arithmetic shift, masks P.
func fromSignedKernel() {
	TEXT("fromSignedAVX2", NOSPLIT, "func(out *[256]uint32, a *[256]int32)")
	Pragma("noescape")
	Doc("fromSignedAVX2 sets out[i] = a[i] mod P in [0, P), for |a[i]| < P, in constant time.")
	out := Load(Param("out"), GP64())
	a := Load(Param("a"), GP64())
	pv := broadcast(p)
	eachGroup(func(off int) {
		var x, t [4]VecVirtual
		for j := range 4 {
			x[j], t[j] = YMM(), YMM()
			VMOVDQU(Mem{Base: a, Disp: off + 32*j}, x[j])
			VPSRAD(U8(31), x[j], t[j])
			VPAND(pv, t[j], t[j])
			VPADDD(t[j], x[j], x[j])
			VMOVDQU(x[j], Mem{Base: out, Disp: off + 32*j})
		}
	})
	VZEROUPPER()
	RET()
}

// centreKernel emits out[i] = in[i] − (P if in[i] > (P−1)/2): the sign of
// (P−1)/2 − in[i] masks P.
func centreKernel() {
	TEXT("centreAVX2", NOSPLIT, "func(out *[256]int32, in *[256]uint32)")
	Pragma("noescape")
	Doc("centreAVX2 sets out[i] to the representative of in[i] in [−(P−1)/2, (P−1)/2], for in[i] in [0, P), in constant time.")
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	pv := broadcast(p)
	half := broadcast((p - 1) / 2)
	eachGroup(func(off int) {
		var x, t [4]VecVirtual
		for j := range 4 {
			x[j], t[j] = YMM(), YMM()
			VMOVDQU(Mem{Base: in, Disp: off + 32*j}, x[j])
			VPSUBD(x[j], half, t[j])
			VPSRAD(U8(31), t[j], t[j])
			VPAND(pv, t[j], t[j])
			VPSUBD(t[j], x[j], x[j])
			VMOVDQU(x[j], Mem{Base: out, Disp: off + 32*j})
		}
	})
	VZEROUPPER()
	RET()
}
