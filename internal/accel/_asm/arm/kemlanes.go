package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"

// The ML-KEM lane-wise kernels: coefficient-wise sums and differences of
// polynomials in [0, q), 16 coefficients a step. The reduction is an unsigned
// minimum: for s = a + b (below 2q) min(s, s − q) is s − q exactly when
// s ≥ q, since s − q wraps above 2^15 otherwise; for s = a − b, min(s, s + q)
// is s + q exactly when a < b, s having wrapped. Both equal fieldAdd and
// fieldSub bit for bit, in constant time.

// kemLaneOp writes polyAddNEON or polySubNEON: q0 holds q in every lane,
// q1–q2 a's and q3–q4 b's 16 coefficients, q5–q6 the reduced copies.
func kemLaneOp(p *program, name, doc string, sub bool) {
	sym := p.data(name+"Q", 16, []int64{kemQ, kemQ, kemQ, kemQ, kemQ, kemQ, kemQ, kemQ})
	f := p.function(name, "out *[256]uint16, a *[256]uint16, b *[256]uint16", 12, doc)
	f.op("MOVW out+0(FP), R0")
	f.op("MOVW a+4(FP), R1")
	f.op("MOVW b+8(FP), R2")
	f.op("MOVW $%s, R3", sym)
	f.I(a32.VLD1(16, 0, 2, a32.At(3)))
	f.op("MOVW $16, R3")
	f.label(name + "loop")
	f.I(a32.VLD1(16, 2, 4, a32.Inc(1)), a32.VLD1(16, 6, 4, a32.Inc(2)))
	for i := a32.Q(1); i <= 2; i++ {
		if sub {
			f.I(a32.VSUB(16, i, i, i+2), a32.VADD(16, i+4, i, 0))
		} else {
			f.I(a32.VADD(16, i, i, i+2), a32.VSUB(16, i+4, i, 0))
		}
		f.I(a32.VMINU(16, i, i, i+4))
	}
	f.I(a32.VST1(16, 2, 4, a32.Inc(0)))
	f.op("SUB.S $1, R3")
	f.op("BNE %sloop", name)
}

func kemPolyAddSub(p *program) {
	kemLaneOp(p, "polyAddNEON", "sets out = a + b coefficient-wise, from and to [0, q); out may alias a or b.", false)
	kemLaneOp(p, "polySubNEON", "sets out = a − b coefficient-wise, from and to [0, q); out may alias a or b.", true)
}
