package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"
)

// The ML-DSA z (and ExpandMask's y) decoding, BitUnpack with 18 or 20 bits
// (Algorithm 19, FIPS 204): four coefficients are bits/2 bytes. One
// 16-byte load at each group's offset, a VTBL puts the three bytes holding
// coefficient j (from bit j·bits on) in lane j, a shift by lane (VSHL by a
// register of −(j·bits mod 8)) and a mask leave the value v, and γ1 − v
// is mapped to [0, q) by the unsigned minimum min(x, x + q), as fieldSub.
// The loads read up to 16 bytes past the packing (the Overread hook's
// contract). Constant time.

func dsaUnpackZ(p *program) {
	for _, bits := range []int{18, 20} {
		gamma1 := 1 << (bits - 1)
		var ctl [16]byte
		var shifts [4]int64
		for j := range 4 {
			start := j * bits
			for k := range 3 {
				ctl[4*j+k] = byte(start/8 + k)
			}
			ctl[4*j+3] = 0xff
			shifts[j] = int64(-(start % 8)) & 0xffffffff
		}
		var consts []int64
		for i := 0; i < 16; i += 4 {
			consts = append(consts, int64(ctl[i])|int64(ctl[i+1])<<8|int64(ctl[i+2])<<16|int64(ctl[i+3])<<24)
		}
		consts = append(consts, shifts[:]...)
		consts = append(consts, repeat([]int64{1<<bits - 1}, 4)...)
		consts = append(consts, repeat([]int64{int64(gamma1)}, 4)...)
		consts = append(consts, repeat([]int64{dsaQ}, 4)...)
		sym := p.data(fmt.Sprintf("dsaUnpackZ%dConsts", bits), 32, consts)
		name := fmt.Sprintf("unpackZ%dNEON", bits)
		f := p.function(name, "out *[256]uint32, in *byte", 8,
			fmt.Sprintf("sets out to BitUnpack(in, γ1 − 1, γ1) (FIPS 204, Algorithm 19) for γ1 = 2^%d, from %d bytes, in constant time; it reads up to 16 bytes past them.", bits-1, 32*bits))
		f.loadArgs("out", "in")
		f.op("MOVW $%s, R2", sym)
		ctlQ, shQ, maskQ, g1Q, qv := a32.Q(15), a32.Q(14), a32.Q(13), a32.Q(12), a32.Q(11)
		f.I(a32.VLD1(32, ctlQ.Lo(), 2, a32.Inc(2)), a32.VLD1(32, shQ.Lo(), 2, a32.Inc(2)), a32.VLD1(32, maskQ.Lo(), 2, a32.Inc(2)))
		f.I(a32.VLD1(32, g1Q.Lo(), 2, a32.Inc(2)), a32.VLD1(32, qv.Lo(), 2, a32.At(2)))
		f.op("MOVW $%d, R3", bits/2)
		f.op("MOVW $64, R2")
		label := fmt.Sprintf("unpackz%d", bits)
		f.label(label)
		raw, v, t := a32.Q(0), a32.Q(1), a32.Q(2)
		f.I(a32.VLD1(8, raw.Lo(), 2, a32.Step(1, 3)))
		f.I(a32.VTBL(v.Lo(), raw.Lo(), 2, ctlQ.Lo()), a32.VTBL(v.Hi(), raw.Lo(), 2, ctlQ.Hi()))
		f.I(a32.VSHLUReg(32, v, v, shQ), a32.VAND(v, v, maskQ))
		f.I(a32.VSUB(32, v, g1Q, v), a32.VADD(32, t, v, qv), a32.VMINU(32, v, v, t))
		f.I(a32.VST1(32, v.Lo(), 2, a32.Inc(0)))
		f.countDown(2, label)
	}
}
