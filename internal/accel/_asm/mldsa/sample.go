package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Uniform rejection sampling mod q (RejNTTPoly, Algorithms 14 and 30, FIPS
// 204) on many 3-byte candidates at once. The kernels consume whole chunks
// (48 bytes, 16 candidates, with AVX-512; 24 bytes, 8 candidates, with AVX2)
// while a chunk fits in the buffer and the polynomial has room for all its
// candidates, and return the fill level and the bytes consumed; the Go
// kernel finishes the rest, so exactly the bytes FIPS 204 consumes are
// consumed. The stream is SHAKE128 of the public ρ: the data-dependent
// stores and the table index of the AVX2 kernel leak nothing secret.

// rejUniformAVX512 emits rejUniformAVX512(a *[256]uint32, filled int, buf
// *byte, length int) (int, int).
func rejUniformAVX512(c *constants) {
	w := avx512
	idx := GLOBL("mldsaRejUniformIndex", RODATA|NOPTR)
	for i := range 16 {
		for j := range 4 {
			DATA(4*i+j, U8(3*i+min(j, 2)))
		}
	}
	TEXT("rejUniformAVX512", NOSPLIT, "func(a *[256]uint32, filled int, buf *byte, length int) (int, int)")
	Pragma("noescape")
	Doc("rejUniformAVX512 appends to a, from index filled on, the candidates of buf below q,",
		"taking 48-byte chunks while one fits in length and filled ≤ 240, and returns",
		"the new fill level and the number of bytes consumed.")
	m := GP64()
	MOVQ(U64(1<<48-1), m)
	KMOVQ(m, K3)
	ix, mask, qv, x := w.regs[0], w.regs[1], w.regs[2], w.regs[3]
	VMOVDQU32(idx, ix)
	broadcastImm(w, 1<<23-1, mask)
	VPBROADCASTD(c.at(offQ), qv)
	rejectionLoop("rejUniformAVX512", 48, 48, n-16, func(a, buf, pos, filled Register) {
		VMOVDQU8_Z(Mem{Base: buf, Index: pos, Scale: 1}, K3, x)
		VPERMB(x, ix, x)
		VPANDD(mask, x, x)
		VPCMPUD(U8(1), qv, x, K4) // x < q
		compressStore(x, K4, a, filled)
	})
}

// compressStore appends the lanes of x that k selects to a at index filled
// and advances filled by their count: VPCOMPRESSD into the register, then
// a store of all sixteen lanes, which stays within a while filled ≤ 240 (the
// kernels' bound; the lanes past the count are overwritten by later
// candidates or by the Go kernel's tail). The memory form of VPCOMPRESSD
// is microcoded on AMD Zen 4 and took a third of ML-DSA-65's key
// generation there; the register form is a single fast instruction on
// every AVX-512 CPU.
func compressStore(x VecPhysical, k Op, a, filled Register) {
	VPCOMPRESSD_Z(x, k, x)
	VMOVDQU32(x, Mem{Base: a, Index: filled, Scale: 4})
	addPopCount(k, filled)
}

// rejUniformAVX2 emits the 8-candidate AVX2 kernel. A chunk is 24 bytes;
// the kernel loads 32, so it runs while 32 bytes remain. The accepted
// candidates are moved to the front with VPERMD and a table indexed by the
// acceptance mask, and stored whole (see compactor).
func rejUniformAVX2(c *constants, cs *compactor) {
	w := avx2
	shuf := GLOBL("mldsaRejUniformShuffleAVX2", RODATA|NOPTR)
	// VPSHUFB per 128-bit lane: lane 0 holds bytes 0–11 of the chunk, lane 1
	// bytes 12–23 (moved there by VPERMQ below).
	for half := range 2 {
		for i := range 4 {
			for j := range 4 {
				b := 3*i + min(j, 2)
				if half == 1 {
					b = 4 + 3*i + min(j, 2) // lane 1 starts at byte 8 of the loaded 16
				}
				DATA(16*half+4*i+j, U8(b))
			}
		}
	}
	TEXT("rejUniformAVX2", NOSPLIT, "func(a *[256]uint32, filled int, buf *byte, length int) (int, int)")
	Pragma("noescape")
	Doc("rejUniformAVX2 appends to a, from index filled on, the candidates of buf below q,",
		"taking 24-byte chunks while 32 bytes remain and filled ≤ 248, and returns the new",
		"fill level and the number of bytes consumed.")
	sh, mask, qv, x, p := w.regs[0], w.regs[1], w.regs[2], w.regs[3], w.regs[4]
	VMOVDQU(shuf, sh)
	broadcastImm(w, 1<<23-1, mask)
	VPBROADCASTD(c.at(offQ), qv)
	cs.setup()
	rejectionLoop("rejUniformAVX2", 32, 24, n-8, func(a, buf, pos, filled Register) {
		// Qwords 0, 1 to lane 0 and 1, 2 to lane 1: bytes 0–15 and 8–23.
		VPERMQ(U8(0x94), Mem{Base: buf, Index: pos, Scale: 1}, x)
		VPSHUFB(sh, x, x)
		VPAND(mask, x, x)
		VPCMPGTD(x, qv, p) // q > x
		cs.store(x, p, a, filled)
	})
}

// compactor is the AVX2 replacement for VPCOMPRESSD: a table of VPERMD
// indices per 8-bit acceptance mask moves the accepted lanes to the front,
// and all 8 lanes are stored, so up to 8 words past the new fill level are
// overwritten with rejected lanes, which the next store or the portable
// kernel's fill overwrite again. The kernels store only while filled ≤
// 256 − 8 (the samplers' loop bound; the challenge's block b starts at a
// count of at most 8·b), so every store stays inside its array, as the
// AVX-512 kernels' whole-vector stores do. A masked store (VPMASKMOVD)
// would write only the accepted lanes, but it is microcoded on AMD cores
// and costs several times the rest of the loop. The table index is the
// acceptance pattern, which the samplers may reveal (see the kernels).
type compactor struct {
	table              Mem
	bits, tableAddress GPVirtual
}

func newCompactor() *compactor {
	cs := &compactor{table: GLOBL("mldsaCompactAVX2", RODATA|NOPTR)}
	for m := range 256 {
		k := 0
		var v [8]int
		for i := range 8 {
			if m>>i&1 == 1 {
				v[k] = i
				k++
			}
		}
		for i := range 8 {
			DATA(8*m+i, U8(v[i]))
		}
	}
	return cs
}

// setup allocates one kernel's registers and loads the table's address.
func (cs *compactor) setup() {
	cs.bits, cs.tableAddress = GP64(), GP64()
	LEAQ(cs.table, cs.tableAddress)
}

// store appends the lanes of x where accept is all ones to a[filled] and
// advances filled; accept is clobbered.
func (cs *compactor) store(x, accept VecPhysical, a, filled Register) {
	cs.storeEach(accept, filled, []VecPhysical{x}, []Register{a})
}

// storeEach appends the lanes of every xs[i] where accept is all ones to
// arrays[i][filled], the same lanes from each, and advances filled; the xs
// and accept are clobbered.
func (cs *compactor) storeEach(accept VecPhysical, filled Register, xs []VecPhysical, arrays []Register) {
	VMOVMSKPS(accept, cs.bits.As32())
	VPMOVZXBD(Mem{Base: cs.tableAddress, Index: cs.bits, Scale: 8}, accept)
	cs.permuteStore(accept, filled, xs, arrays)
}

// storeEachNoTable is storeEach with the lane indices computed from the
// pattern instead of read from the table at an address the pattern selects:
// PDEP spreads bit i of the pattern to byte i (times 0xff, all of byte i),
// and PEXT gathers the bytes i of the set lanes from 0x0706050403020100,
// packed from byte 0. No address depends on the pattern; the store offset
// filled depends on its count, as VPCOMPRESSD's does at AVX-512. (PDEP and
// PEXT take constant time from Zen 3 and on Intel; the microcoded ones of
// Zen 1 and 2 take time with the count of set bits, which filled reveals
// already.)
func (cs *compactor) storeEachNoTable(accept VecPhysical, filled Register, xs []VecPhysical, arrays []Register) {
	VMOVMSKPS(accept, cs.bits.As32())
	spread, idx := GP64(), GP64()
	MOVQ(U64(0x0101010101010101), spread)
	PDEPQ(spread, cs.bits, spread)
	IMUL3Q(U32(0xff), spread, spread)
	MOVQ(U64(0x0706050403020100), idx)
	PEXTQ(spread, idx, idx)
	VMOVQ(idx, accept.AsX())
	VPMOVZXBD(accept.AsX(), accept)
	cs.permuteStore(accept, filled, xs, arrays)
}

// permuteStore is the common end of storeEach and storeEachNoTable: accept
// holds the permutation that moves the accepted lanes to the bottom.
func (cs *compactor) permuteStore(accept VecPhysical, filled Register, xs []VecPhysical, arrays []Register) {
	for _, x := range xs {
		VPERMD(x, accept, x)
	}
	POPCNTQ(cs.bits, cs.bits)
	for i, x := range xs {
		VMOVDQU(x, Mem{Base: arrays[i], Index: filled, Scale: 4})
	}
	ADDQ(cs.bits, filled)
}

// rejectionLoop emits the loop every rejection kernel shares, after the
// caller's TEXT and constant setup: while a chunk of read bytes fits in the
// buffer at pos and filled ≤ maxFill, body appends the chunk's accepted
// coefficients at a[filled] and advances filled; pos advances by step. It
// then returns (filled, pos).
func rejectionLoop(name string, read, step, maxFill int, body func(a, buf, pos, filled Register)) {
	a := Load(Param("a"), GP64())
	filled := Load(Param("filled"), GP64())
	buf := Load(Param("buf"), GP64())
	end := Load(Param("length"), GP64())
	SUBQ(U8(read), end) // chunks start at pos ≤ length − read
	pos := GP64()
	XORQ(pos, pos)
	loop, done := name+"_loop", name+"_done"
	Label(loop)
	CMPQ(pos, end)
	JG(LabelRef(done))
	CMPQ(filled, U32(maxFill))
	JG(LabelRef(done))
	body(a, buf, pos, filled)
	ADDQ(U8(step), pos)
	JMP(LabelRef(loop))
	Label(done)
	Store(filled, ReturnIndex(0))
	Store(pos, ReturnIndex(1))
	VZEROUPPER()
	RET()
}

// addPopCount adds the number of set bits of mask k to filled.
func addPopCount(k Op, filled Register) {
	cnt := GP32()
	KMOVW(k, cnt)
	POPCNTL(cnt, cnt)
	ADDQ(cnt.As64(), filled)
}

func samplerKernels(c *constants, cs *compactor) {
	rejUniformAVX512(c)
	rejUniformAVX2(c, cs)
	for _, eta := range []int{2, 4} {
		rejEta(c, cs, avx512, eta)
		rejEta(c, cs, avx2, eta)
	}
}

// rejEta emits rejEta{2,4}AVX512 or rejEta{2,4}AVX2: bounded rejection
// sampling (RejBoundedPoly, Algorithms 15 and 31) on 16 half-bytes (AVX-512)
// or 8 (AVX2) at a time. The coefficients are secret (s1, s2); as in the Go
// kernel, only the positions of rejected half-bytes influence anything
// observable (here the store address, through the count of accepted ones,
// and with AVX2 the compactor's table index, the acceptance pattern), and a
// rejected half-byte says nothing about the accepted ones, which are
// independent draws. The values themselves only flow through arithmetic.
func rejEta(c *constants, cs *compactor, w *width, eta int) {
	name := fmt.Sprintf("rejEta%d%s", eta, w.name)
	chunk := w.lanes / 2 // bytes per step
	spread := GLOBL(fmt.Sprintf("mldsaRejEta%dSpread%s", eta, w.name), RODATA|NOPTR)
	for i := range 4 * w.lanes {
		// Lane d takes byte d/2 of the chunk: VPERMB indexes the broadcast
		// 8 bytes; VPSHUFB indexes within 128-bit lanes, each holding the
		// broadcast 4 bytes, and lane d ≥ 4 wants byte d/2 ≤ 3 as well.
		DATA(i, U8(i/4/2))
	}
	shifts := GLOBL(fmt.Sprintf("mldsaRejEta%dShift%s", eta, w.name), RODATA|NOPTR)
	for i := range w.lanes {
		DATA(4*i, U32(4*(i%2)))
	}
	a := polyKernel(c, w, name, "func(a *[256]uint32, filled int, buf *byte, length int) (int, int)",
		name+fmt.Sprintf(" appends to a, from index filled on, the coefficients in [−%d, %d] that", eta, eta),
		fmt.Sprintf("the half-bytes of buf give, taking %d-byte chunks while one fits in length and", chunk),
		fmt.Sprintf("filled ≤ %d, and returns the new fill level and the number of bytes consumed.", n-w.lanes))
	ix, sh, fifteen, bound, etaV, x, t, accept := w.regs[0], w.regs[1], w.regs[2], w.regs[3], w.regs[4], w.regs[5], w.regs[6], w.regs[7]
	w.load(spread, ix)
	w.load(shifts, sh)
	broadcastImm(w, 15, fifteen)
	broadcastImm(w, map[int]uint32{2: 15, 4: 9}[eta], bound)
	broadcastImm(w, uint32(eta), etaV)
	if !w.is512() {
		cs.setup()
	}
	var c205 VecPhysical
	if eta == 2 {
		c205 = a.pool.get()
		broadcastImm(w, 205, c205)
	}
	rejectionLoop(name, chunk, chunk, n-w.lanes, func(pa, buf, pos, filled Register) {
		m := Mem{Base: buf, Index: pos, Scale: 1}
		if w.is512() {
			VPBROADCASTQ(m, x)
			VPERMB(x, ix, x)
		} else {
			VPBROADCASTD(m, x)
			VPSHUFB(ix, x, x)
		}
		VPSRLVD(sh, x, x)
		w.and(fifteen, x, x) // the half-bytes z, low one first
		if w.is512() {
			VPCMPUD(U8(1), bound, x, K4) // z < bound
		} else {
			VPCMPGTD(x, bound, accept) // bound > z
		}
		if eta == 2 {
			// z mod 5 = z − 5·⌊z·205/1024⌋, then 2 − that.
			VPMULLD(c205, x, t)
			VPSRLD(U8(10), t, t)
			VPSUBD(t, x, x)
			VPSLLD(U8(2), t, t)
			VPSUBD(t, x, x)
		}
		VPSUBD(x, etaV, x) // η − z: in [−η, η] where accepted
		a.fixNegative(x, t)
		if w.is512() {
			compressStore(x, K4, pa, filled)
		} else {
			cs.store(x, accept, pa, filled)
		}
	})
}
