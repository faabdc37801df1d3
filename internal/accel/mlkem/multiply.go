package mlkem

// multiplyNTTsAccumulate sets acc to acc + f×g, the product in T_q (FIPS 203,
// Algorithm 11: 128 base-case multiplications, Algorithm 12, of degree-one
// residues modulo X² − γ_i).
func multiplyNTTsAccumulate(acc, f, g *nttElement) {
	for i := 0; i < n; i += 2 {
		a0, a1 := f[i], f[i+1]
		b0, b1 := g[i], g[i+1]
		// Algorithm 12: c0 = a0·b0 + a1·b1·γ, c1 = a0·b1 + a1·b0.
		c0 := uint32(a0)*uint32(b0) + uint32(fieldMul(a1, b1))*uint32(gammas[i/2]) + uint32(acc[i])
		c1 := uint32(a0)*uint32(b1) + uint32(a1)*uint32(b0) + uint32(acc[i+1])
		acc[i] = barrettReduce(c0)
		acc[i+1] = barrettReduce(c1)
	}
}

// polyAdd returns f + g, coefficient-wise, for either domain.
func polyAdd[T ~[n]fieldElement](f, g *T) T {
	var r T
	for i := range r {
		r[i] = fieldAdd((*f)[i], (*g)[i])
	}
	return r
}

// polySub returns f − g, coefficient-wise, for either domain.
func polySub[T ~[n]fieldElement](f, g *T) T {
	var r T
	for i := range r {
		r[i] = fieldSub((*f)[i], (*g)[i])
	}
	return r
}
