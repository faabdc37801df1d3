package main

import (
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/neonring"
)

// Registers of the NEON kernels. V0 holds scalars (lane 0 q, lane 1
// round(2^31/q) for reductions, lanes 2 and 3 the final factor of the
// inverse NTT and its Barrett constant); V1–V4 the scalar twiddles ζ_k for
// k < 16 and V5–V8 their Barrett constants (pass B reuses V1 and V2 for the
// block's scalar twiddles); V9–V14 are temporaries, V15 holds q in every
// lane, V16–V31 coefficients and per-lane twiddle vectors.
var (
	dConst = a64.V(0)
	dQ     = a64.V(15)
	dTemps = []a64.VReg{a64.V(9), a64.V(10), a64.V(11), a64.V(12), a64.V(13), a64.V(14)}
	dR     = []a64.VReg{a64.V(16), a64.V(17), a64.V(18), a64.V(19)}
	dAB    = []a64.VReg{a64.V(20), a64.V(21), a64.V(22), a64.V(23)}
	dTw    = []a64.VReg{a64.V(24), a64.V(25), a64.V(26), a64.V(27), a64.V(28), a64.V(29), a64.V(30), a64.V(31)}
	dBlkZ  = a64.V(1)
	dBlkC  = a64.V(2)
)

func newNeonGen(f *a64.File) *neonring.Gen {
	return &neonring.Gen{F: f, Arr: a64.S4, Const: dConst, Q: dQ, Temps: dTemps,
		Scalar: func(k int) (z, c a64.VReg, lane int) { return a64.V(1 + k/4), a64.V(5 + k/4), k % 4 }}
}

// neonTwiddle is ζ^BitRev8(k) centred, with its Barrett constant.
func neonTwiddle(k int) (z, c uint32) {
	zz, cc := neonring.BarrettConst(int64(zetaPlain(k)), q, 32)
	return uint32(zz), uint32(cc)
}

// neonPrologue loads the arguments into R0 (out) and R1 (in), the
// constants, and leaves R2 at the per-block twiddles of the forward
// transform.
func neonPrologue(f *a64.File) {
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD in+8(FP), R1")
	f.Go("MOVD $mldsaNEONConsts<>(SB), R2")
	f.I(a64.LD1(1, a64.S4, dConst, a64.X(2), true), a64.LD1(4, a64.S4, a64.V(1), a64.X(2), true), a64.LD1(4, a64.S4, a64.V(5), a64.X(2), true))
	f.Go("MOVD $%d, R3", q)
	f.I(a64.DUP(a64.S4, dQ, a64.X(3)))
}

// Pass A holds one column of sixteen registers, coefficients 16a+4c+i of
// column c in register a (len ≥ 16); pass B a block of 16 coefficients in
// V16–V19 (len ≤ 8), transposed by TRN1/TRN2.2D for len 2 and then .4S for
// len 1.

// dColumn loads (or stores) column c from (to) base.
func dColumn(f *a64.File, base a64.XReg, c int, store bool) []a64.VReg {
	r := make([]a64.VReg, 16)
	for a := range r {
		r[a] = a64.V(16 + a)
		if store {
			f.I(a64.STRQ(r[a], base, 64*a+16*c))
		} else {
			f.I(a64.LDRQ(r[a], base, 64*a+16*c))
		}
	}
	return r
}

// dLoadBlock loads a block from base into V16–V19 and its twiddles from R2:
// the block's scalars into V1 and V2, eight vectors into V24–V31.
func dLoadBlock(f *a64.File, base a64.XReg) {
	f.I(a64.LD1(4, a64.S4, dR[0], base, true), a64.LD1(2, a64.S4, dBlkZ, a64.X(2), true), a64.LD1(4, a64.S4, dTw[0], a64.X(2), true), a64.LD1(4, a64.S4, dTw[4], a64.X(2), true))
}

func neonNTTKernel(f *a64.File, fn a64.Func) {
	g := newNeonGen(f)
	f.Text(fn)
	neonPrologue(f)
	for c := range 4 {
		f.Comment("column %d: len 128, 64, 32, 16", c)
		r := dColumn(f, a64.X(1), c, false)
		for a := range 8 {
			g.CT(r[a], r[a+8], neonring.S(1))
		}
		for a := range 16 {
			if a%8 < 4 {
				g.CT(r[a], r[a+4], neonring.S(2+a/8))
			}
		}
		for a := range 16 {
			if a%4 < 2 {
				g.CT(r[a], r[a+2], neonring.S(4+a/4))
			}
		}
		for a := 0; a < 16; a += 2 {
			g.CT(r[a], r[a+1], neonring.S(8+a/2))
		}
		dColumn(f, a64.X(0), c, true)
	}
	f.Go("MOVD R0, R1")
	for k := range 16 {
		f.Comment("block %d: len 8, 4, 2, 1", k)
		dLoadBlock(f, a64.X(1))
		g.CT(dR[0], dR[2], neonring.E(dBlkZ, dBlkC, 0))
		g.CT(dR[1], dR[3], neonring.E(dBlkZ, dBlkC, 0))
		g.CT(dR[0], dR[1], neonring.E(dBlkZ, dBlkC, 1))
		g.CT(dR[2], dR[3], neonring.E(dBlkZ, dBlkC, 2))
		g.Transpose(a64.D2, dAB, dR)
		g.CT(dAB[0], dAB[1], neonring.L(dTw[0], dTw[1]))
		g.CT(dAB[2], dAB[3], neonring.L(dTw[2], dTw[3]))
		g.Transpose(a64.S4, dR, dAB)
		g.CT(dR[0], dR[1], neonring.L(dTw[4], dTw[5]))
		g.CT(dR[2], dR[3], neonring.L(dTw[6], dTw[7]))
		g.Transpose(a64.S4, dAB, dR)
		g.Transpose(a64.D2, dR, dAB)
		for _, x := range dR {
			g.Reduce(x, 1)
			g.Normalize(x, x)
		}
		f.I(a64.ST1(4, a64.S4, dR[0], a64.X(0), true))
	}
	f.Go("RET")
}

func neonInvNTTKernel(f *a64.File, fn a64.Func) {
	g := newNeonGen(f)
	f.Text(fn)
	neonPrologue(f)
	f.Go("ADD $%d, R2", 4*len(neonBlockTwiddles(false)))
	for k := range 16 {
		f.Comment("block %d: len 1, 2, 4, 8", k)
		dLoadBlock(f, a64.X(1))
		g.Transpose(a64.D2, dAB, dR)
		g.Transpose(a64.S4, dR, dAB)
		g.GS(dR[0], dR[1], neonring.L(dTw[0], dTw[1]))
		g.GS(dR[2], dR[3], neonring.L(dTw[2], dTw[3]))
		g.Transpose(a64.S4, dAB, dR)
		g.GS(dAB[0], dAB[1], neonring.L(dTw[4], dTw[5]))
		g.GS(dAB[2], dAB[3], neonring.L(dTw[6], dTw[7]))
		g.Transpose(a64.D2, dR, dAB)
		g.GS(dR[0], dR[1], neonring.E(dBlkZ, dBlkC, 0))
		g.GS(dR[2], dR[3], neonring.E(dBlkZ, dBlkC, 1))
		g.GS(dR[0], dR[2], neonring.E(dBlkZ, dBlkC, 2))
		g.GS(dR[1], dR[3], neonring.E(dBlkZ, dBlkC, 2))
		f.I(a64.ST1(4, a64.S4, dR[0], a64.X(0), true))
	}
	f.Go("SUB $1024, R0")
	f.Comment("reload the scalar twiddles V1 and V2 that pass B took")
	f.Go("MOVD $mldsaNEONConsts<>+16(SB), R2")
	f.I(a64.LD1(4, a64.S4, a64.V(1), a64.X(2), false))
	for c := range 4 {
		f.Comment("column %d: len 16, 32, 64, 128, scaling", c)
		r := dColumn(f, a64.X(0), c, false)
		for a := 0; a < 16; a += 2 {
			g.GS(r[a], r[a+1], neonring.S(15-a/2))
		}
		for a := range 16 {
			if a%4 < 2 {
				g.GS(r[a], r[a+2], neonring.S(7-a/4))
			}
		}
		for a := range 16 {
			if a%8 < 4 {
				g.GS(r[a], r[a+4], neonring.S(3-a/8))
			}
		}
		for a := range 8 {
			g.GS(r[a], r[a+8], neonring.S(1))
		}
		for _, x := range r {
			d := g.Tmp()
			g.MulElem(d, x, dConst, 2, dConst, 3)
			g.Normalize(x, d)
		}
		dColumn(f, a64.X(0), c, true)
	}
	f.Go("RET")
}

// neonBlockTwiddles lays out, per block of 16 coefficients, the block's
// scalar twiddles (forward: len 8, len 4 of both halves; inverse: len 4 of
// both halves, len 8) with their constants, then the per-lane vectors
// (forward len 2 then len 1, inverse len 1 then len 2), each followed by
// its constants.
func neonBlockTwiddles(inverse bool) []uint32 {
	var t []uint32
	vec := func(ks [4]int) {
		var zs, cs []uint32
		for _, k := range ks {
			if k < 0 {
				zs, cs = append(zs, 0), append(cs, 0)
				continue
			}
			z, c := neonTwiddle(k)
			zs, cs = append(zs, z), append(cs, c)
		}
		t = append(append(t, zs...), cs...)
	}
	for k := range 16 {
		len2 := func(i int) [4]int { // groups 2i and 2i+1 of four
			a, b := 64+4*k+2*i, 64+4*k+2*i+1
			if inverse {
				a, b = 127-(4*k+2*i), 127-(4*k+2*i+1)
			}
			return [4]int{a, a, b, b}
		}
		len1 := func(i int) (ks [4]int) { // pairs 4i … 4i+3
			for m := range 4 {
				ks[m] = 128 + 8*k + 4*i + m
				if inverse {
					ks[m] = 255 - (8*k + 4*i + m)
				}
			}
			return
		}
		if inverse {
			vec([4]int{63 - 2*k, 62 - 2*k, 31 - k, -1})
			vec(len1(0))
			vec(len1(1))
			vec(len2(0))
			vec(len2(1))
		} else {
			vec([4]int{16 + k, 32 + 2*k, 33 + 2*k, -1})
			vec(len2(0))
			vec(len2(1))
			vec(len1(0))
			vec(len1(1))
		}
	}
	return t
}

// neonConsts writes the constants: V0's lanes, the sixteen scalar
// twiddles and constants, then the forward and inverse per-block tables.
func neonConsts(f *a64.File) {
	// The inverse NTT's factor: invNTTScale·2⁻³² = 256⁻¹·2³² mod q.
	scale := invNTTScale * powMod(powMod(2, 32), q-2) % q
	sz, sc := neonring.BarrettConst(int64(scale), q, 32)
	_, red := neonring.BarrettConst(1, q, 32)
	t := []uint32{q, uint32(red), uint32(sz), uint32(sc)}
	var zs, cs []uint32
	for k := range 16 {
		z, c := neonTwiddle(k)
		zs, cs = append(zs, z), append(cs, c)
	}
	t = append(append(t, zs...), cs...)
	t = append(t, neonBlockTwiddles(false)...)
	t = append(t, neonBlockTwiddles(true)...)
	f.Data32("mldsaNEONConsts", t)
}
