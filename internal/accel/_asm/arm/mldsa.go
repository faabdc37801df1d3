package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"

// The ML-DSA kernels: q = 8380417 on four 32-bit lanes per Q register.
//
// A polynomial is 64 Q registers, four times the register file. The NTT runs
// its eight layers in two passes:
//
//   - layers of length 128, 64, 32: eight registers at a stride of 32
//     coefficients (four consecutive coefficients of each), eight times;
//   - layers of length 16, 8, 4 on the eight registers of one 32-coefficient
//     block, then, pair of registers by pair, the layers of length 2 and 1
//     with the partners brought into different registers by VSWP (length 2)
//     and VTRN.32 (length 1), their twiddles vectors; eight times.
//
// That is the 3 + 3 + 2 layer merging with the last two layers done in the
// registers of the second pass rather than in a third. The inverse NTT runs
// the passes in the opposite order and folds the final scaling into its last
// layer. The twiddle products are Barrett multiplications (plain ζ, no
// Montgomery factor); the pointwise products are signed Montgomery
// multiplications, whose factor 2⁻³² the inverse NTT's scaling removes, as
// in the portable kernels. Bounds: a Barrett product is below q·(1/2 + |a|/2³²)
// in magnitude, so the NTT stays below 9q and the inverse NTT's sums below
// 2⁸·q < 2³¹, as in the portable kernels.

const (
	dsaQ    = 8380417
	dsaZeta = 1753
	dsaQInv = 58728449 // q⁻¹ mod 2³²
)

var dsaField = field{bits: 32, q: dsaQ, qs: Q(0).Lane32(0), rs: Q(0).Lane32(1)}

// dsaQInvLane is the scalar holding q⁻¹ mod 2³², for the Montgomery products.
var dsaQInvLane = Q(0).Lane32(2)

// dsaZetas[m] = ζ^BitRev8(m) mod q, FIPS 204's twiddle factors.
var dsaZetas = func() (z [256]int64) {
	for m := range z {
		r := 0
		for b := range 8 {
			r |= (m >> b & 1) << (7 - b)
		}
		z[m] = powMod(dsaZeta, int64(r), dsaQ)
	}
	return
}()

func dsaForward(length, g int) int64 { return dsaZetas[128/length+g] }
func dsaInverse(length, g int) int64 { return dsaZetas[256/length-1-g] }

// dsaHeader is the first Q register of every ML-DSA table: q, round(2³¹/q)
// and q⁻¹ mod 2³².
func dsaHeader() []int64 { return []int64{dsaQ, dsaField.barrett(1), dsaQInv, 0} }

// dsaScalars is four Q registers (q1–q4) of by-scalar operands: eight
// constants in q1, q2 and their Barrett companions in q3, q4.
func dsaScalars(zs []int64) []int64 { return scalarTwiddles(dsaField, zs) }

// dsaTw is the by-scalar twiddle of lane i of dsaScalars.
func dsaTw(i int) twiddle { return scalars(Q(1).Lane32(i), Q(3).Lane32(i)) }

// dsaPairTwiddles is the vector twiddles of the last two forward (first two
// inverse) layers for the pair of registers covering coefficients 8p … 8p+7
// of block b: length 2 (q1, q2), then length 1 (q3, q4).
func dsaPairTwiddles(at func(length, g int) int64, b, p int) []int64 {
	fl := dsaField
	l2 := zetaRange(at, 2, 8*b+2*p, 2)
	l1 := zetaRange(at, 1, 16*b+4*p, 4)
	return append(vectorTwiddles(fl, repeat(l2, 2)), vectorTwiddles(fl, l1)...)
}

// dsaStrided and dsaBlock are the register assignments of the passes: eight
// groups q5–q12, scratch q13–q15.
func dsaGroups() poly {
	return poly{reg: []Q{5, 6, 7, 8, 9, 10, 11, 12}, regs: newRegs(13, 14, 15)}
}

func mldsaKernels(p *program) {
	dsaNTT(p)
	dsaInvNTT(p)
	dsaMul(p)
	dsaDot(p)
	polyAddSub(p, dsaField)
	dsaLaneKernels(p)
	dsaRoundingKernels(p)
	dsaRejUniform(p)
	dsaRejEta(p, 2)
	dsaRejEta(p, 4)
	dsaPackedMul(p)
	dsaUnpackZ(p)
}

// loadTwiddles loads count Q registers from q1 on from the table at r.
func loadTwiddles(f *fn, count int, r R) {
	for first := 2; count > 0; first, count = first+4, count-2 {
		f.I(a32.VLD1(32, D(first), min(4, 2*count), a32.Inc(r)))
	}
}

// loadBlock loads the eight groups of a 32-coefficient block from r on,
// through the scratch pointer tmp.
func loadBlock(f *fn, g poly, r, tmp R) {
	f.op("MOVW %s, %s", goReg(r), goReg(tmp))
	for i := 0; i < len(g.reg); i += 2 {
		f.I(a32.VLD1(32, g.reg[i].Lo(), 4, a32.Inc(tmp)))
	}
}

func dsaNTT(p *program) {
	fl := dsaField
	var tab []int64
	tab = append(tab, dsaHeader()...)
	tab = append(tab, dsaScalars(append([]int64{0}, dsaZetas[1:8]...))...)
	for b := range 8 {
		zs := []int64{0, dsaForward(16, b)}
		zs = append(zs, zetaRange(dsaForward, 8, 2*b, 2)...)
		zs = append(zs, zetaRange(dsaForward, 4, 4*b, 4)...)
		tab = append(tab, dsaScalars(zs)...)
		for pr := range 4 {
			tab = append(tab, dsaPairTwiddles(dsaForward, b, pr)...)
		}
	}
	sym := p.data("dsaNTTTable", 32, tab)

	f := p.function("nttNEON", "out *[256]uint32, in *[256]uint32", 8,
		"is the NTT (FIPS 204, Algorithm 41) of in, written to out (which may be in), from and to [0, q).")
	f.op("MOVW out+0(FP), R0")
	f.op("MOVW in+4(FP), R1")
	f.op("MOVW $%s, R3", sym)
	f.op("MOVW $128, R2")
	f.I(a32.VLD1(32, 0, 2, a32.Inc(3)))
	loadTwiddles(f, 4, 3)
	f.op("MOVW $8, R4")
	f.label("pass1")
	s := dsaGroups()
	s.loadStep(f, 32, 1, 5, 2)
	s.forward3(fl, f, dsaTw)
	s.storeStep(f, 32, 0, 5, 2)
	f.op("ADD $16, R0")
	f.op("ADD $16, R1")
	f.op("SUB.S $1, R4")
	f.op("BNE pass1")

	f.op("MOVW out+0(FP), R0")
	f.op("MOVW $8, R4")
	f.label("pass2")
	loadTwiddles(f, 4, 3)
	b := dsaGroups()
	loadBlock(f, b, 0, 5)
	b.forward3(fl, f, dsaTw)
	for pr := range 4 {
		lo, hi := 2*pr, 2*pr+1
		loadTwiddles(f, 4, 3)
		b.swapHalves(f, lo, hi)
		b.ct(fl, f, lo, hi, vectors(1, 2))
		b.transpose32(f, lo, hi)
		b.ct(fl, f, lo, hi, vectors(3, 4))
		for _, g := range []int{lo, hi} {
			t := b.get()
			fl.reduce(f, b.reg[g], t)
			fl.normalize(f, b.reg[g], t)
			b.put(t)
		}
		b.transpose32(f, lo, hi)
		b.swapHalves(f, lo, hi)
	}
	for _, q := range b.reg {
		f.I(a32.VST1(32, q.Lo(), 2, a32.Inc(0)))
	}
	f.op("SUB.S $1, R4")
	f.op("BNE pass2")
}

func dsaInvNTT(p *program) {
	fl := dsaField
	// The scaling 2³²/256 mod q: the portable kernel's montReduce by
	// 256⁻¹·2⁶⁴, applied as a plain product.
	scale := (1 << 32) % dsaQ * powMod(256, dsaQ-2, dsaQ) % dsaQ
	var tab []int64
	tab = append(tab, dsaHeader()...)
	for b := range 8 {
		for pr := range 4 {
			l1 := zetaRange(dsaInverse, 1, 16*b+4*pr, 4)
			l2 := zetaRange(dsaInverse, 2, 8*b+2*pr, 2)
			tab = append(tab, vectorTwiddles(fl, l1)...)
			tab = append(tab, vectorTwiddles(fl, repeat(l2, 2))...)
		}
		zs := zetaRange(dsaInverse, 4, 4*b, 4)
		zs = append(zs, zetaRange(dsaInverse, 8, 2*b, 2)...)
		zs = append(zs, dsaInverse(16, b))
		tab = append(tab, dsaScalars(zs)...)
	}
	last := zetaRange(dsaInverse, 32, 0, 4)
	last = append(last, zetaRange(dsaInverse, 64, 0, 2)...)
	last = append(last, dsaInverse(128, 0)*scale%dsaQ, scale)
	tab = append(tab, dsaScalars(last)...)
	sym := p.data("dsaInvNTTTable", 32, tab)

	f := p.function("invNTTNEON", "out *[256]uint32, in *[256]uint32", 8,
		"is the inverse NTT (FIPS 204, Algorithm 42) of in times 2³², written to out (which may be in), from and to [0, q): the result of invNTT.")
	f.op("MOVW out+0(FP), R0")
	f.op("MOVW in+4(FP), R1")
	f.op("MOVW $%s, R3", sym)
	f.I(a32.VLD1(32, 0, 2, a32.Inc(3)))
	f.op("MOVW $8, R4")
	f.label("pass1")
	b := dsaGroups()
	loadBlock(f, b, 1, 5)
	f.op("ADD $128, R1")
	for pr := range 4 {
		lo, hi := 2*pr, 2*pr+1
		loadTwiddles(f, 4, 3)
		b.swapHalves(f, lo, hi)
		b.transpose32(f, lo, hi)
		b.gs(fl, f, lo, hi, vectors(1, 2))
		b.transpose32(f, lo, hi)
		b.gs(fl, f, lo, hi, vectors(3, 4))
		b.swapHalves(f, lo, hi)
	}
	loadTwiddles(f, 4, 3)
	b.inverse3(fl, f, dsaTw)
	for _, q := range b.reg {
		f.I(a32.VST1(32, q.Lo(), 2, a32.Inc(0)))
	}
	f.op("SUB.S $1, R4")
	f.op("BNE pass1")

	loadTwiddles(f, 4, 3)
	f.op("MOVW out+0(FP), R0")
	f.op("MOVW $128, R2")
	f.op("MOVW $8, R4")
	f.label("pass2")
	s := dsaGroups()
	s.loadStep(f, 32, 0, 5, 2)
	s.inverse3(fl, f, dsaTw)
	s.scaleAndNormalize(fl, f, dsaTw)
	s.storeStep(f, 32, 0, 5, 2)
	f.op("ADD $16, R0")
	f.op("SUB.S $1, R4")
	f.op("BNE pass2")
}

// dsaMul is the pointwise Montgomery product out = a·b·2⁻³², sixteen
// coefficients per step.
func dsaMul(p *program) {
	fl := dsaField
	sym := p.data("dsaMulTable", 32, dsaHeader())
	f := p.function("nttMulNEON", "out *[256]uint32, a *[256]uint32, b *[256]uint32", 12,
		"is the pointwise Montgomery product a·b·2⁻³² (FIPS 204, Algorithm 45, up to the factor invNTT removes), from and to [0, q): the result of nttMul.")
	f.op("MOVW out+0(FP), R0")
	f.op("MOVW a+4(FP), R1")
	f.op("MOVW b+8(FP), R2")
	f.op("MOVW $%s, R3", sym)
	f.I(a32.VLD1(32, 0, 2, a32.At(3)))
	f.op("MOVW $16, R4")
	f.label("loop")
	as, bs := []Q{1, 2, 3, 4}, []Q{5, 6, 7, 8}
	f.I(a32.VLD1(32, 2, 4, a32.Inc(1)), a32.VLD1(32, 6, 4, a32.Inc(1)))
	f.I(a32.VLD1(32, 10, 4, a32.Inc(2)), a32.VLD1(32, 14, 4, a32.Inc(2)))
	for i := range as {
		fl.montMul(f, as[i], bs[i], 9, dsaQInvLane)
		fl.normalize(f, as[i], 10)
	}
	f.I(a32.VST1(32, 2, 4, a32.Inc(0)), a32.VST1(32, 6, 4, a32.Inc(0)))
	f.op("SUB.S $1, R4")
	f.op("BNE loop")
}

// dsaDot is out = Σ_{j<count} a[j]·b[j]·2⁻³² for the count polynomials from a
// and b on: Montgomery products in (−q, q) summed in 32 bits (count ≤ 7, so
// below 7q), then reduced.
func dsaDot(p *program) {
	fl := dsaField
	sym := p.data("dsaDotTable", 32, dsaHeader())
	f := p.function("nttDotNEON", "out *[256]uint32, a *[256]uint32, b *[256]uint32, count int", 16,
		"is Σ a[j]·b[j]·2⁻³² for the count (1 to 7) polynomials from a and b on, from and to [0, q): the result of nttDot.")
	f.op("MOVW out+0(FP), R0")
	f.op("MOVW a+4(FP), R1")
	f.op("MOVW b+8(FP), R2")
	f.op("MOVW count+12(FP), R3")
	f.op("MOVW $%s, R4", sym)
	f.I(a32.VLD1(32, 0, 2, a32.At(4)))
	f.op("MOVW $16, R7")
	f.label("block")
	acc, as, bs := []Q{1, 2, 3, 4}, []Q{5, 6, 7, 8}, []Q{9, 10, 11, 12}
	for _, q := range acc {
		f.I(a32.VEOR(q, q, q))
	}
	f.op("MOVW R1, R4")
	f.op("MOVW R2, R5")
	f.op("MOVW R3, R8")
	f.label("term")
	f.op("MOVW R4, R6")
	f.I(a32.VLD1(32, 10, 4, a32.Inc(6)), a32.VLD1(32, 14, 4, a32.At(6)))
	f.op("MOVW R5, R6")
	f.I(a32.VLD1(32, 18, 4, a32.Inc(6)), a32.VLD1(32, 22, 4, a32.At(6)))
	for i := range as {
		fl.montMul(f, as[i], bs[i], 13, dsaQInvLane)
		f.I(a32.VADD(32, acc[i], acc[i], as[i]))
	}
	f.op("ADD $1024, R4")
	f.op("ADD $1024, R5")
	f.op("SUB.S $1, R8")
	f.op("BNE term")
	for _, q := range acc {
		fl.reduce(f, q, 13)
		fl.normalize(f, q, 13)
	}
	f.I(a32.VST1(32, 2, 4, a32.Inc(0)), a32.VST1(32, 6, 4, a32.Inc(0)))
	f.op("ADD $64, R1")
	f.op("ADD $64, R2")
	f.op("SUB.S $1, R7")
	f.op("BNE block")
}
