//go:build !amd64 || purego

package polymul

func (m *largeModulus) forward(a *[LargeN]uint32) { m.forwardGeneric(a) }

func (m *largeModulus) inverse(a *[LargeN]uint32) { m.inverseGeneric(a) }

func (m *largeModulus) pointwise(out, a, b *[LargeN]uint32) { m.pointwiseGeneric(out, a, b) }

func crt(out *[LargeN]int64, r0, r1 *[LargeN]uint32) { crtGeneric(out, r0, r1) }

func (m *largeModulus) fromSigned(out []uint32, a []int32) { m.fromSignedGeneric(out, a) }
