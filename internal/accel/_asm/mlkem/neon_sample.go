package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"

// neonSampleNTTRejectKernel writes sampleNTTRejectNEON: SampleNTT's
// rejection (FIPS 203, Algorithm 7), 16 candidates from 24 bytes per step.
// LD3 and ZIPs decode the candidates as the 12-bit decode does; per half of
// eight, CMHI marks those below q, a weighted ADDV turns the marks into an
// 8-bit index into a table of TBL controls that move the kept lanes to the
// front, and the compacted 16 bytes are stored at the current count. The
// input is public (the matrix seed's XOF stream), so this kernel may run in
// variable time: it stops after the step that reaches limit.
func neonSampleNTTRejectKernel(f *a64.File, fn a64.Func) {
	B8, B16, H8, S4 := a64.B8, a64.B16, a64.H8, a64.S4
	f.Text(fn)
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD buf+8(FP), R1")
	f.Go("MOVD groups+16(FP), R2")
	f.Go("MOVD limit+24(FP), R3")
	f.Go("MOVD $0, R4")
	f.Go("MOVD $mlkemNEONCompact<>(SB), R5")
	f.Go("MOVD $mlkemNEONBitWeights<>(SB), R6")
	mask, weights := a64.V(20), a64.V(21)
	f.I(a64.LD1(1, H8, weights, a64.X(6), false))
	f.Go("MOVD $0x0fff, R6")
	f.I(a64.DUP(H8, mask, a64.X(6)))
	f.Go("MOVD $%d, R6", q)
	f.I(a64.DUP(H8, nQ, a64.X(6)))
	f.Label("rej")
	b0, b1, b2, ev, od := a64.V(0), a64.V(1), a64.V(2), a64.V(3), a64.V(4)
	halves := []a64.VReg{a64.V(5), a64.V(6)}
	keep, idx, cnt, ctl, packed := a64.V(7), a64.V(8), a64.V(9), a64.V(10), a64.V(11)
	f.I(a64.LD3(B8, b0, a64.X(1), true))
	f.I(a64.ZIP1(B16, ev, b0, b1), a64.ZIP1(B16, od, b1, b2))
	f.I(a64.AND(B16, ev, ev, mask), a64.USHR(H8, od, od, 4))
	f.I(a64.ZIP1(H8, halves[0], ev, od), a64.ZIP2(H8, halves[1], ev, od))
	for _, h := range halves {
		f.I(a64.CMHI(H8, keep, nQ, h))
		f.I(a64.AND(B16, idx, keep, weights), a64.ADDV(H8, idx, idx), a64.UMOV(S4, a64.X(7), idx, 0))
		f.I(a64.USHR(H8, cnt, keep, 15), a64.ADDV(H8, cnt, cnt), a64.UMOV(S4, a64.X(8), cnt, 0))
		f.Go("ADD R7<<4, R5, R9")
		f.I(a64.LD1(1, B16, ctl, a64.X(9), false))
		f.I(a64.TBL(B16, packed, h, 1, ctl))
		f.Go("ADD R4<<1, R0, R9")
		f.I(a64.ST1(1, B16, packed, a64.X(9), false))
		f.Go("ADD R8, R4")
	}
	f.Go("CMP R3, R4")
	f.Go("BGE rejdone")
	f.Go("SUBS $1, R2")
	f.Go("BNE rej")
	f.Label("rejdone")
	f.Go("MOVD R4, ret+32(FP)")
	f.Go("RET")
}

// neonSampleTables writes sampleNTTRejectNEON's tables: the weights 2^i of
// the eight 16-bit lanes, and for each 8-bit mask the TBL control that
// moves the lanes whose bit is set to the front, in order.
func neonSampleTables(f *a64.File) {
	f.Data16("mlkemNEONBitWeights", []uint16{1, 2, 4, 8, 16, 32, 64, 128})
	var t []uint64
	for m := range 256 {
		var b [16]byte
		for i := range b {
			b[i] = 0xff
		}
		j := 0
		for k := range 8 {
			if m>>k&1 == 1 {
				b[2*j], b[2*j+1] = byte(2*k), byte(2*k+1)
				j++
			}
		}
		var lo, hi uint64
		for i := 7; i >= 0; i-- {
			lo = lo<<8 | uint64(b[i])
			hi = hi<<8 | uint64(b[8+i])
		}
		t = append(t, lo, hi)
	}
	f.Data64("mlkemNEONCompact", t)
}
