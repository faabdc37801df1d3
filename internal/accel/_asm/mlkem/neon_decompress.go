package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// neonDecompressDs are the d's with an arm64 decode-and-decompress kernel,
// the same as the amd64 kernels'.
var neonDecompressDs = []int{1, 4, 5, 10, 11}

// neonDecompressFunc is the declaration of decodeDecompress<d>NEON.
func neonDecompressFunc(d int) a64.Func {
	name := fmt.Sprintf("decodeDecompress%dNEON", d)
	return a64.Func{Name: name, Params: "f *[256]uint16, b *byte", Args: 16,
		Doc: fmt.Sprintf("%s sets f to Decompress_%d(ByteDecode_%d(b)) (FIPS 203, Algorithm 6), from %d bytes (followed by %d readable ones), in constant time.", name, d, d, 32*d, 16-d)}
}

// neonPerDHook runs kernel(d) for every d of neonDecompressDs at both
// levels through the padded hook, whose buffer covers the kernels'
// over-read (decode) or over-write (encode).
func neonPerDHook(hook string, kernel func(d int) a64.Func) dispatch.Kernel {
	var vs []dispatch.Variant
	for _, d := range neonDecompressDs {
		vs = append(vs, dispatch.Variant{Value: fmt.Sprint(d), Impls: neonLevels(kernel(d).Name)})
	}
	return dispatch.Kernel{Hook: hook, Variants: vs}
}

// neonDecompressKernel writes decodeDecompress<d>NEON, 8 coefficients (d
// bytes) per step: a 16-byte load at the group's first byte, TBL puts the
// four bytes that start at coefficient i's first byte into 32-bit lane i,
// USHL by −(i·d mod 8) moves its bits to the bottom, UZP1 narrows to 16
// bits and a mask keeps d of them. Decompress_d(y) = ⌊(y·q + 2^(d−1)) /
// 2^d⌋ is SQRDMULH of y·2^(15−d) by q, exact since the rounding constant
// 2^15 of SQRDMULH's doubled product is 2^(d−1) at the scale of y·q. Only
// fixed tables and arithmetic touch the bytes (the ciphertext in Decaps).
func neonDecompressKernel(f *a64.File, fn a64.Func, d int) {
	B16, H8, S4 := a64.B16, a64.H8, a64.S4
	tab := fmt.Sprintf("mlkemNEONUnpack%d", d)
	f.Text(fn)
	f.Go("MOVD f+0(FP), R0")
	f.Go("MOVD b+8(FP), R1")
	idxLo, idxHi, shLo, shHi, mask := a64.V(16), a64.V(17), a64.V(18), a64.V(19), a64.V(20)
	f.Go("MOVD $%s<>(SB), R5", tab)
	f.I(a64.LD1(4, B16, idxLo, a64.X(5), false))
	f.Go("MOVD $%d, R3", 1<<d-1)
	f.I(a64.DUP(H8, mask, a64.X(3)))
	f.Go("MOVD $%d, R3", q)
	f.I(a64.DUP(H8, nQ, a64.X(3)))
	f.Go("MOVD $32, R2")
	label := fn.Name + "loop"
	f.Label(label)
	src, lo, hi, y := a64.V(0), a64.V(1), a64.V(2), a64.V(3)
	f.I(a64.LD1(1, B16, src, a64.X(1), false))
	f.Go("ADD $%d, R1", d)
	f.I(a64.TBL(B16, lo, src, 1, idxLo), a64.TBL(B16, hi, src, 1, idxHi))
	f.I(a64.USHL(S4, lo, lo, shLo), a64.USHL(S4, hi, hi, shHi))
	f.I(a64.UZP1(H8, y, lo, hi), a64.AND(B16, y, y, mask))
	f.I(a64.SHL(H8, y, y, 15-d), a64.SQRDMULH(H8, y, y, nQ))
	f.I(a64.ST1(1, H8, y, a64.X(0), true))
	f.Go("SUBS $1, R2")
	f.Go("BNE %s", label)
	f.Go("RET")
}

// neonUnpackTable writes the table of neonDecompressKernel for d: the TBL
// indices of lanes 0–3 and 4–7, then their USHL counts.
func neonUnpackTable(f *a64.File, d int) {
	var idx, sh [8]uint32
	for i := range 8 {
		s := uint32(i * d / 8)
		idx[i] = s | (s+1)<<8 | (s+2)<<16 | (s+3)<<24
		sh[i] = uint32(-(i * d % 8)) & 0xff
	}
	f.Data32(fmt.Sprintf("mlkemNEONUnpack%d", d), append(idx[:], sh[:]...))
}
