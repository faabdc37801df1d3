package a32

import (
	"fmt"
	"strings"
)

// The bitwise, unsigned-compare, shift-by-immediate and widening forms the
// samplers and lane-wise kernels use, on Q registers.

// VAND is the bitwise and.
func VAND(d, n, m Q) Inst { return same3("vand", 0, 1, 1, 8, d, n, m) }

// VMINU is the lane-wise minimum of unsigned lanes.
func VMINU(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vmin.u%d", bits), 1, 6, 1, bits, d, n, m)
}

// shiftImm encodes "two registers and a shift amount" on Q registers:
// 1111 001U 1Dii iiii dddd oooo 0QM1 mmmm, for lanes of 8–32 bits.
func shiftImm(name string, u, opc uint32, imm6 int, d, m Q) Inst {
	w := 0xf2800050 | u<<24 | uint32(imm6)<<16 | opc<<8 | vd(d.Lo()) | vm(m.Lo())
	return Inst{w, fmt.Sprintf("%s %v, %v", name, d, m)}
}

// checkShift panics unless 8 ≤ bits ≤ 32 and lo ≤ s ≤ hi.
func checkShift(bits, s, lo, hi int) {
	if bits != 8 && bits != 16 && bits != 32 || s < lo || s > hi {
		panic(fmt.Sprintf("a32: shift of %d-bit lanes by %d out of range", bits, s))
	}
}

// VSHRU is the logical right shift of every unsigned lane by s (1–bits),
// imm6 = 2·bits − s.
func VSHRU(bits int, d, m Q, s int) Inst {
	checkShift(bits, s, 1, bits)
	in := shiftImm(fmt.Sprintf("vshr.u%d", bits), 1, 0, 2*bits-s, d, m)
	in.Asm += fmt.Sprintf(", #%d", s)
	return in
}

// VSHL is the left shift of every lane by s (0–bits−1), imm6 = bits + s.
func VSHL(bits int, d, m Q, s int) Inst {
	checkShift(bits, s, 0, bits-1)
	in := shiftImm(fmt.Sprintf("vshl.i%d", bits), 0, 5, bits+s, d, m)
	in.Asm += fmt.Sprintf(", #%d", s)
	return in
}

// VSRI shifts every lane of m right by s (1–bits) and inserts it into d,
// keeping d's top s bits of each lane; imm6 = 2·bits − s.
func VSRI(bits int, d, m Q, s int) Inst {
	checkShift(bits, s, 1, bits)
	in := shiftImm(fmt.Sprintf("vsri.%d", bits), 1, 4, 2*bits-s, d, m)
	in.Asm += fmt.Sprintf(", #%d", s)
	return in
}

// VMOVLS8 widens the signed 8-bit lanes of m into the 16-bit lanes of d:
// 1111 0010 1D00 1000 dddd 1010 00M1 mmmm.
func VMOVLS8(d Q, m D) Inst {
	w := 0xf2880a10 | vd(d.Lo()) | vm(m)
	return Inst{w, fmt.Sprintf("vmovl.s8 %v, %v", d, m)}
}

// spaced encodes VLDn/VSTn of multiple structures on count D registers
// first, first+step, …, with the type field typ.
func spaced(name string, load bool, typ uint32, bits int, first D, count, step int, a Addr) Inst {
	in := multi(name, load, typ, bits, first, count, a)
	regs := make([]string, count)
	for i := range regs {
		regs[i] = D(int(first) + step*i).String()
	}
	in.Asm = fmt.Sprintf("%s.%d {%s}, %s", name, bits, strings.Join(regs, ", "), a.text())
	return in
}

// VLD3 loads 3·lanes elements deinterleaved into first, first+step and
// first+2·step (step 1 or 2): element 3i+j goes to lane i of register j.
func VLD3(bits int, first D, step int, a Addr) Inst {
	return spaced("vld3", true, 4|uint32(step-1), bits, first, 3, step, a)
}

// VST4 stores first, first+step, first+2·step and first+3·step (step 1 or
// 2) interleaved: lane i of register j goes to element 4i+j.
func VST4(bits int, first D, step int, a Addr) Inst {
	return spaced("vst4", false, uint32(step-1), bits, first, 4, step, a)
}
