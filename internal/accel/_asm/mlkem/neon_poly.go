package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"

// neonPolyAddSubKernel writes polyAddNEON or polySubNEON: out = a ± b mod q
// for coefficients in [0, q), 32 per step. The sum (or a − b + q) is in
// [0, 2q); UMIN with itself minus q (which wraps above 2^16 − q when it is
// below q) picks the reduced value.
func neonPolyAddSubKernel(f *a64.File, fn a64.Func, sub bool) {
	H8 := a64.H8
	f.Text(fn)
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD a+8(FP), R1")
	f.Go("MOVD b+16(FP), R2")
	f.Go("MOVD $%d, R3", q)
	f.I(a64.DUP(H8, nQ, a64.X(3)))
	f.Go("MOVD $8, R4")
	label := fn.Name + "Loop"
	f.Label(label)
	f.I(a64.LD1(4, H8, a64.V(0), a64.X(1), true), a64.LD1(4, H8, a64.V(4), a64.X(2), true))
	for i := range 4 {
		x, y, t := a64.V(i), a64.V(4+i), a64.V(8+i)
		if sub {
			f.I(a64.SUB(H8, x, x, y), a64.ADD(H8, x, x, nQ))
		} else {
			f.I(a64.ADD(H8, x, x, y))
		}
		f.I(a64.SUB(H8, t, x, nQ), a64.UMIN(H8, x, x, t))
	}
	f.I(a64.ST1(4, H8, a64.V(0), a64.X(0), true))
	f.Go("SUBS $1, R4")
	f.Go("BNE %s", label)
	f.Go("RET")
}
