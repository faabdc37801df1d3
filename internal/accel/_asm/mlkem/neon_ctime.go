package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"

// neonCTEqualKernel writes constantTimeEqualNEON: it ORs a XOR b over all
// 32-byte blocks, then turns "no bit set" into 1 with CSET, so neither the
// loop nor the result depends on the bytes.
func neonCTEqualKernel(f *a64.File, fn a64.Func) {
	B16 := a64.B16
	f.Text(fn)
	f.Go("MOVD a+0(FP), R0")
	f.Go("MOVD b+8(FP), R1")
	f.Go("MOVD blocks+16(FP), R2")
	acc := a64.V(16)
	a0, b0 := a64.V(0), a64.V(2)
	f.I(a64.EOR(B16, acc, acc, acc))
	f.Label("cteq")
	f.I(a64.LD1(2, B16, a0, a64.X(0), true), a64.LD1(2, B16, b0, a64.X(1), true))
	f.I(a64.EOR(B16, a0, a0, b0), a64.EOR(B16, a64.V(1), a64.V(1), a64.V(3)))
	f.I(a64.ORR(B16, acc, acc, a0), a64.ORR(B16, acc, acc, a64.V(1)))
	f.Go("SUBS $1, R2")
	f.Go("BNE cteq")
	f.I(a64.UMAXV(B16, acc, acc), a64.UMOV(a64.S4, a64.X(3), acc, 0))
	f.Go("CMP $0, R3")
	f.Go("CSET EQ, R3")
	f.Go("MOVD R3, ret+24(FP)")
	f.Go("RET")
}

// neonCTSelectKernel writes constantTimeSelectNEON: with m = −choice in
// every byte, dst = b XOR ((a XOR b) AND m), which reads and writes every
// byte whatever choice is.
func neonCTSelectKernel(f *a64.File, fn a64.Func) {
	B16 := a64.B16
	f.Text(fn)
	f.Go("MOVD dst+0(FP), R0")
	f.Go("MOVD a+8(FP), R1")
	f.Go("MOVD b+16(FP), R2")
	f.Go("MOVD blocks+24(FP), R3")
	f.Go("MOVD choice+32(FP), R4")
	f.Go("NEG R4, R4")
	m := a64.V(16)
	f.I(a64.DUP(B16, m, a64.X(4)))
	a0, b0 := a64.V(0), a64.V(2)
	f.Label("ctsel")
	f.I(a64.LD1(2, B16, a0, a64.X(1), true), a64.LD1(2, B16, b0, a64.X(2), true))
	for i := range 2 {
		x, y := a64.V(int(a0)+i), a64.V(int(b0)+i)
		f.I(a64.EOR(B16, x, x, y), a64.AND(B16, x, x, m), a64.EOR(B16, x, x, y))
	}
	f.I(a64.ST1(2, B16, a0, a64.X(0), true))
	f.Go("SUBS $1, R3")
	f.Go("BNE ctsel")
	f.Go("RET")
}
