package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// rejectKernel emits the rejection sampling of SampleNTT (FIPS 203,
// Algorithm 7, lines 5–15) on 24-byte groups of XOF output: each group holds
// 16 candidates of 12 bits, and those below q are appended to out in order.
// It stops after the group that brings the count to limit or more, so out
// needs 15 words of slack beyond limit; the caller keeps the first limit.
//
// It runs on the expansion of the public seed ρ: the loop's exit and the
// store positions depend on public data only.
func rejectKernel(w width) {
	name := w.name("sampleNTTReject")
	TEXT(name, NOSPLIT, "func(out *[272]uint16, buf *byte, groups int, limit int) int")
	Pragma("noescape")
	Doc(name + " appends the 12-bit candidates below q of groups·24 bytes at buf to out, in order, stopping once limit are found, and returns how many it wrote (at most limit + 15).")
	out := Load(Param("out"), GP64())
	buf := Load(Param("buf"), GP64())
	groups := Load(Param("groups"), GP64())
	limit := Load(Param("limit"), GP64())
	count, bits := GP64(), GP64()
	XORQ(count, count)
	if w.lanes == 32 {
		rejectLoopAVX512(w, name, out, buf, groups, limit, count, bits)
	} else {
		rejectLoopAVX2(w, name, out, buf, groups, limit, count, bits)
	}
	Label(name + "_done")
	Store(count, ReturnIndex(0))
	w.end()
}

// candidateBytes returns, for candidate m of a group, the offsets of its
// two bytes: candidates 2i and 2i+1 share byte 3i+1.
func candidateBytes(m int) (lo, hi int) {
	i := m / 2
	if m%2 == 0 {
		return 3 * i, 3*i + 1
	}
	return 3*i + 1, 3*i + 2
}

// rejectLoopAVX512 widens the 16 candidates of a group to 32-bit lanes
// (VPERMB from a masked 24-byte load, then a shift by 4 of the odd ones),
// compares them with q into a mask, and packs the accepted ones with
// VPCOMPRESSD before narrowing them to words (VPMOVDW) for the store.
func rejectLoopAVX512(w width, name string, out, buf, groups, limit Register, count, bits GPVirtual) {
	perm := make([]byte, 64)
	shifts := make([]int16, 32)
	for m := range 16 {
		lo, hi := candidateBytes(m)
		perm[4*m], perm[4*m+1], perm[4*m+2], perm[4*m+3] = byte(lo), byte(hi), byte(hi), byte(hi)
		shifts[2*m] = int16(4 * (m % 2))
	}
	idx, shiftV, mask12, qd, v := Z16, Z17, Z18, Z19, Z0
	VMOVDQU64(w.data.raw(perm), idx)
	VMOVDQU64(w.data.words(shifts), shiftV)
	VMOVDQU64(w.splat32(0xfff), mask12)
	VMOVDQU64(w.splat32(q), qd)
	m24 := GP32()
	MOVL(U32(0xffffff), m24)
	KMOVD(m24, K2)

	Label(name + "_loop")
	CMPQ(count, limit)
	JAE(LabelRef(name + "_done"))
	TESTQ(groups, groups)
	JZ(LabelRef(name + "_done"))
	VMOVDQU8_Z(Mem{Base: buf}, K2, v.AsY()) // 24 bytes; the masked-off bytes are neither read nor faulted
	VPERMB(v, idx, v)
	VPSRLVD(shiftV, v, v)
	VPANDD(mask12, v, v)
	VPCMPUD(U8(1), qd, v, K1) // K1 = candidates below q
	VPCOMPRESSD(v, K1, Z1)
	VPMOVDW(Z1, Mem{Base: out, Index: count, Scale: 2})
	KMOVW(K1, bits.As32())
	POPCNTL(bits.As32(), bits.As32())
	ADDQ(bits, count)
	ADDQ(U8(24), buf)
	DECQ(groups)
	JMP(LabelRef(name + "_loop"))
}

// rejectLoopAVX2 puts the group's bytes 0–15 and 8–23 in the two 128-bit
// halves, forms the eight candidates of each half with VPSHUFB, compares
// them with q, and packs each half's accepted words with a VPSHUFB pattern
// chosen by its 8-bit acceptance mask from a 256-entry table.
func rejectLoopAVX2(w width, name string, out, buf, groups, limit Register, count, bits GPVirtual) {
	shuf := make([]byte, 32)
	for half := range 2 {
		for m := range 8 {
			lo, hi := candidateBytes(m)
			off := 4 * half // bytes 12… of the group sit at offset 4 of the upper half
			shuf[16*half+2*m], shuf[16*half+2*m+1] = byte(lo+off), byte(hi+off)
		}
	}
	var table []byte
	for mask := range 256 {
		entry := make([]byte, 16)
		for i := range entry {
			entry[i] = 0x80
		}
		k := 0
		for m := range 8 {
			if mask>>m&1 != 0 {
				entry[2*k], entry[2*k+1] = byte(2*m), byte(2*m+1)
				k++
			}
		}
		table = append(table, entry...)
	}
	packs := GLOBL("mlkemRejectPacksAVX2", RODATA|NOPTR)
	for i := 0; i < len(table); i += 8 {
		var x uint64
		for j := range 8 {
			x |= uint64(table[i+j]) << (8 * j)
		}
		DATA(i, U64(x))
	}
	shufV, mask12, qv, v, t, half := Y15, Y14, Y13, Y0, Y1, X2
	VMOVDQU(w.data.raw(shuf), shufV)
	VMOVDQU(w.data.splat(0xfff, w.lanes), mask12)
	VMOVDQU(w.data.splat(q, w.lanes), qv)
	tbl, sel, lowBits := GP64(), GP32(), GP64()
	LEAQ(packs, tbl)
	MOVL(U32(0x55555555), sel)

	Label(name + "_loop")
	CMPQ(count, limit)
	JAE(LabelRef(name + "_done"))
	TESTQ(groups, groups)
	JZ(LabelRef(name + "_done"))
	VMOVDQU(Mem{Base: buf}, v.AsX())
	VINSERTI128(U8(1), Mem{Base: buf, Disp: 8}, v, v)
	VPSHUFB(shufV, v, v)
	VPSRLW(U8(4), v, t)
	VPBLENDW(U8(0xaa), t, v, v)
	VPAND(mask12, v, v)
	VPCMPGTW(v, qv, t) // q > candidate
	VPMOVMSKB(t, bits.As32())
	PEXTL(sel, bits.As32(), bits.As32()) // one bit per candidate
	for h := range 2 {
		src := v.AsX()
		if h == 1 {
			VEXTRACTI128(U8(1), v, half)
			src = half
		}
		MOVQ(bits, lowBits)
		if h == 0 {
			ANDQ(U32(0xff), lowBits)
		} else {
			SHRQ(U8(8), lowBits)
		}
		SHLQ(U8(4), lowBits)
		VPSHUFB(Mem{Base: tbl, Index: lowBits, Scale: 1}, src, X3)
		VMOVDQU(X3, Mem{Base: out, Index: count, Scale: 2})
		SHRQ(U8(4), lowBits)
		POPCNTQ(lowBits, lowBits)
		ADDQ(lowBits, count)
	}
	ADDQ(U8(24), buf)
	DECQ(groups)
	JMP(LabelRef(name + "_loop"))
}
