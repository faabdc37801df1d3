package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"
)

// The ML-DSA rounding kernels HighBits, the LowBits norm and UseHint (FIPS
// 204, Algorithms 36, 37 and 40) for both γ2, 16 coefficients a step, in constant
// time. Decompose's r1 = ⌊r / 2γ2⌋ with the wrap r − r0 = q − 1 → r1 = 0 is
//
//	r1 = ((⌊(r + 127) / 2^7⌋·mul + 2^(s−1)) >> s), then mod 16 (γ2 = (q−1)/32,
//	mul = 1025, s = 22) or 44 → 0 (γ2 = (q−1)/88, mul = 11275, s = 24),
//
// VRSHR.U giving the rounded shift; every r in [0, q) yields the Go twin's
// r1 (the exhaustive rounding test checks it). r0 = r − r1·2γ2, less q when
// above (q−1)/2, and the norm is max |r0| (VABS, VMAX.U).

// dsaGamma2 is one of FIPS 204's two γ2.
type dsaGamma2 struct {
	by32          bool
	suffix        string
	twoGamma, mul int64
	shift         int
}

var dsaGamma2Forms = []dsaGamma2{
	{true, "32", (dsaQ - 1) / 16, 1025, 22},
	{false, "88", (dsaQ - 1) / 44, 11275, 24},
}

// Constant registers of the rounding kernels.
const (
	rc127, rcMul, rcTwoG, rcHalf, rcQ, rcTop = Q(10), Q(11), Q(12), Q(13), Q(14), Q(15)
)

// dsaRoundConsts loads the constants of g from its table into q10–q15, using
// R4.
func dsaRoundConsts(p *program, f *fn, g dsaGamma2) {
	top := int64(15)
	if !g.by32 {
		top = 43
	}
	var tab []int64
	for _, v := range []int64{127, g.mul, g.twoGamma, (dsaQ - 1) / 2, dsaQ, top} {
		tab = append(tab, repeat([]int64{v}, 4)...)
	}
	name := "dsaRound" + g.suffix
	sym := name + "<>(SB)"
	if !p.hasTable(name) {
		sym = p.data(name, 32, tab)
	}
	f.op("MOVW $%s, R4", sym)
	f.I(a32.VLD1(32, rc127.Lo(), 4, a32.Inc(4)), a32.VLD1(32, rcTwoG.Lo(), 4, a32.Inc(4)), a32.VLD1(32, rcQ.Lo(), 4, a32.At(4)))
}

// dsaDecompose sets r1 and, unless r0 is negative, r0 from r, with t as
// scratch.
func dsaDecompose(f *fn, g dsaGamma2, r1, r0, r, t Q) {
	f.I(a32.VADD(32, r1, r, rc127), a32.VSHRU(32, r1, r1, 7), a32.VMUL(32, r1, r1, rcMul), a32.VRSHRU(32, r1, r1, g.shift))
	if g.by32 {
		f.I(a32.VAND(r1, r1, rcTop))
	} else {
		// r1 = 44 → 0: t = all ones where 43 − r1 < 0.
		f.I(a32.VSUB(32, t, rcTop, r1), a32.VSHR(32, t, t, 31), a32.VAND(t, t, r1), a32.VEOR(r1, r1, t))
	}
	if r0 < 0 {
		return
	}
	f.I(a32.VMUL(32, r0, r1, rcTwoG), a32.VSUB(32, r0, r, r0))
	// r0 > (q−1)/2: r0 − q.
	f.I(a32.VSUB(32, t, rcHalf, r0), a32.VSHR(32, t, t, 31), a32.VAND(t, t, rcQ), a32.VSUB(32, r0, r0, t))
}

// laneMaxResult writes the largest unsigned 32-bit lane of acc to the
// function's result at ret+off(FP), through R4.
func laneMaxResult(f *fn, acc Q, off int) {
	f.I(a32.VPMAXU(32, acc.Lo(), acc.Lo(), acc.Hi()), a32.VPMAXU(32, acc.Lo(), acc.Lo(), acc.Lo()))
	f.I(a32.VMOVToCore(4, acc.Lo(), 0))
	f.op("MOVW R4, ret+%d(FP)", off)
}

// highBitsName, lowBitsName and useHintsName are the kernels of g.
func highBitsName(g dsaGamma2) string { return "highBits" + g.suffix + "NEON" }
func lowBitsName(g dsaGamma2) string  { return "lowBitsNormMax" + g.suffix + "NEON" }
func useHintsName(g dsaGamma2) string { return "useHints" + g.suffix + "NEON" }

// dsaUseHints writes UseHint (FIPS 204, Algorithm 40) lane by lane, four
// coefficients a step: r1 + δ with δ = h·(1 if r0 > 0, else −1), then
// reduced mod m = (q−1)/2γ2: AND 15, or −1 → 43 (adding 44 where the sign
// is set) and 44 → 0 as in dsaDecompose.
func dsaUseHints(p *program, g dsaGamma2) {
	f := p.function(useHintsName(g), "w1 *[256]uint32, h *[256]uint32, r *[256]uint32", 12,
		fmt.Sprintf("sets w1 to UseHint(h, r) coefficient-wise (FIPS 204, Algorithm 40) for γ2 = (q−1)/%s and hints h in {0, 1}, in constant time.", g.suffix))
	f.loadArgs("w1", "h", "r")
	dsaRoundConsts(p, f, g)
	zero, m := Q(8), Q(9)
	f.I(a32.VEOR(zero, zero, zero))
	if !g.by32 {
		f.op("MOVW $%d, R4", (dsaQ-1)/g.twoGamma)
		f.I(a32.VDUPCore(m, 4))
	}
	f.op("MOVW $64, R3")
	f.label("usehints")
	r, h, r1, r0, t := Q(0), Q(1), Q(2), Q(3), Q(4)
	f.I(a32.VLD1(32, r.Lo(), 2, a32.Inc(2)), a32.VLD1(32, h.Lo(), 2, a32.Inc(1)))
	dsaDecompose(f, g, r1, r0, r, t)
	// δ = 2·(h & [r0 > 0]) − h; [r0 > 0] is the sign bit of −r0.
	f.I(a32.VSUB(32, t, zero, r0), a32.VSHRU(32, t, t, 31), a32.VAND(t, t, h), a32.VADD(32, t, t, t), a32.VSUB(32, t, t, h), a32.VADD(32, r1, r1, t))
	if g.by32 {
		f.I(a32.VAND(r1, r1, rcTop))
	} else {
		f.I(a32.VSHR(32, t, r1, 31), a32.VAND(t, t, m), a32.VADD(32, r1, r1, t))
		f.I(a32.VSUB(32, t, rcTop, r1), a32.VSHR(32, t, t, 31), a32.VAND(t, t, r1), a32.VEOR(r1, r1, t))
	}
	f.I(a32.VST1(32, r1.Lo(), 2, a32.Inc(0)))
	f.countDown(3, "usehints")
}

func dsaRoundingKernels(p *program) {
	for _, g := range dsaGamma2Forms {
		f := p.function(highBitsName(g), "w1 *[256]uint32, r *[256]uint32", 8,
			fmt.Sprintf("sets w1 to HighBits(r) coefficient-wise (FIPS 204, Algorithm 37) for γ2 = (q−1)/%s, in constant time.", g.suffix))
		f.loadArgs("w1", "r")
		dsaRoundConsts(p, f, g)
		f.op("MOVW $16, R3")
		f.label("highbits")
		f.I(a32.VLD1(32, 0, 4, a32.Inc(1)), a32.VLD1(32, 4, 4, a32.Inc(1)))
		for i := Q(0); i < 4; i++ {
			dsaDecompose(f, g, 4+i, -1, i, 8)
		}
		f.I(a32.VST1(32, 8, 4, a32.Inc(0)), a32.VST1(32, 12, 4, a32.Inc(0)))
		f.countDown(3, "highbits")

		f = p.function(lowBitsName(g), "r *[256]uint32", 8,
			fmt.Sprintf("returns the maximum of |LowBits(r)| over the coefficients of r (FIPS 204, Algorithm 37) for γ2 = (q−1)/%s, in constant time.", g.suffix))
		f.result = "uint32"
		f.op("MOVW r+0(FP), R1")
		dsaRoundConsts(p, f, g)
		acc := Q(9)
		f.I(a32.VEOR(acc, acc, acc))
		f.op("MOVW $16, R3")
		f.label("lowbits")
		f.I(a32.VLD1(32, 0, 4, a32.Inc(1)), a32.VLD1(32, 4, 4, a32.Inc(1)))
		for i := Q(0); i < 4; i++ {
			dsaDecompose(f, g, 4, 5, i, 6)
			f.I(a32.VABS(32, 5, 5), a32.VMAXU(32, acc, acc, 5))
		}
		f.countDown(3, "lowbits")
		laneMaxResult(f, acc, 4)
		dsaUseHints(p, g)
	}
}
