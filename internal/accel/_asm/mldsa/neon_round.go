package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// The rounding kernels on 32-bit lanes. Decompose (FIPS 204, Algorithm 36)
// without a division: r1 = round((⌈r/128⌉)·m / 2^s) with m/2^s ≈ 128/2γ2
// (1025/2^22 for γ2 = (q−1)/32, then r1 mod 16; 11275/2^24 for
// γ2 = (q−1)/88, then r1 = 0 where it reached 44), which is r1 of Decompose
// including its wrap at q − 1 for every r in [0, q); then r0 = r − r1·2γ2,
// moved below (q−1)/2 by subtracting q. The level tests compare every r
// in [0, q) with the portable decompose.

// gamma2Form is one of the two decompositions.
type gamma2Form struct {
	by32     bool
	suffix   string // "32" or "88"
	twoGamma int
	mul      int
	shift    int
}

var gamma2Forms = []gamma2Form{
	{by32: true, suffix: "32", twoGamma: (q - 1) / 16, mul: 1025, shift: 22},
	{by32: false, suffix: "88", twoGamma: (q - 1) / 44, mul: 11275, shift: 24},
}

// Registers of the rounding kernels: constants in V24–V31.
var (
	rc127, rcMul, rcTwoG, rcHalf, rcQ, rc15or43 = a64.V(24), a64.V(25), a64.V(26), a64.V(27), a64.V(28), a64.V(29)
)

// neonRoundConsts loads the constants of form g.
func neonRoundConsts(f *a64.File, g gamma2Form) {
	top := 15
	if !g.by32 {
		top = 43
	}
	for _, c := range []struct {
		r a64.VReg
		v int
	}{{rc127, 127}, {rcMul, g.mul}, {rcTwoG, g.twoGamma}, {rcHalf, (q - 1) / 2}, {rcQ, q}, {rc15or43, top}} {
		f.Go("MOVD $%d, R9", c.v)
		f.I(a64.DUP(a64.S4, c.r, a64.X(9)))
	}
}

// neonDecompose sets r1 (and r0 unless nil) from r, using t as temporary.
func neonDecompose(f *a64.File, g gamma2Form, r1, r0, r, t a64.VReg) {
	S4, B16 := a64.S4, a64.B16
	f.I(a64.ADD(S4, r1, r, rc127), a64.USHR(S4, r1, r1, 7), a64.MUL(S4, r1, r1, rcMul), a64.URSHR(S4, r1, r1, g.shift))
	if g.by32 {
		f.I(a64.AND(B16, r1, r1, rc15or43))
	} else {
		f.I(a64.CMGT(S4, t, r1, rc15or43), a64.AND(B16, t, t, r1), a64.EOR(B16, r1, r1, t))
	}
	if r0 == 0 {
		return
	}
	f.I(a64.MOV(r0, r), a64.MLS(S4, r0, r1, rcTwoG), a64.CMGT(S4, t, r0, rcHalf), a64.AND(B16, t, t, rcQ), a64.SUB(S4, r0, r0, t))
}

// neonHighBitsKernel writes highBits<form>NEON(w1, r).
func neonHighBitsKernel(f *a64.File, g gamma2Form) a64.Func {
	fn := a64.Func{Name: "highBits" + g.suffix + "NEON", Params: "w1 *[256]uint32, r *[256]uint32", Args: 16,
		Doc: fmt.Sprintf("highBits%sNEON sets w1 to HighBits(r) for γ2 = (q−1)/%s, the result of highBits.", g.suffix, g.suffix)}
	f.Text(fn)
	f.Go("MOVD w1+0(FP), R0")
	f.Go("MOVD r+8(FP), R1")
	neonRoundConsts(f, g)
	f.Go("MOVD $16, R2")
	label := "hb" + g.suffix
	f.Label(label)
	f.I(a64.LD1(4, a64.S4, a64.V(0), a64.X(1), true))
	for i := range 4 {
		neonDecompose(f, g, a64.V(4+i), 0, a64.V(i), a64.V(8+i))
	}
	f.I(a64.ST1(4, a64.S4, a64.V(4), a64.X(0), true))
	f.Go("SUBS $1, R2")
	f.Go("BNE %s", label)
	f.Go("RET")
	return fn
}

// neonLowBitsNormKernel writes lowBitsNormMax<form>NEON(r): the largest
// |LowBits(r)|.
func neonLowBitsNormKernel(f *a64.File, g gamma2Form) a64.Func {
	fn := a64.Func{Name: "lowBitsNormMax" + g.suffix + "NEON", Params: "r *[256]uint32", Result: "uint32", Args: 12,
		Doc: fmt.Sprintf("lowBitsNormMax%sNEON returns the maximum of |LowBits(r)| over r for γ2 = (q−1)/%s.", g.suffix, g.suffix)}
	f.Text(fn)
	f.Go("MOVD r+0(FP), R1")
	neonRoundConsts(f, g)
	acc := a64.V(20)
	f.I(a64.EOR(a64.B16, acc, acc, acc))
	f.Go("MOVD $16, R2")
	label := "lb" + g.suffix
	f.Label(label)
	f.I(a64.LD1(4, a64.S4, a64.V(0), a64.X(1), true))
	for i := range 4 {
		r0 := a64.V(12 + i)
		neonDecompose(f, g, a64.V(4+i), r0, a64.V(i), a64.V(8+i))
		f.I(a64.ABS(a64.S4, r0, r0), a64.UMAX(a64.S4, acc, acc, r0))
	}
	f.Go("SUBS $1, R2")
	f.Go("BNE %s", label)
	f.I(a64.UMAXV(a64.S4, acc, acc), a64.UMOV(a64.S4, a64.X(0), acc, 0))
	f.Go("MOVW R0, ret+8(FP)")
	f.Go("RET")
	return fn
}

// neonUseHintsKernel writes useHints<form>NEON(w1, h, r): UseHint (FIPS
// 204, Algorithm 40) lane by lane, r1 + d with d = h·(±1 by the sign of
// r0), then reduced mod m (AND 15, or 44 → 0 and −1 → 43).
func neonUseHintsKernel(f *a64.File, g gamma2Form) a64.Func {
	fn := a64.Func{Name: "useHints" + g.suffix + "NEON", Params: "w1 *[256]uint32, h *[256]uint32, r *[256]uint32", Args: 24,
		Doc: fmt.Sprintf("useHints%sNEON sets w1 to UseHint(h, r) for γ2 = (q−1)/%s, the result of useHint.", g.suffix, g.suffix)}
	S4, B16 := a64.S4, a64.B16
	f.Text(fn)
	f.Go("MOVD w1+0(FP), R0")
	f.Go("MOVD h+8(FP), R1")
	f.Go("MOVD r+16(FP), R2")
	neonRoundConsts(f, g)
	zero, m := a64.V(30), a64.V(31)
	f.I(a64.EOR(B16, zero, zero, zero))
	f.Go("MOVD $%d, R9", (q-1)/g.twoGamma)
	f.I(a64.DUP(S4, m, a64.X(9)))
	f.Go("MOVD $64, R3")
	label := "uh" + g.suffix
	f.Label(label)
	r, h, r1, r0, t := a64.V(0), a64.V(1), a64.V(2), a64.V(3), a64.V(4)
	f.I(a64.LD1(1, S4, r, a64.X(2), true), a64.LD1(1, S4, h, a64.X(1), true))
	neonDecompose(f, g, r1, r0, r, t)
	// d = 2·(h & (r0 > 0)) − h
	f.I(a64.CMGT(S4, t, r0, zero), a64.USHR(S4, t, t, 31), a64.AND(B16, t, t, h), a64.ADD(S4, t, t, t), a64.SUB(S4, t, t, h), a64.ADD(S4, r1, r1, t))
	if g.by32 {
		f.I(a64.AND(B16, r1, r1, rc15or43))
	} else {
		f.I(a64.SSHR(S4, t, r1, 31), a64.AND(B16, t, t, m), a64.ADD(S4, r1, r1, t), a64.CMEQ(S4, t, r1, m), a64.BIC(B16, r1, r1, t))
	}
	f.I(a64.ST1(1, S4, r1, a64.X(0), true))
	f.Go("SUBS $1, R3")
	f.Go("BNE %s", label)
	f.Go("RET")
	return fn
}

// neonMakeHintsKernel writes makeHints<form>NEON(h, w0, ct0): MakeHint
// (FIPS 204, Algorithm 39) of −ct0 and r = w0 + ct0 mod q lane by lane,
// that is 1 where HighBits(r) differs from HighBits(w0) (r − ct0 is w0),
// and the number of ones, summed in a vector and added up at the end.
func neonMakeHintsKernel(f *a64.File, g gamma2Form) a64.Func {
	fn := a64.Func{Name: "makeHints" + g.suffix + "NEON", Params: "h *[256]uint32, w0 *[256]uint32, ct0 *[256]uint32", Result: "uint32", Args: 28,
		Doc: fmt.Sprintf("makeHints%sNEON sets h to MakeHint(−ct0, w0 + ct0) for γ2 = (q−1)/%s and returns its number of ones, the result of polyMakeHints.", g.suffix, g.suffix)}
	S4, B16 := a64.S4, a64.B16
	f.Text(fn)
	f.Go("MOVD h+0(FP), R0")
	f.Go("MOVD w0+8(FP), R1")
	f.Go("MOVD ct0+16(FP), R2")
	neonRoundConsts(f, g)
	one, acc := a64.V(30), a64.V(31)
	f.Go("MOVD $1, R9")
	f.I(a64.DUP(S4, one, a64.X(9)), a64.EOR(B16, acc, acc, acc))
	f.Go("MOVD $64, R3")
	label := "mh" + g.suffix
	f.Label(label)
	w, c, r, t, hr, hw := a64.V(0), a64.V(1), a64.V(2), a64.V(3), a64.V(4), a64.V(5)
	f.I(a64.LD1(1, S4, w, a64.X(1), true), a64.LD1(1, S4, c, a64.X(2), true))
	f.I(a64.ADD(S4, r, w, c), a64.SUB(S4, t, r, rcQ), a64.UMIN(S4, r, r, t))
	neonDecompose(f, g, hr, 0, r, t)
	neonDecompose(f, g, hw, 0, w, t)
	f.I(a64.CMEQ(S4, hr, hr, hw), a64.ADD(S4, hr, hr, one), a64.ADD(S4, acc, acc, hr))
	f.I(a64.ST1(1, S4, hr, a64.X(0), true))
	f.Go("SUBS $1, R3")
	f.Go("BNE %s", label)
	f.I(a64.ADDV(S4, acc, acc), a64.UMOV(S4, a64.X(0), acc, 0))
	f.Go("MOVW R0, ret+24(FP)")
	f.Go("RET")
	return fn
}

// neonPower2RoundSumKernel writes power2RoundSumNEON(t1, t0, a, b):
// r = a + b mod q (UMIN of the sum and the sum minus q), then Power2Round
// (FIPS 204, Algorithm 35): t1 = (r + 2^12 − 1) >> 13, t0 = r − t1·2^13 as
// a field element.
func neonPower2RoundSumKernel(f *a64.File) a64.Func {
	fn := a64.Func{Name: "power2RoundSumNEON", Params: "t1 *[256]uint32, t0 *[256]uint32, a *[256]uint32, b *[256]uint32", Args: 32,
		Doc: "power2RoundSumNEON sets t1 and t0 to Power2Round(a + b mod q), t0 as a field element, the result of polyPower2RoundSum."}
	S4, B16 := a64.S4, a64.B16
	f.Text(fn)
	for i, arg := range []string{"t1", "t0", "a", "b"} {
		f.Go("MOVD %s+%d(FP), R%d", arg, 8*i, i)
	}
	vq, half := a64.V(28), a64.V(29)
	f.Go("MOVD $%d, R9", q)
	f.I(a64.DUP(S4, vq, a64.X(9)))
	f.Go("MOVD $%d, R9", 1<<12-1)
	f.I(a64.DUP(S4, half, a64.X(9)))
	f.Go("MOVD $64, R4")
	f.Label("p2r")
	r, y, t, r1 := a64.V(0), a64.V(1), a64.V(2), a64.V(3)
	f.I(a64.LD1(1, S4, r, a64.X(2), true), a64.LD1(1, S4, y, a64.X(3), true))
	f.I(a64.ADD(S4, r, r, y), a64.SUB(S4, t, r, vq), a64.UMIN(S4, r, r, t))
	f.I(a64.ADD(S4, r1, r, half), a64.USHR(S4, r1, r1, 13), a64.SHL(S4, t, r1, 13), a64.SUB(S4, r, r, t))
	f.I(a64.SSHR(S4, t, r, 31), a64.AND(B16, t, t, vq), a64.ADD(S4, r, r, t))
	f.I(a64.ST1(1, S4, r1, a64.X(0), true), a64.ST1(1, S4, r, a64.X(1), true))
	f.Go("SUBS $1, R4")
	f.Go("BNE p2r")
	f.Go("RET")
	return fn
}

// neonNormMaxKernel writes normMaxNEON(f, boundMinus1): the largest
// (f + boundMinus1) mod q, which is below 2·bound − 1 exactly when every
// |f| is below bound.
func neonNormMaxKernel(f *a64.File) a64.Func {
	fn := a64.Func{Name: "normMaxNEON", Params: "f *[256]uint32, boundMinus1 uint32", Result: "uint32", Args: 20,
		Doc: "normMaxNEON returns the maximum over f of (f + boundMinus1) mod q."}
	S4, B16 := a64.S4, a64.B16
	f.Text(fn)
	f.Go("MOVD f+0(FP), R1")
	f.Go("MOVWU boundMinus1+8(FP), R3")
	b, qm1, vq, acc := a64.V(24), a64.V(25), a64.V(26), a64.V(20)
	f.I(a64.DUP(S4, b, a64.X(3)))
	f.Go("MOVD $%d, R3", q-1)
	f.I(a64.DUP(S4, qm1, a64.X(3)))
	f.Go("MOVD $%d, R3", q)
	f.I(a64.DUP(S4, vq, a64.X(3)), a64.EOR(B16, acc, acc, acc))
	f.Go("MOVD $16, R2")
	f.Label("normMax")
	f.I(a64.LD1(4, S4, a64.V(0), a64.X(1), true))
	for i := range 4 {
		x, t := a64.V(i), a64.V(8+i)
		f.I(a64.ADD(S4, x, x, b), a64.CMHI(S4, t, x, qm1), a64.AND(B16, t, t, vq), a64.SUB(S4, x, x, t), a64.UMAX(S4, acc, acc, x))
	}
	f.Go("SUBS $1, R2")
	f.Go("BNE normMax")
	f.I(a64.UMAXV(S4, acc, acc), a64.UMOV(S4, a64.X(0), acc, 0))
	f.Go("MOVW R0, ret+16(FP)")
	f.Go("RET")
	return fn
}

// neonRoundingKernels writes the rounding kernels and returns their
// declarations and contract entries.
func neonRoundingKernels(f *a64.File) ([]a64.Func, []dispatch.Kernel) {
	var fns []a64.Func
	var hb, lb, uh, mh []dispatch.Variant
	for _, g := range gamma2Forms {
		h, l, u, m := neonHighBitsKernel(f, g), neonLowBitsNormKernel(f, g), neonUseHintsKernel(f, g), neonMakeHintsKernel(f, g)
		fns = append(fns, h, l, u, m)
		v := fmt.Sprint(g.by32)
		hb = append(hb, dispatch.Variant{Value: v, Impls: neonLevels(h.Name)})
		lb = append(lb, dispatch.Variant{Value: v, Impls: neonLevels(l.Name)})
		uh = append(uh, dispatch.Variant{Value: v, Impls: neonLevels(u.Name)})
		mh = append(mh, dispatch.Variant{Value: v, Impls: neonLevels(m.Name)})
	}
	nm, p2 := neonNormMaxKernel(f), neonPower2RoundSumKernel(f)
	fns = append(fns, nm, p2)
	return fns, []dispatch.Kernel{
		{Hook: "highBitsArch", Variants: hb},
		{Hook: "lowBitsNormMaxArch", Variants: lb},
		{Hook: "useHintsArch", Variants: uh},
		{Hook: "makeHintsArch", Variants: mh},
		{Hook: "normMaxArch", Impls: neonLevels(nm.Name)},
		{Hook: "power2RoundSumArch", Impls: neonLevels(p2.Name)},
	}
}
