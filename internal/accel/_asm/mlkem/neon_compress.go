package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
)

// neonCompressFunc is the declaration of compressEncode<d>NEON.
func neonCompressFunc(d int) a64.Func {
	name := fmt.Sprintf("compressEncode%dNEON", d)
	return a64.Func{Name: name, Params: "out *byte, f *[256]uint16", Args: 16,
		Doc: fmt.Sprintf("%s writes ByteEncode_%d(Compress_%d(f)) (FIPS 203, Algorithm 5), %d bytes, to out, in constant time; it may write up to %d bytes past them.", name, d, d, 32*d, 16-d)}
}

// neonCompressKernel writes compressEncode<d>NEON, 8 coefficients (d
// bytes) per step. Compress_d(x) = ⌊(x·2^d + (q−1)/2) / q⌋ mod 2^d is
// computed as the portable compress does, in 32-bit lanes: the dividend D <
// 2^23 times compressMultiplier = ⌈2^35/q⌉ is exact division by q, here as
// SQDMULH (⌊2·D·m / 2^32⌋) and SHRN by 4. The eight d-bit values are then
// merged by halving the lane count three times: each 2w-bit lane becomes
// low | high << (lane bits), with USHR and SLI in 32- and 64-bit lanes and,
// for the last step across the two 64-bit halves, SHL/USHR/EXT; the low d
// bytes of the register are the encoding. A 16-byte store writes them
// (and 16 − d bytes the next step or the padding overwrites). Only
// arithmetic and fixed shifts touch the coefficients (the message in
// decryption).
func neonCompressKernel(f *a64.File, fn a64.Func, d int) {
	B16, H8, S4, D2 := a64.B16, a64.H8, a64.S4, a64.D2
	f.Text(fn)
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD f+8(FP), R1")
	half, mult, mask, lo64, zero := a64.V(16), a64.V(17), a64.V(18), a64.V(19), a64.V(20)
	f.Go("MOVD $%d, R3", (q-1)/2)
	f.I(a64.DUP(S4, half, a64.X(3)))
	f.Go("MOVD $%d, R3", (1<<35+q-1)/q)
	f.I(a64.DUP(S4, mult, a64.X(3)))
	f.Go("MOVD $%d, R3", 1<<d-1)
	f.I(a64.DUP(H8, mask, a64.X(3)))
	f.I(a64.EOR(B16, zero, zero, zero))
	f.Go("MOVD $-1, R3")
	f.I(a64.DUP(D2, lo64, a64.X(3)), a64.EXT(B16, lo64, lo64, zero, 8))
	f.Go("MOVD $32, R2")
	label := fn.Name + "loop"
	f.Label(label)
	x, lo, hi, y, t, u := a64.V(0), a64.V(1), a64.V(2), a64.V(3), a64.V(4), a64.V(5)
	f.I(a64.LD1(1, H8, x, a64.X(1), true))
	f.I(a64.USHLL(S4, false, lo, x, d), a64.USHLL(S4, true, hi, x, d))
	f.I(a64.ADD(S4, lo, lo, half), a64.ADD(S4, hi, hi, half))
	f.I(a64.SQDMULH(S4, lo, lo, mult), a64.SQDMULH(S4, hi, hi, mult))
	f.I(a64.SHRN(S4, false, y, lo, 4), a64.SHRN(S4, true, y, hi, 4))
	f.I(a64.AND(B16, y, y, mask))
	// Two 16-bit values to one 32-bit lane, then two of those to 64 bits.
	f.I(a64.USHR(S4, t, y, 16), a64.SLI(S4, y, t, d))
	f.I(a64.USHR(D2, t, y, 32), a64.SLI(D2, y, t, 2*d))
	// y = [L0, L1] of 4d bits each → L0 | L1<<4d across 128 bits:
	// low = L0 | L1<<4d, high = L1>>(64−4d).
	f.I(a64.SHL(D2, t, y, 4*d), a64.EXT(B16, t, t, zero, 8))
	f.I(a64.USHR(D2, u, y, 64-4*d), a64.BIC(B16, u, u, lo64))
	f.I(a64.AND(B16, y, y, lo64), a64.ORR(B16, y, y, t), a64.ORR(B16, y, y, u))
	f.I(a64.ST1(1, B16, y, a64.X(0), false))
	f.Go("ADD $%d, R0", d)
	f.Go("SUBS $1, R2")
	f.Go("BNE %s", label)
	f.Go("RET")
}
