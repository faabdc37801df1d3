package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"

// The arm64 12-bit codecs. LD3/ST3 of bytes split 48 bytes into the three
// byte positions of 16 coefficient pairs, so every step handles 32
// coefficients with no shuffle tables, and the exact 384 bytes are read or
// written (no padding).

// neonDecode12Kernel writes decode12CheckedNEON (reduce false) or
// decode12ReduceNEON (reduce true): ByteDecode_12 from 384 bytes. ZIP of
// byte positions 0,1 gives b0 | b1<<8, whose low 12 bits are the even
// coefficient; ZIP of positions 1,2 gives b1 | b2<<8, whose top 12 bits are
// the odd one; ST2 interleaves them back into order. The checked form ORs
// the lanes at or above q into an accumulator and returns whether any was
// set; the reducing form subtracts q with an unsigned minimum (c − q wraps
// above c when c < q). Both run in constant time.
func neonDecode12Kernel(f *a64.File, fn a64.Func, reduce bool) {
	B16, H8 := a64.B16, a64.H8
	f.Text(fn)
	f.Go("MOVD f+0(FP), R0")
	f.Go("MOVD b+8(FP), R1")
	mask, qm1, acc := a64.V(20), a64.V(21), a64.V(22)
	f.Go("MOVD $0x0fff, R3")
	f.I(a64.DUP(H8, mask, a64.X(3)))
	f.Go("MOVD $%d, R3", q)
	f.I(a64.DUP(H8, nQ, a64.X(3)))
	f.Go("MOVD $%d, R3", q-1)
	f.I(a64.DUP(H8, qm1, a64.X(3)))
	f.I(a64.EOR(B16, acc, acc, acc))
	f.Go("MOVD $8, R2")
	label := fn.Name + "loop"
	f.Label(label)
	b0, b1, b2 := a64.V(0), a64.V(1), a64.V(2)
	// out holds (even, odd) of the first 16 coefficients, then of the next 16.
	out := []a64.VReg{a64.V(4), a64.V(5), a64.V(6), a64.V(7)}
	t := a64.V(8)
	f.I(a64.LD3(B16, b0, a64.X(1), true))
	f.I(a64.ZIP1(B16, out[0], b0, b1), a64.ZIP2(B16, out[2], b0, b1))
	f.I(a64.ZIP1(B16, out[1], b1, b2), a64.ZIP2(B16, out[3], b1, b2))
	f.I(a64.AND(B16, out[0], out[0], mask), a64.AND(B16, out[2], out[2], mask))
	f.I(a64.USHR(H8, out[1], out[1], 4), a64.USHR(H8, out[3], out[3], 4))
	for _, o := range out {
		if reduce {
			f.I(a64.SUB(H8, t, o, nQ), a64.UMIN(H8, o, o, t))
		} else {
			f.I(a64.CMHI(H8, t, o, qm1), a64.ORR(B16, acc, acc, t))
		}
	}
	f.I(a64.ST2(H8, out[0], a64.X(0), true), a64.ST2(H8, out[2], a64.X(0), true))
	f.Go("SUBS $1, R2")
	f.Go("BNE %s", label)
	if !reduce {
		// acc lanes are 0 or all ones: the maximum's low bit is the result.
		f.I(a64.UMAXV(H8, acc, acc), a64.UMOV(a64.S4, a64.X(3), acc, 0))
		f.Go("AND $1, R3")
		f.Go("MOVD R3, ret+16(FP)")
	}
	f.Go("RET")
}

// neonEncode12Kernel writes encode12NEON: ByteEncode_12 of 256
// coefficients to 384 bytes. LD2 splits even and odd coefficients; SLI puts
// the odd one's low nibble above the even one's 12 bits, so the 16-bit lane
// holds byte positions 0 and 1, which UZP1/UZP2 separate; SHRN by 4 gives
// position 2; ST3 interleaves the three.
func neonEncode12Kernel(f *a64.File, fn a64.Func) {
	B16, H8 := a64.B16, a64.H8
	f.Text(fn)
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD f+8(FP), R1")
	f.Go("MOVD $8, R2")
	f.Label("enc12")
	ev0, od0, ev1, od1 := a64.V(0), a64.V(1), a64.V(2), a64.V(3)
	p0, p1, p2 := a64.V(4), a64.V(5), a64.V(6)
	f.I(a64.LD2(H8, ev0, a64.X(1), true), a64.LD2(H8, ev1, a64.X(1), true))
	f.I(a64.SLI(H8, ev0, od0, 12), a64.SLI(H8, ev1, od1, 12))
	f.I(a64.UZP1(B16, p0, ev0, ev1), a64.UZP2(B16, p1, ev0, ev1))
	f.I(a64.SHRN(H8, false, p2, od0, 4), a64.SHRN(H8, true, p2, od1, 4))
	f.I(a64.ST3(B16, p0, a64.X(0), true))
	f.Go("SUBS $1, R2")
	f.Go("BNE enc12")
	f.Go("RET")
}
