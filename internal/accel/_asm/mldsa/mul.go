package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// mulKernel emits nttMulAVX512 or nttMulAVX2: the pointwise Montgomery
// product of two NTT-domain polynomials, fully reduced (nttMul).
func mulKernel(c *constants, w *width) {
	name := kernelName("nttMul", w)
	TEXT(name, NOSPLIT, "func(out, a, b *[256]uint32)")
	Pragma("noescape")
	Doc(name+" sets out to the pointwise products a·b·2⁻³² mod q, the result of",
		"nttMul.")
	out := Load(Param("out"), GP64())
	pa := Load(Param("a"), GP64())
	pb := Load(Param("b"), GP64())
	w.setMasks()
	pool := &regPool{free: append([]VecPhysical(nil), w.regs[4:]...)}
	a := newArith(w, c, pool)
	qinv := pool.get()
	VPBROADCASTD(c.at(offQInv), qinv)
	x, y, xo, yo := w.regs[0], w.regs[1], w.regs[2], w.regs[3]
	step := 4 * w.lanes
	for off := 0; off < 4*n; off += step {
		w.load(Mem{Base: pa, Disp: off}, x)
		w.load(Mem{Base: pb, Disp: off}, y)
		VPSRLQ(U8(32), x, xo)
		VPSRLQ(U8(32), y, yo)
		VPMULDQ(y, x, x)
		VPMULDQ(yo, xo, xo)
		a.montReduce64(y, x, xo, qinv)
		a.fixNegative(y, x)
		w.store(Mem{Base: out, Disp: off}, y)
	}
	VZEROUPPER()
	RET()
}

// dotKernel emits nttDotAVX512 or nttDotAVX2: Σ a[j]·b[j]·2⁻³² over count
// consecutive NTT-domain polynomials, with the products accumulated in 64
// bits and reduced once (nttDot). count must be at least 1.
//
// AVX512 multiplies and accumulates the odd lanes in one VPMADD52LUQ
// (IFMA, part of level AVX512): 5 µops per term instead of 6 on 16 lanes
// (the counts are in ifma.go, the figures in docs/PERFORMANCE.md, Engine
// notes).
func dotKernel(c *constants, w *width) {
	name := kernelName("nttDot", w)
	TEXT(name, NOSPLIT, "func(out, a, b *[256]uint32, count int)")
	Pragma("noescape")
	Doc(name+" sets out to the sum of the pointwise products a[j]·b[j]·2⁻³² mod q",
		"for the count polynomials from a and b on, the result of nttDot.")
	out := Load(Param("out"), GP64())
	pa := Load(Param("a"), GP64())
	pb := Load(Param("b"), GP64())
	count := Load(Param("count"), GP64())
	w.setMasks()
	pool := &regPool{free: append([]VecPhysical(nil), w.regs[10:]...)}
	a := newArith(w, c, pool)
	qinv := pool.get()
	VPBROADCASTD(c.at(offQInv), qinv)
	// Two vectors per iteration: accumulators (even, odd) for each.
	accE := [2]VecPhysical{w.regs[0], w.regs[1]}
	accO := [2]VecPhysical{w.regs[2], w.regs[3]}
	x := [2]VecPhysical{w.regs[4], w.regs[5]}
	y := [2]VecPhysical{w.regs[6], w.regs[7]}
	xo, yo := w.regs[8], w.regs[9]
	vecBytes := 4 * w.lanes

	off := GP64()
	XORQ(off, off)
	Label(name + "_vectors")
	ra, rb, cnt := GP64(), GP64(), GP64()
	LEAQ(Mem{Base: pa, Index: off, Scale: 1}, ra)
	LEAQ(Mem{Base: pb, Index: off, Scale: 1}, rb)
	MOVQ(count, cnt)
	for i := range 2 {
		zero(w, accE[i])
		zero(w, accO[i])
	}
	Label(name + "_terms")
	for i := range 2 {
		w.load(Mem{Base: ra, Disp: i * vecBytes}, x[i])
		w.load(Mem{Base: rb, Disp: i * vecBytes}, y[i])
		VPSRLQ(U8(32), x[i], xo)
		VPSRLQ(U8(32), y[i], yo)
		VPMULDQ(y[i], x[i], x[i])
		VPADDQ(x[i], accE[i], accE[i])
		if w.is512() {
			// Both factors are zero-extended and below q, so the
			// product is below 2⁴⁶ and its low 52 bits are all of it.
			VPMADD52LUQ(yo, xo, accO[i])
		} else {
			VPMULDQ(yo, xo, xo)
			VPADDQ(xo, accO[i], accO[i])
		}
	}
	ADDQ(U32(4*n), ra)
	ADDQ(U32(4*n), rb)
	DECQ(cnt)
	JNZ(LabelRef(name + "_terms"))
	// The odd lanes were moved to even positions before multiplying, so
	// both accumulators hold whole 64-bit sums: reduce them.
	for i := range 2 {
		a.montReduce64(y[i], accE[i], accO[i], qinv)
		a.fixNegative(y[i], x[i])
		w.store(Mem{Base: out, Index: off, Scale: 1, Disp: i * vecBytes}, y[i])
	}
	ADDQ(U32(2*vecBytes), off)
	CMPQ(off, U32(4*n))
	JNE(LabelRef(name + "_vectors"))
	VZEROUPPER()
	RET()
}

// zero clears a register with the width's encoding.
func zero(w *width, r VecPhysical) {
	if w.is512() {
		VPXORD(r, r, r)
	} else {
		VPXOR(r, r, r)
	}
}
