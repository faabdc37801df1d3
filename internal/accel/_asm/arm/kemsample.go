package main

import (
	"math/bits"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"
)

// The ML-KEM SampleNTT rejection (FIPS 203, Algorithm 7, lines 5–13): 16
// 12-bit candidates from 24 bytes a step. VLD3 splits the bytes into the
// first, second and third bytes b0, b1, b2 of eight 3-byte groups; zipped
// byte-wise, (b0, b1) and (b1, b2) are the 16-bit words whose low 12 and
// high 12 bits are a group's two candidates, and a 16-bit zip puts the
// candidates back in order, eight per Q register. Per register, VCGT marks
// the candidates below q; the marks, narrowed to bytes and weighted 2^i,
// sum by three VPADDs to one byte per register, the 8-bit index of a table
// of VTBL controls that move the kept 16-bit lanes to the front, in order.
// The compacted register is stored at the output pointer, which a second
// table then advances by twice the number of kept lanes.
//
// The input is the XOF stream of the public seed ρ, so the kernel runs in
// variable time: the table loads are indexed by which candidates were
// rejected, and the loop stops after the step that brings the count to the
// limit.

func kemSampleNTT(p *program) {
	var consts []int64
	consts = append(consts, repeat([]int64{kemQ}, 8)...)
	consts = append(consts, repeat([]int64{0x0fff}, 8)...)
	for range 2 {
		consts = append(consts, 1|2<<8, 4|8<<8, 16|32<<8, 64|128<<8)
	}
	constSym := p.data("kemSampleConsts", 16, consts)
	// For each 8-bit mask m, the 16 control bytes moving the 16-bit lanes
	// i with bit i set to the front; 0xff (past the table) zeroes the rest.
	var ctl []int64
	for m := range 256 {
		var b [16]int64
		for i := range b {
			b[i] = 0xff
		}
		j := 0
		for i := range 8 {
			if m>>i&1 == 1 {
				b[2*j], b[2*j+1] = int64(2*i), int64(2*i+1)
				j++
			}
		}
		for i := 0; i < 16; i += 2 {
			ctl = append(ctl, b[i]|b[i+1]<<8)
		}
	}
	ctlSym := p.data("kemSampleCompact", 16, ctl)
	// Twice the number of set bits of each 8-bit mask, as bytes: the bytes
	// the output pointer advances.
	var adv []int64
	for m := 0; m < 256; m += 2 {
		adv = append(adv, int64(2*bits.OnesCount8(uint8(m)))|int64(2*bits.OnesCount8(uint8(m+1)))<<8)
	}
	advSym := p.data("kemSampleAdvance", 16, adv)

	f := p.function("sampleNTTRejectNEON", "out *[272]uint16, buf *byte, groups int, limit int", 20,
		"appends the 12-bit candidates below q of groups·24 bytes at buf to out, in order, stopping after the 24 bytes that bring the count to limit, and returns how many it wrote (at most limit + 15); groups must be at least 1. Variable-time: its input is public.")
	f.result = "int"
	f.loadArgs("out", "buf", "groups", "limit")
	// R3: the output pointer at the limit.
	f.op("ADD R3<<1, R0, R3")
	f.op("MOVW $%s, R5", constSym)
	qv, mask, weights := a32.Q(12), a32.Q(13), a32.Q(14)
	f.I(a32.VLD1(16, qv.Lo(), 4, a32.Inc(5)), a32.VLD1(16, weights.Lo(), 2, a32.At(5)))
	f.op("MOVW $%s, R5", ctlSym)
	f.op("MOVW $%s, R6", advSym)
	f.label("sample")
	// d0, d1, d2 = b0, b1, b2; then q0 = (b0, b1), q1 = (b1, b2).
	f.I(a32.VLD3(8, 0, 1, a32.Inc(1)))
	f.I(a32.VORRD(3, 2), a32.VORRD(2, 1))
	f.I(a32.VZIP(8, 0, 1))
	f.I(a32.VAND(0, 0, mask), a32.VSHRU(16, 1, 1, 4))
	// q0: candidates 0–7, q1: 8–15.
	f.I(a32.VZIP(16, 0, 1))
	f.I(a32.VCGTU(16, 2, qv, 0), a32.VCGTU(16, 3, qv, 1))
	f.I(a32.VMOVNW(16, 8, 2), a32.VMOVNW(16, 9, 3))
	f.I(a32.VAND(4, 4, weights))
	// d10 byte 0: the mask of q0, byte 1: that of q1.
	f.I(a32.VPADD(8, 10, 8, 9), a32.VPADD(8, 10, 10, 10), a32.VPADD(8, 10, 10, 10))
	f.I(a32.VMOVU8ToCore(7, 10, 0), a32.VMOVU8ToCore(8, 10, 1))
	f.op("ADD R7<<4, R5, R9")
	f.op("ADD R8<<4, R5, R4")
	// R7<<0(R6) is R6 + R7: Go's arm assembler reads (R6)(R7) as (R6).
	f.op("MOVBU R7<<0(R6), R7")
	f.op("MOVBU R8<<0(R6), R8")
	f.I(a32.VLD1(8, 12, 2, a32.At(9)), a32.VLD1(8, 14, 2, a32.At(4)))
	f.I(a32.VTBL(16, 0, 2, 12), a32.VTBL(17, 0, 2, 13), a32.VTBL(18, 2, 2, 14), a32.VTBL(19, 2, 2, 15))
	f.I(a32.VST1(16, 16, 2, a32.Step(0, 7)), a32.VST1(16, 18, 2, a32.Step(0, 8)))
	// Variable-time on public data: stop once the limit is reached.
	f.op("CMP R3, R0")
	f.op("BHS sampledone")
	f.countDown(2, "sample")
	f.label("sampledone")
	f.op("MOVW out+0(FP), R1")
	f.op("SUB R1, R0")
	f.op("MOVW R0>>1, R0")
	f.op("MOVW R0, ret+16(FP)")
}
