package mlkem

// multiplyAccumulate adds f×g, the product in T_q (FIPS 203, Algorithm 11: 128
// base-case multiplications, Algorithm 12, of degree-one residues modulo
// X² − γ_i), to the unreduced accumulator acc. Each call adds less than 3q² to
// a coefficient, so up to k = 4 products (12q² < 2^32) fit before
// [reduceAccumulator].
func multiplyAccumulate(acc *[n]uint32, f, g *nttElement) {
	for i := 0; i < n; i += 2 {
		c0, c1 := baseCaseMultiply(uint32(f[i]), uint32(f[i+1]), uint32(g[i]), uint32(g[i+1]), uint32(gammas[i/2]))
		acc[i] += c0
		acc[i+1] += c1
	}
}

// baseCaseMultiply is BaseCaseMultiply (FIPS 203, Algorithm 12) without
// the final reductions: c0 + c1·X ≡ (a0 + a1·X)·(b0 + b1·X) mod X² − γ,
// c0 = a0·b0 + a1·b1·γ and c1 = a0·b1 + a1·b0. For inputs below q, c0 <
// 3q² and c1 < 2q²; for inputs below 2q (sums of two entries), c0 < 6q²
// and c1 < 8q².
func baseCaseMultiply(a0, a1, b0, b1, gamma uint32) (c0, c1 uint32) {
	return a0*b0 + barrettReduceLazy(a1*b1)*gamma, a0*b1 + a1*b0
}

// dotProductGeneric returns init + Σ_{j<k} f[j] ∘ g[j] in T_q, or the sum
// alone if init is nil: the portable kernel behind dotProduct.
func dotProductGeneric(init *nttElement, f, g *[maxK]*nttElement, k int) nttElement {
	var acc [n]uint32
	if init != nil {
		for i := range acc {
			acc[i] = uint32(init[i])
		}
	}
	for j := range k {
		multiplyAccumulate(&acc, f[j], g[j])
	}
	return reduceAccumulator(&acc)
}

// reduceAccumulator returns the NTT-domain element held, unreduced, in acc.
func reduceAccumulator(acc *[n]uint32) nttElement {
	var r nttElement
	for i := range r {
		r[i] = barrettReduce(acc[i])
	}
	return r
}

// polyAddGeneric returns f + g, coefficient-wise, for either domain: the
// portable kernel behind polyAdd.
func polyAddGeneric[T ~[n]fieldElement](f, g *T) T {
	var r T
	for i := range r {
		r[i] = fieldAdd((*f)[i], (*g)[i])
	}
	return r
}

// polySubGeneric returns f − g, coefficient-wise, for either domain: the
// portable kernel behind polySub.
func polySubGeneric[T ~[n]fieldElement](f, g *T) T {
	var r T
	for i := range r {
		r[i] = fieldSub((*f)[i], (*g)[i])
	}
	return r
}
