package mldsa

// ringElement is a polynomial of R_q = Z_q[X]/(X²⁵⁶+1) in coefficient form.
type ringElement [n]fieldElement

// nttElement is the NTT of a ringElement (FIPS 204, Section 7.5). A distinct
// type, so a missing transform is a compile error.
type nttElement [n]fieldElement

// zetasMont[i] is ζ^BitRev8(i)·2³² mod q with ζ = 1753, the twiddle factors
// of Algorithms 41 and 42 in the Montgomery domain, so that fieldMontMul by
// them is a plain multiplication by ζ^BitRev8(i).
var zetasMont = func() (z [n]fieldElement) {
	const zeta = 1753
	for i := range z {
		r := uint64(0)
		for b := range 8 {
			r |= uint64(i>>b&1) << (7 - b)
		}
		z[i] = fieldElement(powMod(zeta, r) << 32 % q)
	}
	return
}()

// invNTTScale is 256⁻¹·2⁶⁴ mod q: the final scaling of invNTT, which also
// cancels the 2⁻³² left by a Montgomery product.
const invNTTScale = 41978

func powMod(b, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % q
		}
		b = b * b % q
	}
	return r
}

// The transforms run on int32 coefficients with lazy reduction: butterflies
// add and subtract without reducing, and twiddle products go through the
// signed Montgomery reduction, whose output is in (−q, q). The bounds are in
// the comments; the results are fully reduced again.

// nttGeneric returns the NTT of f (Algorithm 41, FIPS 204): the portable
// kernel behind ntt.
func nttGeneric(f *ringElement) nttElement {
	var w [n]int32
	for i, c := range f {
		w[i] = int32(c)
	}
	m := 0
	// Each layer adds less than q to the largest |coefficient|: from [0, q)
	// the eight layers end below 9q < 2³¹.
	for length := 128; length >= 1; length /= 2 {
		for start := 0; start < n; start += 2 * length {
			m++
			z := int64(zetasMont[m])
			lo, hi := w[start:start+length], w[start+length:start+2*length]
			hi = hi[:len(lo)]
			for j := range lo {
				t := montReduce(z * int64(hi[j]))
				hi[j] = lo[j] - t
				lo[j] += t
			}
		}
	}
	var out nttElement
	for i, c := range w {
		out[i] = fieldReduce(c)
	}
	return out
}

// invNTTGeneric returns the inverse NTT of a Montgomery product (Algorithm
// 42, FIPS 204): the portable kernel behind invNTT. Its input is expected to carry the factor 2⁻³² of fieldMontMul
// (every caller inverts a sum of nttMul products), which the final scaling
// removes: invNTT(nttMul(ntt(a), ntt(b))) = a·b.
func invNTTGeneric(a *nttElement) ringElement {
	var w [n]int32
	for i, c := range a {
		w[i] = int32(c)
	}
	m := n
	// The sums double the largest |coefficient| per layer at most, from [0, q)
	// to below 2⁸·q < 2³¹ after eight layers; the differences are Montgomery
	// reduced into (−q, q).
	for length := 1; length < n; length *= 2 {
		for start := 0; start < n; start += 2 * length {
			m--
			z := int64(zetasMont[m])
			lo, hi := w[start:start+length], w[start+length:start+2*length]
			hi = hi[:len(lo)]
			for j := range lo {
				t := lo[j]
				lo[j] = t + hi[j]
				hi[j] = montReduce(z * int64(hi[j]-t))
			}
		}
	}
	var out ringElement
	for i, c := range w {
		out[i] = fieldFromInt32(montReduce(invNTTScale * int64(c)))
	}
	return out
}

// montReduce returns a·2⁻³² mod q in (−q, q), for |a| < 2³¹·q (signed
// Montgomery reduction).
func montReduce(a int64) int32 {
	t := int32(a) * qInv
	return int32((a - int64(t)*q) >> 32)
}

// fieldReduce returns a mod q in [0, q) for any |a| < 2³¹ − 2²².
func fieldReduce(a int32) fieldElement {
	t := (a + 1<<22) >> 23
	return fieldFromInt32(a - t*q) // a − t·q is in (−q, q)
}

// nttMulGeneric returns the pointwise Montgomery product a·b·2⁻³² (Algorithm
// 45, FIPS 204, up to the Montgomery factor that invNTT removes): the
// portable kernel behind nttMul.
func nttMulGeneric(a, b *nttElement) (p nttElement) {
	for i := range p {
		p[i] = fieldMontMul(a[i], b[i])
	}
	return
}

// nttDotGeneric returns Σ a[i]·b[i]·2⁻³² for up to maxL pairs: one row of Â
// times a vector (the portable kernel behind nttDot). The products are accumulated in 64 bits and reduced once: l·q² <
// 2⁴⁹ is far within the reduction's 2³¹·q.
func nttDotGeneric(a []nttElement, b []nttElement) (p nttElement) {
	var acc [n]int64
	for j := range a {
		aj, bj := &a[j], &b[j]
		for i := range acc {
			acc[i] += int64(aj[i]) * int64(bj[i])
		}
	}
	for i, c := range acc {
		p[i] = fieldFromInt32(montReduce(c))
	}
	return
}

// polyAddGeneric and polySubGeneric work on either domain.
func polyAddGeneric[T ~[n]fieldElement](a, b *T) (s T) {
	for i := range s {
		s[i] = fieldAdd((*a)[i], (*b)[i])
	}
	return
}

func polySubGeneric[T ~[n]fieldElement](a, b *T) (s T) {
	for i := range s {
		s[i] = fieldSub((*a)[i], (*b)[i])
	}
	return
}
