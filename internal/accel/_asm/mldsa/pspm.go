package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Packed sparse products (PSPM) c·s: the biased table T = (η − s, η + s,
// η − s, η + s) of s holds bytes in [0, 2η], so a register adds 64 (zmm) or
// 32 (ymm) coefficients of a window at once. A +1 of c at p adds the window
// at byte 256 − p, a −1 the window at 512 − p; the kernels take the windows
// as a list of offsets into a 768-byte view of T (the caller starts the view
// 256 bytes in for −c·s). The byte sums are widened into 16-bit sums on the
// stack after every group of windows small enough not to overflow a byte
// (⌊255/2η⌋), and at the end. The positions of c choose the addresses and
// the count of windows when a widening happens: c is public for the
// signature that is output, and a rejected candidate's c is discarded (the
// argument of SampleInBall's timing); the table values only flow through
// additions, the same for every s.

// packedKernel emits packedMul<width>(out, base *[256]uint32, table
// *[768]byte, windows *[256]uint32, count, group int, bias uint32): out =
// base + Σ windows − bias mod q, fully reduced, for the 256-byte windows of
// table at the offsets windows[:count], widened after every group windows.
func packedKernel(c *constants, w *width) {
	name := kernelName("packedMul", w)
	TEXT(name, NOSPLIT, "func(out, base *[256]uint32, table *[768]byte, windows *[256]uint32, count, group int, bias uint32)")
	Pragma("noescape")
	Doc(name+" sets out to base + Σ windows − bias mod q, fully reduced, for the",
		"256-byte windows of table at the offsets windows[:count], summed bytewise",
		"and widened after every group windows: base ± c·s for the biased table of s.")
	vecBytes := 4 * w.lanes
	acc := w.regs[:n/vecBytes] // byte sums: 4 zmm or 8 ymm
	qv, biasv, x, t, hi := w.regs[8], w.regs[9], w.regs[10], w.regs[11], w.regs[12]
	wide := AllocLocal(2 * n) // 16-bit sums
	zero := func(r VecPhysical) {
		if w.is512() {
			VPXORD(r, r, r)
		} else {
			VPXOR(r, r, r)
		}
	}
	zero(t)
	for off := 0; off < 2*n; off += vecBytes {
		w.store(wide.Offset(off), t)
	}
	for _, r := range acc {
		zero(r)
	}
	// widen adds the byte sums to the 16-bit sums and clears them.
	widen := func() {
		for v, r := range acc {
			if w.is512() {
				VPMOVZXBW(r.AsY(), t)
				VEXTRACTI64X4(U8(1), r, hi.AsY())
				VPMOVZXBW(hi.AsY(), hi)
			} else {
				VPMOVZXBW(r.AsX(), t)
				VEXTRACTI128(U8(1), r, hi.AsX())
				VPMOVZXBW(hi.AsX(), hi)
			}
			lo, up := wide.Offset(2*vecBytes*v), wide.Offset(2*vecBytes*v+vecBytes)
			VPADDW(lo, t, t)
			VPADDW(up, hi, hi)
			w.store(lo, t)
			w.store(up, hi)
			zero(r)
		}
	}
	table := Load(Param("table"), GP64())
	room := Load(Param("group"), GP64())
	idx := Load(Param("windows"), GP64())
	cnt := Load(Param("count"), GP64())
	ptr, off := GP64(), GP64()
	TESTQ(cnt, cnt)
	JZ(LabelRef("packed_done_" + w.name))
	Label("packed_window_" + w.name)
	MOVL(Mem{Base: idx}, off.As32())
	LEAQ(Mem{Base: table, Index: off, Scale: 1}, ptr)
	for v, r := range acc {
		VPADDB(Mem{Base: ptr, Disp: vecBytes * v}, r, r)
	}
	ADDQ(U8(4), idx)
	DECQ(room)
	JNZ(LabelRef("packed_next_" + w.name))
	widen()
	Load(Param("group"), room)
	Label("packed_next_" + w.name)
	DECQ(cnt)
	JNZ(LabelRef("packed_window_" + w.name))
	Label("packed_done_" + w.name)
	widen()
	// out = base + sums − bias, from (−τη, q + τη) into [0, q).
	out := Load(Param("out"), GP64())
	base := Load(Param("base"), GP64())
	broadcast(w, Load(Param("bias"), GP32()).(GPVirtual), biasv)
	VPBROADCASTD(c.at(offQ), qv)
	for i := 0; i < n; i += w.lanes {
		VPMOVZXWD(wide.Offset(2*i), t)
		VPADDD(Mem{Base: base, Disp: 4 * i}, t, x)
		VPSUBD(biasv, x, x)
		VPADDD(qv, x, t) // negative: x + q
		VPMINUD(t, x, x)
		VPSUBD(qv, x, t) // at least q: x − q
		VPMINUD(t, x, x)
		w.store(Mem{Base: out, Disp: 4 * i}, x)
	}
	VZEROUPPER()
	RET()
}

// challengeKernels emits challengeWindows<width>(windows, c *[256]uint32)
// int: the window offsets of c's nonzero coefficients in order, 256 − p
// for a 1 at p and 512 − p for a q − 1, and their count. At AVX-512 each
// block of 16 coefficients is compressed with VPCOMPRESSD and stored whole
// (the 16 words stay within windows, since at most 16·b offsets precede
// block b); at AVX2 the compactor stores the 8 lanes of a block that are
// nonzero, with its table indexed by their pattern. The nonzero pattern is
// c's, public (see above).
func challengeKernels(cs *compactor) {
	first := GLOBL("mldsaWindowStart", RODATA|NOPTR)
	for i := range 16 {
		DATA(4*i, U32(n-i))
	}
	for _, w := range []*width{avx512, avx2} {
		name := kernelName("challengeWindows", w)
		TEXT(name, NOSPLIT, "func(windows, c *[256]uint32) int")
		Pragma("noescape")
		Doc(name+" writes the window offsets of c's nonzero coefficients, 256 − p",
			"for a 1 at p and 512 − p for a q − 1, to windows and returns their count.")
		out := Load(Param("windows"), GP64())
		in := Load(Param("c"), GP64())
		count := GP64()
		XORQ(count, count)
		idx, step, minusBit, x, t, accept := w.regs[0], w.regs[1], w.regs[2], w.regs[3], w.regs[4], w.regs[5]
		w.load(first, idx)
		t32 := GP32()
		MOVL(U32(w.lanes), t32)
		broadcast(w, t32, step)
		MOVL(U32(1<<22), t32) // set in q − 1, not in 1
		broadcast(w, t32, minusBit)
		if !w.is512() {
			cs.setup(w.regs[6], w.regs[7])
			VPXOR(w.regs[8], w.regs[8], w.regs[8])
		}
		for blk := range n / w.lanes {
			w.load(Mem{Base: in, Disp: 4 * w.lanes * blk}, x)
			if w.is512() {
				VPANDD(minusBit, x, t)
			} else {
				VPAND(minusBit, x, t)
			}
			VPSRLD(U8(22-8), t, t) // 256 for q − 1
			VPADDD(idx, t, t)
			if w.is512() {
				VPTESTMD(x, x, K1)
				VPCOMPRESSD_Z(t, K1, t)
				w.store(Mem{Base: out, Index: count, Scale: 4}, t)
				addPopCount(K1, count)
			} else {
				VPCMPGTD(w.regs[8], x, accept) // x > 0: nonzero
				cs.store(t, accept, out, count)
			}
			VPSUBD(step, idx, idx)
		}
		Store(count, ReturnIndex(0))
		VZEROUPPER()
		RET()
	}
}

// broadcast sets every 32-bit lane of v to r.
func broadcast(w *width, r GPVirtual, v VecPhysical) {
	if w.is512() {
		VPBROADCASTD(r, v)
		return
	}
	VMOVD(r, v.AsX())
	VPBROADCASTD(v.AsX(), v)
}
