package main

import (
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// The packed tables of s1 and s2 (pspm.go) on arm64. Both kernels handle
// the secret coefficients with arithmetic only.

// neonFillTableKernel writes fillTableNEON: sixteen coefficients per step.
// Only the low byte of each table entry is kept, and q ≡ 1 mod 256, so the
// centered value's low byte is x's low byte minus 1 where x > (q−1)/2: UZP1
// narrows x and the CMHI mask to bytes, their sum is that byte, and η minus
// and plus it are the windows, stored at 0, 256 and 512.
func neonFillTableKernel(f *a64.File) a64.Func {
	fn := a64.Func{Name: "fillTableNEON", Params: "table *[768]byte, s *[256]uint32, eta uint32", Args: 20,
		Doc: "fillTableNEON writes the packed table (η − s, η + s, η − s) of s, the result of fillTable."}
	S4, H8, B16 := a64.S4, a64.H8, a64.B16
	e, half := a64.V(24), a64.V(25)
	neonTablePrologue(f, fn, "table", "s", B16, e, half, (q-1)/2)
	f.Label("fill")
	f.I(a64.LD1(4, S4, a64.V(0), a64.X(1), true))
	for i := range 4 {
		f.I(a64.CMHI(S4, a64.V(4+i), a64.V(i), half))
	}
	narrow := func(d, first a64.VReg) {
		f.I(a64.UZP1(H8, a64.V(8), first, first+1), a64.UZP1(H8, a64.V(9), first+2, first+3), a64.UZP1(B16, d, a64.V(8), a64.V(9)))
	}
	v, m, lo, hi := a64.V(10), a64.V(11), a64.V(12), a64.V(13)
	narrow(v, a64.V(0))
	narrow(m, a64.V(4))
	f.I(a64.ADD(B16, v, v, m), a64.SUB(B16, lo, e, v), a64.ADD(B16, hi, e, v))
	f.I(a64.STRQ(lo, a64.X(0), 0), a64.STRQ(hi, a64.X(0), n), a64.STRQ(lo, a64.X(0), 2*n))
	f.Go("ADD $16, R0")
	f.Go("SUBS $1, R2")
	f.Go("BNE fill")
	f.Go("RET")
	return fn
}

// neonTableSecretKernel writes tableSecretNEON: sixteen bytes b per step,
// widened (USHLL) to 32-bit lanes, η − b, plus q where negative.
func neonTableSecretKernel(f *a64.File) a64.Func {
	fn := a64.Func{Name: "tableSecretNEON", Params: "s *[256]uint32, table *[256]byte, eta uint32", Args: 20,
		Doc: "tableSecretNEON sets s[j] to η − table[j] mod q, the result of tableSecret."}
	S4, H8, B16 := a64.S4, a64.H8, a64.B16
	e, vq := a64.V(24), a64.V(25)
	neonTablePrologue(f, fn, "s", "table", S4, e, vq, q)
	f.Label("secret")
	f.I(a64.LD1(1, B16, a64.V(0), a64.X(1), true))
	f.I(a64.USHLL(H8, false, a64.V(1), a64.V(0), 0), a64.USHLL(H8, true, a64.V(2), a64.V(0), 0))
	for i := range 4 {
		v, t := a64.V(4+i), a64.V(8+i)
		f.I(a64.USHLL(S4, i%2 == 1, v, a64.V(1+i/2), 0))
		f.I(a64.SUB(S4, v, e, v), a64.SSHR(S4, t, v, 31), a64.AND(B16, t, t, vq), a64.ADD(S4, v, v, t))
	}
	f.I(a64.ST1(4, S4, a64.V(4), a64.X(0), true))
	f.Go("SUBS $1, R2")
	f.Go("BNE secret")
	f.Go("RET")
	return fn
}

// neonTablePrologue starts a table kernel: R0 and R1 from its first two
// arguments, η in every lane (arrangement ea) of e, c in every 32-bit lane
// of vc, and sixteen steps in R2.
func neonTablePrologue(f *a64.File, fn a64.Func, arg0, arg1 string, ea a64.Arr, e, vc a64.VReg, c int) {
	f.Text(fn)
	f.Go("MOVD %s+0(FP), R0", arg0)
	f.Go("MOVD %s+8(FP), R1", arg1)
	f.Go("MOVWU eta+16(FP), R3")
	f.I(a64.DUP(ea, e, a64.X(3)))
	f.Go("MOVD $%d, R3", c)
	f.I(a64.DUP(a64.S4, vc, a64.X(3)))
	f.Go("MOVD $16, R2")
}

// neonTableKernels writes the table kernels and returns their declarations
// and contract entries.
func neonTableKernels(f *a64.File) ([]a64.Func, []dispatch.Kernel) {
	fill, secret := neonFillTableKernel(f), neonTableSecretKernel(f)
	return []a64.Func{fill, secret}, []dispatch.Kernel{
		{Hook: "fillTableArch", Impls: neonLevels(fill.Name)},
		{Hook: "tableSecretArch", Impls: neonLevels(secret.Name)},
	}
}
