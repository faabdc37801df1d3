package a32

import "fmt"

// The forms of the ML-KEM sampling and packing kernels: population counts,
// shift-left-and-insert, widening and narrowing shifts, unzipping, bit
// tests, loads to all lanes and deinterleaving VLD4, on Q registers unless
// a D operand is named.

// VCNT counts the set bits of every byte:
// 1111 0011 1D11 0000 dddd 0101 0QM0 mmmm.
func VCNT(d, m Q) Inst {
	return misc2(fmt.Sprintf("vcnt.8 %v, %v", d, m), 0, 0, 10, 1, d.Lo(), m.Lo())
}

// VUZP unzips two registers: afterwards d holds the even lanes of the pair
// (d, m) taken as one vector, d's first, and m the odd ones.
func VUZP(bits int, d, m Q) Inst {
	return misc2(fmt.Sprintf("vuzp.%d %v, %v", bits, d, m), sizeField(bits), 2, 2, 1, d.Lo(), m.Lo())
}

// VTST sets each lane of d to all ones if the lanes of n and m share a set
// bit and to zero otherwise.
func VTST(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vtst.%d", bits), 0, 8, 1, bits, d, n, m)
}

// VSLI shifts every lane of m left by s (0–bits−1) and inserts it into d,
// keeping d's low s bits of each lane; imm6 = bits + s.
func VSLI(bits int, d, m Q, s int) Inst {
	checkShift(bits, s, 0, bits-1)
	in := shiftImm(fmt.Sprintf("vsli.%d", bits), 1, 5, bits+s, d, m)
	in.Asm += fmt.Sprintf(", #%d", s)
	return in
}

// VSLI64 is VSLI on the two 64-bit lanes of Q registers (L = 1, imm6 = s,
// 0–63).
func VSLI64(d, m Q, s int) Inst {
	if s < 0 || s > 63 {
		panic("a32: VSLI64 shift out of range")
	}
	w := 0xf38005d0 | uint32(s)<<16 | vd(d.Lo()) | vm(m.Lo())
	return Inst{w, fmt.Sprintf("vsli.64 %v, %v, #%d", d, m, s)}
}

// VSHLL widens the unsigned lanes of m (8, 16 or 32 bits) into lanes of
// twice the width in d, shifted left by s (0 to bits−1; 0 is VMOVL.U):
// 1111 0011 1Dii iiii dddd 1010 00M1 mmmm, imm6 = bits + s.
func VSHLL(bits int, d Q, m D, s int) Inst {
	if bits != 8 && bits != 16 && bits != 32 || s < 0 || s >= bits {
		panic(fmt.Sprintf("a32: VSHLL of %d-bit lanes by %d out of range", bits, s))
	}
	w := 0xf3800a10 | uint32(bits+s)<<16 | vd(d.Lo()) | vm(m)
	if s == 0 {
		return Inst{w, fmt.Sprintf("vmovl.u%d %v, %v", bits, d, m)}
	}
	return Inst{w, fmt.Sprintf("vshll.u%d %v, %v, #%d", bits, d, m, s)}
}

// VMOVNW narrows the lanes of m (16, 32 or 64 bits) to their low halves in
// d: 1111 0011 1D11 ss10 dddd 0010 00M0 mmmm.
func VMOVNW(bits int, d D, m Q) Inst {
	w := 0xf3b20200 | sizeField(bits/2)<<18 | vd(d) | vm(m.Lo())
	return Inst{w, fmt.Sprintf("vmovn.i%d %v, %v", bits, d, m)}
}

// VSHRN shifts the lanes of m (16, 32 or 64 bits) right by s (1 to bits/2)
// and narrows them to their low halves in d:
// 1111 0010 1Dii iiii dddd 1000 00M1 mmmm, imm6 = bits − s.
func VSHRN(bits int, d D, m Q, s int) Inst {
	if bits != 16 && bits != 32 && bits != 64 || s < 1 || s > bits/2 {
		panic(fmt.Sprintf("a32: VSHRN of %d-bit lanes by %d out of range", bits, s))
	}
	w := 0xf2800810 | uint32(bits-s)<<16 | vd(d) | vm(m.Lo())
	return Inst{w, fmt.Sprintf("vshrn.i%d %v, %v, #%d", bits, d, m, s)}
}

// VLD1Dup loads one element into every lane of q's two D registers:
// 1111 0100 1D10 nnnn dddd 1100 ss10 mmmm.
func VLD1Dup(bits int, q Q, a Addr) Inst {
	w := 0xf4a00c20 | uint32(a.base)<<16 | vd(q.Lo()) | sizeField(bits)<<6 | a.mode
	return Inst{w, fmt.Sprintf("vld1.%d {%v[], %v[]}, %s", bits, q.Lo(), q.Hi(), a.text())}
}

// VLD4 loads 4·lanes elements deinterleaved into first, first+step,
// first+2·step and first+3·step (step 1 or 2): element 4i+j goes to lane i
// of register j.
func VLD4(bits int, first D, step int, a Addr) Inst {
	return spaced("vld4", true, uint32(step-1), bits, first, 4, step, a)
}

// VZIP interleaves two registers: afterwards the pair (d, m) taken as one
// vector holds d's and m's lanes alternately, d's first; the inverse of
// VUZP.
func VZIP(bits int, d, m Q) Inst {
	return misc2(fmt.Sprintf("vzip.%d %v, %v", bits, d, m), sizeField(bits), 2, 3, 1, d.Lo(), m.Lo())
}

// VSHRU64 is the logical right shift of the two 64-bit lanes of m by s
// (1–64): 1111 0011 1Dii iiii dddd 0000 1QM1 mmmm, imm6 = 64 − s.
func VSHRU64(d, m Q, s int) Inst {
	if s < 1 || s > 64 {
		panic("a32: VSHRU64 shift out of range")
	}
	w := 0xf38000d0 | uint32((64-s)&63)<<16 | vd(d.Lo()) | vm(m.Lo())
	return Inst{w, fmt.Sprintf("vshr.u64 %v, %v, #%d", d, m, s)}
}

// VST3 stores first, first+step and first+2·step (step 1 or 2)
// interleaved: lane i of register j goes to element 3i+j.
func VST3(bits int, first D, step int, a Addr) Inst {
	return spaced("vst3", false, 4|uint32(step-1), bits, first, 3, step, a)
}

// VQSUBU is the unsigned saturating difference n − m (0 where m > n).
func VQSUBU(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vqsub.u%d", bits), 1, 2, 1, bits, d, n, m)
}

// VMOVToCore copies the 32-bit lane x (0 or 1) of n to the core register t:
// 1110 1110 00x1 nnnn tttt 1011 N001 0000.
func VMOVToCore(t R, n D, x int) Inst {
	w := 0xee100b10 | uint32(x&1)<<21 | uint32(n&15)<<16 | uint32(t)<<12 | uint32(n>>4)<<7
	return Inst{w, fmt.Sprintf("vmov.32 %v, %v[%d]", t, n, x)}
}

// VMAXU is the lane-wise maximum of unsigned lanes.
func VMAXU(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vmax.u%d", bits), 1, 6, 0, bits, d, n, m)
}

// VPMAXU is the pairwise maximum of the unsigned lanes of two D registers:
// the maxima of n's neighbouring pairs, then m's.
func VPMAXU(bits int, d, n, m D) Inst {
	return same3D(fmt.Sprintf("vpmax.u%d", bits), 1, 10, 0, bits, d, n, m)
}

// VDUPCore copies the core register t into every 32-bit lane of d:
// 1110 1110 1010 dddd tttt 1011 D001 0000.
func VDUPCore(d Q, t R) Inst {
	w := 0xeea00b10 | uint32(d.Lo()&15)<<16 | uint32(t)<<12 | uint32(d.Lo()>>4)<<7
	return Inst{w, fmt.Sprintf("vdup.32 %v, %v", d, t)}
}

// VRSHRU is the rounding logical right shift of every unsigned lane by s
// (1–bits): (x + 2^(s−1)) >> s; imm6 = 2·bits − s.
func VRSHRU(bits int, d, m Q, s int) Inst {
	checkShift(bits, s, 1, bits)
	in := shiftImm(fmt.Sprintf("vrshr.u%d", bits), 1, 2, 2*bits-s, d, m)
	in.Asm += fmt.Sprintf(", #%d", s)
	return in
}

// VABS is the absolute value of every signed lane:
// 1111 0011 1D11 ss01 dddd 0011 0QM0 mmmm.
func VABS(bits int, d, m Q) Inst {
	return misc2(fmt.Sprintf("vabs.s%d %v, %v", bits, d, m), sizeField(bits), 1, 6, 1, d.Lo(), m.Lo())
}
