package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"

// The ML-DSA lane-wise kernels beside polyAddSub: the infinity-norm maximum
// and Power2Round of a sum, 16 coefficients a step, in constant time.
//
//   - normMaxNEON returns max_i (f_i + bound − 1) mod q (the contract's form
//     of ‖f‖∞ < bound), the sum reduced by the unsigned minimum of lanes.go
//     and folded by VMAX.U, the four lanes by VPMAX.U at the end.
//   - power2RoundSumNEON sets r = a + b mod q as fieldAdd, r1 = (r + 2^12 −
//     1) >> 13 and r0 = r − r1·2^13 in [−2^12 + 1, 2^12], mapped to a field
//     element by min(r0, r0 + q) on unsigned lanes (r0 + q is the smaller
//     exactly when r0 is negative), as power2Round and fieldFromInt32.

func dsaLaneKernels(p *program) {
	sym := p.data("dsaLaneTable", 32, append(repeat([]int64{dsaQ}, 4), repeat([]int64{1<<12 - 1}, 4)...))
	qv, round := a32.Q(15), a32.Q(14)

	f := p.function("normMaxNEON", "f *[256]uint32, boundMinus1 uint32", 12,
		"returns the maximum over the coefficients of f of (f[i] + boundMinus1) mod q, for f in [0, q) and boundMinus1 < q, in constant time.")
	f.result = "uint32"
	f.loadArgs("f", "boundMinus1")
	f.op("MOVW $%s, R2", sym)
	f.I(a32.VLD1(32, qv.Lo(), 2, a32.At(2)))
	bound, acc := a32.Q(13), a32.Q(12)
	f.I(a32.VDUPCore(bound, 1), a32.VEOR(acc, acc, acc))
	f.op("MOVW $16, R3")
	f.label("normmax")
	f.I(a32.VLD1(32, 0, 4, a32.Inc(0)), a32.VLD1(32, 4, 4, a32.Inc(0)))
	for x := a32.Q(0); x < 4; x++ {
		t := x + 4
		f.I(a32.VADD(32, x, x, bound), a32.VSUB(32, t, x, qv), a32.VMINU(32, x, x, t), a32.VMAXU(32, acc, acc, x))
	}
	f.countDown(3, "normmax")
	laneMaxResult(f, acc, 8)

	f = p.function("power2RoundSumNEON", "t1 *[256]uint32, t0 *[256]uint32, a *[256]uint32, b *[256]uint32", 16,
		"sets t1, t0 to Power2Round(a + b) coefficient-wise (FIPS 204, Algorithm 35), t0 as field elements, for a and b in [0, q), in constant time.")
	f.loadArgs("t1", "t0", "a", "b")
	f.op("MOVW $%s, R4", sym)
	f.I(a32.VLD1(32, qv.Lo(), 2, a32.Inc(4)), a32.VLD1(32, round.Lo(), 2, a32.At(4)))
	f.op("MOVW $16, R4")
	f.label("power2round")
	f.I(a32.VLD1(32, 0, 4, a32.Inc(2)), a32.VLD1(32, 4, 4, a32.Inc(2)))
	f.I(a32.VLD1(32, 8, 4, a32.Inc(3)), a32.VLD1(32, 12, 4, a32.Inc(3)))
	// q0–q3: r, then r0; q4–q7: b, then r1; q8 scratch.
	for x := a32.Q(0); x < 4; x++ {
		r1, t := x+4, a32.Q(8)
		f.I(a32.VADD(32, x, x, r1), a32.VSUB(32, r1, x, qv), a32.VMINU(32, x, x, r1))
		f.I(a32.VADD(32, r1, x, round), a32.VSHRU(32, r1, r1, 13))
		f.I(a32.VSHL(32, t, r1, 13), a32.VSUB(32, x, x, t), a32.VADD(32, t, x, qv), a32.VMINU(32, x, x, t))
	}
	f.I(a32.VST1(32, 8, 4, a32.Inc(0)), a32.VST1(32, 12, 4, a32.Inc(0)))
	f.I(a32.VST1(32, 0, 4, a32.Inc(1)), a32.VST1(32, 4, 4, a32.Inc(1)))
	f.countDown(4, "power2round")
}
