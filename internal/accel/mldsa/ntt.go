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

// ntt returns the NTT of f (Algorithm 41, FIPS 204).
func ntt(f *ringElement) nttElement {
	w := nttElement(*f)
	m := 0
	for length := 128; length >= 1; length /= 2 {
		for start := 0; start < n; start += 2 * length {
			m++
			z := zetasMont[m]
			for j := start; j < start+length; j++ {
				t := fieldMontMul(z, w[j+length])
				w[j+length] = fieldSub(w[j], t)
				w[j] = fieldAdd(w[j], t)
			}
		}
	}
	return w
}

// invNTT returns the inverse NTT of a Montgomery product (Algorithm 42, FIPS
// 204). Its input is expected to carry the factor 2⁻³² of fieldMontMul
// (every caller inverts a sum of nttMul products), which the final scaling
// removes: invNTT(nttMul(ntt(a), ntt(b))) = a·b.
func invNTT(w *nttElement) ringElement {
	f := ringElement(*w)
	m := n
	for length := 1; length < n; length *= 2 {
		for start := 0; start < n; start += 2 * length {
			m--
			z := zetasMont[m]
			for j := start; j < start+length; j++ {
				t := f[j]
				f[j] = fieldAdd(t, f[j+length])
				f[j+length] = fieldMontMul(z, fieldSub(f[j+length], t))
			}
		}
	}
	for i := range f {
		f[i] = fieldMontMul(f[i], invNTTScale)
	}
	return f
}

// nttMul returns the pointwise Montgomery product a·b·2⁻³² (Algorithm 45,
// FIPS 204, up to the Montgomery factor that invNTT removes).
func nttMul(a, b *nttElement) (p nttElement) {
	for i := range p {
		p[i] = fieldMontMul(a[i], b[i])
	}
	return
}

// nttMulAcc adds a·b·2⁻³² to acc.
func nttMulAcc(acc, a, b *nttElement) {
	for i := range acc {
		acc[i] = fieldAdd(acc[i], fieldMontMul(a[i], b[i]))
	}
}

// polyAdd and polySub work on either domain.
func polyAdd[T ~[n]fieldElement](a, b *T) (s T) {
	for i := range s {
		s[i] = fieldAdd((*a)[i], (*b)[i])
	}
	return
}

func polySub[T ~[n]fieldElement](a, b *T) (s T) {
	for i := range s {
		s[i] = fieldSub((*a)[i], (*b)[i])
	}
	return
}
