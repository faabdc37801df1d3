package polymul

// LargeNTT is a polynomial of Z[x]/(x^4096+1) in the transform domain of
// one modulus of the large products, coefficients in [0, modulus); for a
// [LargeField] of the length-3072 transform, the first 3072 entries hold
// that transform and the others are zero.
type LargeNTT [LargeN]uint32

// LargePair is a polynomial in the transform domains of both moduli, P and
// P1: the operand form of [LargeMulExact].
type LargePair [2]LargeNTT

// SetSmall sets t to the length-4096 transform modulo P of a (len(a) ≤ LargeN, the
// missing coefficients zero, each in [−P, 2P)): the operand form of
// [LargeMulSmall].
func (t *LargeNTT) SetSmall(a []int32) { largeForward(largeTables().mods[0], t, a) }

// Set sets t to the length-4096 transforms modulo P and P1 of a (len(a) ≤ LargeN, the
// missing coefficients zero, each in [−P, 2P), which holds NCC-Sign's
// operands: a below 2^23, y and z up to 2^19).
func (t *LargePair) Set(a []int32) {
	for i, m := range largeTables().mods {
		largeForward(m, &t[i], a)
	}
}

func largeForward(m *largeModulus, out *LargeNTT, a []int32) {
	a = a[:min(len(a), LargeN)]
	m.fromSigned(out[:len(a)], a)
	if len(a) <= LargeN/2 {
		clear(out[len(a) : LargeN/2])
		m.forwardShort((*[LargeN]uint32)(out))
		return
	}
	clear(out[len(a):])
	m.forward((*[LargeN]uint32)(out))
}

// fromSignedGeneric sets out[i] = a[i] mod p for a[i] in [−P, 2P).
func (m *largeModulus) fromSignedGeneric(out []uint32, a []int32) {
	for i, c := range a {
		out[i] = m.reduce(c)
	}
}

// LargeMulSmall sets out = a·b in Z[x]/(x^4096+1) modulo P, centred in
// [−(P−1)/2, (P−1)/2], from the transforms made by [LargeNTT.SetSmall]: the
// exact integer product whenever Σ_j |a_j·b_(i−j)| < P/2 for every i, as
// for a ±1 challenge of weight τ times a polynomial below P/(2τ).
func LargeMulSmall(out *[LargeN]int32, a, b *LargeNTT) {
	m := largeTables().mods[0]
	var r [LargeN]uint32
	m.pointwise(&r, (*[LargeN]uint32)(a), (*[LargeN]uint32)(b))
	m.inverse(&r)
	for i, c := range r {
		out[i] = centreReduced(c)
	}
}

// p0InvMod1 is P^−1·2^32 mod P1: the CRT's factor in Montgomery form.
var p0InvMod1 = uint32(powModN(P, P1-2, P1) * (1 << 32 % P1) % P1)

// p0InvShoup is P^−1 mod P1 and its Shoup quotient, for the AVX2 CRT
// modulo q.
var p0InvShoup = func() [2]uint32 {
	v := uint64(powModN(P, P1-2, P1))
	return [2]uint32{uint32(v), uint32(v << 32 / P1)}
}()

// LargeMulExact sets out = a·b in Z[x]/(x^4096+1), exactly, from the
// transforms made by [LargePair.Set], whenever every coefficient of the
// true product lies in (−M/2, M/2) with M = P·P1 > 2^54: it is recovered
// from its residues modulo P and P1 by the CRT, c = c0 + P·((c1 − c0)·P^−1
// mod P1) in [0, M), then centred.
func LargeMulExact(out *[LargeN]int64, a, b *LargePair) {
	var r [2][LargeN]uint32
	for i, m := range largeTables().mods {
		m.pointwise(&r[i], (*[LargeN]uint32)(&a[i]), (*[LargeN]uint32)(&b[i]))
		m.inverse(&r[i])
	}
	crt(out, &r[0], &r[1])
}

// largeModulusProduct is M = P·P1, the range of the CRT.
const largeModulusProduct = int64(P) * P1

// crtGeneric sets out[i] to the c in (−M/2, M/2] with c ≡ r0[i] mod P and
// c ≡ r1[i] mod P1.
func crtGeneric(out *[LargeN]int64, r0, r1 *[LargeN]uint32) {
	m1 := largeTables().mods[1].arith()
	const modulus = largeModulusProduct
	for i := range out {
		c0 := r0[i] // < P < P1
		u := m1.mul(m1.sub(r1[i], c0), p0InvMod1)
		c := int64(c0) + int64(P)*int64(u)
		c -= modulus & ((modulus/2 - c) >> 63) // subtract M above M/2
		out[i] = c
	}
}
