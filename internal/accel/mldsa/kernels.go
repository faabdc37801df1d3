package mldsa

import "unsafe"

// The kernel contract of package mldsa: each kernel's one dispatch point.
// A kernel asks its architecture's hook (…Arch, generated into
// kernels_<arch>.go, or kernels_noasm.go where there is no assembly) to run
// the active level's assembly, and otherwise runs its Go twin (…Generic),
// which is its specification. Every assembly kernel returns fully reduced
// coefficients, so its output equals the Go twin's bit for bit
// (kernels_test.go, levels_test.go).

//go:generate go -C ../_asm run ./mldsa -out ../mldsa/kernels_amd64.s -stubs ../mldsa/kernels_amd64_stubs.go -arch ../mldsa/kernels_amd64.go -noasm ../mldsa/kernels_noasm.go -pkg mldsa
//go:generate go -C ../_asm run ./mldsa -goarch arm64 -out ../mldsa/kernels_arm64.s -stubs ../mldsa/kernels_arm64_stubs.go -arch ../mldsa/kernels_arm64.go -pkg mldsa
//go:generate go -C ../_asm run ./arm -pkg mldsa -out ../mldsa/kernels_arm.s -stubs ../mldsa/kernels_arm_stubs.go
//go:generate go -C ../_asm run ./mldsa -armstubs ../mldsa/kernels_arm_stubs.go -arch ../mldsa/kernels_arm.go -pkg mldsa

// words views a polynomial as the uint32 array the assembly takes.
func words[T ~[n]fieldElement](p *T) *[n]uint32 { return (*[n]uint32)(unsafe.Pointer(p)) }

// nttTo sets out to the NTT of f (Algorithm 41, FIPS 204).
func nttTo(out *nttElement, f *ringElement) {
	if !nttArch(words(out), words(f)) {
		*out = nttGeneric(f)
	}
}

// invNTTTo sets out to the inverse NTT of a Montgomery product (Algorithm
// 42, FIPS 204); see invNTTGeneric.
func invNTTTo(out *ringElement, a *nttElement) {
	if !invNTTArch(words(out), words(a)) {
		*out = invNTTGeneric(a)
	}
}

// nttMulTo sets p to the pointwise Montgomery product a·b·2⁻³² (Algorithm
// 45, FIPS 204, up to the Montgomery factor that invNTT removes).
func nttMulTo(p, a, b *nttElement) {
	if !nttMulArch(words(p), words(a), words(b)) {
		*p = nttMulGeneric(a, b)
	}
}

// nttDotTo sets p to Σ a[i]·b[i]·2⁻³² for up to maxL pairs (Algorithms 45
// and 44, FIPS 204): one row of Â times a vector.
func nttDotTo(p *nttElement, a []nttElement, b []nttElement) {
	if len(a) == 0 {
		*p = nttElement{}
		return
	}
	b = b[:len(a)] // the kernels read len(a) elements of each
	if !nttDotArch(words(p), words(&a[0]), words(&b[0]), len(a)) {
		*p = nttDotGeneric(a, b)
	}
}

// polyAddTo sets s to a + b (Algorithm 44, FIPS 204); it works on either
// domain.
func polyAddTo[T ~[n]fieldElement](s, a, b *T) {
	if !polyAddArch(words(s), words(a), words(b)) {
		*s = polyAddGeneric(a, b)
	}
}

// polySubTo sets s to a − b; it works on either domain.
func polySubTo[T ~[n]fieldElement](s, a, b *T) {
	if !polySubArch(words(s), words(a), words(b)) {
		*s = polySubGeneric(a, b)
	}
}

// infinityNormBelow reports whether every coefficient of f has |f mod± q| <
// bound (the ‖·‖∞ checks of Algorithms 7 and 8, FIPS 204), reading every
// coefficient. The kernels return the maximum of (f + bound − 1) mod q,
// which is below 2·bound − 1 exactly when every |f mod± q| < bound.
func infinityNormBelow[T ~[n]fieldElement](f *T, bound int) bool {
	m, ok := normMaxArch(words(f), uint32(bound-1))
	if !ok {
		return infinityNormBelowGeneric(f, bound)
	}
	return ctLess(m, uint32(2*bound-1)) == 1
}

// lowBitsNormBelow reports whether ‖LowBits(r)‖∞ < bound (Algorithm 37,
// FIPS 204, and the r0 check of Algorithm 7), in constant time.
func lowBitsNormBelow(p *Params, r *ringElement, bound int) bool {
	m, ok := lowBitsNormMaxArch(p.Gamma2 == (q-1)/32, words(r))
	if !ok {
		return lowBitsNormBelowGeneric(p, r, bound)
	}
	return ctLess(m, uint32(bound)) == 1
}

// polyPower2RoundSum sets t1 and t0 to Power2Round(a + b) coefficient-wise
// (Algorithm 35, FIPS 204), t0 as field elements.
func polyPower2RoundSum(t1, t0, a, b *ringElement) {
	if !power2RoundSumArch(words(t1), words(t0), words(a), words(b)) {
		polyPower2RoundSumGeneric(t1, t0, a, b)
	}
}

// narrowT0 sets out to t0, field elements in (−2¹², 2¹²], as signed
// 16-bit integers (t0Element).
func narrowT0(out *t0Element, t0 *ringElement) {
	if !narrowT0Arch((*[n]int16)(out), words(t0)) {
		narrowT0Generic(out, t0)
	}
}

// widenT0 sets f to t's coefficients, in (−2¹², 2¹²], as field elements:
// narrowT0's inverse, for a key's first signature (t0Hat) and its encoding.
func widenT0(f *ringElement, t *t0Element) {
	if !widenT0Arch(words(f), (*[n]int16)(t)) {
		widenT0Generic(f, t)
	}
}

// polyHighBits sets w1 to HighBits(r) coefficient-wise (Algorithm 37, FIPS
// 204).
func polyHighBits(p *Params, w1, r *ringElement) {
	if !highBitsArch(p.Gamma2 == (q-1)/32, words(w1), words(r)) {
		polyHighBitsGeneric(p, w1, r)
	}
}

// polyMakeHints sets h to MakeHint(−ct0, w0 + ct0) coefficient-wise
// (Algorithm 39, FIPS 204) and returns its number of ones.
func polyMakeHints(p *Params, h, w0, ct0 *ringElement) int {
	ones, ok := makeHintsArch(p.Gamma2 == (q-1)/32, words(h), words(w0), words(ct0))
	if !ok {
		return polyMakeHintsGeneric(p, h, w0, ct0)
	}
	return int(ones)
}

// polyUseHints sets w1 to UseHint(h, r) coefficient-wise (Algorithm 40,
// FIPS 204).
func polyUseHints(p *Params, w1, h, r *ringElement) {
	if !useHintsArch(p.Gamma2 == (q-1)/32, words(w1), words(h), words(r)) {
		polyUseHintsGeneric(p, w1, h, r)
	}
}

// unpackZ decodes z (or y in ExpandMask), with coefficients in (−γ1, γ1],
// from 32·(1 + log2 γ1) bytes of in (BitUnpack, Algorithm 19, FIPS 204).
// The …Overread kernels read 16 bytes past the packing, so they run only
// when in has them (it does in ExpandMask's buffers and in a signature,
// where the hints follow z).
func unpackZ(p *Params, z *ringElement, in []byte) {
	size := 32 * p.gamma1Bits
	if unpackZArch(p.gamma1Bits, words(z), &in[:size][0]) {
		return
	}
	if len(in) >= size+16 && unpackZOverreadArch(p.gamma1Bits, words(z), &in[0]) {
		return
	}
	unpackZGeneric(p, z, in)
}

// unpackT1 decodes the 10-bit coefficients of t1 (pkDecode, Algorithm 23,
// FIPS 204) from 320 bytes of in. The …Overread kernel reads 16 bytes past
// the packing: it runs in place when in has them (every t1 of a public key
// but the last), and on a padded copy otherwise, which costs far less than
// the portable code.
func unpackT1(t1 *ringElement, in []byte) {
	if unpackT1Arch(words(t1), &in[:320][0]) {
		return
	}
	if len(in) >= 320+16 {
		if unpackT1OverreadArch(words(t1), &in[0]) {
			return
		}
	} else {
		var padded [320 + 16]byte
		copy(padded[:], in[:320])
		if unpackT1OverreadArch(words(t1), &padded[0]) {
			return
		}
	}
	unpackT1Generic(t1, in)
}

// packW1 is w1Encode for one polynomial (Algorithm 28, FIPS 204): 4-bit
// (γ2 = (q−1)/32) or 6-bit coefficients.
func packW1(p *Params, out []byte, w1 *ringElement) {
	out = out[:32*p.w1Bits] // the kernels write exactly these bytes
	if !packW1Arch(p.w1Bits, &out[0], words(w1)) {
		packW1Generic(p, out, w1)
	}
}

// packZ writes z, with coefficients in (−γ1, γ1], as BitPack(z, γ1 − 1, γ1)
// (Algorithm 17 in sigEncode, FIPS 204).
func packZ(p *Params, out []byte, z *ringElement) {
	out = out[:32*p.gamma1Bits] // the kernels write exactly these bytes
	if !packZArch(p.gamma1Bits, &out[0], words(z)) {
		packZGeneric(p, out, z)
	}
}

// packT1 writes the 10-bit coefficients of t1 (pkEncode, Algorithm 22,
// FIPS 204) to 320 bytes of out.
func packT1(out []byte, t1 *ringElement) {
	out = out[:320] // the kernels write exactly these bytes
	if !pack10Arch(&out[0], words(t1)) {
		packT1Generic(out, t1)
	}
}

// packT0 writes t0, with coefficients in (−2¹², 2¹²], as
// BitPack(t0, 2¹² − 1, 2¹²) (Algorithm 17 in skEncode, Algorithm 24,
// FIPS 204) to 416 bytes of out.
func packT0(out []byte, t0 *ringElement) {
	out = out[:32*d] // the kernels write exactly these bytes
	if !packT0Arch(&out[0], words(t0)) {
		packT0Generic(out, t0)
	}
}

// packEta writes s1 or s2, with coefficients in [−η, η], as
// BitPack(s, η, η) (Algorithm 17 in skEncode, Algorithm 24, FIPS 204):
// 3-bit (η = 2) or 4-bit (η = 4) values η − s.
func packEta(p *Params, out []byte, s *ringElement) {
	out = out[:32*p.etaBits] // the kernels write exactly these bytes
	if !packEtaArch(p.etaBits, &out[0], words(s)) {
		packEtaGeneric(p, out, s)
	}
}

// rejNTTPoly fills a from index filled on with coefficients accepted from
// buf, three bytes each (Algorithms 14 and 30, FIPS 204), and returns the new
// fill level. The SIMD kernels take whole chunks of candidates while they
// fit; the portable kernel takes the rest, candidate by candidate, so the
// bytes consumed and the coefficients are exactly the portable kernel's.
func rejNTTPoly(a *nttElement, filled int, buf []byte) int {
	if len(buf) > 0 {
		if f, used, ok := rejUniformArch(words(a), filled, &buf[0], len(buf)); ok {
			filled, buf = f, buf[used:]
		}
	}
	return rejNTTPolyGeneric(a, filled, buf)
}

// rejBoundedPoly fills a from index filled on with coefficients in [−η, η]
// accepted from the half-bytes of buf (Algorithms 15 and 31, FIPS 204), and
// returns the new fill level. The SIMD kernels take whole chunks while they
// fit and the portable kernel the rest; see rejBoundedPolyGeneric and the
// generator for why the data-dependent fill level leaks nothing.
func rejBoundedPoly(a *ringElement, filled int, eta int, buf []byte) int {
	if len(buf) > 0 {
		if f, used, ok := rejEtaArch(eta, words(a), filled, &buf[0], len(buf)); ok {
			filled, buf = f, buf[used:]
		}
	}
	return rejBoundedPolyGeneric(a, filled, eta, buf)
}

// packedMulTo sets out to base + Σ windows − bias mod q for a packed table
// (pspm.go): base ± c·s, the products c·s1 and c·s2 of Algorithm 7, FIPS 204.
func packedMulTo(out, base *ringElement, table *[2 * n]byte, ch *challenge, group int, top uint64, bias uint32) {
	if !packedMulArch(words(out), words(base), table, &ch.windows, &ch.signs, ch.count, group, top, bias) {
		packedMulGeneric(out, base, table, ch, group, top, bias)
	}
}

// challengeWindows writes the window offsets and sign masks of c's nonzero
// coefficients (pspm.go) to windows and signs and returns their count.
func challengeWindows(windows, signs *[n]uint32, c *ringElement) int {
	if count, ok := challengeWindowsArch(windows, signs, words(c)); ok {
		return count
	}
	return challengeWindowsGeneric(windows, signs, c)
}

// fillTable writes the packed table (η − s, η + s, η − s) of s (pspm.go),
// whose coefficients are congruent to values in [−η, η].
func fillTable(tab *packedTable, s *ringElement, eta int) {
	if !fillTableArch((*[3 * n]byte)(tab), words(s), uint32(eta)) {
		fillTableGeneric(tab, s, eta)
	}
}

// tableSecret sets s[j] to η − window[j] mod q: s from the first window of
// its packed table.
func tableSecret(s *ringElement, window *[n]byte, eta int) {
	if !tableSecretArch(words(s), window, uint32(eta)) {
		tableSecretGeneric(s, window, eta)
	}
}
