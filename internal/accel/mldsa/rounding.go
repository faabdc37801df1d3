package mldsa

// Rounding kernels of FIPS 204, Section 7.4. All are constant time: they run
// on secret values while signing (Decompose of w − cs2, MakeHint).

// power2Round returns (r1, r0) with r = r1·2¹³ + r0 and r0 in (−2¹², 2¹²]
// (Algorithm 35, FIPS 204). r0 is returned as a field element.
func power2Round(r fieldElement) (r1 uint32, r0 fieldElement) {
	r1 = (uint32(r) + 1<<(d-1) - 1) >> d
	return r1, fieldFromInt32(int32(r) - int32(r1<<d))
}

// decompose returns (r1, r0) with r = r1·2γ2 + r0 mod q, r0 in (−γ2, γ2],
// and the special case r − r0 = q − 1 mapped to r1 = 0, r0 − 1
// (Algorithm 36, FIPS 204). r0 is returned as a signed integer.
func decompose(p *Params, r fieldElement) (r1 uint32, r0 int32) {
	twoGamma2 := uint32(2 * p.Gamma2)
	// r1 = floor(r / 2γ2), exact for r < q (see newParams).
	r1 = uint32(uint64(r) * p.decomposeMul >> 48)
	r0 = int32(uint32(r) - r1*twoGamma2)
	// Move r0 from [0, 2γ2) to (−γ2, γ2].
	up := uint32(int32(p.Gamma2)-r0) >> 31 // r0 > γ2
	r0 -= int32(up * twoGamma2)
	r1 += up
	// r − r0 = q − 1 exactly when r1 reached (q−1)/2γ2.
	wrap := 1 - ctNotEqual(r1, uint32((q-1)/(2*p.Gamma2)))
	r1 &^= -wrap
	r0 -= int32(wrap)
	return r1, r0
}

// highBits is r1 of decompose (Algorithm 37, FIPS 204).
func highBits(p *Params, r fieldElement) uint32 {
	r1, _ := decompose(p, r)
	return r1
}

// lowBits is r0 of decompose (Algorithm 38, FIPS 204).
func lowBits(p *Params, r fieldElement) int32 {
	_, r0 := decompose(p, r)
	return r0
}

// makeHint returns 1 if adding z to r changes the high bits of r, 0 otherwise
// (Algorithm 39, FIPS 204).
func makeHint(p *Params, z, r fieldElement) uint32 {
	return ctNotEqual(highBits(p, r), highBits(p, fieldAdd(r, z)))
}

// useHint returns the high bits of r adjusted by the hint h (Algorithm 40,
// FIPS 204). h is public (part of the signature), but this kernel is constant
// time anyway.
func useHint(p *Params, h uint32, r fieldElement) uint32 {
	m := uint32((q - 1) / (2 * p.Gamma2))
	r1, r0 := decompose(p, r)
	pos := uint32(-r0) >> 31 // r0 > 0
	// h=1, r0>0: (r1+1) mod m; h=1, r0≤0: (r1−1) mod m.
	up := r1 + 1
	up &^= -(1 - ctNotEqual(up, m))
	down := r1 - 1 + m&-(1-ctNotEqual(r1, 0))
	adj := down ^ (up^down)&-pos
	return r1 ^ (r1^adj)&-h
}

// Whole-polynomial forms of the rounding kernels, the portable twins of the
// SIMD kernels.

// polyPower2RoundSumGeneric sets t1 and t0 to Power2Round(a + b)
// coefficient-wise, t0 as field elements.
func polyPower2RoundSumGeneric(t1, t0, a, b *ringElement) {
	for j := range t1 {
		r1, r0 := power2Round(fieldAdd(a[j], b[j]))
		t1[j] = fieldElement(r1)
		t0[j] = r0
	}
}

// t0Element is t0, the low part of key generation's Power2Round, with
// coefficients in (−2¹², 2¹²], as signed 16-bit integers: the form a private
// key keeps it in, half the size of a ringElement (keyblock.go).
type t0Element [n]int16

// narrowT0Generic sets out to t0, field elements in (−2¹², 2¹²], as signed
// integers (their centred values).
func narrowT0Generic(out *t0Element, t0 *ringElement) {
	for j, c := range t0 {
		out[j] = int16(fieldCentered(c))
	}
}

// widenT0Generic sets f to t's coefficients as field elements: the portable
// kernel behind widenT0, narrowT0's inverse.
func widenT0Generic(f *ringElement, t *t0Element) {
	for j, v := range t {
		f[j] = fieldFromInt32(int32(v))
	}
}

// polyHighBitsGeneric sets w1 to HighBits(r) coefficient-wise.
func polyHighBitsGeneric(p *Params, w1, r *ringElement) {
	for j, c := range r {
		w1[j] = fieldElement(highBits(p, c))
	}
}

// polyMakeHintsGeneric sets h to MakeHint(−ct0, w0 + ct0) coefficient-wise
// (the hint of Algorithm 7, line 26, FIPS 204, with w0 = w − c·s2) and
// returns its number of ones.
func polyMakeHintsGeneric(p *Params, h, w0, ct0 *ringElement) int {
	ones := 0
	for j := range n {
		r := fieldAdd(w0[j], ct0[j])
		b := makeHint(p, fieldSub(0, ct0[j]), r)
		h[j] = fieldElement(b)
		ones += int(b)
	}
	return ones
}

// polyUseHintsGeneric sets w1 to UseHint(h, r) coefficient-wise.
func polyUseHintsGeneric(p *Params, w1, h, r *ringElement) {
	for j, c := range r {
		w1[j] = fieldElement(useHint(p, uint32(h[j]), c))
	}
}
