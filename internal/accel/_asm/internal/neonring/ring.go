// Package neonring writes the modular arithmetic shared by the NEON ring
// kernels of the engines (ML-KEM on 16-bit lanes, ML-DSA on 32-bit lanes):
// Barrett multiplication by constants, Cooley–Tukey and Gentleman–Sande
// butterflies, reductions and the TRN transposes that bring the partners
// of the last layers into one lane.
//
// A Barrett multiplication of a by a constant b (centred, |b| < q/2) is
// three instructions: d = MUL(a, b), t = SQRDMULH(a, c) with
// c = round(b·2^(w−1)/q) for w-bit lanes, so t ≈ a·b/q, and d −= t·q
// (MLS). For |a| < 2^(w−1) the result is a·b mod q in (−q, q); no
// Montgomery factor enters, so every value stays in the normal domain.
package neonring

import (
	"math"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
)

// Gen writes one kernel's arithmetic.
type Gen struct {
	F     *a64.File
	Arr   a64.Arr    // H8 or S4
	Const a64.VReg   // lane 0 holds q
	Q     a64.VReg   // q in every lane
	Temps []a64.VReg // temporaries, used in rotation
	// Scalar gives the registers and lane of the k-th scalar twiddle and
	// of its Barrett constant.
	Scalar func(k int) (z, c a64.VReg, lane int)
	next   int
}

// Tmp returns the next temporary.
func (g *Gen) Tmp() a64.VReg {
	t := g.Temps[g.next%len(g.Temps)]
	g.next++
	return t
}

// BarrettConst centres b mod q and returns it with its Barrett constant
// round(b·2^(bits−1)/q).
func BarrettConst(b, q int64, bits int) (z, c int64) {
	b %= q
	if b < 0 {
		b += q
	}
	if b > q/2 {
		b -= q
	}
	return b, int64(math.Round(float64(b) * math.Exp2(float64(bits-1)) / float64(q)))
}

// MulScalar sets d = a·ζ_k mod q, in (−q, q), for scalar twiddle k; d and
// a differ.
func (g *Gen) MulScalar(d, a a64.VReg, k int) {
	z, c, lane := g.Scalar(k)
	g.MulElem(d, a, z, lane, c, lane)
}

// MulElem sets d = a·z[zl] mod q, c[cl] being its Barrett constant.
func (g *Gen) MulElem(d, a, z a64.VReg, zl int, c a64.VReg, cl int) {
	t := g.Tmp()
	g.F.I(a64.MULe(g.Arr, d, a, z, zl), a64.SQRDMULHe(g.Arr, t, a, c, cl), a64.MLSe(g.Arr, d, t, g.Const, 0))
}

// MulVec sets d = a·z mod q lane by lane, c holding the Barrett constants.
func (g *Gen) MulVec(d, a, z, c a64.VReg) {
	t := g.Tmp()
	g.F.I(a64.MUL(g.Arr, d, a, z), a64.SQRDMULH(g.Arr, t, a, c), a64.MLSe(g.Arr, d, t, g.Const, 0))
}

// Twiddle is one butterfly's twiddle: scalar K (through Scalar), lane
// Lane of Z with its constant in the same lane of C (Elem), or the lanes of
// Z with Barrett constants C (Vec).
type Twiddle struct {
	K         int
	Vec, Elem bool
	Z, C      a64.VReg
	Lane      int
}

// S is scalar twiddle k.
func S(k int) Twiddle { return Twiddle{K: k} }

// L is the per-lane twiddle vector z with constants c.
func L(z, c a64.VReg) Twiddle { return Twiddle{Vec: true, Z: z, C: c} }

// E is lane lane of z, with constant the same lane of c.
func E(z, c a64.VReg, lane int) Twiddle { return Twiddle{Elem: true, Z: z, C: c, Lane: lane} }

func (g *Gen) mul(d, a a64.VReg, tw Twiddle) {
	switch {
	case tw.Vec:
		g.MulVec(d, a, tw.Z, tw.C)
	case tw.Elem:
		g.MulElem(d, a, tw.Z, tw.Lane, tw.C, tw.Lane)
	default:
		g.MulScalar(d, a, tw.K)
	}
}

// CT is the Cooley–Tukey butterfly x, y = x + ζy, x − ζy.
func (g *Gen) CT(x, y a64.VReg, tw Twiddle) {
	t := g.Tmp()
	g.mul(t, y, tw)
	g.F.I(a64.SUB(g.Arr, y, x, t), a64.ADD(g.Arr, x, x, t))
}

// GS is the Gentleman–Sande butterfly x, y = x + y, ζ(y − x).
func (g *Gen) GS(x, y a64.VReg, tw Twiddle) {
	t := g.Tmp()
	g.F.I(a64.SUB(g.Arr, t, y, x), a64.ADD(g.Arr, x, x, y))
	g.mul(y, t, tw)
}

// Reduce sets x to x − round(x·c/2^(w−1))·q, c being Const's lane cLane
// (round(2^(w−1)/q)), which brings x from a few q into about (−q/2, q/2).
func (g *Gen) Reduce(x a64.VReg, cLane int) {
	t := g.Tmp()
	g.F.I(a64.SQRDMULHe(g.Arr, t, x, g.Const, cLane), a64.MLSe(g.Arr, x, t, g.Const, 0))
}

// Normalize brings d = x in (−q, q) to [0, q).
func (g *Gen) Normalize(d, x a64.VReg) {
	t := g.Tmp()
	g.F.I(a64.SSHR(g.Arr, t, x, g.Arr.Bits()-1), a64.AND(a64.B16, t, t, g.Q), a64.ADD(g.Arr, d, x, t))
}

// Transpose writes dst[2i], dst[2i+1] = TRN1, TRN2 (arrangement a) of
// src[2i], src[2i+1]. With D2 it puts the low halves of two registers side
// by side and the high halves side by side; with S4 (after D2) pairs of
// 32-bit units two apart.
func (g *Gen) Transpose(a a64.Arr, dst, src []a64.VReg) {
	for i := 0; i < len(src); i += 2 {
		g.F.I(a64.TRN1(a, dst[i], src[i], src[i+1]), a64.TRN2(a, dst[i+1], src[i], src[i+1]))
	}
}

// PolyAddSub writes fn(out, a, b): out = a ± b mod q lane by lane for
// coefficients in [0, q), 64 bytes of each operand per step over bytes
// bytes. The sum (or a − b + q) is in [0, 2q); UMIN with itself minus q
// (which wraps far above q when it is below q) picks the reduced value.
func PolyAddSub(f *a64.File, fn a64.Func, arr a64.Arr, q int, bytes int, sub bool) {
	f.Text(fn)
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD a+8(FP), R1")
	f.Go("MOVD b+16(FP), R2")
	vq := a64.V(15)
	f.Go("MOVD $%d, R3", q)
	f.I(a64.DUP(arr, vq, a64.X(3)))
	f.Go("MOVD $%d, R4", bytes/64)
	label := fn.Name + "Loop"
	f.Label(label)
	f.I(a64.LD1(4, arr, a64.V(0), a64.X(1), true), a64.LD1(4, arr, a64.V(4), a64.X(2), true))
	for i := range 4 {
		x, y, t := a64.V(i), a64.V(4+i), a64.V(8+i)
		if sub {
			f.I(a64.SUB(arr, x, x, y), a64.ADD(arr, x, x, vq))
		} else {
			f.I(a64.ADD(arr, x, x, y))
		}
		f.I(a64.SUB(arr, t, x, vq), a64.UMIN(arr, x, x, t))
	}
	f.I(a64.ST1(4, arr, a64.V(0), a64.X(0), true))
	f.Go("SUBS $1, R4")
	f.Go("BNE %s", label)
	f.Go("RET")
}
