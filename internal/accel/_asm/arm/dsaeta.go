package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"
)

// The ML-DSA bounded rejection sampler (RejBoundedPoly, Algorithms 15 and
// 31, FIPS 204) for η = 2 and η = 4, on the arm64 kernel's design. Eight
// bytes give 16 candidates: VSHLL widens each byte b to a 16-bit lane,
// VSLI by 4 and an AND with 0x0f0f leave b mod 16 in its low byte and
// b / 16 in its high byte, so the 16 half-bytes z are in stream order.
// VCGT.U8 marks those below the bound (15 or 9); the marks, weighted 1, 2,
// 4, 8 and summed by two VPADDs, give one 4-bit acceptance mask per four
// candidates. A chunk of two bytes, loaded into every 16-bit lane, gives
// four candidates the same way. A chunk is taken only while all its
// candidates fit below n, so the kernel accepts exactly what the portable
// kernel accepts from the same bytes, and the portable kernel takes the
// rest.
//
// The coefficients are secret (s1, s2), so each one's value, η − z mod 5
// (η = 2) or η − z, reduced mod q, is looked up in registers, never in
// memory: three VTBLs over 16-byte tables held in q registers give the
// three bytes of each value, and byte zips with a zero-extended third byte
// make the 32-bit lanes. The memory loads that compact the lanes and
// advance the output pointer (the tables of rejUniformNEON) are indexed by
// the acceptance mask only. As in the portable kernel, whose branches
// reveal it too, only the acceptance pattern is observable, and a rejected
// half-byte says nothing about the accepted ones: the half-bytes are
// independent uniform draws.
//
// Registers: R0 the output pointer a + 4·filled, R1 the buffer cursor, R2
// the buffer's end, R3 the output pointer's bound for the chunk size, R5
// and R6 the compaction tables, R7–R9 scratch; q8 and q11–q15 constants,
// q10 the VTBL controls and q9 the compacted register.

func dsaRejEta(p *program, eta int) {
	bound := map[int]int{2: 15, 4: 9}[eta]
	var vb [3][16]int64
	for z := range 16 {
		var v int64
		if z < bound {
			c := eta - z
			if eta == 2 {
				c = 2 - z%5
			}
			v = (int64(c) + dsaQ) % dsaQ
		}
		for j := range 3 {
			vb[j][z] = v >> (8 * j) & 0xff
		}
	}
	bytesOf := func(b [16]int64) []int64 {
		w := make([]int64, 4)
		for i := range 16 {
			w[i/4] |= b[i] << (8 * (i % 4))
		}
		return w
	}
	// In load order: q8 the half-byte mask, q11–q13 the value bytes 0–2,
	// q14 the bound, q15 the mask weights.
	var consts []int64
	consts = append(consts, repeat([]int64{0x0f0f0f0f}, 4)...)
	for j := range 3 {
		consts = append(consts, bytesOf(vb[j])...)
	}
	consts = append(consts, repeat([]int64{int64(bound) * 0x01010101}, 4)...)
	consts = append(consts, repeat([]int64{1 | 2<<8 | 4<<16 | 8<<24}, 4)...)
	constSym := p.data(fmt.Sprintf("dsaRejEta%dConsts", eta), 32, consts)

	name := fmt.Sprintf("rejEta%dNEON", eta)
	f := p.function(name, "a *[256]uint32, filled int, buf *byte, length int", 24,
		fmt.Sprintf("appends to a, from index filled on, the coefficients in [−%d, %d] that the half-bytes of buf give, taking 8-byte chunks while one fits in length and filled ≤ 240, then 2-byte ones while 2 bytes remain and filled ≤ 252, and returns the new fill level and the number of bytes consumed.", eta, eta))
	f.result = "(int, int)"
	f.loadArgs("a", "filled", "buf", "length")
	f.op("ADD R1<<2, R0")
	f.op("MOVW R2, R1")
	f.op("ADD R3, R2")
	f.op("MOVW a+0(FP), R3")
	f.op("ADD $%d, R3", 4*(256-16))
	f.op("MOVW $%s, R5", constSym)
	nib, t0, t1, t2, qb, weights := a32.Q(8), a32.Q(11), a32.Q(12), a32.Q(13), a32.Q(14), a32.Q(15)
	f.I(a32.VLD1(32, nib.Lo(), 2, a32.Inc(5)), a32.VLD1(32, t0.Lo(), 4, a32.Inc(5)), a32.VLD1(32, t2.Lo(), 4, a32.Inc(5)), a32.VLD1(32, weights.Lo(), 2, a32.At(5)))
	f.op("MOVW $dsaRejUniformCompact<>(SB), R5")
	f.op("MOVW $dsaRejUniformAdvance<>(SB), R6")
	// store compacts register v by the mask in r and stores it.
	store := func(v Q, r R) {
		f.op("ADD %s<<4, R5, R9", goReg(r))
		f.op("MOVBU %s<<0(R6), %s", goReg(r), goReg(r))
		f.I(a32.VLD1(8, 20, 2, a32.At(9)))
		f.I(a32.VTBL(18, v.Lo(), 2, 20), a32.VTBL(19, v.Lo(), 2, 21))
		f.I(a32.VST1(32, 18, 2, a32.Step(0, r)))
	}
	// chunk decodes the bytes in d0 (as 16-bit lanes after VSHLL) and
	// stores the accepted values of the first groups groups of four.
	chunk := func(groups int) {
		// q1: the half-bytes z, in stream order.
		f.I(a32.VSHLL(8, 1, 0, 0), a32.VSLI(16, 1, 1, 4), a32.VAND(1, 1, nib))
		// d0: the four acceptance masks, in bytes 0–3.
		f.I(a32.VCGTU(8, 0, qb, 1), a32.VAND(0, 0, weights), a32.VPADD(8, 0, 0, 1), a32.VPADD(8, 0, 0, 0))
		// q2, q3, q4: bytes 0, 1, 2 of the values.
		for j, t := range []Q{t0, t1, t2} {
			f.I(a32.VTBL(D(4+2*j), t.Lo(), 2, 2), a32.VTBL(D(5+2*j), t.Lo(), 2, 3))
		}
		// q2, q5, q3, q6: the values of candidates 0–3, 4–7, 8–11, 12–15.
		f.I(a32.VZIP(8, 2, 3), a32.VSHLL(8, 5, 8, 0), a32.VSHLL(8, 6, 9, 0))
		f.I(a32.VZIP(16, 2, 5), a32.VZIP(16, 3, 6))
		vs := []Q{2, 5, 3, 6}
		for k := 0; k < groups; k += 2 {
			f.I(a32.VMOVU8ToCore(7, 0, k))
			if k+1 < groups {
				f.I(a32.VMOVU8ToCore(8, 0, k+1))
			}
			store(vs[k], 7)
			if k+1 < groups {
				store(vs[k+1], 8)
			}
		}
	}
	l16, l4, l4s, done := fmt.Sprintf("eta%d16", eta), fmt.Sprintf("eta%d4", eta), fmt.Sprintf("eta%d4start", eta), fmt.Sprintf("eta%ddone", eta)
	// Variable-time on the acceptance pattern only: the chunk loops stop on
	// the fill level.
	f.label(l16)
	f.op("CMP R3, R0")
	f.op("BHI %s", l4s)
	f.op("ADD $8, R1, R4")
	f.op("CMP R2, R4")
	f.op("BHI %s", l4s)
	f.I(a32.VLD1(8, 0, 1, a32.Inc(1)))
	chunk(4)
	f.op("B %s", l16)

	f.label(l4s)
	f.op("ADD $%d, R3", 4*12)
	f.label(l4)
	f.op("CMP R3, R0")
	f.op("BHI %s", done)
	f.op("ADD $2, R1, R4")
	f.op("CMP R2, R4")
	f.op("BHI %s", done)
	// d0: the two bytes in every 16-bit lane.
	f.I(a32.VLD1Dup(16, 0, a32.Inc(1)))
	chunk(1)
	f.op("B %s", l4)

	f.label(done)
	f.op("MOVW a+0(FP), R3")
	f.op("SUB R3, R0")
	f.op("MOVW R0>>2, R0")
	f.op("MOVW R0, ret+16(FP)")
	f.op("MOVW buf+8(FP), R3")
	f.op("SUB R3, R1")
	f.op("MOVW R1, ret1+20(FP)")
}
