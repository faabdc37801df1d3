package mldsa

// infinityNormBelowGeneric reports whether every coefficient of f has |f mod± q| <
// bound (the ‖·‖∞ checks of Algorithms 7 and 8, FIPS 204). It reads every
// coefficient, with no early exit, since f is secret while signing.
func infinityNormBelowGeneric[T ~[n]fieldElement](f *T, bound int) bool {
	ok := uint32(1)
	for _, c := range *f {
		ok &= ctLess(fieldAbs(c), uint32(bound))
	}
	return ok == 1
}

// lowBitsNormBelowGeneric reports whether ‖LowBits(r)‖∞ < bound for every
// coefficient of r, in constant time.
func lowBitsNormBelowGeneric(p *Params, r *ringElement, bound int) bool {
	ok := uint32(1)
	for _, c := range r {
		r0 := lowBits(p, c)
		m := r0 >> 31
		ok &= ctLess(uint32((r0^m)-m), uint32(bound))
	}
	return ok == 1
}
