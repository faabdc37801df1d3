package a64

import (
	"fmt"
	"strings"
)

// list is the GNU register list {v1.8h, v2.8h, …}.
func list(first VReg, n int, a Arr) string {
	var rs []string
	for i := range n {
		rs = append(rs, VReg((int(first)+i)%32).in(a))
	}
	return "{" + strings.Join(rs, ", ") + "}"
}

// structOpc is the opcode field of LDn/STn (multiple structures) for
// interleave n over regs registers.
func structOpc(inter, nregs int) uint32 {
	switch {
	case inter == 1 && nregs == 1:
		return 0b0111
	case inter == 1 && nregs == 2:
		return 0b1010
	case inter == 1 && nregs == 3:
		return 0b0110
	case inter == 1 && nregs == 4:
		return 0b0010
	case inter == 2 && nregs == 2:
		return 0b1000
	case inter == 3 && nregs == 3:
		return 0b0100
	case inter == 4 && nregs == 4:
		return 0b0000
	}
	panic("a64: no such structure load")
}

// multi encodes LDn/STn of nregs consecutive registers from t at [x],
// advancing x past the data when post is set.
func multi(load bool, inter, nregs int, a Arr, t VReg, x XReg, post bool) Inst {
	l, name := uint32(0), "st"
	if load {
		l, name = 1, "ld"
	}
	w := 0x0c000000 | a.q()<<30 | l<<22 | structOpc(inter, nregs)<<12 | a.size()<<10 | uint32(x)<<5 | uint32(t)
	text := fmt.Sprintf("%s%d %s, [%s]", name, inter, list(t, nregs, a), x)
	if post {
		w |= 1<<23 | 0b11111<<16
		text += fmt.Sprintf(", #%d", nregs*8*(1+int(a.q())))
	}
	return Inst{w, text}
}

// LD1 loads nregs consecutive registers from t, unstrided, from [x]
// (post: then advances x).
func LD1(nregs int, a Arr, t VReg, x XReg, post bool) Inst {
	return multi(true, 1, nregs, a, t, x, post)
}

// ST1 stores nregs consecutive registers from t, unstrided.
func ST1(nregs int, a Arr, t VReg, x XReg, post bool) Inst {
	return multi(false, 1, nregs, a, t, x, post)
}

// LD2 loads two registers, de-interleaving even and odd lanes.
func LD2(a Arr, t VReg, x XReg, post bool) Inst { return multi(true, 2, 2, a, t, x, post) }

// ST2 stores two registers, interleaving their lanes.
func ST2(a Arr, t VReg, x XReg, post bool) Inst { return multi(false, 2, 2, a, t, x, post) }

// LD3 loads three registers, de-interleaving lanes by three.
func LD3(a Arr, t VReg, x XReg, post bool) Inst { return multi(true, 3, 3, a, t, x, post) }

// LD4 loads four registers, de-interleaving lanes by four.
func LD4(a Arr, t VReg, x XReg, post bool) Inst { return multi(true, 4, 4, a, t, x, post) }

// ST4 stores four registers, interleaving their lanes by four.
func ST4(a Arr, t VReg, x XReg, post bool) Inst { return multi(false, 4, 4, a, t, x, post) }

// LDRQ loads the 128-bit register t from [x + off], off a multiple of 16.
func LDRQ(t VReg, x XReg, off int) Inst {
	if off < 0 || off%16 != 0 || off/16 > 4095 {
		panic("a64: ldr q offset")
	}
	return Inst{0x3dc00000 | uint32(off/16)<<10 | uint32(x)<<5 | uint32(t), fmt.Sprintf("ldr q%d, [%s, #%d]", t, x, off)}
}

// STRQ stores the 128-bit register t at [x + off], off a multiple of 16.
func STRQ(t VReg, x XReg, off int) Inst {
	if off < 0 || off%16 != 0 || off/16 > 4095 {
		panic("a64: str q offset")
	}
	return Inst{0x3d800000 | uint32(off/16)<<10 | uint32(x)<<5 | uint32(t), fmt.Sprintf("str q%d, [%s, #%d]", t, x, off)}
}

// LDRD loads the 64-bit register t (lane 0 of Vt, clearing the rest) from
// [x + off], off a multiple of 8.
func LDRD(t VReg, x XReg, off int) Inst {
	if off < 0 || off%8 != 0 || off/8 > 4095 {
		panic("a64: ldr d offset")
	}
	return Inst{0xfd400000 | uint32(off/8)<<10 | uint32(x)<<5 | uint32(t), fmt.Sprintf("ldr d%d, [%s, #%d]", t, x, off)}
}

// STRD stores lane 0 of Vt (64 bits) at [x + off], off a multiple of 8.
func STRD(t VReg, x XReg, off int) Inst {
	if off < 0 || off%8 != 0 || off/8 > 4095 {
		panic("a64: str d offset")
	}
	return Inst{0xfd000000 | uint32(off/8)<<10 | uint32(x)<<5 | uint32(t), fmt.Sprintf("str d%d, [%s, #%d]", t, x, off)}
}
