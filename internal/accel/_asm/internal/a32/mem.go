package a32

import (
	"fmt"
	"strings"
)

// Addressing of the element and structure loads and stores: [r], [r]! (the
// base advanced by the bytes moved) or [r], rm (advanced by rm).
type Addr struct {
	base R
	mode uint32 // the Rm field: 15 none, 13 writeback, else the register
}

// At is [r].
func At(r R) Addr { return Addr{r, 15} }

// Inc is [r]!: r advances by the bytes moved.
func Inc(r R) Addr { return Addr{r, 13} }

// Step is [r], rm: r advances by rm.
func Step(r R, rm R) Addr { return Addr{r, uint32(rm)} }

// text is the GNU spelling.
func (a Addr) text() string {
	switch a.mode {
	case 15:
		return fmt.Sprintf("[%v]", a.base)
	case 13:
		return fmt.Sprintf("[%v]!", a.base)
	}
	return fmt.Sprintf("[%v], %v", a.base, R(a.mode))
}

// multi encodes VLDn/VSTn of multiple structures:
// 1111 0100 0DL0 nnnn dddd tttt ssaa mmmm.
func multi(name string, load bool, typ uint32, bits int, first D, count int, a Addr) Inst {
	var l uint32
	if load {
		l = 1
	}
	w := 0xf4000000 | l<<21 | uint32(a.base)<<16 | vd(first) | typ<<8 | sizeField(bits)<<6 | a.mode
	regs := make([]string, count)
	for i := range regs {
		regs[i] = D(int(first) + i).String()
	}
	return Inst{w, fmt.Sprintf("%s.%d {%s}, %s", name, bits, strings.Join(regs, ", "), a.text())}
}

// listType is the type field of VLD1/VST1 for 1–4 consecutive D registers.
var listType = [5]uint32{0, 7, 10, 6, 2}

// VLD1 loads count (1–4) consecutive D registers from first on.
func VLD1(bits int, first D, count int, a Addr) Inst {
	return multi("vld1", true, listType[count], bits, first, count, a)
}

// VST1 stores count (1–4) consecutive D registers from first on.
func VST1(bits int, first D, count int, a Addr) Inst {
	return multi("vst1", false, listType[count], bits, first, count, a)
}

// VLD2 loads 2·lanes elements deinterleaved into q (the even ones) and q+1
// (the odd ones): the four registers q.Lo() … (q+1).Hi().
func VLD2(bits int, q Q, a Addr) Inst { return multi("vld2", true, 3, bits, q.Lo(), 4, a) }

// VST2 stores q and q+1 interleaved, the inverse of VLD2.
func VST2(bits int, q Q, a Addr) Inst { return multi("vst2", false, 3, bits, q.Lo(), 4, a) }
