package main

import (
	"math"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/neonring"
)

// Registers of the NEON transforms. V0 holds the scalar constants (lane 0
// q, lane 1 round(2^15/q) for reductions, lanes 2 and 3 128⁻¹ centred and
// its Barrett constant); V1–V8 the twiddles ζ^BitRev7(k) for k < 32 and
// their Barrett constants, eight per register pair, used by element;
// V9–V14 are temporaries, V15 holds q in every lane, and V16–V31 hold
// coefficients and per-lane twiddle vectors.
var (
	nConst = a64.V(0)
	nQ     = a64.V(15)
)

// neonTemps is the rotation of temporaries.
var neonTemps = []a64.VReg{a64.V(9), a64.V(10), a64.V(11), a64.V(12), a64.V(13), a64.V(14)}

// newNeonGen returns the arithmetic writer of the ML-KEM kernels.
func newNeonGen(f *a64.File) *neonGen {
	return &neonGen{Gen: neonring.Gen{F: f, Arr: a64.H8, Const: nConst, Q: nQ, Temps: neonTemps, Scalar: zReg}}
}

// neonGen writes one kernel's instructions.
type neonGen struct{ neonring.Gen }

// zetaPow returns ζ^e mod q.
func zetaPow(e int) int {
	r := 1
	for range e {
		r = r * zeta % q
	}
	return r
}

// bitRev7 reverses the seven low bits of i.
func bitRev7(i int) int {
	r := 0
	for b := range 7 {
		r |= (i >> b & 1) << (6 - b)
	}
	return r
}

// twiddle is ζ^BitRev7(k) centred in (−q/2, q/2] and its Barrett constant
// round(z·2^15/q).
func twiddle(k int) (z, c int16) {
	return barrettConst(zetaPow(bitRev7(k)))
}

// barrettConst centres b and returns it with round(b·2^15/q).
func barrettConst(b int) (z, c int16) {
	zz, cc := neonring.BarrettConst(int64(b), q, 16)
	return int16(zz), int16(cc)
}

// zReg returns the registers and lane of scalar twiddle k < 32.
func zReg(k int) (z, c a64.VReg, lane int) {
	return a64.V(1 + 2*(k/8)), a64.V(2 + 2*(k/8)), k % 8
}

// prologue loads f into R0 and the constants, leaving R1 at the per-block
// twiddle vectors of the forward transform.
func (g *neonGen) prologue() {
	g.F.Go("MOVD f+0(FP), R0")
	g.F.Go("MOVD $mlkemNEONConsts<>(SB), R1")
	g.F.I(a64.LD1(1, a64.H8, nConst, a64.X(1), true), a64.LD1(4, a64.H8, a64.V(1), a64.X(1), true), a64.LD1(4, a64.H8, a64.V(5), a64.X(1), true))
	g.F.Go("MOVD $%d, R2", q)
	g.F.I(a64.DUP(a64.H8, nQ, a64.X(2)))
}

// Pass A holds two columns of eight registers, the coefficients 32a+8c+i
// of column c in register a (layers with len ≥ 32); pass B one block of 32
// coefficients in V16–V19 (len ≤ 16), transposed for len 4 and 2 so that
// the partners share a lane: A, B = TRN1/TRN2.2D of two registers put
// their low and high halves side by side (len 4), and TRN1/TRN2.4S of A
// and B put pairs 2 apart side by side (len 2).

// colRegs returns the eight registers of column slot s.
func colRegs(s int) []a64.VReg {
	r := make([]a64.VReg, 8)
	for a := range r {
		r[a] = a64.V(16 + 8*s + a)
	}
	return r
}

// columns loads (or stores) columns 2p and 2p+1.
func (g *neonGen) columns(p int, store bool) {
	for s := range 2 {
		for a, r := range colRegs(s) {
			off := 64*a + 16*(2*p+s)
			if store {
				g.F.I(a64.STRQ(r, a64.X(0), off))
			} else {
				g.F.I(a64.LDRQ(r, a64.X(0), off))
			}
		}
	}
}

var (
	bR  = []a64.VReg{a64.V(16), a64.V(17), a64.V(18), a64.V(19)}
	bAB = []a64.VReg{a64.V(20), a64.V(21), a64.V(22), a64.V(23)}
	bTw = []a64.VReg{a64.V(24), a64.V(25), a64.V(26), a64.V(27), a64.V(28), a64.V(29), a64.V(30), a64.V(31)}
)

// loadBlock loads block k into V16–V19 and its sixteen twiddle vectors
// into V24–V31.
func (g *neonGen) loadBlock() {
	g.F.I(a64.LD1(4, a64.H8, bR[0], a64.X(0), false), a64.LD1(4, a64.H8, bTw[0], a64.X(1), true), a64.LD1(4, a64.H8, bTw[4], a64.X(1), true))
}

func neonNTTKernel(f *a64.File) {
	g := newNeonGen(f)
	f.Text(neonFuncs[0])
	g.prologue()
	for p := range 2 {
		f.Comment("columns %d and %d: len 128, 64, 32", 2*p, 2*p+1)
		g.columns(p, false)
		for s := range 2 {
			r := colRegs(s)
			for i := range 4 {
				g.CT(r[i], r[i+4], neonring.S(1))
			}
			for i := range 2 {
				g.CT(r[i], r[i+2], neonring.S(2))
				g.CT(r[4+i], r[6+i], neonring.S(3))
			}
			for i := 0; i < 8; i += 2 {
				g.CT(r[i], r[i+1], neonring.S(4+i/2))
			}
		}
		g.columns(p, true)
	}
	for k := range 8 {
		f.Comment("block %d: len 16, 8, 4, 2", k)
		g.loadBlock()
		g.CT(bR[0], bR[2], neonring.S(8+k))
		g.CT(bR[1], bR[3], neonring.S(8+k))
		g.CT(bR[0], bR[1], neonring.S(16+2*k))
		g.CT(bR[2], bR[3], neonring.S(17+2*k))
		g.Transpose(a64.D2, bAB, bR)
		g.CT(bAB[0], bAB[1], neonring.L(bTw[0], bTw[1]))
		g.CT(bAB[2], bAB[3], neonring.L(bTw[2], bTw[3]))
		g.Transpose(a64.S4, bR, bAB)
		g.CT(bR[0], bR[1], neonring.L(bTw[4], bTw[5]))
		g.CT(bR[2], bR[3], neonring.L(bTw[6], bTw[7]))
		g.Transpose(a64.S4, bAB, bR)
		g.Transpose(a64.D2, bR, bAB)
		for _, r := range bR {
			g.Reduce(r, 1)
			g.Normalize(r, r)
		}
		f.I(a64.ST1(4, a64.H8, bR[0], a64.X(0), true))
	}
	f.Go("RET")
}

func neonInverseNTTKernel(f *a64.File) {
	g := newNeonGen(f)
	f.Text(neonFuncs[1])
	g.prologue()
	f.Go("ADD $%d, R1", len(neonBlockTwiddles(false))*2)
	for k := range 8 {
		f.Comment("block %d: len 2, 4, 8, 16", k)
		g.loadBlock()
		g.Transpose(a64.D2, bAB, bR)
		g.Transpose(a64.S4, bR, bAB)
		g.GS(bR[0], bR[1], neonring.L(bTw[0], bTw[1]))
		g.GS(bR[2], bR[3], neonring.L(bTw[2], bTw[3]))
		g.Transpose(a64.S4, bAB, bR)
		g.GS(bAB[0], bAB[1], neonring.L(bTw[4], bTw[5]))
		g.GS(bAB[2], bAB[3], neonring.L(bTw[6], bTw[7]))
		g.Transpose(a64.D2, bR, bAB)
		g.GS(bR[0], bR[1], neonring.S(31-2*k))
		g.GS(bR[2], bR[3], neonring.S(30-2*k))
		for _, r := range bR {
			g.Reduce(r, 1)
		}
		g.GS(bR[0], bR[2], neonring.S(15-k))
		g.GS(bR[1], bR[3], neonring.S(15-k))
		f.I(a64.ST1(4, a64.H8, bR[0], a64.X(0), true))
	}
	f.Go("SUB $512, R0")
	for p := range 2 {
		f.Comment("columns %d and %d: len 32, 64, 128, scaling by 128⁻¹", 2*p, 2*p+1)
		g.columns(p, false)
		for s := range 2 {
			r := colRegs(s)
			for i := 0; i < 8; i += 2 {
				g.GS(r[i], r[i+1], neonring.S(7-i/2))
			}
			for i := range 2 {
				g.GS(r[i], r[i+2], neonring.S(3))
				g.GS(r[4+i], r[6+i], neonring.S(2))
			}
			for _, x := range r {
				g.Reduce(x, 1)
			}
			for i := range 4 {
				g.GS(r[i], r[i+4], neonring.S(1))
			}
			for _, x := range r {
				d := g.Tmp()
				g.MulElem(d, x, nConst, 2, nConst, 3) // by 128⁻¹
				g.Normalize(x, d)
			}
		}
		g.columns(p, true)
	}
	f.Go("RET")
}

// neonBlockTwiddles lays out, for each block of 32 coefficients, the eight
// twiddle vectors of pass B (values and Barrett constants): forward, len 4
// then len 2; inverse, len 2 then len 4, in the transposed lane orders.
func neonBlockTwiddles(inverse bool) []uint16 {
	var t []uint16
	vec := func(ks [8]int) {
		var zs, cs []uint16
		for _, k := range ks {
			z, c := twiddle(k)
			zs, cs = append(zs, uint16(z)), append(cs, uint16(c))
		}
		t = append(t, zs...)
		t = append(t, cs...)
	}
	for k := range 8 {
		// len 4: lanes 0–3 from register 2i, 4–7 from 2i+1; len 2: lane
		// pairs from groups of four 2i·2, 2i·2+1, (2i+1)·2, (2i+1)·2+1.
		len4 := func(i int) [8]int {
			a, b := 32+4*k+2*i, 32+4*k+2*i+1
			if inverse {
				a, b = 63-(4*k+2*i), 63-(4*k+2*i+1)
			}
			return [8]int{a, a, a, a, b, b, b, b}
		}
		len2 := func(i int) [8]int {
			var ks [8]int
			for j := range 4 {
				g := 4*i + j
				kk := 64 + 8*k + g
				if inverse {
					kk = 127 - (8*k + g)
				}
				ks[2*j], ks[2*j+1] = kk, kk
			}
			return ks
		}
		if inverse {
			vec(len2(0))
			vec(len2(1))
			vec(len4(0))
			vec(len4(1))
		} else {
			vec(len4(0))
			vec(len4(1))
			vec(len2(0))
			vec(len2(1))
		}
	}
	return t
}

// neonNTTConsts writes the constants table: V0's lanes, the 32 scalar
// twiddles with their constants, then the forward and inverse per-block
// twiddle vectors.
func neonNTTConsts(f *a64.File) {
	invZ, invC := barrettConst(invN128)
	t := []uint16{q, uint16(int16(math.Round((1 << 15) / float64(q)))), uint16(invZ), uint16(invC), 0, 0, 0, 0}
	for r := range 4 {
		var zs, cs []uint16
		for k := 8 * r; k < 8*r+8; k++ {
			z, c := twiddle(k)
			zs, cs = append(zs, uint16(z)), append(cs, uint16(c))
		}
		t = append(append(t, zs...), cs...)
	}
	t = append(t, neonBlockTwiddles(false)...)
	t = append(t, neonBlockTwiddles(true)...)
	f.Data16("mlkemNEONConsts", t)
}
