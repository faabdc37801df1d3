package a32

import "fmt"

// Element sizes, as the size field of the encodings: 8, 16, 32, 64 bits.
func sizeField(bits int) uint32 {
	switch bits {
	case 8:
		return 0
	case 16:
		return 1
	case 32:
		return 2
	case 64:
		return 3
	}
	panic(fmt.Sprintf("a32: no %d-bit elements", bits))
}

// vd, vn, vm place a D register number (0–31) in the Vd:D, Vn:N, Vm:M
// fields.
func vd(d D) uint32 { return uint32(d&15)<<12 | uint32(d>>4)<<22 }
func vn(d D) uint32 { return uint32(d&15)<<16 | uint32(d>>4)<<7 }
func vm(d D) uint32 { return uint32(d&15) | uint32(d>>4)<<5 }

// same3 encodes a "three registers of the same length" instruction on Q
// registers: 1111 001U 0Dss nnnn dddd oooo NQM1 mmmm with o1 at bit 4.
func same3(name string, u, opc, o1 uint32, bits int, d, n, m Q) Inst {
	w := 0xf2000040 | u<<24 | sizeField(bits)<<20 | vd(d.Lo()) | vn(n.Lo()) | vm(m.Lo()) | opc<<8 | o1<<4
	return Inst{w, fmt.Sprintf("%s %v, %v, %v", name, d, n, m)}
}

// Integer vector arithmetic on Q registers, lanes of the given width.
func VADD(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vadd.i%d", bits), 0, 8, 0, bits, d, n, m)
}
func VSUB(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vsub.i%d", bits), 1, 8, 0, bits, d, n, m)
}
func VMUL(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vmul.i%d", bits), 0, 9, 1, bits, d, n, m)
}
func VMLS(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vmls.i%d", bits), 1, 9, 0, bits, d, n, m)
}

// VQDMULH is the high half of the doubled product, saturated.
func VQDMULH(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vqdmulh.s%d", bits), 0, 11, 0, bits, d, n, m)
}

// VQRDMULH is the rounded high half of the doubled product, saturated.
func VQRDMULH(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vqrdmulh.s%d", bits), 1, 11, 0, bits, d, n, m)
}

// VHSUB is the signed halved difference (n − m) >> 1, without overflow.
func VHSUB(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vhsub.s%d", bits), 0, 2, 0, bits, d, n, m)
}

// VEOR is the bitwise exclusive or.
func VEOR(d, n, m Q) Inst { return same3("veor", 1, 1, 1, 8, d, n, m) }

// byScalar encodes "two registers and a scalar" on Q registers:
// 1111 001Q 1Dss nnnn dddd oooo N1M0 mmmm (Q = 1 at bit 24).
func byScalar(name string, opc uint32, bits int, d, n Q, s Scalar) Inst {
	var m uint32
	switch bits {
	case 16:
		if s.Reg > 7 || s.Lane > 3 {
			panic(fmt.Sprintf("a32: %v is not a 16-bit scalar operand", s))
		}
		m = uint32(s.Reg) | uint32(s.Lane&1)<<3 | uint32(s.Lane>>1)<<5
	case 32:
		if s.Reg > 15 || s.Lane > 1 {
			panic(fmt.Sprintf("a32: %v is not a 32-bit scalar operand", s))
		}
		m = uint32(s.Reg) | uint32(s.Lane)<<5
	default:
		panic("a32: by-scalar forms take 16- or 32-bit lanes")
	}
	w := 0xf3800040 | sizeField(bits)<<20 | vd(d.Lo()) | vn(n.Lo()) | m | opc<<8
	return Inst{w, fmt.Sprintf("%s %v, %v, %v", name, d, n, s)}
}

// By-scalar multiplies: every lane of n times the scalar s.
func VMULs(bits int, d, n Q, s Scalar) Inst {
	return byScalar(fmt.Sprintf("vmul.i%d", bits), 8, bits, d, n, s)
}
func VMLSs(bits int, d, n Q, s Scalar) Inst {
	return byScalar(fmt.Sprintf("vmls.i%d", bits), 4, bits, d, n, s)
}
func VQDMULHs(bits int, d, n Q, s Scalar) Inst {
	return byScalar(fmt.Sprintf("vqdmulh.s%d", bits), 12, bits, d, n, s)
}
func VQRDMULHs(bits int, d, n Q, s Scalar) Inst {
	return byScalar(fmt.Sprintf("vqrdmulh.s%d", bits), 13, bits, d, n, s)
}

// VMLAL is the signed widening multiply-accumulate d += n·m on 16-bit lanes
// of D registers into 32-bit lanes of a Q register:
// 1111 0010 1Dss nnnn dddd 1000 N0M0 mmmm.
func VMLAL(d Q, n, m D) Inst {
	w := 0xf2800800 | sizeField(16)<<20 | vd(d.Lo()) | vn(n) | vm(m)
	return Inst{w, fmt.Sprintf("vmlal.s16 %v, %v, %v", d, n, m)}
}

// VMOVL widens the unsigned 16-bit lanes of m into the 32-bit lanes of d:
// 1111 0011 1D01 0000 dddd 1010 00M1 mmmm.
func VMOVL(d Q, m D) Inst {
	w := 0xf3900a10 | vd(d.Lo()) | vm(m)
	return Inst{w, fmt.Sprintf("vmovl.u16 %v, %v", d, m)}
}

// VMOVN narrows the 32-bit lanes of m to the 16-bit lanes of d:
// 1111 0011 1D11 0110 dddd 0010 00M0 mmmm.
func VMOVN(d D, m Q) Inst {
	w := 0xf3b60200 | vd(d) | vm(m.Lo())
	return Inst{w, fmt.Sprintf("vmovn.i32 %v, %v", d, m)}
}

// VSHR is the arithmetic right shift of every signed lane by s:
// 1111 0010 1Dii iiii dddd 0000 0QM1 mmmm, imm6 = 2·bits − s.
func VSHR(bits int, d, m Q, s int) Inst {
	if s < 1 || s > bits || bits > 32 {
		panic("a32: VSHR shift out of range")
	}
	w := 0xf2800050 | uint32(2*bits-s)<<16 | vd(d.Lo()) | vm(m.Lo())
	return Inst{w, fmt.Sprintf("vshr.s%d %v, %v, #%d", bits, d, m, s)}
}

// misc2 encodes "two registers, miscellaneous":
// 1111 0011 1D11 ss oo dddd 0ooo oQM0 mmmm.
func misc2(name string, size, opc1, opc2, q uint32, d, m D) Inst {
	w := 0xf3b00000 | size<<18 | opc1<<16 | opc2<<7 | q<<6 | vd(d) | vm(m)
	return Inst{w, name}
}

// VSWP exchanges two D registers.
func VSWP(d, m D) Inst { return misc2(fmt.Sprintf("vswp %v, %v", d, m), 0, 2, 0, 0, d, m) }

// VTRN transposes the 2×2 blocks of lanes of two Q registers: lane 2i+1 of
// d is exchanged with lane 2i of m.
func VTRN(bits int, d, m Q) Inst {
	return misc2(fmt.Sprintf("vtrn.%d %v, %v", bits, d, m), sizeField(bits), 2, 1, 1, d.Lo(), m.Lo())
}

// same3D is same3 on D registers (Q = 0).
func same3D(name string, u, opc, o1 uint32, bits int, d, n, m D) Inst {
	w := 0xf2000000 | u<<24 | sizeField(bits)<<20 | vd(d) | vn(n) | vm(m) | opc<<8 | o1<<4
	return Inst{w, fmt.Sprintf("%s %v, %v, %v", name, d, n, m)}
}

// VEORD is the bitwise exclusive or of D registers.
func VEORD(d, n, m D) Inst { return same3D("veor", 1, 1, 1, 8, d, n, m) }

// VBICD is d = n &^ m on D registers.
func VBICD(d, n, m D) Inst { return same3D("vbic", 0, 1, 1, 16, d, n, m) }

// VSHL64 shifts the 64-bit lane of m left by s (0–63) into d:
// 1111 0010 1Dii iiii dddd 0101 1QM1 mmmm, imm6 = s.
func VSHL64(d, m D, s int) Inst {
	if s < 0 || s > 63 {
		panic("a32: VSHL64 shift out of range")
	}
	w := 0xf2800590 | uint32(s)<<16 | vd(d) | vm(m)
	return Inst{w, fmt.Sprintf("vshl.i64 %v, %v, #%d", d, m, s)}
}

// VSRI64 shifts the 64-bit lane of m right by s (1–64) and inserts it into
// d, keeping d's top s bits: with VSHL64 by 64 − s, a rotation.
// 1111 0011 1Dii iiii dddd 0100 1QM1 mmmm, imm6 = 64 − s.
func VSRI64(d, m D, s int) Inst {
	if s < 1 || s > 64 {
		panic("a32: VSRI64 shift out of range")
	}
	w := 0xf3800490 | uint32(64-s)<<16 | vd(d) | vm(m)
	return Inst{w, fmt.Sprintf("vsri.64 %v, %v, #%d", d, m, s)}
}
