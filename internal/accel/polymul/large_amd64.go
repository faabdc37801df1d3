//go:build amd64 && !purego

package polymul

import "github.com/crystals-go/crystals/internal/accel/cpu"

// largeSIMD reports whether the vector kernels run: at every level above
// Portable (AVX512 includes AVX2).
func largeSIMD() bool { return cpu.Active() != cpu.Portable }

// large512 reports whether the AVX-512 kernels run. They hold sixteen
// lanes; the few steps whose lengths are not multiples of 16 (the last
// eight of the CRT modulo q and of the one-prime residue, fewer than
// sixteen left over from the input reduction and the fold) stay in the
// AVX2 kernels or in Go.
func large512() bool { return cpu.Active() == cpu.AVX512 }

// roundUp16 rounds k up to a multiple of 16.
func roundUp16(k int) int { return (k + 15) &^ 15 }

// forward is forwardGeneric: the layers of length 2048 to 8 in one kernel
// (a broadcast twiddle per block), then the last three in another with
// per-lane twiddles; at AVX-512 the first kernel runs to length 32 and the
// tail kernel the last five.
func (m *largeModulus) forward(a *[LargeN]uint32) {
	if !largeSIMD() {
		m.forwardGeneric(a)
		return
	}
	if large512() {
		largeLayersCTAVX512(&a[0], &m.zetas[1], 4*LargeN/2, 4*32, m.p, m.pNeg)
		m.tail5CT(a)
		return
	}
	largeLayersCTAVX2(&a[0], &m.zetas[1], 4*LargeN/2, 32, m.p, m.pNeg)
	largeTailCTAVX2(&a[0], &m.tailCT[0][0][0][0], LargeN, m.p, m.pNeg)
}

// forwardShort is forwardShortGeneric: the copy, then the layers of
// lengths 1024 to 8 two a pass, and the tail kernel of forward (at
// AVX-512, the layers two a pass to length 32, then the five-layer tail).
func (m *largeModulus) forwardShort(a *[LargeN]uint32) {
	if !largeSIMD() {
		m.forwardShortGeneric(a)
		return
	}
	copy(a[LargeN/2:], a[:LargeN/2])
	if large512() {
		largePairsCTAVX512(&a[0], &m.shoup[0][0], &m.shoup[1][0], 2, 4*LargeN/4, 4*64, m.p)
		m.tail5CT(a)
		return
	}
	largePairsCTAVX2(&a[0], &m.shoup[0][0], &m.shoup[1][0], 2, 4*LargeN/4, 4*16, m.p)
	largeTailCTAVX2(&a[0], &m.tailCT[0][0][0][0], LargeN, m.p, m.pNeg)
}

// productSpan is productSpanGeneric: the pointwise product fused into the
// tail kernel of inverse, the layers of lengths 8 to 1024 two a pass, then
// the last layer with the scale in one kernel (at AVX-512, the five-layer
// tail, then the layers two a pass from length 32).
func (m *largeModulus) productSpan(out, x, y *[LargeN]uint32, k int) {
	if !largeSIMD() {
		m.productSpanGeneric(out, x, y, k)
		return
	}
	if large512() {
		z := &m.shoup
		largeTail5MulGSAVX512(&out[0], &x[0], &y[0], &m.tailGS[0][0][0][0], &z[0][LargeN/16-1], &z[1][LargeN/16-1], LargeN, m.p, m.pNeg)
		largePairsGSAVX512(&out[0], &m.shoup[0][0], &m.shoup[1][0], LargeN/64, 4*32, 4*LargeN/2, m.p)
		// The upper outputs from 2048 + k on are unspecified: rounding k
		// up computes a few more.
		largeLastGSAVX512(&out[0], roundUp16(k), m.scale, m.scaleZ, m.p, m.pNeg)
		return
	}
	largeTailMulGSAVX2(&out[0], &x[0], &y[0], &m.tailGS[0][0][0][0], LargeN, m.p, m.pNeg)
	largePairsGSAVX2(&out[0], &m.shoup[0][0], &m.shoup[1][0], LargeN/16, 4*8, 4*LargeN/2, m.p)
	largeLastGSAVX2(&out[0], k, m.scale, m.scaleZ, m.p, m.pNeg)
}

// inverse is inverseGeneric: the first three layers in one kernel with
// per-lane twiddles, those of length 8 to 2048 in another (the twiddles
// from zetas[511] down; at AVX-512 the first five layers, then from length
// 32 with the twiddles from zetas[127] down), and the final scaling.
func (m *largeModulus) inverse(a *[LargeN]uint32) {
	if !largeSIMD() {
		m.inverseGeneric(a)
		return
	}
	if large512() {
		z := &m.shoup
		largeTail5GSAVX512(&a[0], &m.tailGS[0][0][0][0], &z[0][LargeN/16-1], &z[1][LargeN/16-1], LargeN, m.p, m.pNeg)
		largeLayersGSAVX512(&a[0], &m.zetas[LargeN/32-1], 4*32, 4*LargeN, m.p, m.pNeg)
		largeScaleAVX512(&a[0], LargeN, m.scale, m.p, m.pNeg)
		return
	}
	largeTailGSAVX2(&a[0], &m.tailGS[0][0][0][0], LargeN, m.p, m.pNeg)
	largeLayersGSAVX2(&a[0], &m.zetas[511], 32, 4*LargeN, m.p, m.pNeg)
	largeScaleAVX2(&a[0], LargeN, m.scale, m.p, m.pNeg)
}

// tail5CT runs the forward layers of lengths 16 to 1 at AVX-512: the
// length-16 layer's twiddles from the pair kernels' tables at its first
// block, zetas[LargeN/32].
func (m *largeModulus) tail5CT(a *[LargeN]uint32) {
	z := &m.shoup
	largeTail5CTAVX512(&a[0], &m.tailCT[0][0][0][0], &z[0][LargeN/32], &z[1][LargeN/32], LargeN, m.p, m.pNeg)
}

// pointwise is pointwiseGeneric.
func (m *largeModulus) pointwise(out, a, b *[LargeN]uint32) {
	switch {
	case large512():
		largeMulAVX512(&out[0], &a[0], &b[0], LargeN, m.p, m.pNeg)
	case largeSIMD():
		largeMulAVX2(&out[0], &a[0], &b[0], LargeN, m.p, m.pNeg)
	default:
		m.pointwiseGeneric(out, a, b)
	}
}

// crt is crtGeneric.
func crt(out *[LargeN]int64, r0, r1 *[LargeN]uint32) {
	if !largeSIMD() {
		crtGeneric(out, r0, r1)
		return
	}
	m := largeTables().mods[1]
	if large512() {
		largeCRTAVX512(&out[0], &r0[0], &r1[0], LargeN, p0InvMod1, m.p, m.pNeg, P, largeModulusProduct/2, largeModulusProduct)
		return
	}
	largeCRTAVX2(&out[0], &r0[0], &r1[0], LargeN, p0InvMod1, m.p, m.pNeg, P, largeModulusProduct/2, largeModulusProduct)
}

// fromSigned is fromSignedGeneric: whole registers in the vector kernel,
// the rest in Go.
func (m *largeModulus) fromSigned(out []uint32, a []int32) {
	if large512() {
		if n := len(a) &^ 15; n > 0 {
			largeFromSignedAVX512(&out[0], &a[0], n, m.p)
			m.fromSignedGeneric(out[n:len(a)], a[n:])
			return
		}
	}
	n := len(a) &^ 7
	if !largeSIMD() || n == 0 {
		m.fromSignedGeneric(out, a)
		return
	}
	largeFromSignedAVX2(&out[0], &a[0], n, m.p)
	m.fromSignedGeneric(out[n:len(a)], a[n:])
}

// crtMod is crtModGeneric, len(s) a multiple of 8 (at AVX-512, a last
// eight in the AVX2 kernel).
func (f *LargeField) crtMod(s, r0, r1 []uint32) {
	if !largeSIMD() || len(s) == 0 {
		f.crtModGeneric(s, r0, r1)
		return
	}
	m := largeTables().mods[1]
	_, _ = r0[len(s)-1], r1[len(s)-1]
	i := 0
	if n := len(s) &^ 15; large512() && n > 0 {
		largeCRTModAVX512(&s[0], &r0[0], &r1[0], n, p0InvShoup[0], p0InvShoup[1], m.p, crtH1, crtH0, f.q.p, f.prShoup[0], f.prShoup[1], f.negM)
		i = n
	}
	if i < len(s) {
		largeCRTModAVX2(&s[i], &r0[i], &r1[i], len(s)-i, p0InvShoup[0], p0InvShoup[1], m.p, crtH1, crtH0, f.q.p, f.prShoup[0], f.prShoup[1], f.negM)
	}
}

// smallMod is smallModGeneric, len(s) a multiple of 8 (at AVX-512, a last
// eight in the AVX2 kernel).
func (f *LargeField) smallMod(s, r []uint32) {
	if !largeSIMD() || len(s) == 0 {
		f.smallModGeneric(s, r)
		return
	}
	_ = r[len(s)-1]
	i := 0
	if n := len(s) &^ 15; large512() && n > 0 {
		largeSmallModAVX512(&s[0], &r[0], n, crtH0, f.q.p-P)
		i = n
	}
	if i < len(s) {
		largeSmallModAVX2(&s[i], &r[i], len(s)-i, crtH0, f.q.p-P)
	}
}

// fold3 is foldGeneric: whole registers in the vector kernel, the rest in
// Go.
func (f *LargeField) fold3(out []int32, a, b, c []uint32, w uint32) {
	if large512() {
		if n := len(out) &^ 15; n > 0 {
			_, _, _ = a[n-1], b[n-1], c[n-1]
			largeFoldAVX512(&out[0], &a[0], &b[0], &c[0], n, w, f.q.p, f.q.pNeg)
			f.foldGeneric(out[n:], a[n:], b[n:], c[n:], w)
			return
		}
	}
	n := len(out) &^ 7
	if !largeSIMD() || n == 0 {
		f.foldGeneric(out, a, b, c, w)
		return
	}
	_, _, _ = a[n-1], b[n-1], c[n-1]
	largeFoldAVX2(&out[0], &a[0], &b[0], &c[0], n, w, f.q.p, f.q.pNeg)
	f.foldGeneric(out[n:], a[n:], b[n:], c[n:], w)
}

// forward3 is forward3Generic: the radix-3 layer (in the vector kernel for
// a short a, as every operand of the fields' products is, in Go
// otherwise), the radix-2 layers of lengths 512 to 16 two a pass, then
// those of 8 to 1 in the four-layer tail kernel.
func (m *large3Modulus) forward3(a *[large3N]uint32, k int) {
	if !largeSIMD() {
		m.forward3Generic(a, k)
		return
	}
	p, pNeg := m.md.p, m.md.pNeg
	if large512() {
		if k < large3Blocks {
			// A1 is zero from k on, so the radix-3 butterflies up to
			// the next multiple of 16 give what the copies give.
			large3Radix3AVX512(&a[0], roundUp16(k), m.g, p, pNeg)
		} else {
			m.radix3Generic(a, k)
		}
		largePairsCTAVX512(&a[0], &m.shoup[0][0], &m.shoup[1][0], 3, 4*large3Blocks/2, 4*32, p)
		largeTail4CTAVX512(&a[0], &m.tailCT[0][0][0][0], large3N, p, pNeg)
		return
	}
	if k < large3Blocks {
		large3Radix3AVX2(&a[0], k, m.g, p, pNeg)
	} else {
		m.radix3Generic(a, k)
	}
	largePairsCTAVX2(&a[0], &m.shoup[0][0], &m.shoup[1][0], 3, 4*large3Blocks/2, 4*32, p)
	largeTail4CTAVX2(&a[0], &m.tailCT[0][0][0][0], large3N, p, pNeg)
}

// productInverse3 is productInverse3Generic: the pointwise product fused
// into the four-layer tail kernel (lengths 1 to 8), the layers of lengths
// 16 to 512 two a pass, then the inverse radix-3 layer with the final
// scale.
func (m *large3Modulus) productInverse3(out, x, y *[large3N]uint32) {
	if !largeSIMD() {
		m.productInverse3Generic(out, x, y)
		return
	}
	p, pNeg := m.md.p, m.md.pNeg
	c := &m.invShoup
	if large512() {
		largeTail4MulGSAVX512(&out[0], &x[0], &y[0], &m.tailGS[0][0][0][0], large3N, p, pNeg)
		largePairsGSAVX512(&out[0], &m.shoup[0][0], &m.shoup[1][0], large3N/32, 4*16, 4*large3Blocks, p)
		large3InvRadix3AVX512(&out[0], c[0][0], c[1][0], c[0][1], c[1][1], c[0][2], c[1][2], p)
		return
	}
	largeTail4MulGSAVX2(&out[0], &x[0], &y[0], &m.tailGS[0][0][0][0], large3N, p, pNeg)
	largePairsGSAVX2(&out[0], &m.shoup[0][0], &m.shoup[1][0], large3N/32, 4*16, 4*large3Blocks, p)
	large3InvRadix3AVX2(&out[0], c[0][0], c[1][0], c[0][1], c[1][1], c[0][2], c[1][2], p)
}
