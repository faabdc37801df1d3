package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"

// The ML-KEM kernels: q = 3329 on eight 16-bit lanes per Q register.
//
// A polynomial is 32 Q registers, twice the register file, so the NTTs run
// in two passes with the layers merged as far as registers allow:
//
//   - layers of length 128, 64, 32: eight registers, one from each
//     32-coefficient block (coefficients j … j+7 of each), four times;
//   - layers of length 16, 8, 4, 2: the four registers of one 32-coefficient
//     block, eight times. Lengths 16 and 8 pair registers; for length 4 a
//     VSWP of D halves, and for length 2 a VTRN.32 as well, bring the
//     partners into different registers, whose twiddles are then vectors.
//
// The inverse NTT runs the same passes in the opposite order. Coefficients
// are signed 16-bit values between the kernels' [0, q) boundaries. Bounds:
// a Barrett product is below q in magnitude, so the forward transform grows
// by less than q per layer, below 8q < 2^15 after seven layers. The inverse
// transform's sums double per layer; it reduces the sums after the length-8
// and length-16 layers, which keeps every value below 8q, and folds the
// scaling by 128⁻¹ into the last layer's products.

const (
	kemQ    = 3329
	kemZeta = 17
)

var kemField = field{bits: 16, q: kemQ, qs: a32.Q(0).Lane16(0), rs: a32.Q(0).Lane16(1)}

// kemZetas[k] = ζ^BitRev7(k) mod q, FIPS 203's twiddle factors.
var kemZetas = func() (z [128]int64) {
	for k := range z {
		r := 0
		for b := range 7 {
			r |= (k >> b & 1) << (6 - b)
		}
		z[k] = powMod(kemZeta, int64(r), kemQ)
	}
	return
}()

func powMod(b, e, m int64) int64 {
	r := int64(1)
	for b %= m; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % m
		}
		b = b * b % m
	}
	return r
}

// forwardZeta and inverseZeta are the twiddle of group g (start 2·length·g)
// of the layer of the given length: FIPS 203 takes k upward through the
// forward layers and downward through the inverse ones.
func forwardZeta(length, g int) int64 { return kemZetas[128/length+g] }
func inverseZeta(length, g int) int64 { return kemZetas[256/length-1-g] }

// kemHeader is the first Q register of every ML-KEM table: q and the Barrett
// reduction constant round(2^15/q) as 16-bit lanes 0 and 1, and q and
// round(2^31/q) as 32-bit lanes 2 and 3 (d1).
func kemHeader() []int64 {
	h := []int64{kemQ, kemField.barrett(1), 0, 0}
	h = append(h, halves16(kemQ)...)
	return append(h, halves16(field{bits: 32, q: kemQ}.barrett(1))...)
}

// scalarTwiddles is one Q register of up to eight constants and one of their
// Barrett companions, the by-scalar operands of one pass.
func scalarTwiddles(fl field, zs []int64) []int64 {
	z, c := make([]int64, 8), make([]int64, 8)
	for i, v := range zs {
		z[i], c[i] = v, fl.barrett(v)
	}
	return append(z, c...)
}

// packedTwiddles is one Q register of up to four 16-bit constants (lanes
// 0–3) and their Barrett companions (lanes 4–7).
func packedTwiddles(fl field, zs []int64) []int64 {
	z, c := make([]int64, 4), make([]int64, 4)
	for i, v := range zs {
		z[i], c[i] = v, fl.barrett(v)
	}
	return append(z, c...)
}

// kemBlockTwiddles loads one block's twiddles: the packed by-scalar ones into
// q1 and four pairs of vectors into q2–q9.
func kemBlockTwiddles(f *fn) {
	f.I(a32.VLD1(16, 2, 2, a32.Inc(kemTableReg)))
	for first := a32.D(4); first < 20; first += 4 {
		f.I(a32.VLD1(16, first, 4, a32.Inc(kemTableReg)))
	}
}

// kemLoadBlock loads the 32-coefficient block at R0 into kemBlock's groups.
func kemLoadBlock(f *fn) poly {
	b := kemBlock()
	f.op("MOVW R0, R4")
	f.I(a32.VLD1(16, b.reg[0].Lo(), 4, a32.Inc(kemCursor)))
	f.I(a32.VLD1(16, b.reg[2].Lo(), 4, a32.At(kemCursor)))
	return b
}

// kemPacked is the by-scalar twiddle of lane i of packedTwiddles in q1.
func kemPacked(i int) twiddle { return scalars(a32.Q(1).Lane16(i), a32.Q(1).Lane16(4+i)) }

// vectorTwiddles is a Q register of constants given lane by lane, and one of
// their Barrett companions.
func vectorTwiddles(fl field, lanes []int64) []int64 {
	c := make([]int64, len(lanes))
	for i, v := range lanes {
		c[i] = fl.barrett(v)
	}
	return append(append([]int64(nil), lanes...), c...)
}

// repeat gives each of zs n times in a row.
func repeat(zs []int64, n int) []int64 {
	var out []int64
	for _, z := range zs {
		for range n {
			out = append(out, z)
		}
	}
	return out
}

// zetaRange lists the twiddles of groups g0 … g0+count−1 of a layer.
func zetaRange(at func(length, g int) int64, length, g0, count int) []int64 {
	var zs []int64
	for g := g0; g < g0+count; g++ {
		zs = append(zs, at(length, g))
	}
	return zs
}

// Registers of the ML-KEM transforms: q0 the header; q1, q2 the by-scalar
// twiddles of a pass (and q2–q9 the vector twiddles of one block).
const (
	kemTableReg = a32.R(1)
	kemStride   = a32.R(2)
	kemCount    = a32.R(3)
	kemCursor   = a32.R(4)
)

func mlkemKernels(p *program) {
	kemNTT(p)
	kemInverseNTT(p)
	kemDotProduct(p)
	polyAddSub(p, kemField)
	kemCBDEta2(p)
	kemCBDEta3(p)
	kemCompressKernels(p)
	kemDecompressKernels(p)
	kemEncodeKernels(p)
	kemSampleNTT(p)
}

// kemStrided is the register assignment of the first forward (last inverse)
// pass: eight groups, q4–q11, scratch q12–q15.
func kemStrided() poly {
	return poly{reg: []a32.Q{4, 5, 6, 7, 8, 9, 10, 11}, regs: newRegs(12, 13, 14, 15)}
}

// kemBlock is the assignment of the 32-coefficient passes: four groups,
// q10–q13, scratch q14–q15.
func kemBlock() poly { return poly{reg: []a32.Q{10, 11, 12, 13}, regs: newRegs(14, 15)} }

func kemNTT(p *program) {
	fl := kemField
	var tab []int64
	tab = append(tab, kemHeader()...)
	// Pass 1: k = 1 … 7 in lanes 1 … 7.
	tab = append(tab, scalarTwiddles(fl, append([]int64{0}, kemZetas[1:8]...))...)
	for b := range 8 {
		tab = append(tab, packedTwiddles(fl, []int64{forwardZeta(16, b), forwardZeta(8, 2*b), forwardZeta(8, 2*b+1)})...)
		l4 := zetaRange(forwardZeta, 4, 4*b, 4)
		tab = append(tab, vectorTwiddles(fl, repeat(l4[:2], 4))...)
		tab = append(tab, vectorTwiddles(fl, repeat(l4[2:], 4))...)
		l2 := zetaRange(forwardZeta, 2, 8*b, 8)
		tab = append(tab, vectorTwiddles(fl, repeat(l2[:4], 2))...)
		tab = append(tab, vectorTwiddles(fl, repeat(l2[4:], 2))...)
	}
	sym := p.data("kemNTTTable", 16, tab)

	f := p.function("nttNEON", "f *[256]uint16", 4,
		"is the NTT (FIPS 203, Algorithm 9) of f in place, from and to [0, q).")
	f.op("MOVW f+0(FP), R0")
	f.op("MOVW $%s, R1", sym)
	f.op("MOVW $64, R2")
	f.I(a32.VLD1(16, 0, 2, a32.Inc(kemTableReg)))
	f.I(a32.VLD1(16, 2, 4, a32.Inc(kemTableReg)))
	tw := func(lane int) twiddle { return scalars(a32.Q(1).Lane16(lane), a32.Q(2).Lane16(lane)) }

	f.op("MOVW $4, R3")
	f.label("pass1")
	s := kemStrided()
	s.loadStep(f, 16, 0, kemCursor, kemStride)
	s.forward3(fl, f, tw)
	s.storeStep(f, 16, 0, kemCursor, kemStride)
	f.op("ADD $16, R0")
	f.op("SUB.S $1, R3")
	f.op("BNE pass1")

	f.op("MOVW f+0(FP), R0")
	f.op("MOVW $8, R3")
	f.label("pass2")
	kemBlockTwiddles(f)
	b := kemLoadBlock(f)
	b.ct(fl, f, 0, 2, kemPacked(0))
	b.ct(fl, f, 1, 3, kemPacked(0))
	b.ct(fl, f, 0, 1, kemPacked(1))
	b.ct(fl, f, 2, 3, kemPacked(2))
	b.swapHalves(f, 0, 1)
	b.swapHalves(f, 2, 3)
	b.ct(fl, f, 0, 1, vectors(2, 3))
	b.ct(fl, f, 2, 3, vectors(4, 5))
	b.transpose32(f, 0, 1)
	b.transpose32(f, 2, 3)
	b.ct(fl, f, 0, 1, vectors(6, 7))
	b.ct(fl, f, 2, 3, vectors(8, 9))
	for _, q := range b.reg {
		t := b.get()
		fl.reduce(f, q, t)
		fl.normalize(f, q, t)
		b.put(t)
	}
	b.transpose32(f, 0, 1)
	b.transpose32(f, 2, 3)
	b.swapHalves(f, 0, 1)
	b.swapHalves(f, 2, 3)
	for _, q := range b.reg {
		f.I(a32.VST1(16, q.Lo(), 2, a32.Inc(0)))
	}
	f.op("SUB.S $1, R3")
	f.op("BNE pass2")
}

func kemInverseNTT(p *program) {
	fl := kemField
	invN := int64(3303) // 128⁻¹ mod q
	var tab []int64
	tab = append(tab, kemHeader()...)
	for b := range 8 {
		l8 := zetaRange(inverseZeta, 8, 2*b, 2)
		tab = append(tab, packedTwiddles(fl, []int64{l8[0], l8[1], inverseZeta(16, b)})...)
		l2 := zetaRange(inverseZeta, 2, 8*b, 8)
		tab = append(tab, vectorTwiddles(fl, repeat(l2[:4], 2))...)
		tab = append(tab, vectorTwiddles(fl, repeat(l2[4:], 2))...)
		l4 := zetaRange(inverseZeta, 4, 4*b, 4)
		tab = append(tab, vectorTwiddles(fl, repeat(l4[:2], 4))...)
		tab = append(tab, vectorTwiddles(fl, repeat(l4[2:], 4))...)
	}
	last := zetaRange(inverseZeta, 32, 0, 4)
	last = append(last, zetaRange(inverseZeta, 64, 0, 2)...)
	last = append(last, inverseZeta(128, 0)*invN%kemQ, invN)
	tab = append(tab, scalarTwiddles(fl, last)...)
	sym := p.data("kemInverseNTTTable", 16, tab)

	f := p.function("inverseNTTNEON", "f *[256]uint16", 4,
		"is the inverse NTT (FIPS 203, Algorithm 10) of f in place, from and to [0, q).")
	f.op("MOVW f+0(FP), R0")
	f.op("MOVW $%s, R1", sym)
	f.I(a32.VLD1(16, 0, 2, a32.Inc(kemTableReg)))

	f.op("MOVW $8, R3")
	f.label("pass1")
	kemBlockTwiddles(f)
	b := kemLoadBlock(f)
	b.swapHalves(f, 0, 1)
	b.swapHalves(f, 2, 3)
	b.transpose32(f, 0, 1)
	b.transpose32(f, 2, 3)
	b.gs(fl, f, 0, 1, vectors(2, 3))
	b.gs(fl, f, 2, 3, vectors(4, 5))
	b.transpose32(f, 0, 1)
	b.transpose32(f, 2, 3)
	b.gs(fl, f, 0, 1, vectors(6, 7))
	b.gs(fl, f, 2, 3, vectors(8, 9))
	b.swapHalves(f, 0, 1)
	b.swapHalves(f, 2, 3)
	b.gs(fl, f, 0, 1, kemPacked(0))
	b.gs(fl, f, 2, 3, kemPacked(1))
	reduce := func(groups ...int) {
		for _, g := range groups {
			t := b.get()
			fl.reduce(f, b.reg[g], t)
			b.put(t)
		}
	}
	reduce(0, 2)
	b.gs(fl, f, 0, 2, kemPacked(2))
	b.gs(fl, f, 1, 3, kemPacked(2))
	reduce(0, 1)
	for _, q := range b.reg {
		f.I(a32.VST1(16, q.Lo(), 2, a32.Inc(0)))
	}
	f.op("SUB.S $1, R3")
	f.op("BNE pass1")

	f.I(a32.VLD1(16, 2, 4, a32.At(kemTableReg)))
	tw := func(lane int) twiddle { return scalars(a32.Q(1).Lane16(lane), a32.Q(2).Lane16(lane)) }
	f.op("MOVW f+0(FP), R0")
	f.op("MOVW $64, R2")
	f.op("MOVW $4, R3")
	f.label("pass2")
	s := kemStrided()
	s.loadStep(f, 16, 0, kemCursor, kemStride)
	s.inverse3(fl, f, tw)
	s.scaleAndNormalize(fl, f, tw)
	s.storeStep(f, 16, 0, kemCursor, kemStride)
	f.op("ADD $16, R0")
	f.op("SUB.S $1, R3")
	f.op("BNE pass2")
}

// kemDotProduct is out = init + Σ_{j<k} a[j] ∘ b[j] (FIPS 203, Algorithms 11
// and 12). VLD2 splits each block of eight coefficient pairs into the even
// and the odd coefficients; the products accumulate exactly in 32-bit lanes
// (VMLAL), a1·b1·γ as a1·(b1·γ mod q) with b1·γ a Barrett product by the
// block's vector of γ; one Barrett reduction per coefficient ends the sum.
// |sum| < q + 8·q² < 2^27.
func kemDotProduct(p *program) {
	fl := kemField
	fl32 := field{bits: 32, q: kemQ, qs: a32.Q(0).Lane32(2), rs: a32.Q(0).Lane32(3)}
	var tab []int64
	tab = append(tab, kemHeader()...)
	for blk := range 16 {
		var gs []int64
		for i := range 8 {
			k := 8*blk + i
			r := 0
			for b := range 7 {
				r |= (k >> b & 1) << (6 - b)
			}
			gs = append(gs, powMod(kemZeta, int64(2*r+1), kemQ))
		}
		tab = append(tab, vectorTwiddles(fl, gs)...)
	}
	sym := p.data("kemDotTable", 16, tab)

	f := p.function("dotProductNEON", "out *[256]uint16, init *[256]uint16, a *[4]*[256]uint16, b *[4]*[256]uint16, k int", 20,
		"is out = init + Σ_{j<k} a[j] ∘ b[j] in T_q (FIPS 203, Algorithms 11 and 12), or the sum alone if init is nil, reduced to [0, q).")
	f.op("MOVW out+0(FP), R0")
	f.op("MOVW init+4(FP), R1")
	f.op("MOVW a+8(FP), R2")
	f.op("MOVW b+12(FP), R3")
	f.op("MOVW k+16(FP), R4")
	f.op("MOVW $%s, R7", sym)
	f.I(a32.VLD1(16, 0, 2, a32.Inc(7)))
	f.op("MOVW $0, R6")
	f.op("MOVW $16, R5")
	f.label("block")
	f.I(a32.VLD1(16, 2, 4, a32.Inc(7))) // q1 = γ, q2 = its Barrett companions
	acc := []a32.Q{3, 4, 5, 6}          // c0 lanes 0–3, 4–7; c1 lanes 0–3, 4–7
	f.op("CMP $0, R1")
	f.op("BEQ zero")
	f.I(a32.VLD2(16, 12, a32.Inc(1)))
	for i, q := range acc {
		f.I(a32.VMOVL(q, a32.D(24+i)))
	}
	f.op("B products")
	f.label("zero")
	for _, q := range acc {
		f.I(a32.VEOR(q, q, q))
	}
	f.label("products")
	f.op("MOVW $0, R8")
	f.label("pair")
	f.op("ADD R8<<2, R2, R9")
	f.op("MOVW (R9), R9")
	f.op("ADD R6, R9")
	f.I(a32.VLD2(16, 7, a32.At(9))) // q7 = a0, q8 = a1
	f.op("ADD R8<<2, R3, R9")
	f.op("MOVW (R9), R9")
	f.op("ADD R6, R9")
	f.I(a32.VLD2(16, 9, a32.At(9))) // q9 = b0, q10 = b1
	a0, a1, b0, b1 := a32.Q(7), a32.Q(8), a32.Q(9), a32.Q(10)
	f.I(a32.VMLAL(acc[0], a0.Lo(), b0.Lo()))
	f.I(a32.VMLAL(acc[1], a0.Hi(), b0.Hi()))
	f.I(a32.VMLAL(acc[2], a0.Lo(), b1.Lo()))
	f.I(a32.VMLAL(acc[3], a0.Hi(), b1.Hi()))
	f.I(a32.VMLAL(acc[2], a1.Lo(), b0.Lo()))
	f.I(a32.VMLAL(acc[3], a1.Hi(), b0.Hi()))
	fl.mul(f, b1, b1, vectors(1, 2), 11)
	f.I(a32.VMLAL(acc[0], a1.Lo(), b1.Lo()))
	f.I(a32.VMLAL(acc[1], a1.Hi(), b1.Hi()))
	f.op("ADD $1, R8")
	f.op("CMP R4, R8")
	f.op("BLT pair")
	for i, q := range acc {
		fl32.reduce(f, q, 11)
		f.I(a32.VMOVN(a32.D(24+i), q))
	}
	fl.normalize(f, 12, 11)
	fl.normalize(f, 13, 11)
	f.I(a32.VST2(16, 12, a32.Inc(0)))
	f.op("ADD $32, R6")
	f.op("SUB.S $1, R5")
	f.op("BNE block")
}
