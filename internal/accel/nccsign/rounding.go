package nccsign

// power2round splits a in [0, q + η] as a = a1·2^d + a0 with
// a0 in (−2^(d−1), 2^(d−1)] (Power2Round, the reference's rounding).
func (p *Params) power2round(a int32) (a1, a0 int32) {
	a1 = (a + 1<<(p.d-1) - 1) >> p.d
	return a1, a - a1<<p.d
}

// decompose is the reference's decompose: r = a mod q is split as
// r = a1·2γ2 + a0 with a0 in (−γ2, γ2], except that r − a0 = q − 1 gives
// a1 = 0 and a0 − 1; without branching, for any int32 a.
func (p *Params) decompose(a int32) (a1, a0 int32) {
	off := int64(p.q) << 7 // a multiple of q above 2^31
	_, r := p.qDiv.divmod(uint64(int64(a) + off))
	quo, rem := p.alphaDiv.divmod(r)
	hi, lo := int32(quo), int32(rem)
	// Centre the remainder: above γ2, take it less 2γ2 and round up.
	up := (p.gamma2 - lo) >> 31 // −1 if lo > γ2
	lo -= 2 * p.gamma2 & up
	hi -= up
	// r − a0 = q − 1, i.e. hi·2γ2 = q − 1: the wrap-around case.
	wrap := ctEq(hi*2*p.gamma2, p.q-1)
	hi &^= wrap
	lo += wrap // −1
	return hi, lo
}

// ctEq returns −1 if a = b and 0 otherwise, without branching.
func ctEq(a, b int32) int32 {
	x := uint32(a ^ b)
	return int32((x|-x)>>31) - 1
}

// makeHint is the reference's make_hint on a0 = w0 − c·s2 + c·t0 (in
// [0, q)) and a1: 1 unless a0 ≤ γ2, a0 > q − γ2, or a0 = q − γ2 with
// a1 = 0; without branching.
func (p *Params) makeHint(a0, a1 int32) int32 {
	low := (a0 - p.gamma2 - 1) >> 31    // −1 if a0 ≤ γ2
	high := (p.q - p.gamma2 - a0) >> 31 // −1 if a0 > q − γ2
	edge := ctEq(a0, p.q-p.gamma2) & ctEq(a1, 0)
	return (^(low | high | edge)) & 1
}

// useHint is the reference's use_hint: the high part of a, moved by the
// hint towards a's low part, cyclically in [0, w1Max]. Verification's
// inputs are public.
func (p *Params) useHint(a, hint int32) int32 {
	a1, a0 := p.decompose(a)
	if hint == 0 {
		return a1
	}
	if a0 > 0 {
		if a1 == p.w1Max {
			return 0
		}
		return a1 + 1
	}
	if a1 == 0 {
		return p.w1Max
	}
	return a1 - 1
}

// infNormAtLeast reports whether some |a_i| ≥ bound, visiting every
// coefficient (the reference's poly_chknorm, branch-free until the verdict).
func infNormAtLeast(a poly, bound int32) bool {
	var bad int32
	for _, x := range a {
		s := x >> 31
		abs := x - (s & (2 * x))
		bad |= (bound - 1 - abs) >> 31 // −1 if abs ≥ bound
	}
	return bad != 0
}
