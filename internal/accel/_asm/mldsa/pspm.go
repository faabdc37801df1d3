package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Packed sparse products (PSPM) c·s: the biased table T = (η − s, η + s,
// η − s) of s holds bytes in [0, 2η], so a register adds 64 (zmm) or 32
// (ymm) coefficients of a window at once. A coefficient of c at p adds the
// window B at byte 256 − p of a 512-byte view of T (the caller starts the
// view 256 bytes in for −c·s) whatever its sign: B for +1, B XOR all ones
// for −1, the mask broadcast from the sign list beside the offsets. The sums
// are 64-bit additions, so that a register holds what the portable kernel's
// words hold: after every group of windows small enough not to overflow a
// byte (⌊255/2η⌋), and at the end, N·(2η·0x0101…01 + 1) for the group's N
// negative windows turns them into the byte sums of the biased values, which
// are widened into 16-bit sums on the stack. The positions of c choose the
// addresses and τ the count of windows and when a widening happens: that is
// what SampleInBall's stores expose, public for the signature that is output,
// and for a rejected candidate discarded (see pspm.go). The signs and the
// table values only flow through XORs, additions and the multiplication by
// N, the same for every c of the same positions and every s.

// packedKernel emits packedMul<width>(out, base *[256]uint32, table
// *[512]byte, windows, signs *[256]uint32, count, group int, top uint64,
// bias uint32): out = base + Σ windows − bias mod q, fully reduced, for the
// 256-byte windows of table at the offsets windows[:count], each XORed with
// its sign mask, widened after every group windows.
func packedKernel(c *constants, w *width) {
	name := kernelName("packedMul", w)
	TEXT(name, NOSPLIT, "func(out, base *[256]uint32, table *[512]byte, windows, signs *[256]uint32, count, group int, top uint64, bias uint32)")
	Pragma("noescape")
	Doc(name+" sets out to base + Σ windows − bias mod q, fully reduced, for the",
		"256-byte windows B of table at the offsets windows[:count], each taken as B",
		"for a sign mask 0 and top − B for all ones, summed bytewise and widened after",
		"every group windows: base ± c·s for the biased table of s.")
	vecBytes := 4 * w.lanes
	acc := w.regs[:n/vecBytes] // byte sums: 4 zmm or 8 ymm
	qv, biasv, x, t, hi := w.regs[8], w.regs[9], w.regs[10], w.regs[11], w.regs[12]
	mask, tmp := w.regs[13], w.regs[14:16]
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
	table := Load(Param("table"), GP64())
	windows := Load(Param("windows"), GP64())
	signs := Load(Param("signs"), GP64())
	cnt := Load(Param("count"), GP64())
	room := Load(Param("group"), GP64())
	unit := Load(Param("top"), GP64()) // top·0x0101…01 + 1
	bytes := GP64()
	MOVQ(U64(0x0101010101010101), bytes)
	IMULQ(bytes, unit)
	INCQ(unit)
	negatives, k := GP64(), GP64()
	XORL(negatives.As32(), negatives.As32())
	XORL(k.As32(), k.As32())
	// widen adds negatives·unit to the sums, making them the byte sums of
	// the biased values, adds those to the 16-bit sums and clears them.
	widen := func() {
		IMULQ(unit, negatives)
		if w.is512() {
			VPBROADCASTQ(negatives, mask)
		} else {
			VMOVQ(negatives, mask.AsX())
			VPBROADCASTQ(mask.AsX(), mask)
		}
		XORL(negatives.As32(), negatives.As32())
		for v, r := range acc {
			VPADDQ(mask, r, r)
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
	ptr, off := GP64(), GP64()
	TESTQ(cnt, cnt)
	JZ(LabelRef("packed_done_" + w.name))
	Label("packed_window_" + w.name)
	MOVL(Mem{Base: windows, Index: k, Scale: 4}, off.As32())
	LEAQ(Mem{Base: table, Index: off, Scale: 1}, ptr)
	sign := Mem{Base: signs, Index: k, Scale: 4}
	VPBROADCASTD(sign, mask)
	SUBL(sign, negatives.As32()) // +1 for a mask of all ones
	for v, r := range acc {
		window := Mem{Base: ptr, Disp: vecBytes * v}
		tv := tmp[v%len(tmp)]
		if w.is512() {
			VPXORQ(window, mask, tv)
		} else {
			VPXOR(window, mask, tv)
		}
		VPADDQ(tv, r, r)
	}
	INCQ(k)
	DECQ(room)
	JNZ(LabelRef("packed_next_" + w.name))
	widen()
	Load(Param("group"), room)
	Label("packed_next_" + w.name)
	CMPQ(k, cnt)
	JNE(LabelRef("packed_window_" + w.name))
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

// challengeKernels emits challengeWindows<width>(windows, signs, c
// *[256]uint32) int: the window offsets 256 − p of c's nonzero coefficients
// in order, their sign masks (0 for a 1, all ones for a q − 1) and their
// count. At AVX-512 each block of 16 coefficients is compressed with
// VPCOMPRESSD and stored whole (the 16 words stay within the arrays, since
// at most 16·b entries precede block b); at AVX2 the compactor stores the 8
// lanes of a block that are nonzero, its permutation computed from their
// pattern with PDEP/PEXT (storeEachNoTable) rather than read from its
// table: a table entry's cache line would show which of the block's lanes
// 3–7 are nonzero, finer than what SampleInBall's stores and the packed
// products' window reads show of c's positions (their cache lines, 16 and
// 64 coefficients wide). What remains is the store offset, the count of
// nonzero coefficients before each block, as at AVX-512. The signs are
// data, moved the same way whatever they are.
func challengeKernels(cs *compactor) {
	first := GLOBL("mldsaWindowStart", RODATA|NOPTR)
	for i := range 16 {
		DATA(4*i, U32(n-i))
	}
	for _, w := range []*width{avx512, avx2} {
		name := kernelName("challengeWindows", w)
		TEXT(name, NOSPLIT, "func(windows, signs, c *[256]uint32) int")
		Pragma("noescape")
		Doc(name+" writes the window offsets 256 − p of c's nonzero coefficients to",
			"windows, their sign masks (0 for a 1, all ones for a q − 1) to signs,",
			"and returns their count.")
		outWindows := Load(Param("windows"), GP64())
		outSigns := Load(Param("signs"), GP64())
		in := Load(Param("c"), GP64())
		count := GP64()
		XORQ(count, count)
		idx, step, sign, x, t, accept := w.regs[0], w.regs[1], w.regs[2], w.regs[3], w.regs[4], w.regs[5]
		w.load(first, idx)
		t32 := GP32()
		MOVL(U32(w.lanes), t32)
		broadcast(w, t32, step)
		if !w.is512() {
			cs.setup()
			VPXOR(w.regs[8], w.regs[8], w.regs[8])
		}
		for blk := range n / w.lanes {
			w.load(Mem{Base: in, Disp: 4 * w.lanes * blk}, x)
			VPSLLD(U8(31-22), x, sign) // bit 22, set in q − 1 and not in 1, to the top
			VPSRAD(U8(31), sign, sign)
			if w.is512() {
				VPTESTMD(x, x, K1)
				VPCOMPRESSD_Z(idx, K1, t)
				w.store(Mem{Base: outWindows, Index: count, Scale: 4}, t)
				VPCOMPRESSD_Z(sign, K1, sign)
				w.store(Mem{Base: outSigns, Index: count, Scale: 4}, sign)
				addPopCount(K1, count)
			} else {
				VMOVDQU(idx, t)
				VPCMPGTD(w.regs[8], x, accept) // x > 0: nonzero
				cs.storeEachNoTable(accept, count, []VecPhysical{t, sign}, []Register{outWindows, outSigns})
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
