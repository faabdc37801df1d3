package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// polyAddSubKernel emits out = a + b mod q (or a − b mod q) coefficient-wise
// for inputs in [0, q): the sum (or a − b + q) is in [0, 2q), and one
// unsigned minimum with its value minus q reduces it.
func polyAddSubKernel(w width, sub bool) {
	name := w.name("polyAdd")
	op := "a + b"
	if sub {
		name, op = w.name("polySub"), "a − b"
	}
	TEXT(name, NOSPLIT, sig("out *[256]uint16", "a *[256]uint16", "b *[256]uint16"))
	Pragma("noescape")
	Doc(name + " sets out = " + op + " mod q coefficient-wise, for coefficients in [0, q).")
	out := Load(Param("out"), GP64())
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	r := w.regs
	qv := r[15]
	w.load(w.data.splat(q, w.lanes), qv)
	for i := 0; i < 2*n; i += w.bytes() {
		x, y, t := r[(3*i/w.bytes())%12], r[(3*i/w.bytes()+1)%12], r[(3*i/w.bytes()+2)%12]
		w.load(Mem{Base: a, Disp: i}, x)
		w.load(Mem{Base: b, Disp: i}, y)
		if sub {
			VPADDW(qv, x, x)
			VPSUBW(y, x, x)
		} else {
			VPADDW(y, x, x)
		}
		w.reduceOnce(x, qv, t)
		w.store(x, Mem{Base: out, Disp: i})
	}
	w.end()
}

// constantTimeEqualKernel emits a comparison of two byte strings whose
// length is a multiple of 32 that reads every byte whatever the contents:
// the OR of their XORs, tested once at the end.
func constantTimeEqualKernel() {
	name := "constantTimeEqualAVX2"
	TEXT(name, NOSPLIT, "func(a *byte, b *byte, blocks int) int")
	Pragma("noescape")
	Doc(name + " returns 1 if the 32·blocks bytes at a and b are equal and 0 otherwise, in time independent of their contents.")
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	blocks := Load(Param("blocks"), GP64())
	acc, x := Y0, Y1
	VPXOR(acc, acc, acc)
	Label(name + "_loop")
	VMOVDQU(Mem{Base: a}, x)
	VPXOR(Mem{Base: b}, x, x)
	VPOR(x, acc, acc)
	ADDQ(U8(32), a)
	ADDQ(U8(32), b)
	DECQ(blocks)
	JNZ(LabelRef(name + "_loop"))
	r := GP64()
	XORQ(r, r)
	VPTEST(acc, acc)
	SETEQ(r.As8())
	Store(r, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// constantTimeSelectKernel emits constantTimeSelectAVX2: dst = b ⊕ (mask ∧
// (a ⊕ b)) over 32-byte blocks, mask being all ones for choice 1 and zero
// for choice 0, with no branch on choice.
func constantTimeSelectKernel() {
	name := "constantTimeSelectAVX2"
	TEXT(name, NOSPLIT, "func(dst *byte, a *byte, b *byte, blocks int, choice int)")
	Pragma("noescape")
	Doc(name + " sets the 32·blocks bytes at dst to those at a if choice is 1 and to those at b if choice is 0, in time independent of choice and of the bytes.")
	dst := Load(Param("dst"), GP64())
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	blocks := Load(Param("blocks"), GP64())
	choice := Load(Param("choice"), GP64())
	NEGQ(choice) // 0 or all ones
	mask, x, y := Y0, Y1, Y2
	MOVQ(choice, mask.AsX())
	VPBROADCASTQ(mask.AsX(), mask)
	Label(name + "_loop")
	VMOVDQU(Mem{Base: b}, y)
	VPXOR(Mem{Base: a}, y, x)
	VPAND(mask, x, x)
	VPXOR(y, x, x)
	VMOVDQU(x, Mem{Base: dst})
	ADDQ(U8(32), a)
	ADDQ(U8(32), b)
	ADDQ(U8(32), dst)
	DECQ(blocks)
	JNZ(LabelRef(name + "_loop"))
	VZEROUPPER()
	RET()
}
