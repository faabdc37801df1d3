package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"
)

// The ML-KEM decode-and-decompress kernels, Decompress_d(ByteDecode_d(b))
// for d = 1, 4, 5, 10, 11 (FIPS 203, Algorithm 6 and Section 4.2.1), in
// constant time (b is the ciphertext in Decaps).
//
// Decompress_d(y) = ⌊(y·q + 2^(d−1)) / 2^d⌋ is VQRDMULH of y·2^(15−d) by q:
// its doubled, rounded product ⌊(2·y·2^(15−d)·q + 2^15) / 2^16⌋ is that
// quotient exactly. Unpacking undoes kemcompress.go's packing: d = 4 splits
// nibbles, d = 1 tests one bit per lane (VTST) of the byte loaded to every
// lane and masks (q+1)/2; d = 5, 10, 11 load whole 64-bit lanes at the
// groups' strides (so they read up to 5 bytes past the encoding: the
// padded kernels), cut them into 20- or 44-bit pieces with narrowing
// shifts, and narrow once more to the fields, whose garbage high bits a
// left shift to the top of the lane removes before the shift to y·2^(15−d).
// VST4 interleaves the four fields of each piece again.

func decompressName(d int) string { return fmt.Sprintf("decodeDecompress%dNEON", d) }

// kemDecompressFinish replaces the d-bit fields at the bottom of the
// 16-bit lanes of x (garbage above them) by their Decompress_d; qv holds q
// in every lane.
func kemDecompressFinish(f *fn, x, qv Q, d int) {
	f.I(a32.VSHL(16, x, x, 16-d), a32.VSHRU(16, x, x, 1), a32.VQRDMULH(16, x, x, qv))
}

func kemDecompressKernels(p *program) {
	tab := repeat([]int64{kemQ}, 8)
	tab = append(tab, 1, 2, 4, 8, 16, 32, 64, 128)
	tab = append(tab, kemBytes(0x0f)...)
	tab = append(tab, repeat([]int64{(kemQ + 1) / 2}, 8)...)
	sym := p.data("kemDecompressTable", 16, tab)
	qv := a32.Q(15)
	for _, d := range compressDs {
		f := p.function(decompressName(d), "f *[256]uint16, b *byte", 8,
			fmt.Sprintf("sets f to Decompress_%d(ByteDecode_%d(b)) (FIPS 203, Algorithm 6) from %d bytes, in constant time%s.", d, d, 32*d, paddedNote(d, "reads", 5)))
		f.loadArgs("f", "b")
		f.op("MOVW $%s, R2", sym)
		f.I(a32.VLD1(16, qv.Lo(), 2, a32.Inc(2)), a32.VLD1(16, 24, 4, a32.Inc(2)), a32.VLD1(16, 28, 2, a32.At(2)))
		loop := fmt.Sprintf("decompress%d", d)
		f.op("MOVW $8, R3")
		kemStrides(f, d)
		f.label(loop)
		switch d {
		case 1:
			kemUnpack1(f)
		case 4:
			kemUnpack4(f, qv)
		case 5:
			kemUnpack5(f, qv)
		case 10:
			kemUnpack10(f, qv)
		case 11:
			kemUnpack11(f, qv)
		}
		f.countDown(3, loop)
	}
}

// kemUnpack1 decodes 4 bytes into 32 coefficients: q12 holds bit j in
// lane j, q14 (q+1)/2 in every lane.
func kemUnpack1(f *fn) {
	for x := a32.Q(0); x < 4; x++ {
		f.I(a32.VLD1Dup(8, x, a32.Inc(1)))
	}
	for x := a32.Q(0); x < 4; x++ {
		f.I(a32.VTST(16, x, x, 12), a32.VAND(x, x, 14))
	}
	f.I(a32.VST1(16, 0, 4, a32.Inc(0)), a32.VST1(16, 4, 4, a32.Inc(0)))
}

// kemUnpack4 decodes 16 bytes into 32 coefficients; q13 holds 0x0f in
// every byte.
func kemUnpack4(f *fn, qv Q) {
	f.I(a32.VLD1(8, 0, 2, a32.Inc(1)))
	f.I(a32.VAND(1, 0, 13), a32.VSHRU(8, 0, 0, 4))
	// q2, q3: coefficients 0–15 (even, odd); q4, q5: 16–31.
	f.I(a32.VMOVLS8(2, a32.Q(1).Lo()), a32.VMOVLS8(3, a32.Q(0).Lo()), a32.VMOVLS8(4, a32.Q(1).Hi()), a32.VMOVLS8(5, a32.Q(0).Hi()))
	for x := a32.Q(2); x < 6; x++ {
		f.I(a32.VSHL(16, x, x, 11), a32.VQRDMULH(16, x, x, qv))
	}
	f.I(a32.VST2(16, 2, a32.Inc(0)), a32.VST2(16, 4, a32.Inc(0)))
}

// kemFields narrows the 32-bit pieces of lanes 0–3 (in lo) and 4–7 (in hi)
// into four registers from first on: field j (d bits at bit j·d) of piece
// i into 16-bit lane i of q(first+j), decompressed; then VST4 writes the
// 32 coefficients.
func kemFields(f *fn, lo, hi, first, qv Q, d, fields int) {
	for j := range fields {
		for h, src := range []Q{lo, hi} {
			dst := (first + Q(j)).Lo() + D(h)
			if j == 0 {
				f.I(a32.VMOVNW(32, dst, src))
			} else {
				f.I(a32.VSHRN(32, dst, src, j*d))
			}
		}
	}
	for j := range Q(fields) {
		kemDecompressFinish(f, first+j, qv, d)
	}
	f.I(a32.VST4(16, first.Lo(), 2, a32.Inc(0)), a32.VST4(16, first.Hi(), 2, a32.Inc(0)))
}

// kemLoad64 loads the 64-bit lanes of count groups at R1, stepping R5,
// into the D registers from first on.
func kemLoad64(f *fn, first D, count int) {
	for k := range count {
		f.I(a32.VLD1(8, first+D(k), 1, a32.Step(1, 5)))
	}
}

// kemUnpack5 decodes four 40-bit groups of eight coefficients: the two
// 20-bit halves of each (VMOVN, VSHRN by 20) zipped into pieces 2g, 2g+1.
func kemUnpack5(f *fn, qv Q) {
	kemLoad64(f, 0, 4)
	f.I(a32.VMOVNW(64, 8, 0), a32.VMOVNW(64, 9, 1), a32.VSHRN(64, 10, 0, 20), a32.VSHRN(64, 11, 1, 20))
	f.I(a32.VZIP(32, 4, 5))
	kemFields(f, 4, 5, 0, qv, 5, 4)
}

// kemUnpack10 decodes eight 40-bit groups of four coefficients: the low
// halves (VMOVN) hold fields 0 and 1, the high ones (VSHRN by 20) 2 and 3.
func kemUnpack10(f *fn, qv Q) {
	kemLoad64(f, 0, 8)
	for k := range Q(4) {
		f.I(a32.VMOVNW(64, 8+D(k), k), a32.VSHRN(64, 12+D(k), k, 20))
	}
	// q4, q5: low halves of groups 0–3, 4–7; q6, q7: high halves.
	for j := range 2 {
		for h, src := range []Q{4, 5} {
			dst := (8 + Q(j)).Lo() + D(h)
			if j == 0 {
				f.I(a32.VMOVNW(32, dst, src), a32.VMOVNW(32, dst+4, src+2))
			} else {
				f.I(a32.VSHRN(32, dst, src, 10), a32.VSHRN(32, dst+4, src+2, 10))
			}
		}
	}
	for j := range Q(4) {
		kemDecompressFinish(f, 8+j, qv, 10)
	}
	f.I(a32.VST4(16, 16, 2, a32.Inc(0)), a32.VST4(16, 17, 2, a32.Inc(0)))
}

// kemUnpack11 decodes four 88-bit groups: L (8 bytes) and H (the next 8)
// of each, quarters L and L>>44 | H<<20 of 44 bits, cut into 22-bit pairs.
func kemUnpack11(f *fn, qv Q) {
	for _, base := range []Q{0, 4} { // groups 0, 1 in q0–q2; 2, 3 in q4–q6
		for g := range D(2) {
			f.I(a32.VLD1(8, base.Lo()+g, 1, a32.Step(1, 5)), a32.VLD1(8, (base+1).Lo()+g, 1, a32.Step(1, 6)))
		}
		f.I(a32.VSHRU64(base+2, base, 44), a32.VSLI64(base+2, base+1, 20))
		f.I(a32.VSWP(base.Hi(), (base + 2).Lo())) // quarters 0, 1 and 2, 3 of the pair
	}
	// q8, q9: pairs 0 and 1 (bits 0–31) of quarters 0–3, 4–7; q10, q11: pairs 2, 3.
	for k, src := range []Q{0, 2, 4, 6} {
		f.I(a32.VMOVNW(64, 16+D(k), src), a32.VSHRN(64, 20+D(k), src, 22))
	}
	for j := range 2 {
		for h, src := range []Q{8, 9} {
			dst := Q(j).Lo() + D(h)
			if j == 0 {
				f.I(a32.VMOVNW(32, dst, src), a32.VMOVNW(32, dst+4, src+2))
			} else {
				f.I(a32.VSHRN(32, dst, src, 11), a32.VSHRN(32, dst+4, src+2, 11))
			}
		}
	}
	for j := range Q(4) {
		kemDecompressFinish(f, j, qv, 11)
	}
	f.I(a32.VST4(16, 0, 2, a32.Inc(0)), a32.VST4(16, 1, 2, a32.Inc(0)))
}
