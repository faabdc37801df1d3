package main

import (
	"math"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
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

// neonGen writes one kernel's instructions.
type neonGen struct {
	f    *a64.File
	next int
}

func (g *neonGen) tmp() a64.VReg {
	t := neonTemps[g.next%len(neonTemps)]
	g.next++
	return t
}

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
	if b > q/2 {
		b -= q
	}
	return int16(b), int16(math.Round(float64(b) * (1 << 15) / q))
}

// zReg returns the registers and lane of scalar twiddle k < 32.
func zReg(k int) (z, c a64.VReg, lane int) {
	return a64.V(1 + 2*(k/8)), a64.V(2 + 2*(k/8)), k % 8
}

// mulZeta sets d = a·ζ_k (mod q, in (−q, q)) for a scalar twiddle k < 32;
// d and a differ.
func (g *neonGen) mulZeta(d, a a64.VReg, k int) {
	z, c, lane := zReg(k)
	t := g.tmp()
	g.f.I(a64.MULe(a64.H8, d, a, z, lane), a64.SQRDMULHe(a64.H8, t, a, c, lane), a64.MLSe(a64.H8, d, t, nConst, 0))
}

// mulVec sets d = a·z lane by lane, c holding the Barrett constants of z.
func (g *neonGen) mulVec(d, a, z, c a64.VReg) {
	t := g.tmp()
	g.f.I(a64.MUL(a64.H8, d, a, z), a64.SQRDMULH(a64.H8, t, a, c), a64.MLSe(a64.H8, d, t, nConst, 0))
}

// ct is the Cooley–Tukey butterfly x, y = x + ζy, x − ζy with ζ = ζ_k, or
// the lanes of z and c when k < 0.
func (g *neonGen) ct(x, y a64.VReg, k int, z, c a64.VReg) {
	t := g.tmp()
	if k >= 0 {
		g.mulZeta(t, y, k)
	} else {
		g.mulVec(t, y, z, c)
	}
	g.f.I(a64.SUB(a64.H8, y, x, t), a64.ADD(a64.H8, x, x, t))
}

// gs is the Gentleman–Sande butterfly x, y = x + y, ζ(y − x).
func (g *neonGen) gs(x, y a64.VReg, k int, z, c a64.VReg) {
	t := g.tmp()
	g.f.I(a64.SUB(a64.H8, t, y, x), a64.ADD(a64.H8, x, x, y))
	if k >= 0 {
		g.mulZeta(y, t, k)
	} else {
		g.mulVec(y, t, z, c)
	}
}

// reduce brings |x| ≤ 9q to |x| < 0.64q: x − round(x·10/2^15)·q.
func (g *neonGen) reduce(x a64.VReg) {
	t := g.tmp()
	g.f.I(a64.SQRDMULHe(a64.H8, t, x, nConst, 1), a64.MLSe(a64.H8, x, t, nConst, 0))
}

// normalize brings x in (−q, q) to [0, q).
func (g *neonGen) normalize(x a64.VReg) {
	t := g.tmp()
	g.f.I(a64.SSHR(a64.H8, t, x, 15), a64.AND(a64.B16, t, t, nQ), a64.ADD(a64.H8, x, x, t))
}

// prologue loads f into R0 and the constants, leaving R1 at the per-block
// twiddle vectors of the forward transform.
func (g *neonGen) prologue() {
	g.f.Go("MOVD f+0(FP), R0")
	g.f.Go("MOVD $mlkemNEONConsts<>(SB), R1")
	g.f.I(a64.LD1(1, a64.H8, nConst, a64.X(1), true), a64.LD1(4, a64.H8, a64.V(1), a64.X(1), true), a64.LD1(4, a64.H8, a64.V(5), a64.X(1), true))
	g.f.Go("MOVD $%d, R2", q)
	g.f.I(a64.DUP(a64.H8, nQ, a64.X(2)))
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
				g.f.I(a64.STRQ(r, a64.X(0), off))
			} else {
				g.f.I(a64.LDRQ(r, a64.X(0), off))
			}
		}
	}
}

var (
	bR    = []a64.VReg{a64.V(16), a64.V(17), a64.V(18), a64.V(19)}
	bAB   = []a64.VReg{a64.V(20), a64.V(21), a64.V(22), a64.V(23)}
	bTw   = []a64.VReg{a64.V(24), a64.V(25), a64.V(26), a64.V(27), a64.V(28), a64.V(29), a64.V(30), a64.V(31)}
	trn2D = [2]func(a64.Arr, a64.VReg, a64.VReg, a64.VReg) a64.Inst{a64.TRN1, a64.TRN2}
)

// transpose writes dst[2i], dst[2i+1] = TRN1, TRN2 of src[2i], src[2i+1].
func (g *neonGen) transpose(a a64.Arr, dst, src []a64.VReg) {
	for i := 0; i < len(src); i += 2 {
		g.f.I(trn2D[0](a, dst[i], src[i], src[i+1]), trn2D[1](a, dst[i+1], src[i], src[i+1]))
	}
}

// loadBlock loads block k into V16–V19 and its sixteen twiddle vectors
// into V24–V31.
func (g *neonGen) loadBlock() {
	g.f.I(a64.LD1(4, a64.H8, bR[0], a64.X(0), false), a64.LD1(4, a64.H8, bTw[0], a64.X(1), true), a64.LD1(4, a64.H8, bTw[4], a64.X(1), true))
}

func neonNTTKernel(f *a64.File) {
	g := &neonGen{f: f}
	f.Text(neonFuncs[0])
	g.prologue()
	for p := range 2 {
		f.Comment("columns %d and %d: len 128, 64, 32", 2*p, 2*p+1)
		g.columns(p, false)
		for s := range 2 {
			r := colRegs(s)
			for i := range 4 {
				g.ct(r[i], r[i+4], 1, 0, 0)
			}
			for i := range 2 {
				g.ct(r[i], r[i+2], 2, 0, 0)
				g.ct(r[4+i], r[6+i], 3, 0, 0)
			}
			for i := 0; i < 8; i += 2 {
				g.ct(r[i], r[i+1], 4+i/2, 0, 0)
			}
		}
		g.columns(p, true)
	}
	for k := range 8 {
		f.Comment("block %d: len 16, 8, 4, 2", k)
		g.loadBlock()
		g.ct(bR[0], bR[2], 8+k, 0, 0)
		g.ct(bR[1], bR[3], 8+k, 0, 0)
		g.ct(bR[0], bR[1], 16+2*k, 0, 0)
		g.ct(bR[2], bR[3], 17+2*k, 0, 0)
		g.transpose(a64.D2, bAB, bR)
		g.ct(bAB[0], bAB[1], -1, bTw[0], bTw[1])
		g.ct(bAB[2], bAB[3], -1, bTw[2], bTw[3])
		g.transpose(a64.S4, bR, bAB)
		g.ct(bR[0], bR[1], -1, bTw[4], bTw[5])
		g.ct(bR[2], bR[3], -1, bTw[6], bTw[7])
		g.transpose(a64.S4, bAB, bR)
		g.transpose(a64.D2, bR, bAB)
		for _, r := range bR {
			g.reduce(r)
			g.normalize(r)
		}
		f.I(a64.ST1(4, a64.H8, bR[0], a64.X(0), true))
	}
	f.Go("RET")
}

func neonInverseNTTKernel(f *a64.File) {
	g := &neonGen{f: f}
	f.Text(neonFuncs[1])
	g.prologue()
	f.Go("ADD $%d, R1", len(neonBlockTwiddles(false))*2)
	for k := range 8 {
		f.Comment("block %d: len 2, 4, 8, 16", k)
		g.loadBlock()
		g.transpose(a64.D2, bAB, bR)
		g.transpose(a64.S4, bR, bAB)
		g.gs(bR[0], bR[1], -1, bTw[0], bTw[1])
		g.gs(bR[2], bR[3], -1, bTw[2], bTw[3])
		g.transpose(a64.S4, bAB, bR)
		g.gs(bAB[0], bAB[1], -1, bTw[4], bTw[5])
		g.gs(bAB[2], bAB[3], -1, bTw[6], bTw[7])
		g.transpose(a64.D2, bR, bAB)
		g.gs(bR[0], bR[1], 31-2*k, 0, 0)
		g.gs(bR[2], bR[3], 30-2*k, 0, 0)
		for _, r := range bR {
			g.reduce(r)
		}
		g.gs(bR[0], bR[2], 15-k, 0, 0)
		g.gs(bR[1], bR[3], 15-k, 0, 0)
		f.I(a64.ST1(4, a64.H8, bR[0], a64.X(0), true))
	}
	f.Go("SUB $512, R0")
	for p := range 2 {
		f.Comment("columns %d and %d: len 32, 64, 128, scaling by 128⁻¹", 2*p, 2*p+1)
		g.columns(p, false)
		for s := range 2 {
			r := colRegs(s)
			for i := 0; i < 8; i += 2 {
				g.gs(r[i], r[i+1], 7-i/2, 0, 0)
			}
			for i := range 2 {
				g.gs(r[i], r[i+2], 3, 0, 0)
				g.gs(r[4+i], r[6+i], 2, 0, 0)
			}
			for _, x := range r {
				g.reduce(x)
			}
			for i := range 4 {
				g.gs(r[i], r[i+4], 1, 0, 0)
			}
			for _, x := range r {
				d, t := g.tmp(), g.tmp()
				f.I(a64.MULe(a64.H8, d, x, nConst, 2), a64.SQRDMULHe(a64.H8, t, x, nConst, 3), a64.MLSe(a64.H8, d, t, nConst, 0))
				f.I(a64.SSHR(a64.H8, t, d, 15), a64.AND(a64.B16, t, t, nQ), a64.ADD(a64.H8, x, d, t))
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
