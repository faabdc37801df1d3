//go:build !amd64 || purego

package mldsa

// Without assembly every kernel is the portable Go one.

// nttTo sets out to the NTT of f (Algorithm 41, FIPS 204).
func nttTo(out *nttElement, f *ringElement) { *out = nttGeneric(f) }

// invNTTTo sets out to the inverse NTT of a Montgomery product (Algorithm
// 42, FIPS 204); see invNTTGeneric.
func invNTTTo(out *ringElement, a *nttElement) { *out = invNTTGeneric(a) }

// nttMulTo sets p to the pointwise Montgomery product a·b·2⁻³².
func nttMulTo(p, a, b *nttElement) { *p = nttMulGeneric(a, b) }

// nttDotTo sets p to Σ a[i]·b[i]·2⁻³² for up to maxL pairs.
func nttDotTo(p *nttElement, a []nttElement, b []nttElement) { *p = nttDotGeneric(a, b) }

// polyAddTo sets s to a + b; it works on either domain.
func polyAddTo[T ~[n]fieldElement](s, a, b *T) { *s = polyAddGeneric(a, b) }

// polySubTo sets s to a − b; it works on either domain.
func polySubTo[T ~[n]fieldElement](s, a, b *T) { *s = polySubGeneric(a, b) }

// infinityNormBelow reports whether every coefficient of f has |f mod± q| <
// bound.
func infinityNormBelow[T ~[n]fieldElement](f *T, bound int) bool {
	return infinityNormBelowGeneric(f, bound)
}

// lowBitsNormBelow reports whether ‖LowBits(r)‖∞ < bound, in constant time.
func lowBitsNormBelow(p *Params, r *ringElement, bound int) bool {
	return lowBitsNormBelowGeneric(p, r, bound)
}

// polyHighBits sets w1 to HighBits(r) coefficient-wise.
func polyHighBits(p *Params, w1, r *ringElement) { polyHighBitsGeneric(p, w1, r) }

// polyMakeHints sets h to MakeHint(−ct0, w0 + ct0) coefficient-wise and
// returns its number of ones.
func polyMakeHints(p *Params, h, w0, ct0 *ringElement) int {
	return polyMakeHintsGeneric(p, h, w0, ct0)
}

// polyUseHints sets w1 to UseHint(h, r) coefficient-wise.
func polyUseHints(p *Params, w1, h, r *ringElement) { polyUseHintsGeneric(p, w1, h, r) }

// unpackZ decodes z (or y in ExpandMask), with coefficients in (−γ1, γ1].
func unpackZ(p *Params, z *ringElement, in []byte) { unpackZGeneric(p, z, in) }

// packW1 is w1Encode for one polynomial (Algorithm 28, FIPS 204).
func packW1(p *Params, out []byte, w1 *ringElement) { packW1Generic(p, out, w1) }

// rejNTTPoly fills a from index filled on with coefficients accepted from
// buf, three bytes each (Algorithms 14 and 30, FIPS 204), and returns the new
// fill level.
func rejNTTPoly(a *nttElement, filled int, buf []byte) int { return rejNTTPolyGeneric(a, filled, buf) }

// unpackT1 decodes the 10-bit coefficients of t1 (pkDecode).
func unpackT1(t1 *ringElement, in []byte) { unpackT1Generic(t1, in) }

// rejBoundedPoly fills a from index filled on with coefficients in [−η, η]
// accepted from the half-bytes of buf (Algorithms 15 and 31, FIPS 204), and
// returns the new fill level.
func rejBoundedPoly(a *ringElement, filled int, eta int, buf []byte) int {
	return rejBoundedPolyGeneric(a, filled, eta, buf)
}

// packT1 writes the 10-bit coefficients of t1 (pkEncode).
func packT1(out []byte, t1 *ringElement) { packT1Generic(out, t1) }

// packZ writes z, with coefficients in (−γ1, γ1], as BitPack(z, γ1 − 1, γ1).
func packZ(p *Params, out []byte, z *ringElement) { packZGeneric(p, out, z) }

// packedMulTo sets out to base + Σ windows − bias mod q for a packed table
// (pspm.go): base ± c·s.
func packedMulTo(out, base *ringElement, table *[2 * n]byte, ch *challenge, group int, top uint64, bias uint32) {
	packedMulGeneric(out, base, table, ch, group, top, bias)
}

// challengeWindows writes the window offsets and sign masks of c's nonzero
// coefficients (pspm.go) to windows and signs and returns their count.
func challengeWindows(windows, signs *[n]uint32, c *ringElement) int {
	return challengeWindowsGeneric(windows, signs, c)
}

// fillTable writes the packed table (η − s, η + s, η − s) of s (pspm.go).
func fillTable(tab *packedTable, s *ringElement, eta int) { fillTableGeneric(tab, s, eta) }

// tableSecret sets s[j] to η − window[j] mod q.
func tableSecret(s *ringElement, window *[n]byte, eta int) { tableSecretGeneric(s, window, eta) }

// polyPower2RoundSum sets t1 and t0 to Power2Round(a + b) coefficient-wise
// (Algorithm 35, FIPS 204), t0 as field elements.
func polyPower2RoundSum(t1, t0, a, b *ringElement) { polyPower2RoundSumGeneric(t1, t0, a, b) }
