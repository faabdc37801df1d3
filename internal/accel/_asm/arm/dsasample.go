package main

import (
	"math/bits"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"
)

// The ML-DSA uniform rejection sampler (RejNTTPoly, Algorithms 14 and 30,
// FIPS 204) on four 32-bit lanes per register. 48 bytes give 16 candidates:
// two VLD3s split the three byte positions into q0, q1, q2, the top bit of
// the third byte is cleared, a byte zip of the first two and a widening of
// the third make 16-bit halves, and 16-bit zips join them into the
// candidates, in order, four per register. VCGT.U32 by q marks the accepted
// lanes; the marks of the four registers, narrowed twice to bytes and
// weighted 1, 2, 4, 8, sum by two VPADDs to one 4-bit index per register,
// which selects VTBL controls moving the accepted lanes to the front; the
// register is stored at the output pointer, which a second table advances
// by four bytes per accepted lane. A chunk of 12 bytes (16 read) gives four
// candidates through VTBL. A chunk is taken only while all its candidates
// fit below n, so the kernel accepts exactly what the portable kernel
// accepts from the same bytes, and the portable kernel takes the rest.
//
// The stream is SHAKE128 of the public ρ and only the public matrix comes
// out of it, so the kernel runs in variable time: the table loads are
// indexed by which candidates were rejected.
//
// Registers: R0 the output pointer a + 4·filled, R1 the buffer cursor, R2
// the buffer's end, R3 the output pointer's bound for the chunk size, R5
// and R6 the tables, R4 and R7–R9 scratch; q11–q15 constants, q10 the
// VTBL controls and q9 the compacted register.

func dsaRejUniform(p *program) {
	var consts []int64
	consts = append(consts, repeat([]int64{dsaQ}, 4)...)
	consts = append(consts, repeat([]int64{1<<23 - 1}, 4)...)
	// The weights of the lane marks, as bytes.
	consts = append(consts, repeat([]int64{1 | 2<<8 | 4<<16 | 8<<24}, 4)...)
	// The VTBL controls of a 12-byte chunk: candidate i from bytes 3i,
	// 3i+1, 3i+2 and a zero byte (0xff is past the table).
	for i := range 4 {
		consts = append(consts, int64(3*i|(3*i+1)<<8|(3*i+2)<<16|0xff<<24))
	}
	consts = append(consts, repeat([]int64{0x7f7f7f7f}, 4)...)
	constSym := p.data("dsaRejUniformConsts", 32, consts)
	// For each 4-bit mask m, the 16 control bytes moving the 32-bit lanes
	// with bit set to the front; 0xff zeroes the rest.
	var ctl []int64
	for m := range 16 {
		var b [16]int64
		for i := range b {
			b[i] = 0xff
		}
		j := 0
		for i := range 4 {
			if m>>i&1 == 1 {
				for k := range 4 {
					b[4*j+k] = int64(4*i + k)
				}
				j++
			}
		}
		for i := 0; i < 16; i += 4 {
			ctl = append(ctl, b[i]|b[i+1]<<8|b[i+2]<<16|b[i+3]<<24)
		}
	}
	ctlSym := p.data("dsaRejUniformCompact", 32, ctl)
	// Four times the number of set bits of each 4-bit mask, as bytes.
	var adv []int64
	for m := 0; m < 16; m += 4 {
		var w int64
		for k := range 4 {
			w |= int64(4*bits.OnesCount8(uint8(m+k))) << (8 * k)
		}
		adv = append(adv, w)
	}
	advSym := p.data("dsaRejUniformAdvance", 32, adv)

	f := p.function("rejUniformNEON", "a *[256]uint32, filled int, buf *byte, length int", 24,
		"appends to a, from index filled on, the candidates of buf below q, taking 48-byte chunks while one fits in length and filled ≤ 240, then 12-byte ones while 16 bytes remain and filled ≤ 252, and returns the new fill level and the number of bytes consumed. Variable-time: its input is public.")
	f.result = "(int, int)"
	f.loadArgs("a", "filled", "buf", "length")
	f.op("ADD R1<<2, R0")
	f.op("MOVW R2, R1")
	f.op("ADD R3, R2")
	f.op("MOVW a+0(FP), R3")
	f.op("ADD $%d, R3", 4*(256-16))
	f.op("MOVW $%s, R5", constSym)
	qv, c23, weights, spread, c7f := a32.Q(12), a32.Q(13), a32.Q(14), a32.Q(15), a32.Q(11)
	f.I(a32.VLD1(32, qv.Lo(), 4, a32.Inc(5)), a32.VLD1(32, weights.Lo(), 4, a32.Inc(5)), a32.VLD1(32, c7f.Lo(), 2, a32.At(5)))
	f.op("MOVW $%s, R5", ctlSym)
	f.op("MOVW $%s, R6", advSym)
	// store compacts register v by the mask in r and stores it.
	store := func(v Q, r R) {
		f.op("ADD %s<<4, R5, R9", goReg(r))
		f.op("MOVBU %s<<0(R6), %s", goReg(r), goReg(r)) // R7<<0(R6) is R6 + R7
		f.I(a32.VLD1(8, 20, 2, a32.At(9)))
		f.I(a32.VTBL(18, v.Lo(), 2, 20), a32.VTBL(19, v.Lo(), 2, 21))
		f.I(a32.VST1(32, 18, 2, a32.Step(0, r)))
	}

	// Variable-time on public data: the chunk loops stop on the fill level.
	f.label("uniform16")
	f.op("CMP R3, R0")
	f.op("BHI uniform4start")
	f.op("ADD $48, R1, R4")
	f.op("CMP R2, R4")
	f.op("BHI uniform4start")
	// q0, q1, q2: bytes 3i, 3i+1, 3i+2 of the 16 candidates.
	f.I(a32.VLD3(8, 0, 2, a32.Inc(1)), a32.VLD3(8, 1, 2, a32.Inc(1)))
	f.I(a32.VAND(2, 2, c7f), a32.VZIP(8, 0, 1))
	f.I(a32.VSHLL(8, 3, 4, 0), a32.VSHLL(8, 4, 5, 0))
	// q0, q1: the low 16 bits of candidates 0–7, 8–15; q3, q4: the high.
	f.I(a32.VZIP(16, 0, 3), a32.VZIP(16, 1, 4))
	vs := []Q{0, 3, 1, 4}
	for i, v := range vs {
		f.I(a32.VCGTU(32, Q(5+i), qv, v))
	}
	f.I(a32.VMOVNW(32, 18, 5), a32.VMOVNW(32, 19, 6), a32.VMOVNW(32, 20, 7), a32.VMOVNW(32, 21, 8))
	f.I(a32.VMOVNW(16, 16, 9), a32.VMOVNW(16, 17, 10))
	f.I(a32.VAND(8, 8, weights))
	f.I(a32.VPADD(8, 16, 16, 17), a32.VPADD(8, 16, 16, 16))
	f.I(a32.VMOVU8ToCore(7, 16, 0), a32.VMOVU8ToCore(8, 16, 1))
	store(vs[0], 7)
	store(vs[1], 8)
	f.I(a32.VMOVU8ToCore(7, 16, 2), a32.VMOVU8ToCore(8, 16, 3))
	store(vs[2], 7)
	store(vs[3], 8)
	f.op("B uniform16")

	f.label("uniform4start")
	f.op("ADD $%d, R3", 4*12)
	f.label("uniform4")
	f.op("CMP R3, R0")
	f.op("BHI uniformdone")
	f.op("ADD $16, R1, R4")
	f.op("CMP R2, R4")
	f.op("BHI uniformdone")
	f.I(a32.VLD1(8, 0, 2, a32.At(1)))
	f.I(a32.VTBL(2, 0, 2, spread.Lo()), a32.VTBL(3, 0, 2, spread.Hi()))
	f.I(a32.VAND(1, 1, c23), a32.VCGTU(32, 2, qv, 1))
	f.I(a32.VMOVNW(32, 6, 2), a32.VMOVNW(16, 8, 3))
	f.I(a32.VAND(4, 4, weights))
	f.I(a32.VPADD(8, 8, 8, 8), a32.VPADD(8, 8, 8, 8))
	f.I(a32.VMOVU8ToCore(7, 8, 0))
	store(1, 7)
	f.op("ADD $12, R1")
	f.op("B uniform4")

	f.label("uniformdone")
	f.op("MOVW a+0(FP), R3")
	f.op("SUB R3, R0")
	f.op("MOVW R0>>2, R0")
	f.op("MOVW R0, ret+16(FP)")
	f.op("MOVW buf+8(FP), R3")
	f.op("SUB R3, R1")
	f.op("MOVW R1, ret1+20(FP)")
}
