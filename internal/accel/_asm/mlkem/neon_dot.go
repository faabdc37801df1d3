package main

import (
	"math"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
)

// neonDotProductKernel writes dotProductNEON: out = init + Σ_{j<k} a[j] ∘
// b[j] in T_q, sixteen coefficients (eight degree-one residues) per step.
// LD2 splits each operand into its even (constant) and odd (linear)
// coefficients; a₁γ is a Barrett multiplication by the step's γ vector, and
// the products accumulate exactly in 32-bit lanes (SMLAL, SMLAL2): with
// operands in [0, q) and k ≤ 4 the sums stay below 8q² + q < 2^31. One
// 32-bit Barrett reduction (SQRDMULH by round(2^31/q), MLS by q) per lane,
// a narrowing and a normalisation end the step. A nil init reads a table
// of zeros.
func neonDotProductKernel(f *a64.File, fn a64.Func) {
	g := newNeonGen(f)
	H8, S4 := a64.H8, a64.S4
	f.Text(fn)
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD init+8(FP), R1")
	f.Go("MOVD a+16(FP), R2")
	f.Go("MOVD b+24(FP), R3")
	f.Go("MOVD k+32(FP), R4")
	f.Go("CBNZ R1, dotInit")
	f.Go("MOVD $mlkemNEONZero<>(SB), R1")
	f.Label("dotInit")
	f.Go("MOVD $mlkemNEONConsts<>(SB), R5")
	f.I(a64.LD1(1, H8, nConst, a64.X(5), false))
	f.Go("MOVD $mlkemNEONGammas<>(SB), R5")
	q32, c32 := a64.V(1), a64.V(2)
	f.Go("MOVD $%d, R6", q)
	f.I(a64.DUP(H8, nQ, a64.X(6)), a64.DUP(S4, q32, a64.X(6)))
	f.Go("MOVD $%d, R6", int(math.Round((1<<31)/float64(q))))
	f.I(a64.DUP(S4, c32, a64.X(6)))
	f.Go("MOVD $0, R8")
	f.Label("dotLoop")
	a0, a1, b0, b1 := a64.V(16), a64.V(17), a64.V(18), a64.V(19)
	acc := []a64.VReg{a64.V(20), a64.V(21), a64.V(22), a64.V(23)} // c₀ low, high; c₁ low, high
	gam, gamC := a64.V(24), a64.V(25)
	f.I(a64.LD2(H8, a0, a64.X(1), true), a64.LD1(2, H8, gam, a64.X(5), true))
	f.I(a64.USHLL(S4, false, acc[0], a0, 0), a64.USHLL(S4, true, acc[1], a0, 0), a64.USHLL(S4, false, acc[2], a1, 0), a64.USHLL(S4, true, acc[3], a1, 0))
	for j := range 4 {
		if j > 0 {
			f.Go("CMP $%d, R4", j+1)
			f.Go("BLT dotReduce")
		}
		f.Go("MOVD %d(R2), R6", 8*j)
		f.Go("MOVD %d(R3), R7", 8*j)
		f.Go("ADD R8, R6")
		f.Go("ADD R8, R7")
		f.I(a64.LD2(H8, a0, a64.X(6), false), a64.LD2(H8, b0, a64.X(7), false))
		a1g := g.Tmp()
		g.MulVec(a1g, a1, gam, gamC)
		for _, up := range []bool{false, true} {
			h := 0
			if up {
				h = 1
			}
			f.I(a64.SMLAL(S4, up, acc[h], a0, b0), a64.SMLAL(S4, up, acc[h], a1g, b1))
			f.I(a64.SMLAL(S4, up, acc[2+h], a0, b1), a64.SMLAL(S4, up, acc[2+h], a1, b0))
		}
	}
	f.Label("dotReduce")
	for _, x := range acc {
		t := g.Tmp()
		f.I(a64.SQRDMULH(S4, t, x, c32), a64.MLS(S4, x, t, q32))
	}
	c0, c1 := a64.V(26), a64.V(27)
	f.I(a64.XTN(S4, false, c0, acc[0]), a64.XTN(S4, true, c0, acc[1]), a64.XTN(S4, false, c1, acc[2]), a64.XTN(S4, true, c1, acc[3]))
	g.Normalize(c0, c0)
	g.Normalize(c1, c1)
	f.I(a64.ST2(H8, c0, a64.X(0), true))
	f.Go("ADD $32, R8")
	f.Go("CMP $%d, R8", 2*256)
	f.Go("BLT dotLoop")
	f.Go("RET")
}

// neonDotConsts writes the γ vectors of dotProductNEON (eight γ_i =
// ζ^(2·BitRev7(i)+1), centred, then their Barrett constants, per step) and
// the zero polynomial that stands for a nil init.
func neonDotConsts(f *a64.File) {
	var t []uint16
	for s := range 16 {
		var zs, cs []uint16
		for i := 8 * s; i < 8*s+8; i++ {
			z, c := barrettConst(zetaPow(2*bitRev7(i) + 1))
			zs, cs = append(zs, uint16(z)), append(cs, uint16(c))
		}
		t = append(append(t, zs...), cs...)
	}
	f.Data16("mlkemNEONGammas", t)
	f.Data16("mlkemNEONZero", make([]uint16, 256))
}
