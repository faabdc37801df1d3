package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"

// The ML-DSA packed sparse products c·s1 and c·s2 (pspm.go): out = base +
// Σ_k W_k − bias mod q, W_k the n-byte window of the table at offset
// windows[k], taken as B for a sign mask 0 and as top − B for all ones.
// The kernel adds B XOR mask, that is B or 255 − B, widened to 16-bit lanes
// (VADDW.U8), so that no byte sum wraps and the groups of the portable
// kernel are not needed: the sums are below 2^16 while count·255 is, and
// the negative windows' excess, negatives·(255 − top), is taken off with
// the bias at the end. A quarter of the polynomial (64 coefficients, eight
// Q registers of 16-bit sums) runs over all windows at a time; the result
// base + sum − correction, in (−q, 2q), is reduced by two unsigned minima
// (min(y, y + q), then min(y, y − q)).
//
// The positions and the count come from the public challenge c; the
// secret s only enters through the table's bytes, which are loaded at
// those offsets and summed, so the timing and the addresses depend on c
// alone, as in the portable kernel.

func dsaPackedMul(p *program) {
	f := p.function("packedMulNEON", "out *[256]uint32, base *[256]uint32, table *[512]byte, windows *[256]uint32, signs *[256]uint32, count int, group int, top uint64, bias uint32", 40,
		"sets out to base + Σ windows − bias mod q, fully reduced, for the n-byte windows of table at the offsets windows[:count], each taken as B for a sign mask 0 and top − B for all ones: base ± c·s for the biased table of s. count·255 must be below 2^16; group is not used.")
	f.loadArgs("out", "base", "table")
	qv, mask, corr, t := a32.Q(13), a32.Q(12), a32.Q(12), a32.Q(10)
	f.op("MOVW $%d, R9", dsaQ)
	f.I(a32.VDUPCore(qv, 9))
	for i := a32.Q(0); i < 8; i++ {
		f.I(a32.VEOR(i, i, i))
	}
	f.op("MOVW $4, R7")
	f.label("pspmquarter")
	f.op("MOVW windows+12(FP), R3")
	f.op("MOVW signs+16(FP), R4")
	f.op("MOVW count+20(FP), R5")
	f.op("MOVW $0, R6")
	f.op("CMP $0, R5")
	f.op("BEQ pspmsum")
	// Variable-time on the public challenge only: its count and positions.
	f.label("pspmwindow")
	f.op("MOVW.P 4(R3), R8")
	f.op("MOVW.P 4(R4), R9")
	f.op("ADD R2, R8")
	f.I(a32.VDUPCore(mask, 9))
	f.op("SUB R9, R6") // R6 counts the negative windows (mask −1)
	f.I(a32.VLD1(8, 16, 4, a32.Inc(8)), a32.VLD1(8, 20, 4, a32.At(8)))
	for x := a32.Q(8); x < 12; x++ {
		f.I(a32.VEOR(x, x, mask))
	}
	for i := range 8 {
		f.I(a32.VADDWU8(a32.Q(i), a32.Q(i), D(16+i)))
	}
	f.countDown(5, "pspmwindow")
	f.label("pspmsum")
	// R6 = negatives·(255 − top) + bias.
	f.op("MOVW top_lo+28(FP), R8")
	f.op("RSB $255, R8")
	f.op("MUL R8, R6")
	f.op("MOVW bias+36(FP), R8")
	f.op("ADD R8, R6")
	f.I(a32.VDUPCore(corr, 6))
	for i := range 8 {
		acc := a32.Q(i)
		f.I(a32.VLD1(32, 16, 4, a32.Inc(1)))
		f.I(a32.VMOVL(14, acc.Lo()), a32.VMOVL(15, acc.Hi()))
		for j, y := range []a32.Q{14, 15} {
			f.I(a32.VSUB(32, y, y, corr), a32.VADD(32, y, y, a32.Q(8+j)))
			f.I(a32.VADD(32, t, y, qv), a32.VMINU(32, y, y, t))
			f.I(a32.VSUB(32, t, y, qv), a32.VMINU(32, y, y, t))
		}
		f.I(a32.VST1(32, 28, 4, a32.Inc(0)), a32.VEOR(acc, acc, acc))
	}
	f.op("ADD $64, R2")
	f.countDown(7, "pspmquarter")
}
