//go:build !amd64 || purego

package polymul

func (m *largeModulus) forward(a *[LargeN]uint32) { m.forwardGeneric(a) }

func (m *largeModulus) inverse(a *[LargeN]uint32) { m.inverseGeneric(a) }

func (m *largeModulus) forwardShort(a *[LargeN]uint32) { m.forwardShortGeneric(a) }

func (m *largeModulus) productSpan(out, x, y *[LargeN]uint32, k int) {
	m.productSpanGeneric(out, x, y, k)
}

func (m *largeModulus) pointwise(out, a, b *[LargeN]uint32) { m.pointwiseGeneric(out, a, b) }

func crt(out *[LargeN]int64, r0, r1 *[LargeN]uint32) { crtGeneric(out, r0, r1) }

func (m *largeModulus) fromSigned(out []uint32, a []int32) { m.fromSignedGeneric(out, a) }

func (f *LargeField) crtMod(s, r0, r1 []uint32) { f.crtModGeneric(s, r0, r1) }

func (f *LargeField) smallMod(s, r []uint32) { f.smallModGeneric(s, r) }

func (f *LargeField) fold3(out []int32, a, b, c []uint32, w uint32) {
	f.foldGeneric(out, a, b, c, w)
}

func (m *large3Modulus) forward3(a *[large3N]uint32, k int) { m.forward3Generic(a, k) }

func (m *large3Modulus) productInverse3(out, x, y *[large3N]uint32) {
	m.productInverse3Generic(out, x, y)
}
