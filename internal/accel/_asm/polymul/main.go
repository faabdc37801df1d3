// Command polymul generates the amd64 kernels of package
// internal/accel/polymul that sit around the ML-DSA transforms it borrows:
//
//   - centreAVX2 and centreAVX512: the representative in
//     [−(P−1)/2, (P−1)/2] of each coefficient in [0, P) (the exact integer
//     product, read back);
//   - forward16, forward16Lazy, dot16, inverse16 at AVX2 and AVX-512: the
//     two-prime 16-bit product (small16.go), one generator for both vector
//     widths.
//
// The transform's input needs no conversion: the ML-DSA NTT takes signed
// coefficients (mldsa.NTT). The centring is straight-line code over the
// 256 coefficients, eight 32-bit lanes a ymm register at AVX2 (a shift,
// masks and subtractions) and sixteen a zmm register at AVX-512 (a
// comparison into a mask register and a masked subtraction), no branch or
// memory address depending on the data, so it is constant time.
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
	{Hook: "centreArch", Of: "Inverse", Impls: dispatch.Both("centre")},
	{Hook: "forward16Arch", Of: "Forward16", Impls: dispatch.Both("forward16"), Probe: true},
	{Hook: "forward16LazyArch", Of: "Forward16Lazy", Impls: dispatch.Both("forward16Lazy"), Probe: true},
	{Hook: "dot16Arch", Of: "Dot16", Impls: dispatch.Both("dot16"), Probe: true},
	{Hook: "inverse16Arch", Of: "Inverse16", Impls: dispatch.Both("inverse16"), Probe: true},
}

func main() {
	ConstraintExpr("amd64,!purego")
	centreKernel()
	centreKernelAVX512()
	for _, w := range widths {
		forward16Kernel(w, false)
		forward16Kernel(w, true)
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
// coefficients, a register of width bytes (32: ymm, 64: zmm) a step: setup,
// run once after the parameters are loaded, returns the body that computes
// f in place in x. out may be in: each register is loaded before it is
// stored.
func mapKernel(name, sig, doc string, width int, setup func() func(x VecVirtual)) {
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	Doc(doc)
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	body := setup()
	for off := 0; off < 4*n; off += width {
		if width == 64 {
			x := ZMM()
			VMOVDQU32(Mem{Base: in, Disp: off}, x)
			body(x)
			VMOVDQU32(x, Mem{Base: out, Disp: off})
			continue
		}
		x := YMM()
		VMOVDQU(Mem{Base: in, Disp: off}, x)
		body(x)
		VMOVDQU(x, Mem{Base: out, Disp: off})
	}
	VZEROUPPER()
	RET()
}

// centreKernel emits out[i] = in[i] − (P if in[i] > (P−1)/2): the sign of
// (P−1)/2 − in[i] masks P.
func centreKernel() {
	mapKernel("centreAVX2", "func(out *[256]int32, in *[256]uint32)",
		"centreAVX2 sets out[i] to the representative of in[i] in [−(P−1)/2, (P−1)/2], for in[i] in [0, P), in constant time; out may be in.",
		32, func() func(x VecVirtual) {
			pv, half := vec.Broadcast32(p), vec.Broadcast32((p-1)/2)
			return func(x VecVirtual) {
				t := YMM()
				VPSUBD(x, half, t)
				VPSRAD(U8(31), t, t)
				VPAND(pv, t, t)
				VPSUBD(t, x, x)
			}
		})
}

// centreKernelAVX512 emits centreAVX2's map on zmm registers: the lanes
// above (P−1)/2 (a signed comparison, the inputs being below 2^23) select
// the subtraction of P by a mask register.
func centreKernelAVX512() {
	mapKernel("centreAVX512", "func(out *[256]int32, in *[256]uint32)",
		"centreAVX512 sets out[i] to the representative of in[i] in [−(P−1)/2, (P−1)/2], for in[i] in [0, P), in constant time; out may be in.",
		64, func() func(x VecVirtual) {
			broadcast := func(v uint32) VecVirtual {
				r, z := GP32(), ZMM()
				MOVL(U32(v), r)
				VPBROADCASTD(r, z)
				return z
			}
			pv, half := broadcast(p), broadcast((p-1)/2)
			return func(x VecVirtual) {
				k := K()
				VPCMPGTD(half, x, k)
				VPSUBD(pv, x, k, x)
			}
		})
}
