//go:build amd64 && !purego

package polymul

import "github.com/crystals-go/crystals/internal/accel/cpu"

// largeSIMD reports whether the AVX2 kernels run: at every level above
// Portable (AVX512 includes AVX2).
func largeSIMD() bool { return cpu.Active() != cpu.Portable }

// forward is forwardGeneric: the layers of length 2048 to 8 as AVX2
// butterflies, one kernel call per block, then the last three in one
// kernel with per-lane twiddles.
func (m *largeModulus) forward(a *[LargeN]uint32) {
	if !largeSIMD() {
		m.forwardGeneric(a)
		return
	}
	k := 0
	for length := LargeN / 2; length >= 8; length >>= 1 {
		for start := 0; start < LargeN; start += 2 * length {
			k++
			largeCTAVX2(&a[start], &a[start+length], length, m.zetas[k], m.p, m.pNeg)
		}
	}
	largeTailCTAVX2(&a[0], &m.tailCT[0][0][0], m.p, m.pNeg)
}

// inverse is inverseGeneric: the first three layers in one kernel with
// per-lane twiddles, then those of length 8 to 2048, one call per block,
// and the final scaling.
func (m *largeModulus) inverse(a *[LargeN]uint32) {
	if !largeSIMD() {
		m.inverseGeneric(a)
		return
	}
	largeTailGSAVX2(&a[0], &m.tailGS[0][0][0], m.p, m.pNeg)
	k := 512 // the twiddles below zetas[512] are the longer layers'
	for length := 8; length < LargeN; length <<= 1 {
		for start := 0; start < LargeN; start += 2 * length {
			k--
			largeGSAVX2(&a[start], &a[start+length], length, m.p-m.zetas[k], m.p, m.pNeg)
		}
	}
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
	m := largeMods[1]
	largeCRTAVX2(&out[0], &r0[0], &r1[0], LargeN, p0InvMod1, m.p, m.pNeg, P, largeModulusProduct/2, largeModulusProduct)
}
