package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/vec"
)

// encodeRqKernel emits encodeRq<logQ>AVX2(b, a), the inverse of
// decodeRqKernel's unpacking (the layout is at decodeRqKernel and
// encodeRq): the top bytes packed from 32-bit lanes (VPACKUSDW,
// VPACKUSWB, then VPERMD into order), and each tail word accumulated from
// its coefficients' low bits by constant shifts, eight words a register,
// packed to 16 bits. Coefficients must lie in [0, q).
func encodeRqKernel(logQ int) {
	name := "encodeRq" + itoa(logQ) + "AVX2"
	low := logQ - 8
	TEXT(name, NOSPLIT, "func(b *["+itoa(logQ*n/8)+"]byte, a *[256]int32)")
	Pragma("noescape")
	Doc(name + " writes the packing of a, coefficients in [0, 2^" + itoa(logQ) + "), to b (the reference's layout; see encodeRq).")
	b := Load(Param("b"), GP64())
	a := Load(Param("a"), GP64())
	order := YMM()
	VMOVDQU(vec.Table32("encodeRqOrderAVX2", []uint32{0, 4, 1, 5, 2, 6, 3, 7}), order)
	for q := range n / 32 {
		var y [4]VecVirtual
		for j := range 4 {
			y[j] = YMM()
			VMOVDQU(Mem{Base: a, Disp: 4 * (32*q + 8*j)}, y[j])
			VPSRLD(U8(low), y[j], y[j])
		}
		VPACKUSDW(y[1], y[0], y[0])
		VPACKUSDW(y[3], y[2], y[2])
		VPACKUSWB(y[2], y[0], y[0])
		VPERMD(y[0], order, y[0])
		VMOVDQU(y[0], Mem{Base: b, Disp: 32 * q})
	}
	mask := vec.Broadcast32(1<<low - 1)
	one := vec.Broadcast32(1)
	coeffs := func(c int) Mem { return Mem{Base: a, Disp: 4 * c} }
	for i := range low {
		var acc [2]VecVirtual
		for h := range 2 {
			acc[h] = YMM()
			t := YMM()
			if logQ == 10 {
				VPXOR(acc[h], acc[h], acc[h])
				for m := range 8 {
					VMOVDQU(coeffs(128*i+16*m+8*h), t)
					VPAND(mask, t, t)
					VPSLLD(U8(14-2*m), t, t)
					VPOR(t, acc[h], acc[h])
				}
			} else {
				VMOVDQU(coeffs(8*h), acc[h])
				if i > 0 {
					VPSRLD(U8(i), acc[h], acc[h])
				}
				VPAND(one, acc[h], acc[h])
				for m := 1; m <= 5; m++ {
					VMOVDQU(coeffs(80*i+16*m+8*h), t)
					VPAND(mask, t, t)
					VPSLLD(U8(16-3*m), t, t)
					VPOR(t, acc[h], acc[h])
				}
			}
		}
		VPACKUSDW(acc[1], acc[0], acc[0])
		VPERMQ(U8(0xd8), acc[0], acc[0])
		VMOVDQU(acc[0], Mem{Base: b, Disp: n + 32*i})
	}
	VZEROUPPER()
	RET()
}
