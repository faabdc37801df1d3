package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Sparse products c·s for the challenge c (τ coefficients ±1) and a secret
// s with small coefficients, without the NTT: with the negacyclic table
// T = (−s, s) of 512 signed words, X^p·s is the window T[256−p … 512−p), so
// c·s is the sum of the windows of c's +1 positions minus those of its −1
// positions, accumulated exactly in 32-bit lanes (|c·s| ≤ τ·η). The
// positions of c choose the addresses: c is public for the signature that
// is output, and a rejected candidate's c is discarded (the same argument as
// for SampleInBall's timing); the table values only flow through additions.

// sparseKernel emits sparseMulAVX512(out, base *[256]uint32, table
// *[512]int32, plus, minus *[256]uint16, nPlus, nMinus int, negate bool):
// out = base + c·s mod q (or base − c·s with negate), fully reduced, where
// plus and minus hold 256 − p for the positions p of c's +1 and −1.
func sparseKernel(c *constants) {
	w := avx512
	TEXT("sparseMulAVX512", NOSPLIT, "func(out, base *[256]uint32, table *[512]int32, plus, minus *[256]uint16, nPlus, nMinus int, negate bool)")
	Pragma("noescape")
	Doc("sparseMulAVX512 sets out to base + c·s mod q, or base − c·s with negate, fully",
		"reduced, for the table (−s, s) of s and the window offsets 256 − p of the",
		"positions p of c's +1 (plus) and −1 (minus) coefficients.")
	table := Load(Param("table"), GP64())
	acc := w.regs[:16]
	for _, r := range acc {
		VPXORD(r, r, r)
	}
	ptr, off := GP64(), GP64()
	for _, list := range []struct {
		list, count string
		op          func(m Op, r VecPhysical)
	}{
		{"plus", "nPlus", func(m Op, r VecPhysical) { VPADDD(m, r, r) }},
		{"minus", "nMinus", func(m Op, r VecPhysical) { VPSUBD(m, r, r) }},
	} {
		idx := Load(Param(list.list), GP64())
		cnt := Load(Param(list.count), GP64())
		loop, done := "sparse_"+list.list, "sparse_"+list.list+"_done"
		TESTQ(cnt, cnt)
		JZ(LabelRef(done))
		Label(loop)
		MOVWQZX(Mem{Base: idx}, off)
		LEAQ(Mem{Base: table, Index: off, Scale: 4}, ptr)
		for v, r := range acc {
			list.op(Mem{Base: ptr, Disp: 64 * v}, r)
		}
		ADDQ(U8(2), idx)
		DECQ(cnt)
		JNZ(LabelRef(loop))
		Label(done)
	}
	// out = base ± acc, from (−q − τη, q + τη) into [0, q).
	out := Load(Param("out"), GP64())
	base := Load(Param("base"), GP64())
	neg := Load(Param("negate"), GP8())
	qv, x, t := w.regs[16], w.regs[17], w.regs[18]
	VPBROADCASTD(c.at(offQ), qv)
	emit := func(sub bool) {
		for v, r := range acc {
			w.load(Mem{Base: base, Disp: 64 * v}, x)
			if sub {
				VPSUBD(r, x, x)
			} else {
				VPADDD(r, x, x)
			}
			VPADDD(qv, x, t) // negative: x + q
			VPMINUD(t, x, x)
			VPSUBD(qv, x, t) // at least q: x − q
			VPMINUD(t, x, x)
			w.store(Mem{Base: out, Disp: 64 * v}, x)
		}
	}
	TESTB(neg, neg)
	JNZ(LabelRef("sparse_negate"))
	emit(false)
	VZEROUPPER()
	RET()
	Label("sparse_negate")
	emit(true)
	VZEROUPPER()
	RET()
}
