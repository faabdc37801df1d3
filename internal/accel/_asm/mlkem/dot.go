package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// dotProductKernel emits out = init + Σ_{j<k} f[j] ∘ g[j] in T_q (FIPS 203,
// Algorithm 11: the base-case products of Algorithm 12 on the 128 pairs of
// coefficients), with init optional (nil), for inputs in [0, q).
//
// Per register of coefficient pairs (a0, a1), (b0, b1):
//
//	c1 = a0·b1 + a1·b0        one VPMADDWD of (a0, a1) with (b1, b0)
//	u  = a1·b1·γ mod q        two Montgomery products, the second by γ·R
//	c0 = a0·b0 + u            one VPMADDWD of (a0, u) with (b0, 1)
//
// c0 and c1 accumulate exactly in 32-bit lanes: each term adds less than
// 2q², so k = 4 terms and init stay below 8q² + q < q·2^15, the input range
// of the 32-bit Montgomery reduction that ends the sum; a Montgomery product
// by R² mod q undoes its division by R, and the result is mapped to [0, q).
func dotProductKernel(w width) {
	name := w.name("dotProduct")
	TEXT(name, NOSPLIT, sig("out *[256]uint16", "init *[256]uint16", "a *[4]*[256]uint16", "b *[4]*[256]uint16", "k int"))
	Pragma("noescape")
	Doc(name + " sets out = init + Σ_{j<k} a[j] ∘ b[j] in T_q (FIPS 203, Algorithms 11 and 12), reduced to [0, q); init may be nil. Inputs must be in [0, q) and k at most 4.")
	out := Load(Param("out"), GP64())
	init := Load(Param("init"), GP64())
	fp := Load(Param("a"), GP64())
	gp := Load(Param("b"), GP64())
	k := Load(Param("k"), GP64())

	d := w.data
	r := w.regs
	qv, qinv, one, lowMask := r[15], r[14], r[13], r[12]
	a, bv, bsw, t, h, c0, c1 := r[0], r[1], r[2], r[3], r[4], r[5], r[6]
	w.load(d.splat(q, w.lanes), qv)
	w.load(d.splat(qInv-1<<16, w.lanes), qinv)
	oneOdd := make([]int16, w.lanes)
	low := make([]int16, w.lanes)
	for i := 0; i < w.lanes; i += 2 {
		oneOdd[i+1] = 1
		low[i] = -1
	}
	w.load(d.words(oneOdd), one)
	w.load(d.words(low), lowMask)
	var swap VecPhysical
	if w.lanes == 32 {
		// K1 selects the odd words, for VPBLENDMW.
		m := GP32()
		MOVL(U32(0xaaaaaaaa), m)
		KMOVD(m, K1)
	} else {
		swap = r[11]
		pattern := make([]byte, 32)
		for i := 0; i < 32; i += 4 {
			pattern[i], pattern[i+1], pattern[i+2], pattern[i+3] = byte(i%16+2), byte(i%16+3), byte(i%16), byte(i%16+1)
		}
		w.load(d.raw(pattern), swap)
	}
	blendOdd := func(odd, even, dst VecPhysical) { // dst = odd words of odd, even words of even
		if w.lanes == 32 {
			VPBLENDMW(odd, even, K1, dst)
		} else {
			VPBLENDW(U8(0xaa), odd, even, dst)
		}
	}
	and := func(x, y, dst VecPhysical) {
		if w.lanes == 32 {
			VPANDD(x, y, dst)
		} else {
			VPAND(x, y, dst)
		}
	}
	xor := func(x, y, dst VecPhysical) {
		if w.lanes == 32 {
			VPXORD(x, y, dst)
		} else {
			VPXOR(x, y, dst)
		}
	}

	// gammaR and gammaQ hold, in the odd word of pair i, the Montgomery
	// constant for γ_i·R (so that multiplying a1·b1·R⁻¹ by it gives
	// a1·b1·γ_i); the even words repeat it and are never used.
	_, gammas := zetasAndGammas()
	var gr, gq [n]int16
	for i := range 128 {
		cR, cQ := montConstant(gammas[i] * rModQ % q)
		gr[2*i], gr[2*i+1], gq[2*i], gq[2*i+1] = cR, cR, cQ, cQ
	}
	gammaR, gammaQ := GP64(), GP64()
	LEAQ(d.words(gr[:]), gammaR)
	LEAQ(d.words(gq[:]), gammaQ)
	r2R, r2Q := montConstant(rModQ) // multiplies by R: undoes the reduction's R⁻¹

	off, j, ptr := GP64(), GP64(), GP64()
	XORQ(off, off)
	Label(name + "_chunk")
	{
		// Variable-time only on whether init is nil, which is public.
		TESTQ(init, init)
		JZ(LabelRef(name + "_noinit"))
		w.load(Mem{Base: init, Index: off, Scale: 1}, c1)
		and(lowMask, c1, c0)
		VPSRLD(U8(16), c1, c1)
		JMP(LabelRef(name + "_terms"))
		Label(name + "_noinit")
		xor(c0, c0, c0)
		xor(c1, c1, c1)
		Label(name + "_terms")
		XORQ(j, j)
		Label(name + "_term")
		MOVQ(Mem{Base: fp, Index: j, Scale: 8}, ptr)
		w.load(Mem{Base: ptr, Index: off, Scale: 1}, a)
		MOVQ(Mem{Base: gp, Index: j, Scale: 8}, ptr)
		w.load(Mem{Base: ptr, Index: off, Scale: 1}, bv)
		if w.lanes == 32 {
			VPROLD(U8(16), bv, bsw)
		} else {
			VPSHUFB(swap, bv, bsw)
		}
		VPMADDWD(bsw, a, bsw)
		VPADDD(bsw, c1, c1)
		// h = a·b·R⁻¹ (odd words: a1·b1·R⁻¹), then h = h·γR·R⁻¹ = a1·b1·γ.
		VPMULLW(bv, a, t)
		VPMULLW(qinv, t, t)
		VPMULHW(bv, a, h)
		VPMULHW(qv, t, t)
		VPSUBW(t, h, h)
		w.montMul(h, h, Mem{Base: gammaR, Index: off, Scale: 1}, Mem{Base: gammaQ, Index: off, Scale: 1}, qv, t)
		blendOdd(h, a, a)
		blendOdd(one, bv, bv)
		VPMADDWD(bv, a, a)
		VPADDD(a, c0, c0)
		INCQ(j)
		CMPQ(j, k)
		JL(LabelRef(name + "_term"))

		// 32-bit Montgomery reduction: r = hi(c) − hi(lo(c)·q⁻¹·q) ≡ c·R⁻¹
		// in the even words, then a product by R² mod q and [0, q).
		for _, c := range []VecPhysical{c0, c1} {
			VPMULLW(qinv, c, t)
			VPMULHW(qv, t, t)
			VPSRLD(U8(16), c, c)
			VPSUBW(t, c, c)
			w.montMul(c, c, d.splat(r2R, w.lanes), d.splat(r2Q, w.lanes), qv, t)
			w.normalise(c, qv, t)
		}
		VPSLLD(U8(16), c1, c1)
		blendOdd(c1, c0, c0)
		w.store(c0, Mem{Base: out, Index: off, Scale: 1})
	}
	ADDQ(U32(w.bytes()), off)
	CMPQ(off, U32(2*n))
	JL(LabelRef(name + "_chunk"))
	w.end()
}
