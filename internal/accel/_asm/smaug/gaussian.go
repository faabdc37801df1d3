package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/vec"
)

// gaussianKernel emits gaussianAVX2(e *[256]int32, b *[320]byte): the
// discrete Gaussian of sampleGaussian (sample.go), the four 64-coefficient
// blocks at once, one per 64-bit lane. Word w of block blk is the 8 bytes
// at 80·blk + 8w; the boolean formulas run on whole lanes (memory operands
// from a stack copy, so that the 16 registers suffice), and the bits of
// the two magnitude words and the sign word are spread to coefficients
// eight at a time (broadcast, VPSRLVD, mask). Only bitwise operations,
// shifts and subtractions touch the secret bits: constant time.
func gaussianKernel() {
	TEXT("gaussianAVX2", NOSPLIT, "func(e *[256]int32, b *[320]byte)")
	Pragma("noescape")
	Doc("gaussianAVX2 sets e to the discrete Gaussian error of the 320 bytes of b (see sampleGaussian), in constant time.")
	e := Load(Param("e"), GP64())
	b := Load(Param("b"), GP64())
	x := AllocLocal(32 * 10)  // x[w]: word w of the four blocks
	nx := AllocLocal(32 * 10) // ¬x[w]
	out := AllocLocal(32 * 3) // s0, s1, sign
	ones := YMM()
	VPCMPEQD(ones, ones, ones)
	for w := range 10 {
		lo, hi, y := XMM(), XMM(), YMM()
		VMOVQ(Mem{Base: b, Disp: 8 * w}, lo)
		VPINSRQ(U8(1), Mem{Base: b, Disp: 80 + 8*w}, lo, lo)
		VMOVQ(Mem{Base: b, Disp: 160 + 8*w}, hi)
		VPINSRQ(U8(1), Mem{Base: b, Disp: 240 + 8*w}, hi, hi)
		VINSERTI128(U8(1), hi, lo.AsY(), y)
		VMOVDQU(y, x.Offset(32*w))
		VPXOR(ones, y, y)
		VMOVDQU(y, nx.Offset(32*w))
	}
	// term returns the AND of the listed words (negative index −w−1 for
	// ¬x[w]).
	term := func(ws ...int) VecVirtual {
		t := YMM()
		at := func(w int) Mem {
			if w < 0 {
				return nx.Offset(32 * (-w - 1))
			}
			return x.Offset(32 * w)
		}
		VMOVDQU(at(ws[0]), t)
		for _, w := range ws[1:] {
			VPAND(at(w), t, t)
		}
		return t
	}
	or := func(terms ...[]int) VecVirtual {
		acc := term(terms[0]...)
		for _, ws := range terms[1:] {
			t := term(ws...)
			VPOR(t, acc, acc)
		}
		return acc
	}
	not := func(w int) int { return -w - 1 }
	s0 := or(
		[]int{0, 1, 2, 3, 4, 5, 7, not(8)},
		[]int{0, 3, 4, 5, 6, 8},
		[]int{1, 3, 4, 5, 6, 8},
		[]int{2, 3, 4, 5, 6, 8},
		[]int{not(2), not(3), not(6), 8},
		[]int{not(1), not(3), not(6), 8},
		[]int{6, 7, not(8)},
		[]int{not(5), not(6), 8},
		[]int{not(4), not(6), 8},
		[]int{not(7), 8},
	)
	VMOVDQU(s0, out.Offset(0))
	s1 := or(
		[]int{1, 2, 4, 5, 7, 8},
		[]int{3, 4, 5, 7, 8},
		[]int{6, 7, 8},
	)
	VMOVDQU(s1, out.Offset(32))
	sign := YMM()
	VMOVDQU(x.Offset(32*9), sign)
	VMOVDQU(sign, out.Offset(64))

	one := vec.Broadcast32(1)
	var shifts [4]VecVirtual
	for g := range 4 {
		var v []uint32
		for j := range 8 {
			v = append(v, uint32(8*g+j))
		}
		shifts[g] = YMM()
		VMOVDQU(vec.Table32("gaussianShifts"+itoa(g)+"AVX2", v), shifts[g])
	}
	// Dword d of the three words holds coefficients 32d … 32d + 31.
	for d := range 8 {
		for g := range 4 {
			m0, m1, neg := YMM(), YMM(), YMM()
			VPBROADCASTD(out.Offset(4*d), m0)
			VPBROADCASTD(out.Offset(32+4*d), m1)
			VPBROADCASTD(out.Offset(64+4*d), neg)
			VPSRLVD(shifts[g], m0, m0)
			VPSRLVD(shifts[g], m1, m1)
			VPSRLVD(shifts[g], neg, neg)
			VPAND(one, m0, m0)
			VPAND(one, m1, m1)
			VPAND(one, neg, neg)
			VPADDD(m1, m1, m1)
			VPOR(m1, m0, m0) // magnitude
			VPADDD(neg, neg, neg)
			VPSUBD(neg, one, neg) // 1 − 2·sign bit
			VPSIGND(neg, m0, m0)
			VMOVDQU(m0, Mem{Base: e, Disp: 4 * (32*d + 8*g)})
		}
	}
	VZEROUPPER()
	RET()
}
