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
// Per register of coefficient pairs (a0, a1) of f[j] and (b0, b1) of g[j]:
//
//	(b0', b1') = (b0·R, b1·γ·R) mod q   one Montgomery product by a
//	                                    per-lane constant
//	c0 += a0·b0' + a1·b1'               one VPMADDWD
//	c1 += a0·b1 + a1·b0                 one VPMADDWD with (b1, b0)
//
// c0 and c1 accumulate exactly in 32-bit lanes: each term adds less than
// 2q² in absolute value, so k = 4 terms and init stay below 8q² + q <
// q·2^15, the input range of the 32-bit Montgomery reduction that ends the
// sum by dividing by R. c0 carries a factor R and comes out exact; c1 is
// multiplied by R afterwards. Results are mapped to [0, q).
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
	qv, qinv := r[15], r[14]
	a, bv, bsw, t, h, c0, c1 := r[0], r[1], r[2], r[3], r[4], r[5], r[6]
	w.load(d.splat(q, w.lanes), qv)
	w.load(d.splat(qInv-1<<16, w.lanes), qinv)
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

	// scaleR and scaleQ hold, for pair i, the Montgomery constants that
	// multiply the even word by R and the odd word by γ_i·R.
	_, gammas := zetasAndGammas()
	var sr, sq [n]int16
	for i := range 128 {
		sr[2*i], sq[2*i] = montConstant(rModQ)
		sr[2*i+1], sq[2*i+1] = montConstant(gammas[i] * rModQ % q)
	}
	scaleR, scaleQ := GP64(), GP64()
	LEAQ(d.words(sr[:]), scaleR)
	LEAQ(d.words(sq[:]), scaleQ)
	rR, rQ := montConstant(rModQ) // multiplies by R

	off, j, ptr := GP64(), GP64(), GP64()
	XORQ(off, off)
	Label(name + "_chunk")
	{
		// Variable-time only on whether init is nil, which is public.
		TESTQ(init, init)
		JZ(LabelRef(name + "_noinit"))
		// c0 = e0·R sign-extended to 32 bits, c1 = e1.
		w.load(Mem{Base: init, Index: off, Scale: 1}, c1)
		w.montMul(c0, c1, d.splat(rR, w.lanes), d.splat(rQ, w.lanes), qv, t)
		VPSLLD(U8(16), c0, c0)
		VPSRAD(U8(16), c0, c0)
		VPSRLD(U8(16), c1, c1)
		JMP(LabelRef(name + "_terms"))
		Label(name + "_noinit")
		w.vxor(c0, c0, c0)
		w.vxor(c1, c1, c1)
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
		w.montMul(h, bv, Mem{Base: scaleR, Index: off, Scale: 1}, Mem{Base: scaleQ, Index: off, Scale: 1}, qv, t)
		VPMADDWD(h, a, h)
		VPADDD(h, c0, c0)
		INCQ(j)
		CMPQ(j, k)
		JL(LabelRef(name + "_term"))

		// 32-bit Montgomery reduction: r = hi(c) − hi(lo(c)·q⁻¹·q) ≡ c·R⁻¹
		// in the even words; c1 is then multiplied by R, and both mapped to
		// [0, q).
		for _, c := range []VecPhysical{c0, c1} {
			VPMULLW(qinv, c, t)
			VPMULHW(qv, t, t)
			VPSRLD(U8(16), c, c)
			VPSUBW(t, c, c)
			if c == c1 {
				w.montMul(c, c, d.splat(rR, w.lanes), d.splat(rQ, w.lanes), qv, t)
			}
			w.normalise(c, qv, t)
		}
		VPSLLD(U8(16), c1, c1)
		if w.lanes == 32 {
			VPBLENDMW(c1, c0, K1, c0)
		} else {
			VPBLENDW(U8(0xaa), c1, c0, c0)
		}
		w.store(c0, Mem{Base: out, Index: off, Scale: 1})
	}
	ADDQ(U32(w.bytes()), off)
	CMPQ(off, U32(2*n))
	JL(LabelRef(name + "_chunk"))
	w.end()
}
