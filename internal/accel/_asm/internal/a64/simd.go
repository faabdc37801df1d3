package a64

import "fmt"

// threeSame encodes the "three registers of the same type" class.
func threeSame(u, opc uint32, name string, a Arr, d, n, m VReg) Inst {
	w := 0x0e200400 | a.q()<<30 | u<<29 | a.size()<<22 | uint32(m)<<16 | opc<<11 | uint32(n)<<5 | uint32(d)
	return Inst{w, fmt.Sprintf("%s %s, %s, %s", name, d.in(a), n.in(a), m.in(a))}
}

// logic encodes the bitwise members of the class, whose size field selects
// the operation and whose arrangement is 8B or 16B.
func logic(u, size uint32, name string, a Arr, d, n, m VReg) Inst {
	if a != B16 && a != B8 {
		panic("a64: bitwise operations take 8b or 16b")
	}
	w := 0x0e201c00 | a.q()<<30 | u<<29 | size<<22 | uint32(m)<<16 | uint32(n)<<5 | uint32(d)
	return Inst{w, fmt.Sprintf("%s %s, %s, %s", name, d.in(a), n.in(a), m.in(a))}
}

// ADD is d = n + m lane by lane.
func ADD(a Arr, d, n, m VReg) Inst { return threeSame(0, 0b10000, "add", a, d, n, m) }

// SUB is d = n − m lane by lane.
func SUB(a Arr, d, n, m VReg) Inst { return threeSame(1, 0b10000, "sub", a, d, n, m) }

// MUL is the low half of n·m.
func MUL(a Arr, d, n, m VReg) Inst { return threeSame(0, 0b10011, "mul", a, d, n, m) }

// MLA is d += n·m (low half).
func MLA(a Arr, d, n, m VReg) Inst { return threeSame(0, 0b10010, "mla", a, d, n, m) }

// MLS is d −= n·m (low half).
func MLS(a Arr, d, n, m VReg) Inst { return threeSame(1, 0b10010, "mls", a, d, n, m) }

// SQDMULH is the high half of 2·n·m, saturated.
func SQDMULH(a Arr, d, n, m VReg) Inst { return threeSame(0, 0b10110, "sqdmulh", a, d, n, m) }

// SQRDMULH is the high half of 2·n·m, rounded and saturated.
func SQRDMULH(a Arr, d, n, m VReg) Inst { return threeSame(1, 0b10110, "sqrdmulh", a, d, n, m) }

// SHSUB is (n − m) >> 1, signed, without overflow.
func SHSUB(a Arr, d, n, m VReg) Inst { return threeSame(0, 0b00100, "shsub", a, d, n, m) }

// CMGT sets lanes where n > m (signed) to all ones.
func CMGT(a Arr, d, n, m VReg) Inst { return threeSame(0, 0b00110, "cmgt", a, d, n, m) }

// CMHI sets lanes where n > m (unsigned) to all ones.
func CMHI(a Arr, d, n, m VReg) Inst { return threeSame(1, 0b00110, "cmhi", a, d, n, m) }

// USHL shifts each lane of n left by the signed low byte of m's lane
// (right for negative counts), logically.
func USHL(a Arr, d, n, m VReg) Inst { return threeSame(1, 0b01000, "ushl", a, d, n, m) }

// UMIN is the smaller lane of n and m (unsigned).
func UMIN(a Arr, d, n, m VReg) Inst { return threeSame(1, 0b01101, "umin", a, d, n, m) }

// UMAX is the larger lane of n and m (unsigned).
func UMAX(a Arr, d, n, m VReg) Inst { return threeSame(1, 0b01100, "umax", a, d, n, m) }

// CMEQ sets lanes where n = m to all ones.
func CMEQ(a Arr, d, n, m VReg) Inst { return threeSame(1, 0b10001, "cmeq", a, d, n, m) }

// AND is d = n & m.
func AND(a Arr, d, n, m VReg) Inst { return logic(0, 0, "and", a, d, n, m) }

// BIC is d = n &^ m.
func BIC(a Arr, d, n, m VReg) Inst { return logic(0, 1, "bic", a, d, n, m) }

// ORR is d = n | m.
func ORR(a Arr, d, n, m VReg) Inst { return logic(0, 2, "orr", a, d, n, m) }

// EOR is d = n ^ m.
func EOR(a Arr, d, n, m VReg) Inst { return logic(1, 0, "eor", a, d, n, m) }

// MOV copies n to d (ORR d, n, n).
func MOV(d, n VReg) Inst {
	in := ORR(B16, d, n, n)
	in.Asm = fmt.Sprintf("mov %s, %s", d.in(B16), n.in(B16))
	return in
}

// threeDiff encodes the widening "three registers of different types"
// class: wide lanes of d from the lower (Q = 0) or upper (Q = 1, the …2 form)
// half of n and m.
func threeDiff(u, opc uint32, name string, wide Arr, upper bool, d, n, m VReg) Inst {
	q := uint32(0)
	if upper {
		q, name = 1, name+"2"
	}
	src := narrow(wide, q)
	w := 0x0e200000 | q<<30 | u<<29 | src.size()<<22 | uint32(m)<<16 | opc<<12 | uint32(n)<<5 | uint32(d)
	return Inst{w, fmt.Sprintf("%s %s, %s, %s", name, d.in(wide), n.in(src), m.in(src))}
}

// SMULL is the widening signed product of the lower halves of n and m (upper: SMULL2).
func SMULL(wide Arr, upper bool, d, n, m VReg) Inst {
	return threeDiff(0, 0b1100, "smull", wide, upper, d, n, m)
}

// SMLAL is d += the widening signed product (upper: SMLAL2).
func SMLAL(wide Arr, upper bool, d, n, m VReg) Inst {
	return threeDiff(0, 0b1000, "smlal", wide, upper, d, n, m)
}

// UMULL is the widening unsigned product (upper: UMULL2).
func UMULL(wide Arr, upper bool, d, n, m VReg) Inst {
	return threeDiff(1, 0b1100, "umull", wide, upper, d, n, m)
}

// UMLAL is d += the widening unsigned product (upper: UMLAL2).
func UMLAL(wide Arr, upper bool, d, n, m VReg) Inst {
	return threeDiff(1, 0b1000, "umlal", wide, upper, d, n, m)
}

// byElement encodes the "vector × element" class: m's lane idx times every
// lane of n. Halfword lanes take m from V0–V15.
func byElement(u, opc uint32, name string, a Arr, d, n, m VReg, idx int) Inst {
	var h, l, mm uint32
	switch a.size() {
	case 1:
		if m > 15 || idx < 0 || idx > 7 {
			panic("a64: halfword element operand out of range")
		}
		h, l, mm = uint32(idx)>>2&1, uint32(idx)>>1&1, uint32(idx)&1
		mm = mm<<4 | uint32(m)
	case 2:
		if idx < 0 || idx > 3 {
			panic("a64: word element index out of range")
		}
		h, l, mm = uint32(idx)>>1&1, uint32(idx)&1, uint32(m)
	default:
		panic("a64: element operations take 16- or 32-bit lanes")
	}
	w := 0x0f000000 | a.q()<<30 | u<<29 | a.size()<<22 | l<<21 | mm<<16 | opc<<12 | h<<11 | uint32(n)<<5 | uint32(d)
	return Inst{w, fmt.Sprintf("%s %s, %s, v%d.%s[%d]", name, d.in(a), n.in(a), m, a.suffix(), idx)}
}

// MULe is n · m[idx] (low half).
func MULe(a Arr, d, n, m VReg, idx int) Inst { return byElement(0, 0b1000, "mul", a, d, n, m, idx) }

// MLSe is d −= n · m[idx] (low half).
func MLSe(a Arr, d, n, m VReg, idx int) Inst { return byElement(1, 0b0100, "mls", a, d, n, m, idx) }

// MLAe is d += n · m[idx] (low half).
func MLAe(a Arr, d, n, m VReg, idx int) Inst { return byElement(1, 0b0000, "mla", a, d, n, m, idx) }

// SQDMULHe is the high half of 2·n·m[idx], saturated.
func SQDMULHe(a Arr, d, n, m VReg, idx int) Inst {
	return byElement(0, 0b1100, "sqdmulh", a, d, n, m, idx)
}

// SQRDMULHe is the high half of 2·n·m[idx], rounded and saturated.
func SQRDMULHe(a Arr, d, n, m VReg, idx int) Inst {
	return byElement(0, 0b1101, "sqrdmulh", a, d, n, m, idx)
}

// shiftImm encodes the "shift by immediate" class; immhb is the 7-bit
// immh:immb field.
func shiftImm(u, opc uint32, q uint32, immhb uint32, w0 Inst) Inst {
	w0.Word = 0x0f000400 | q<<30 | u<<29 | immhb<<16 | opc<<11 | w0.Word
	return w0
}

func regs(d, n VReg) uint32 { return uint32(n)<<5 | uint32(d) }

func rshift(u, opc uint32, name string, a Arr, d, n VReg, sh int) Inst {
	if sh < 1 || sh > a.Bits() {
		panic("a64: right shift out of range")
	}
	return shiftImm(u, opc, a.q(), uint32(2*a.Bits()-sh), Inst{regs(d, n), fmt.Sprintf("%s %s, %s, #%d", name, d.in(a), n.in(a), sh)})
}

func lshift(u, opc uint32, name string, a Arr, d, n VReg, sh int) Inst {
	if sh < 0 || sh >= a.Bits() {
		panic("a64: left shift out of range")
	}
	return shiftImm(u, opc, a.q(), uint32(a.Bits()+sh), Inst{regs(d, n), fmt.Sprintf("%s %s, %s, #%d", name, d.in(a), n.in(a), sh)})
}

// SSHR is the arithmetic right shift.
func SSHR(a Arr, d, n VReg, sh int) Inst { return rshift(0, 0b00000, "sshr", a, d, n, sh) }

// USHR is the logical right shift.
func USHR(a Arr, d, n VReg, sh int) Inst { return rshift(1, 0b00000, "ushr", a, d, n, sh) }

// SRSHR is the rounding arithmetic right shift.
func SRSHR(a Arr, d, n VReg, sh int) Inst { return rshift(0, 0b00100, "srshr", a, d, n, sh) }

// URSHR is the rounding logical right shift.
func URSHR(a Arr, d, n VReg, sh int) Inst { return rshift(1, 0b00100, "urshr", a, d, n, sh) }

// USRA is d += n >> sh (logical).
func USRA(a Arr, d, n VReg, sh int) Inst { return rshift(1, 0b00010, "usra", a, d, n, sh) }

// SRI shifts n right by sh and inserts it into d, keeping d's top sh bits.
func SRI(a Arr, d, n VReg, sh int) Inst { return rshift(1, 0b01000, "sri", a, d, n, sh) }

// SHL is the left shift.
func SHL(a Arr, d, n VReg, sh int) Inst { return lshift(0, 0b01010, "shl", a, d, n, sh) }

// SLI shifts n left by sh and inserts it into d, keeping d's low sh bits.
func SLI(a Arr, d, n VReg, sh int) Inst { return lshift(1, 0b01010, "sli", a, d, n, sh) }

// SHRN narrows the wide lanes of n shifted right by sh into the lower half
// of d (upper: SHRN2, into the upper half).
func SHRN(wide Arr, upper bool, d, n VReg, sh int) Inst {
	q, name := uint32(0), "shrn"
	if upper {
		q, name = 1, "shrn2"
	}
	nar := narrow(wide, q)
	if sh < 1 || sh > nar.Bits() {
		panic("a64: narrowing shift out of range")
	}
	return shiftImm(0, 0b10000, q, uint32(2*nar.Bits()-sh), Inst{regs(d, n), fmt.Sprintf("%s %s, %s, #%d", name, d.in(nar), n.in(wide), sh)})
}

// SSHLL widens the lower (upper: SSHLL2) half of n, sign-extended, shifted
// left by sh (SXTL is sh = 0).
func SSHLL(wide Arr, upper bool, d, n VReg, sh int) Inst {
	return shll(0, "sshll", wide, upper, d, n, sh)
}

// USHLL is SSHLL zero-extending (UXTL is sh = 0).
func USHLL(wide Arr, upper bool, d, n VReg, sh int) Inst {
	return shll(1, "ushll", wide, upper, d, n, sh)
}

func shll(u uint32, name string, wide Arr, upper bool, d, n VReg, sh int) Inst {
	q := uint32(0)
	if upper {
		q, name = 1, name+"2"
	}
	nar := narrow(wide, q)
	if sh < 0 || sh >= nar.Bits() {
		panic("a64: widening shift out of range")
	}
	return shiftImm(u, 0b10100, q, uint32(nar.Bits()+sh), Inst{regs(d, n), fmt.Sprintf("%s %s, %s, #%d", name, d.in(wide), n.in(nar), sh)})
}

// misc encodes the "two-register miscellaneous" class.
func misc(u, opc uint32, q, size uint32, d, n VReg, text string) Inst {
	return Inst{0x0e200800 | q<<30 | u<<29 | size<<22 | opc<<12 | regs(d, n), text}
}

// XTN narrows the wide lanes of n (truncating) into the lower half of d
// (upper: XTN2).
func XTN(wide Arr, upper bool, d, n VReg) Inst {
	q, name := uint32(0), "xtn"
	if upper {
		q, name = 1, "xtn2"
	}
	nar := narrow(wide, q)
	return misc(0, 0b10010, q, nar.size(), d, n, fmt.Sprintf("%s %s, %s", name, d.in(nar), n.in(wide)))
}

// CMLT0 sets lanes where n < 0 to all ones.
func CMLT0(a Arr, d, n VReg) Inst {
	return misc(0, 0b01010, a.q(), a.size(), d, n, fmt.Sprintf("cmlt %s, %s, #0", d.in(a), n.in(a)))
}

// ABS is d = |n|.
func ABS(a Arr, d, n VReg) Inst {
	return misc(0, 0b01011, a.q(), a.size(), d, n, fmt.Sprintf("abs %s, %s", d.in(a), n.in(a)))
}

// NEG is d = −n.
func NEG(a Arr, d, n VReg) Inst {
	return misc(1, 0b01011, a.q(), a.size(), d, n, fmt.Sprintf("neg %s, %s", d.in(a), n.in(a)))
}

// CNT counts the set bits of each byte.
func CNT(a Arr, d, n VReg) Inst {
	return misc(0, 0b00101, a.q(), 0, d, n, fmt.Sprintf("cnt %s, %s", d.in(a), n.in(a)))
}

// permute encodes the "permute" class (UZP, TRN, ZIP).
func permute(opc uint32, name string, a Arr, d, n, m VReg) Inst {
	w := 0x0e000800 | a.q()<<30 | a.size()<<22 | uint32(m)<<16 | opc<<12 | regs(d, n)
	return Inst{w, fmt.Sprintf("%s %s, %s, %s", name, d.in(a), n.in(a), m.in(a))}
}

// UZP1 takes the even lanes of n then of m.
func UZP1(a Arr, d, n, m VReg) Inst { return permute(0b001, "uzp1", a, d, n, m) }

// UZP2 takes the odd lanes of n then of m.
func UZP2(a Arr, d, n, m VReg) Inst { return permute(0b101, "uzp2", a, d, n, m) }

// TRN1 interleaves the even lanes of n and m.
func TRN1(a Arr, d, n, m VReg) Inst { return permute(0b010, "trn1", a, d, n, m) }

// TRN2 interleaves the odd lanes of n and m.
func TRN2(a Arr, d, n, m VReg) Inst { return permute(0b110, "trn2", a, d, n, m) }

// ZIP1 interleaves the lower halves of n and m.
func ZIP1(a Arr, d, n, m VReg) Inst { return permute(0b011, "zip1", a, d, n, m) }

// ZIP2 interleaves the upper halves of n and m.
func ZIP2(a Arr, d, n, m VReg) Inst { return permute(0b111, "zip2", a, d, n, m) }

// TBL looks up the bytes of idx in the table of regs consecutive registers
// from t (zero for indexes past it).
func TBL(a Arr, d VReg, t VReg, nregs int, idx VReg) Inst {
	if nregs < 1 || nregs > 4 || (a != B16 && a != B8) {
		panic("a64: bad tbl")
	}
	w := 0x0e000000 | a.q()<<30 | uint32(idx)<<16 | uint32(nregs-1)<<13 | regs(d, t)
	return Inst{w, fmt.Sprintf("tbl %s, %s, %s", d.in(a), list(t, nregs, B16), idx.in(a))}
}

// EXT is bytes imm… of the concatenation n:m (n lowest).
func EXT(a Arr, d, n, m VReg, imm int) Inst {
	w := 0x2e000000 | a.q()<<30 | uint32(m)<<16 | uint32(imm)<<11 | regs(d, n)
	return Inst{w, fmt.Sprintf("ext %s, %s, %s, #%d", d.in(a), n.in(a), m.in(a), imm)}
}

// DUP copies general register x into every lane of d.
func DUP(a Arr, d VReg, x XReg) Inst {
	imm5 := uint32(1) << a.size()
	r := "w"
	if a.size() == 3 {
		r = "x"
	}
	w := 0x0e000c00 | a.q()<<30 | imm5<<16 | uint32(x)<<5 | uint32(d)
	return Inst{w, fmt.Sprintf("dup %s, %s%d", d.in(a), r, x)}
}

// DUPe copies lane idx of n into every lane of d.
func DUPe(a Arr, d, n VReg, idx int) Inst {
	imm5 := (uint32(idx)<<1 | 1) << a.size()
	w := 0x0e000400 | a.q()<<30 | imm5<<16 | regs(d, n)
	return Inst{w, fmt.Sprintf("dup %s, v%d.%s[%d]", d.in(a), n, a.suffix(), idx)}
}

// UMOV copies lane idx of n (32- or 64-bit lanes) into general register x.
func UMOV(a Arr, x XReg, n VReg, idx int) Inst {
	imm5 := (uint32(idx)<<1 | 1) << a.size()
	q, r := uint32(0), "w"
	if a.size() == 3 {
		q, r = 1, "x"
	}
	w := 0x0e003c00 | q<<30 | imm5<<16 | uint32(n)<<5 | uint32(x)
	return Inst{w, fmt.Sprintf("umov %s%d, v%d.%s[%d]", r, x, n, a.suffix(), idx)}
}

// ADDV sums the lanes of n into the lowest lane of d.
func ADDV(a Arr, d, n VReg) Inst {
	w := 0x0e31b800 | a.q()<<30 | a.size()<<22 | regs(d, n)
	return Inst{w, fmt.Sprintf("addv %s%d, %s", a.suffix(), d, n.in(a))}
}

// UMAXV is the largest lane of n (unsigned) in the lowest lane of d.
func UMAXV(a Arr, d, n VReg) Inst {
	w := 0x2e30a800 | a.q()<<30 | a.size()<<22 | regs(d, n)
	return Inst{w, fmt.Sprintf("umaxv %s%d, %s", a.suffix(), d, n.in(a))}
}

// UADDW adds the lower (upper: UADDW2) half of m, zero-extended, to the
// wide lanes of n.
func UADDW(wide Arr, upper bool, d, n, m VReg) Inst {
	q, name := uint32(0), "uaddw"
	if upper {
		q, name = 1, "uaddw2"
	}
	src := narrow(wide, q)
	w := 0x2e201000 | q<<30 | src.size()<<22 | uint32(m)<<16 | uint32(n)<<5 | uint32(d)
	return Inst{w, fmt.Sprintf("%s %s, %s, %s", name, d.in(wide), n.in(wide), m.in(src))}
}
