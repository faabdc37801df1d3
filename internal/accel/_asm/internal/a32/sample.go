package a32

import (
	"fmt"
	"strings"
)

// The forms of the rejection samplers: an unsigned compare, pairwise sums,
// table lookups and byte moves to core registers.

// VCGTU sets each lane of d to all ones if the unsigned lane of n is
// greater than m's, to zero otherwise:
// 1111 0011 0Dss nnnn dddd 0011 NQM0 mmmm.
func VCGTU(bits int, d, n, m Q) Inst {
	return same3(fmt.Sprintf("vcgt.u%d", bits), 1, 3, 0, bits, d, n, m)
}

// VPADD sums neighbouring lanes of the D registers n and m: n's pairs into
// d's low half, m's into its high half:
// 1111 0010 0Dss nnnn dddd 1011 NQM1 mmmm (Q = 0).
func VPADD(bits int, d, n, m D) Inst {
	return same3D(fmt.Sprintf("vpadd.i%d", bits), 0, 11, 1, bits, d, n, m)
}

// VORRD copies m to d (VORR d, m, m on D registers, the GNU VMOV of D
// registers).
func VORRD(d, m D) Inst { return same3D("vorr", 0, 1, 1, 32, d, m, m) }

// VTBL sets each byte of d to byte m[i] of the table of count (1–4) D
// registers from first, or to zero where m[i] is past the table:
// 1111 0011 1D11 nnnn dddd 10ll N0M0 mmmm, ll = count − 1.
func VTBL(d, first D, count int, m D) Inst {
	if count < 1 || count > 4 || int(first)+count > 32 {
		panic("a32: VTBL table out of range")
	}
	w := 0xf3b00800 | uint32(count-1)<<8 | vd(d) | vn(first) | vm(m)
	regs := make([]string, count)
	for i := range regs {
		regs[i] = D(int(first) + i).String()
	}
	return Inst{w, fmt.Sprintf("vtbl.8 %v, {%s}, %v", d, strings.Join(regs, ", "), m)}
}

// VMOVU8ToCore zero-extends byte x (0–7) of n into the core register t:
// 1110 1110 1 1 x2 1 nnnn tttt 1011 N x1x0 1 0000 (U = 1, opc1 = 1x2).
func VMOVU8ToCore(t R, n D, x int) Inst {
	if x < 0 || x > 7 {
		panic("a32: VMOV.U8 lane out of range")
	}
	w := 0xeed00b10 | uint32(x>>2)<<21 | uint32(n&15)<<16 | uint32(t)<<12 | uint32(n>>4)<<7 | uint32(x&3)<<5
	return Inst{w, fmt.Sprintf("vmov.u8 %v, %v[%d]", t, n, x)}
}

// VADDWU8 adds the unsigned bytes of m, widened, to the 16-bit lanes of n:
// 1111 0011 1Dss nnnn dddd 0001 N0M0 mmmm (U = 1, size = 0).
func VADDWU8(d, n Q, m D) Inst {
	w := 0xf3800100 | vd(d.Lo()) | vn(n.Lo()) | vm(m)
	return Inst{w, fmt.Sprintf("vaddw.u8 %v, %v, %v", d, n, m)}
}

// VSHLUReg shifts each unsigned lane of m by the signed low byte of the
// same lane of s (left if positive, right if negative):
// 1111 0011 0Dss nnnn dddd 0100 NQM0 mmmm, Vn = s.
func VSHLUReg(bits int, d, m, s Q) Inst {
	w := 0xf3000440 | sizeField(bits)<<20 | vd(d.Lo()) | vn(s.Lo()) | vm(m.Lo())
	return Inst{w, fmt.Sprintf("vshl.u%d %v, %v, %v", bits, d, m, s)}
}
