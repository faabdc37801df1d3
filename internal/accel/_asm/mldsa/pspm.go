package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Packed sparse products (PSPM) c·s: the biased table T = (η − s, η + s,
// η − s) of s holds 3·256 bytes in [0, 2η], so a register adds 64 (zmm) or
// 32 (ymm) coefficients of a window at once. A +1 of c at p adds the window
// at byte 256 − p, a −1 the window 256 bytes further. The byte sums are
// widened into 16-bit sums on the stack after every group of windows small
// enough not to overflow a byte (⌊255/2η⌋), and at the end. The positions
// of c choose the addresses and the count of windows when a widening
// happens: c is public for the signature that is output, and a rejected
// candidate's c is discarded (the argument of SampleInBall's timing); the
// table values only flow through additions, the same for every s.

// packedKernel emits packedMul<width>(out, base *[256]uint32, table
// *[768]byte, plus, minus *[256]uint16, nPlus, nMinus, group int, bias
// uint32): out = base + Σ windows − bias mod q, fully reduced, the windows
// of table taken at the byte offsets in plus[:nPlus] and, 256 bytes further,
// minus[:nMinus], widened after every group windows.
func packedKernel(c *constants, w *width) {
	name := kernelName("packedMul", w)
	TEXT(name, NOSPLIT, "func(out, base *[256]uint32, table *[768]byte, plus, minus *[256]uint16, nPlus, nMinus, group int, bias uint32)")
	Pragma("noescape")
	Doc(name+" sets out to base + Σ windows − bias mod q, fully reduced, for the",
		"windows of table at the byte offsets plus[:nPlus] and 256 + minus[:nMinus],",
		"summed bytewise and widened after every group windows: base ± c·s for the",
		"biased table of s.")
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
	ptr, off, idx, cnt := GP64(), GP64(), GP64(), GP64()
	for _, list := range []struct {
		list, count string
		disp        int
	}{{"plus", "nPlus", 0}, {"minus", "nMinus", n}} {
		Load(Param(list.list), idx)
		Load(Param(list.count), cnt)
		loop := name + "_" + list.list
		TESTQ(cnt, cnt)
		JZ(LabelRef(loop + "_done"))
		Label(loop)
		MOVWQZX(Mem{Base: idx}, off)
		LEAQ(Mem{Base: table, Index: off, Scale: 1}, ptr)
		for v, r := range acc {
			VPADDB(Mem{Base: ptr, Disp: list.disp + vecBytes*v}, r, r)
		}
		ADDQ(U8(2), idx)
		DECQ(room)
		JNZ(LabelRef(loop + "_next"))
		widen()
		Load(Param("group"), room)
		Label(loop + "_next")
		DECQ(cnt)
		JNZ(LabelRef(loop))
		Label(loop + "_done")
	}
	widen()
	// out = base + sums − bias, from (−τη, q + τη) into [0, q).
	out := Load(Param("out"), GP64())
	base := Load(Param("base"), GP64())
	bias := Load(Param("bias"), GP32())
	if w.is512() {
		VPBROADCASTD(bias, biasv)
	} else {
		VMOVD(bias, biasv.AsX())
		VPBROADCASTD(biasv.AsX(), biasv)
	}
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
