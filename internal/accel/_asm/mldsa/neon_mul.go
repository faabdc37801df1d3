package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"

// neonMont sets d = a·b·2⁻³² mod q in (−q/2 − 1, q/2 + 1) for a, b in
// [0, q): lo = a·(b·q⁻¹) mod 2³², and (high(2ab) − high(2·lo·q))/2 is exact
// because 2ab and 2·lo·q agree modulo 2³². qinv holds q⁻¹ mod 2³² in every
// lane; t1 and t2 are temporaries.
func neonMont(f *a64.File, d, a, b, qinv, t1, t2 a64.VReg) {
	S4 := a64.S4
	f.I(a64.MUL(S4, t1, b, qinv), a64.MUL(S4, t1, a, t1), a64.SQDMULH(S4, t2, a, b), a64.SQDMULH(S4, t1, t1, dQ), a64.SHSUB(S4, d, t2, t1))
}

// neonQInv loads q⁻¹ mod 2³² into every lane of V1 and q into V15.
func neonQInv(f *a64.File) a64.VReg {
	f.Go("MOVD $%d, R3", qInv)
	f.I(a64.DUP(a64.S4, a64.V(1), a64.X(3)))
	f.Go("MOVD $%d, R3", q)
	f.I(a64.DUP(a64.S4, dQ, a64.X(3)))
	return a64.V(1)
}

// neonMulKernel writes nttMulNEON, sixteen coefficients per step.
func neonMulKernel(f *a64.File, fn a64.Func) {
	g := newNeonGen(f)
	f.Text(fn)
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD a+8(FP), R1")
	f.Go("MOVD b+16(FP), R2")
	qinv := neonQInv(f)
	f.Go("MOVD $16, R4")
	f.Label("mulLoop")
	a, b := a64.V(16), a64.V(20)
	f.I(a64.LD1(4, a64.S4, a, a64.X(1), true), a64.LD1(4, a64.S4, b, a64.X(2), true))
	for i := range 4 {
		d := a64.V(24 + i)
		neonMont(f, d, a64.V(16+i), a64.V(20+i), qinv, g.Tmp(), g.Tmp())
		g.Normalize(d, d)
	}
	f.I(a64.ST1(4, a64.S4, a64.V(24), a64.X(0), true))
	f.Go("SUBS $1, R4")
	f.Go("BNE mulLoop")
	f.Go("RET")
}

// neonDotKernel writes nttDotNEON: for each sixteen coefficients, the sum
// of count Montgomery products (each in (−q/2 − 1, q/2 + 1), so the sum of
// at most maxL stays within a Barrett reduction's reach), reduced and
// normalised.
func neonDotKernel(f *a64.File, fn a64.Func) {
	g := newNeonGen(f)
	f.Text(fn)
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD a+8(FP), R1")
	f.Go("MOVD b+16(FP), R2")
	f.Go("MOVD count+24(FP), R3")
	f.Go("MOVD $mldsaNEONConsts<>(SB), R4")
	f.I(a64.LD1(1, a64.S4, dConst, a64.X(4), false))
	f.Go("MOVD R3, R8")
	qinv := neonQInv(f)
	f.Go("MOVD $16, R4")
	f.Label("dotStep")
	acc := []a64.VReg{a64.V(24), a64.V(25), a64.V(26), a64.V(27)}
	for _, x := range acc {
		f.I(a64.EOR(a64.B16, x, x, x))
	}
	f.Go("MOVD R1, R5")
	f.Go("MOVD R2, R6")
	f.Go("MOVD R8, R7")
	f.Label("dotPoly")
	f.I(a64.LD1(4, a64.S4, a64.V(16), a64.X(5), false), a64.LD1(4, a64.S4, a64.V(20), a64.X(6), false))
	f.Go("ADD $1024, R5")
	f.Go("ADD $1024, R6")
	for i, x := range acc {
		p := g.Tmp()
		neonMont(f, p, a64.V(16+i), a64.V(20+i), qinv, g.Tmp(), g.Tmp())
		f.I(a64.ADD(a64.S4, x, x, p))
	}
	f.Go("SUBS $1, R7")
	f.Go("BNE dotPoly")
	for _, x := range acc {
		g.Reduce(x, 1)
		g.Normalize(x, x)
	}
	f.I(a64.ST1(4, a64.S4, acc[0], a64.X(0), true))
	f.Go("ADD $64, R1")
	f.Go("ADD $64, R2")
	f.Go("SUBS $1, R4")
	f.Go("BNE dotStep")
	f.Go("RET")
}
