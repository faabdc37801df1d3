package mlkem

// Value forms of the ring kernels, over the in-place and out-parameter
// forms the contract (kernels.go) dispatches. The operations use the
// pointer forms, which skip the 512-byte copy of a returned polynomial;
// these serve the tests and the code off the hot paths.

// ntt returns the NTT representation of f (FIPS 203, Algorithm 9).
func ntt(f *ringElement) nttElement {
	r := *f
	return *nttInPlace(&r)
}

// inverseNTT returns the polynomial whose NTT representation is f (FIPS 203,
// Algorithm 10).
func inverseNTT(f *nttElement) ringElement {
	r := *f
	return *inverseNTTInPlace(&r)
}

// dotProduct returns init + Σ_{j<k} f[j] ∘ g[j] in T_q (FIPS 203, Algorithm
// 11), or the sum alone if init is nil, for 1 ≤ k ≤ maxK.
func dotProduct(init *nttElement, f, g *[maxK]*nttElement, k int) (r nttElement) {
	dotProductTo(&r, init, f, g, k)
	return r
}

// polyAdd returns f + g, coefficient-wise, for either domain.
func polyAdd[T ~[n]fieldElement](f, g *T) (r T) {
	polyAddTo(&r, f, g)
	return r
}

// polySub returns f − g, coefficient-wise, for either domain.
func polySub[T ~[n]fieldElement](f, g *T) (r T) {
	polySubTo(&r, f, g)
	return r
}
