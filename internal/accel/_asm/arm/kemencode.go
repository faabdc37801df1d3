package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"

// The ML-KEM 12-bit encoding kernels (FIPS 203, Algorithms 5 and 6 for d =
// 12). Four coefficients are 48 bits, three 16-bit words h0, h1, h2, so
// VLD4/VST4 split the coefficients four ways, VLD3/VST3 the words three
// ways, and each word or coefficient is one shift and one shift-insert of
// its neighbours in the same lane:
//
//	h0 = x0 | x1<<12, h1 = x1>>4 | x2<<8, h2 = x2>>8 | x3<<4
//	x0 = h0 & 0xfff, x1 = (h0>>12 | h1<<4) & 0xfff,
//	x2 = (h1>>8 | h2<<8) & 0xfff, x3 = h2>>4.
//
// The reducing decode maps x < 2^12 < 2q to min(x, x − q) on unsigned lanes
// (x − q wraps when x < q), as fieldReduceOnce; the checked one sums the
// saturated differences x − (q − 1), zero exactly for x < q, and reports
// whether the sum is nonzero. 32 coefficients (48 bytes) a step.

func kemEncodeKernels(p *program) {
	f := p.function("encode12NEON", "out *byte, f *[256]uint16", 8,
		"writes ByteEncode_12(f) (FIPS 203, Algorithm 5), 384 bytes, to out, for coefficients below 2^12.")
	f.loadArgs("out", "f")
	f.op("MOVW $8, R3")
	f.label("encode12")
	kemLoad4(f, 0)
	f.I(a32.VSLI(16, 0, 1, 12))
	f.I(a32.VSHRU(16, 1, 1, 4), a32.VSLI(16, 1, 2, 8))
	f.I(a32.VSHRU(16, 2, 2, 8), a32.VSLI(16, 2, 3, 4))
	f.I(a32.VST3(16, 0, 2, a32.Inc(0)), a32.VST3(16, 1, 2, a32.Inc(0)))
	f.countDown(3, "encode12")

	sym := p.data("kemDecode12Table", 16, append(append(repeat([]int64{kemQ - 1}, 8), repeat([]int64{kemQ}, 8)...), repeat([]int64{0xfff}, 8)...))
	for _, checked := range []bool{true, false} {
		name, result, args, doc := "decode12ReduceNEON", "", 8,
			"sets f to ByteDecode_12(b) (FIPS 203, Algorithm 6) from 384 bytes, each coefficient reduced modulo q, in constant time."
		if checked {
			name, result, args, doc = "decode12CheckedNEON", "int", 12,
				"sets f to ByteDecode_12(b) from 384 bytes and returns 1 if a coefficient is q or more (the FIPS 203 modulus check), 0 otherwise."
		}
		f := p.function(name, "f *[256]uint16, b *byte", args, doc)
		f.result = result
		f.loadArgs("f", "b")
		f.op("MOVW $%s, R2", sym)
		qm1, qv, mask, acc := a32.Q(12), a32.Q(13), a32.Q(14), a32.Q(11)
		f.I(a32.VLD1(16, qm1.Lo(), 4, a32.Inc(2)), a32.VLD1(16, mask.Lo(), 2, a32.At(2)))
		if checked {
			f.I(a32.VEOR(acc, acc, acc))
		}
		f.op("MOVW $8, R3")
		f.label(name + "loop")
		// q0, q1, q2: h0, h1, h2 of eight groups; coefficient 4i+j to lane i of q(j).
		f.I(a32.VLD3(16, 0, 2, a32.Inc(1)), a32.VLD3(16, 1, 2, a32.Inc(1)))
		f.I(a32.VSHRU(16, 3, 2, 4))
		f.I(a32.VSHL(16, 2, 2, 8), a32.VSRI(16, 2, 1, 8))
		f.I(a32.VSHL(16, 1, 1, 4), a32.VSRI(16, 1, 0, 12))
		for x := a32.Q(0); x < 3; x++ {
			f.I(a32.VAND(x, x, mask))
		}
		for x := a32.Q(0); x < 4; x++ {
			if checked {
				f.I(a32.VQSUBU(16, 4, x, qm1), a32.VADD(16, acc, acc, 4))
			} else {
				f.I(a32.VSUB(16, 4, x, qv), a32.VMINU(16, x, x, 4))
			}
		}
		f.I(a32.VST4(16, 0, 2, a32.Inc(0)), a32.VST4(16, 1, 2, a32.Inc(0)))
		f.countDown(3, name+"loop")
		if checked {
			// Each lane sums 32 differences below 2^10: no lane wraps.
			f.I(a32.VMOVToCore(4, acc.Lo(), 0), a32.VMOVToCore(5, acc.Lo(), 1), a32.VMOVToCore(6, acc.Hi(), 0), a32.VMOVToCore(7, acc.Hi(), 1))
			f.op("ORR R5, R4")
			f.op("ORR R6, R4")
			f.op("ORR R7, R4")
			f.op("CMP $0, R4")
			f.op("MOVW.NE $1, R4")
			f.op("MOVW R4, ret+8(FP)")
		}
	}
}
