//go:build amd64 && !purego

package polymul

import "github.com/crystals-go/crystals/internal/accel/cpu"

// largeSIMD reports whether the AVX2 kernels run: at every level above
// Portable (AVX512 includes AVX2).
func largeSIMD() bool { return cpu.Active() != cpu.Portable }

// forward is forwardGeneric: the layers of length 2048 to 8 as AVX2
// butterflies, one kernel call per block, then the last three in Go.
func (m *largeModulus) forward(a *[LargeN]uint32) {
	if !largeSIMD() {
		m.forwardGeneric(a)
		return
	}
	k := 0
	length := LargeN / 2
	for ; length >= 8; length >>= 1 {
		for start := 0; start < LargeN; start += 2 * length {
			k++
			largeCTAVX2(&a[start], &a[start+length], length, m.zetas[k], m.p, m.pNeg)
		}
	}
	m.forwardFrom(a, length, k)
}

// inverse is inverseGeneric: the first three layers in Go, those of length
// 8 to 2048 and the final scaling as AVX2 kernels.
func (m *largeModulus) inverse(a *[LargeN]uint32) {
	if !largeSIMD() {
		m.inverseGeneric(a)
		return
	}
	k := m.inverseUpTo(a, 4)
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
