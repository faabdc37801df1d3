//go:build amd64 && !purego

package polymul

import "github.com/crystals-go/crystals/internal/accel/cpu"

// largeSIMD reports whether the AVX2 kernels run: at every level above
// Portable (AVX512 includes AVX2).
func largeSIMD() bool { return cpu.Active() != cpu.Portable }

// forward is forwardGeneric: the layers of length 2048 to 8 in one AVX2
// kernel (a broadcast twiddle per block), then the last three in another
// with per-lane twiddles.
func (m *largeModulus) forward(a *[LargeN]uint32) {
	if !largeSIMD() {
		m.forwardGeneric(a)
		return
	}
	largeLayersCTAVX2(&a[0], &m.zetas[1], 4*LargeN/2, 32, m.p, m.pNeg)
	largeTailCTAVX2(&a[0], &m.tailCT[0][0][0][0], LargeN, m.p, m.pNeg)
}

// forwardShort is forwardShortGeneric: the copy, then the layers of
// lengths 1024 to 8 two a pass, and the tail kernel of forward.
func (m *largeModulus) forwardShort(a *[LargeN]uint32) {
	if !largeSIMD() {
		m.forwardShortGeneric(a)
		return
	}
	copy(a[LargeN/2:], a[:LargeN/2])
	largePairsCTAVX2(&a[0], &m.shoup[0][0], &m.shoup[1][0], 2, 4*LargeN/4, 4*16, m.p)
	largeTailCTAVX2(&a[0], &m.tailCT[0][0][0][0], LargeN, m.p, m.pNeg)
}

// productSpan is productSpanGeneric: the pointwise product fused into the
// tail kernel of inverse, the layers of lengths 8 to 1024 two a pass, then
// the last layer with the scale in one kernel.
func (m *largeModulus) productSpan(out, x, y *[LargeN]uint32, k int) {
	if !largeSIMD() {
		m.productSpanGeneric(out, x, y, k)
		return
	}
	largeTailMulGSAVX2(&out[0], &x[0], &y[0], &m.tailGS[0][0][0][0], LargeN, m.p, m.pNeg)
	largePairsGSAVX2(&out[0], &m.shoup[0][0], &m.shoup[1][0], LargeN/16, 4*8, 4*LargeN/2, m.p)
	largeLastGSAVX2(&out[0], k, m.scale, m.scaleZ, m.p, m.pNeg)
}

// inverse is inverseGeneric: the first three layers in one kernel with
// per-lane twiddles, those of length 8 to 2048 in another (the twiddles
// from zetas[511] down), and the final scaling.
func (m *largeModulus) inverse(a *[LargeN]uint32) {
	if !largeSIMD() {
		m.inverseGeneric(a)
		return
	}
	largeTailGSAVX2(&a[0], &m.tailGS[0][0][0][0], LargeN, m.p, m.pNeg)
	largeLayersGSAVX2(&a[0], &m.zetas[511], 32, 4*LargeN, m.p, m.pNeg)
	largeScaleAVX2(&a[0], LargeN, m.scale, m.p, m.pNeg)
}

// pointwise is pointwiseGeneric.
func (m *largeModulus) pointwise(out, a, b *[LargeN]uint32) {
	if !largeSIMD() {
		m.pointwiseGeneric(out, a, b)
		return
	}
	largeMulAVX2(&out[0], &a[0], &b[0], LargeN, m.p, m.pNeg)
}

// crt is crtGeneric.
func crt(out *[LargeN]int64, r0, r1 *[LargeN]uint32) {
	if !largeSIMD() {
		crtGeneric(out, r0, r1)
		return
	}
	m := largeTables().mods[1]
	largeCRTAVX2(&out[0], &r0[0], &r1[0], LargeN, p0InvMod1, m.p, m.pNeg, P, largeModulusProduct/2, largeModulusProduct)
}

// fromSigned is fromSignedGeneric: whole groups of eight in AVX2, the rest
// in Go.
func (m *largeModulus) fromSigned(out []uint32, a []int32) {
	n := len(a) &^ 7
	if !largeSIMD() || n == 0 {
		m.fromSignedGeneric(out, a)
		return
	}
	largeFromSignedAVX2(&out[0], &a[0], n, m.p)
	m.fromSignedGeneric(out[n:len(a)], a[n:])
}

// crtMod is crtModGeneric, len(s) a multiple of 8.
func (f *LargeField) crtMod(s, r0, r1 []uint32) {
	if !largeSIMD() || len(s) == 0 {
		f.crtModGeneric(s, r0, r1)
		return
	}
	m := largeTables().mods[1]
	_, _ = r0[len(s)-1], r1[len(s)-1]
	largeCRTModAVX2(&s[0], &r0[0], &r1[0], len(s), p0InvShoup[0], p0InvShoup[1], m.p, crtH1, crtH0, f.q.p, f.prShoup[0], f.prShoup[1], f.negM)
}

// smallMod is smallModGeneric, len(s) a multiple of 8.
func (f *LargeField) smallMod(s, r []uint32) {
	if !largeSIMD() || len(s) == 0 {
		f.smallModGeneric(s, r)
		return
	}
	_ = r[len(s)-1]
	largeSmallModAVX2(&s[0], &r[0], len(s), crtH0, f.q.p-P)
}

// fold3 is foldGeneric: whole groups of eight in AVX2, the rest in Go.
func (f *LargeField) fold3(out []int32, a, b, c []uint32, w uint32) {
	n := len(out) &^ 7
	if !largeSIMD() || n == 0 {
		f.foldGeneric(out, a, b, c, w)
		return
	}
	_, _, _ = a[n-1], b[n-1], c[n-1]
	largeFoldAVX2(&out[0], &a[0], &b[0], &c[0], n, w, f.q.p, f.q.pNeg)
	f.foldGeneric(out[n:], a[n:], b[n:], c[n:], w)
}

// forward3 is forward3Generic: the radix-3 layer (in AVX2 for a short a,
// as every operand of the fields' products is, in Go otherwise), the
// radix-2 layers of lengths 512 to 16 two a pass, then those of 8 to 1 in
// the four-layer tail kernel.
func (m *large3Modulus) forward3(a *[large3N]uint32, k int) {
	if !largeSIMD() {
		m.forward3Generic(a, k)
		return
	}
	p, pNeg := m.md.p, m.md.pNeg
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
	largeTail4MulGSAVX2(&out[0], &x[0], &y[0], &m.tailGS[0][0][0][0], large3N, p, pNeg)
	largePairsGSAVX2(&out[0], &m.shoup[0][0], &m.shoup[1][0], large3N/32, 4*16, 4*large3Blocks, p)
	c := &m.invShoup
	large3InvRadix3AVX2(&out[0], c[0][0], c[1][0], c[0][1], c[1][1], c[0][2], c[1][2], p)
}
