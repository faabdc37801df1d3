package mldsa

// Value-returning forms of the dispatched kernels (kernels.go), for the
// tests; the engine writes into its destinations
// with the …To forms, which saves a copy of the result per call.

// ntt returns the NTT of f (Algorithm 41, FIPS 204).
func ntt(f *ringElement) (out nttElement) {
	nttTo(&out, f)
	return
}

// invNTT returns the inverse NTT of a Montgomery product (Algorithm 42, FIPS
// 204); see invNTTGeneric.
func invNTT(a *nttElement) (out ringElement) {
	invNTTTo(&out, a)
	return
}

// nttMul returns the pointwise Montgomery product a·b·2⁻³² (Algorithm 45,
// FIPS 204, up to the Montgomery factor that invNTT removes).
func nttMul(a, b *nttElement) (p nttElement) {
	nttMulTo(&p, a, b)
	return
}

// nttDot returns Σ a[i]·b[i]·2⁻³² for up to maxL pairs: one row of Â times a
// vector.
func nttDot(a []nttElement, b []nttElement) (p nttElement) {
	nttDotTo(&p, a, b)
	return
}

// polyAdd returns a + b; it works on either domain.
func polyAdd[T ~[n]fieldElement](a, b *T) (s T) {
	polyAddTo(&s, a, b)
	return
}

// polySub returns a − b; it works on either domain.
func polySub[T ~[n]fieldElement](a, b *T) (s T) {
	polySubTo(&s, a, b)
	return
}
