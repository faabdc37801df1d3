package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"
)

// The ML-KEM compress-and-encode kernels, ByteEncode_d(Compress_d(f)) for
// d = 1, 4, 5, 10, 11 (FIPS 203, Algorithm 5 and Section 4.2.1), in
// constant time.
//
// Compress_d(x) = ⌊(x·2^d + (q−1)/2)·M / 2^35⌋ mod 2^d with M = ⌈2^35/q⌉,
// the Go twin's formula: VSHLL widens x·2^d to 32-bit lanes, VADD adds
// (q−1)/2, VQDMULH by M gives ⌊dividend·M / 2^31⌋ (the dividend is below
// 2^23 and M below 2^24, so nothing saturates) and a right shift by 4 the
// quotient, exactly the Go twin's.
//
// Packing merges the d-bit fields of neighbouring coefficients with VSLI,
// which keeps the destination's low bits and so drops the carry bit of a
// quotient equal to 2^d (the mod 2^d), until a group of coefficients fills
// whole bytes: d = 4 two coefficients a byte (VLD2 splits even and odd
// ones), d = 1 eight (VLD4 and VUZP); d = 5 and 10 a 40-bit group of eight
// and four coefficients in a 64-bit lane, d = 11 an 88-bit group of eight
// in two 64-bit lanes. VLD4 splits the coefficients four ways so that the
// fields to merge sit in the same lane of different registers. The 64-bit
// lanes are stored whole at a stride of 5 (or 8 then 3) bytes, each store
// overwriting the bytes above the previous group; the last one writes up
// to 3 bytes past the encoding, so those kernels are the padded ones.
//
// Registers: q14 holds (q−1)/2 and q15 M in every 32-bit lane.

// compressDs are the d with a compress-and-encode and a decode-and-
// decompress kernel.
var compressDs = []int{1, 4, 5, 10, 11}

// compressPadded reports whether the kernels of d move whole 64-bit lanes
// past the encoding, needing the contract's padded buffer.
func compressPadded(d int) bool { return d == 5 || d == 10 || d == 11 }

// Constant registers of the compression kernels.
const (
	kemHalfQ = a32.Q(14)
	kemMult  = a32.Q(15)
)

// kemCompress32 sets lo and hi to Compress_d of the low and high four
// 16-bit lanes of src as 32-bit lanes, each below 2^d + 1.
func kemCompress32(f *fn, src, lo, hi Q, d int) {
	f.I(a32.VSHLL(16, lo, src.Lo(), d), a32.VSHLL(16, hi, src.Hi(), d))
	f.I(a32.VADD(32, lo, lo, kemHalfQ), a32.VADD(32, hi, hi, kemHalfQ))
	f.I(a32.VQDMULH(32, lo, lo, kemMult), a32.VQDMULH(32, hi, hi, kemMult))
	f.I(a32.VSHRU(32, lo, lo, 4), a32.VSHRU(32, hi, hi, 4))
}

// kemCompress16 replaces the 16-bit lanes of x by Compress_d of them, with
// lo and hi as scratch.
func kemCompress16(f *fn, x, lo, hi Q, d int) {
	f.I(a32.VSHLL(16, lo, x.Lo(), d), a32.VSHLL(16, hi, x.Hi(), d))
	f.I(a32.VADD(32, lo, lo, kemHalfQ), a32.VADD(32, hi, hi, kemHalfQ))
	f.I(a32.VQDMULH(32, lo, lo, kemMult), a32.VQDMULH(32, hi, hi, kemMult))
	f.I(a32.VSHRN(32, x.Lo(), lo, 4), a32.VSHRN(32, x.Hi(), hi, 4))
}

// kemLoad4 loads 32 coefficients at R1 split four ways: coefficient 4i+j
// into lane i of q(first+j).
func kemLoad4(f *fn, first Q) {
	f.I(a32.VLD4(16, first.Lo(), 2, a32.Inc(1)), a32.VLD4(16, first.Hi(), 2, a32.Inc(1)))
}

// compressName is the kernel of d.
func compressName(d int) string { return fmt.Sprintf("compressEncode%dNEON", d) }

func kemCompressKernels(p *program) {
	sym := p.data("kemCompressTable", 32, append(repeat([]int64{(kemQ - 1) / 2}, 4), repeat([]int64{(1<<35 + kemQ - 1) / kemQ}, 4)...))
	for _, d := range compressDs {
		f := p.function(compressName(d), "out *byte, f *[256]uint16", 8,
			fmt.Sprintf("writes ByteEncode_%d(Compress_%d(f)) (FIPS 203, Algorithm 5), %d bytes, to out, in constant time%s.", d, d, 32*d, paddedNote(d, "writes", 3)))
		f.loadArgs("out", "f")
		f.op("MOVW $%s, R2", sym)
		f.I(a32.VLD1(32, kemHalfQ.Lo(), 4, a32.At(2)))
		loop := fmt.Sprintf("compress%d", d)
		steps := map[int]int{1: 4, 4: 8, 5: 8, 10: 8, 11: 8}[d]
		f.op("MOVW $%d, R3", steps)
		kemStrides(f, d)
		f.label(loop)
		switch d {
		case 1:
			kemPack1(f)
		case 4:
			kemPack4(f)
		case 5, 10:
			kemPack40(f, d)
		case 11:
			kemPack11(f)
		}
		f.countDown(3, loop)
	}
}

// kemStrides sets the store or load strides of the padded kernels of d:
// R5 = 5 (d = 5, 10), or R5 = 8 and R6 = 3 (d = 11).
func kemStrides(f *fn, d int) {
	switch d {
	case 5, 10:
		f.op("MOVW $5, R5")
	case 11:
		f.op("MOVW $8, R5")
		f.op("MOVW $3, R6")
	}
}

// paddedNote is the doc comment's remark on the padded kernels, which move
// up to past bytes beyond the encoding.
func paddedNote(d int, verb string, past int) string {
	if compressPadded(d) {
		return fmt.Sprintf("; it %s up to %d bytes past the encoding", verb, past)
	}
	return ""
}

// kemPack1 encodes 64 coefficients as 8 bytes: four-bit fields of
// coefficients 4i … 4i+3 in lane i, VUZP pairing the fields of neighbouring
// groups, one byte each.
func kemPack1(f *fn) {
	kemLoad4(f, 0)
	kemLoad4(f, 4)
	for x := a32.Q(0); x < 8; x++ {
		kemCompress16(f, x, 8, 9, 1)
	}
	for _, b := range []Q{0, 4} {
		f.I(a32.VSLI(16, b, b+1, 1), a32.VSLI(16, b, b+2, 2), a32.VSLI(16, b, b+3, 3))
	}
	f.I(a32.VUZP(16, 0, 4), a32.VSLI(16, 0, 4, 4), a32.VMOVNW(16, 2, 0))
	f.I(a32.VST1(8, 2, 1, a32.Inc(0)))
}

// kemPack4 encodes 32 coefficients as 16 bytes, even and odd coefficients
// in the low and high nibbles.
func kemPack4(f *fn) {
	f.I(a32.VLD2(16, 0, a32.Inc(1)), a32.VLD2(16, 2, a32.Inc(1)))
	for x := a32.Q(0); x < 4; x++ {
		kemCompress16(f, x, 8, 9, 4)
	}
	f.I(a32.VSLI(16, 0, 1, 4), a32.VSLI(16, 2, 3, 4))
	f.I(a32.VMOVNW(16, 8, 0), a32.VMOVNW(16, 9, 2))
	f.I(a32.VST1(8, 8, 2, a32.Inc(0)))
}

// kemPack40 encodes 32 coefficients in 40-bit groups, d = 5 (eight
// coefficients, four groups) or d = 10 (four coefficients, eight groups):
// VSLI chains build 20-bit halves in 32-bit lanes, VMOVL.U32 and VSLI.64
// join two halves in a 64-bit lane, stored at a stride of 5 bytes (R5).
func kemPack40(f *fn, d int) {
	kemLoad4(f, 0)
	// Coefficients 4i+j in 32-bit lanes: lanes 0–3 of i in q(4+2j), 4–7 in q(5+2j).
	for j := range Q(4) {
		kemCompress32(f, j, 4+2*j, 5+2*j, d)
	}
	var lo, hi Q // the low and the high halves of the groups
	if d == 10 {
		for _, b := range []Q{4, 5, 8, 9} {
			f.I(a32.VSLI(32, b, b+2, 10))
		}
		lo, hi = 4, 8 // groups 0–3; groups 4–7 in q5, q9
	} else {
		for _, b := range []Q{4, 5} {
			f.I(a32.VSLI(32, b, b+2, 5), a32.VSLI(32, b, b+4, 10), a32.VSLI(32, b, b+6, 15))
		}
		f.I(a32.VUZP(32, 4, 5))
		lo, hi = 4, 5
	}
	halves := []D{lo.Lo(), lo.Hi()}
	pairs := []D{hi.Lo(), hi.Hi()}
	if d == 10 {
		halves = append(halves, (lo + 1).Lo(), (lo + 1).Hi())
		pairs = append(pairs, (hi + 1).Lo(), (hi + 1).Hi())
	}
	for k := range halves {
		f.I(a32.VSHLL(32, 0, halves[k], 0), a32.VSHLL(32, 1, pairs[k], 0), a32.VSLI64(0, 1, 20))
		f.I(a32.VST1(8, 0, 1, a32.Step(0, 5)), a32.VST1(8, 1, 1, a32.Step(0, 5)))
	}
}

// kemPack11 encodes 32 coefficients as four 88-bit groups: 22-bit pairs in
// 32-bit lanes, 44-bit quarters (VSLI.64), then per group L = lo | hi<<44
// and H = hi>>20, stored at 8 then 3 bytes' stride (R5, R6).
func kemPack11(f *fn) {
	kemLoad4(f, 0)
	for j := range Q(4) {
		kemCompress32(f, j, 4+2*j, 5+2*j, 11)
	}
	for _, b := range []Q{4, 5, 8, 9} {
		f.I(a32.VSLI(32, b, b+2, 11))
	}
	for _, k := range []Q{0, 1} { // quarters 0–3, then 4–7
		pair, pair2 := 4+k, 8+k
		f.I(a32.VSHLL(32, 0, pair.Lo(), 0), a32.VSHLL(32, 1, pair2.Lo(), 0), a32.VSLI64(0, 1, 22))
		f.I(a32.VSHLL(32, 2, pair.Hi(), 0), a32.VSHLL(32, 3, pair2.Hi(), 0), a32.VSLI64(2, 3, 22))
		f.I(a32.VSWP(a32.Q(0).Hi(), a32.Q(2).Lo())) // q0 = low quarters, q2 = high ones
		f.I(a32.VSLI64(0, 2, 44), a32.VSHRU64(1, 2, 20))
		for g := range 2 {
			f.I(a32.VST1(8, a32.Q(0).Lo()+D(g), 1, a32.Step(0, 5)), a32.VST1(8, a32.Q(1).Lo()+D(g), 1, a32.Step(0, 6)))
		}
	}
}
