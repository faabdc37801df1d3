package a64

import "fmt"

// The SHA3 extension (FEAT_SHA3), on 128-bit registers.

// EOR3 is d = n ^ m ^ k.
func EOR3(d, n, m, k VReg) Inst {
	return Inst{0xce000000 | uint32(m)<<16 | uint32(k)<<10 | regs(d, n), fmt.Sprintf("eor3 %s, %s, %s, %s", d.in(B16), n.in(B16), m.in(B16), k.in(B16))}
}

// BCAX is d = n ^ (m &^ k).
func BCAX(d, n, m, k VReg) Inst {
	return Inst{0xce200000 | uint32(m)<<16 | uint32(k)<<10 | regs(d, n), fmt.Sprintf("bcax %s, %s, %s, %s", d.in(B16), n.in(B16), m.in(B16), k.in(B16))}
}

// RAX1 is d = n ^ (m rotated left by 1), on 64-bit lanes.
func RAX1(d, n, m VReg) Inst {
	return Inst{0xce608c00 | uint32(m)<<16 | regs(d, n), fmt.Sprintf("rax1 %s, %s, %s", d.in(D2), n.in(D2), m.in(D2))}
}

// XAR is d = (n ^ m) rotated right by rot, on 64-bit lanes.
func XAR(d, n, m VReg, rot int) Inst {
	if rot < 0 || rot > 63 {
		panic("a64: xar rotation")
	}
	return Inst{0xce800000 | uint32(m)<<16 | uint32(rot)<<10 | regs(d, n), fmt.Sprintf("xar %s, %s, %s, #%d", d.in(D2), n.in(D2), m.in(D2), rot)}
}
