package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"

// The lane-wise kernels of both rings: coefficient-wise sums and
// differences of polynomials in [0, q), 32 bytes a step (16 ML-KEM or 8
// ML-DSA coefficients). The reduction is an unsigned minimum: for s = a + b
// (below 2q) min(s, s − q) is s − q exactly when s ≥ q, since s − q wraps
// above 2^(w−1) otherwise; for s = a − b, min(s, s + q) is s + q exactly
// when a < b, s having wrapped. Both equal fieldAdd and fieldSub bit for
// bit, in constant time.

// laneOp writes polyAddNEON or polySubNEON for the ring of fl: q0 holds q
// in every lane, q1–q2 a's and q3–q4 b's 32 bytes, q5–q6 the reduced copies.
func laneOp(p *program, fl field, name, doc string, sub bool) {
	sym := p.data(name+"Q", fl.bits, repeat([]int64{fl.q}, 128/fl.bits))
	params := "out *[256]uint16, a *[256]uint16, b *[256]uint16"
	if fl.bits == 32 {
		params = "out *[256]uint32, a *[256]uint32, b *[256]uint32"
	}
	f := p.function(name, params, 12, doc)
	f.loadArgs("out", "a", "b")
	f.op("MOVW $%s, R3", sym)
	f.I(a32.VLD1(fl.bits, 0, 2, a32.At(3)))
	f.op("MOVW $%d, R3", 256*fl.bits/8/32)
	f.label(name + "loop")
	f.I(a32.VLD1(fl.bits, 2, 4, a32.Inc(1)), a32.VLD1(fl.bits, 6, 4, a32.Inc(2)))
	for i := a32.Q(1); i <= 2; i++ {
		if sub {
			f.I(a32.VSUB(fl.bits, i, i, i+2), a32.VADD(fl.bits, i+4, i, 0))
		} else {
			f.I(a32.VADD(fl.bits, i, i, i+2), a32.VSUB(fl.bits, i+4, i, 0))
		}
		f.I(a32.VMINU(fl.bits, i, i, i+4))
	}
	f.I(a32.VST1(fl.bits, 2, 4, a32.Inc(0)))
	f.countDown(3, name+"loop")
}

// polyAddSub writes the sum and difference kernels of the ring of fl.
func polyAddSub(p *program, fl field) {
	laneOp(p, fl, "polyAddNEON", "sets out = a + b coefficient-wise, from and to [0, q); out may alias a or b.", false)
	laneOp(p, fl, "polySubNEON", "sets out = a − b coefficient-wise, from and to [0, q); out may alias a or b.", true)
}
