//go:build !purego

package mldsa

import (
	"unsafe"

	"github.com/crystals-go/crystals/internal/accel/cpu"
)

//go:generate go -C ../_asm run ./mldsa -out ../mldsa/kernels_amd64.s -stubs ../mldsa/kernels_amd64_stubs.go -pkg mldsa

// Each kernel picks its implementation when called, from cpu.Active(): the
// generated AVX-512 or AVX2 assembly, or the portable Go kernel that is its
// specification. Every assembly kernel returns fully reduced coefficients,
// so its output equals the Go kernel's bit for bit (kernels_amd64_test.go).

// words views a polynomial as the uint32 array the assembly takes.
func words[T ~[n]fieldElement](p *T) *[n]uint32 { return (*[n]uint32)(unsafe.Pointer(p)) }

// nttTo sets out to the NTT of f (Algorithm 41, FIPS 204).
func nttTo(out *nttElement, f *ringElement) {
	switch cpu.Active() {
	case cpu.AVX512:
		nttAVX512(words(out), words(f))
	case cpu.AVX2:
		nttAVX2(words(out), words(f))
	default:
		*out = nttGeneric(f)
	}
}

// invNTTTo sets out to the inverse NTT of a Montgomery product (Algorithm
// 42, FIPS 204); see invNTTGeneric.
func invNTTTo(out *ringElement, a *nttElement) {
	switch cpu.Active() {
	case cpu.AVX512:
		invNTTAVX512(words(out), words(a))
	case cpu.AVX2:
		invNTTAVX2(words(out), words(a))
	default:
		*out = invNTTGeneric(a)
	}
}

// nttMulTo sets p to the pointwise Montgomery product a·b·2⁻³² (Algorithm
// 45, FIPS 204, up to the Montgomery factor that invNTT removes).
func nttMulTo(p, a, b *nttElement) {
	switch cpu.Active() {
	case cpu.AVX512:
		nttMulAVX512(words(p), words(a), words(b))
	case cpu.AVX2:
		nttMulAVX2(words(p), words(a), words(b))
	default:
		*p = nttMulGeneric(a, b)
	}
}

// nttDotTo sets p to Σ a[i]·b[i]·2⁻³² for up to maxL pairs: one row of Â
// times a vector.
func nttDotTo(p *nttElement, a []nttElement, b []nttElement) {
	if len(a) == 0 {
		*p = nttElement{}
		return
	}
	b = b[:len(a)] // the kernels read len(a) elements of each
	switch cpu.Active() {
	case cpu.AVX512:
		nttDotAVX512(words(p), words(&a[0]), words(&b[0]), len(a))
	case cpu.AVX2:
		nttDotAVX2(words(p), words(&a[0]), words(&b[0]), len(a))
	default:
		*p = nttDotGeneric(a, b)
	}
}

// polyAddTo sets s to a + b; it works on either domain.
func polyAddTo[T ~[n]fieldElement](s, a, b *T) {
	switch cpu.Active() {
	case cpu.AVX512:
		polyAddAVX512(words(s), words(a), words(b))
	case cpu.AVX2:
		polyAddAVX2(words(s), words(a), words(b))
	default:
		*s = polyAddGeneric(a, b)
	}
}

// polySubTo sets s to a − b; it works on either domain.
func polySubTo[T ~[n]fieldElement](s, a, b *T) {
	switch cpu.Active() {
	case cpu.AVX512:
		polySubAVX512(words(s), words(a), words(b))
	case cpu.AVX2:
		polySubAVX2(words(s), words(a), words(b))
	default:
		*s = polySubGeneric(a, b)
	}
}

// infinityNormBelow reports whether every coefficient of f has |f mod± q| <
// bound (the ‖·‖∞ checks of Algorithms 7 and 8, FIPS 204), reading every
// coefficient. The kernels return the maximum of (f + bound − 1) mod q,
// which is below 2·bound − 1 exactly when every |f mod± q| < bound.
func infinityNormBelow[T ~[n]fieldElement](f *T, bound int) bool {
	var m uint32
	switch cpu.Active() {
	case cpu.AVX512:
		m = normMaxAVX512(words(f), uint32(bound-1))
	case cpu.AVX2:
		m = normMaxAVX2(words(f), uint32(bound-1))
	default:
		return infinityNormBelowGeneric(f, bound)
	}
	return ctLess(m, uint32(2*bound-1)) == 1
}

// lowBitsNormBelow reports whether ‖LowBits(r)‖∞ < bound, in constant time.
func lowBitsNormBelow(p *Params, r *ringElement, bound int) bool {
	var m uint32
	switch level, by32 := cpu.Active(), p.Gamma2 == (q-1)/32; {
	case level == cpu.AVX512 && by32:
		m = lowBitsNormMax32AVX512(words(r))
	case level == cpu.AVX512:
		m = lowBitsNormMax88AVX512(words(r))
	case level == cpu.AVX2 && by32:
		m = lowBitsNormMax32AVX2(words(r))
	case level == cpu.AVX2:
		m = lowBitsNormMax88AVX2(words(r))
	default:
		return lowBitsNormBelowGeneric(p, r, bound)
	}
	return ctLess(m, uint32(bound)) == 1
}

// polyPower2RoundSum sets t1 and t0 to Power2Round(a + b) coefficient-wise
// (Algorithm 35, FIPS 204), t0 as field elements.
func polyPower2RoundSum(t1, t0, a, b *ringElement) {
	switch cpu.Active() {
	case cpu.AVX512:
		power2RoundSumAVX512(words(t1), words(t0), words(a), words(b))
	case cpu.AVX2:
		power2RoundSumAVX2(words(t1), words(t0), words(a), words(b))
	default:
		polyPower2RoundSumGeneric(t1, t0, a, b)
	}
}

// polyHighBits sets w1 to HighBits(r) coefficient-wise.
func polyHighBits(p *Params, w1, r *ringElement) {
	switch level, by32 := cpu.Active(), p.Gamma2 == (q-1)/32; {
	case level == cpu.AVX512 && by32:
		highBits32AVX512(words(w1), words(r))
	case level == cpu.AVX512:
		highBits88AVX512(words(w1), words(r))
	case level == cpu.AVX2 && by32:
		highBits32AVX2(words(w1), words(r))
	case level == cpu.AVX2:
		highBits88AVX2(words(w1), words(r))
	default:
		polyHighBitsGeneric(p, w1, r)
	}
}

// polyMakeHints sets h to MakeHint(−ct0, w0 + ct0) coefficient-wise and
// returns its number of ones.
func polyMakeHints(p *Params, h, w0, ct0 *ringElement) int {
	switch level, by32 := cpu.Active(), p.Gamma2 == (q-1)/32; {
	case level == cpu.AVX512 && by32:
		return int(makeHints32AVX512(words(h), words(w0), words(ct0)))
	case level == cpu.AVX512:
		return int(makeHints88AVX512(words(h), words(w0), words(ct0)))
	case level == cpu.AVX2 && by32:
		return int(makeHints32AVX2(words(h), words(w0), words(ct0)))
	case level == cpu.AVX2:
		return int(makeHints88AVX2(words(h), words(w0), words(ct0)))
	}
	return polyMakeHintsGeneric(p, h, w0, ct0)
}

// polyUseHints sets w1 to UseHint(h, r) coefficient-wise.
func polyUseHints(p *Params, w1, h, r *ringElement) {
	switch level, by32 := cpu.Active(), p.Gamma2 == (q-1)/32; {
	case level == cpu.AVX512 && by32:
		useHints32AVX512(words(w1), words(h), words(r))
	case level == cpu.AVX512:
		useHints88AVX512(words(w1), words(h), words(r))
	case level == cpu.AVX2 && by32:
		useHints32AVX2(words(w1), words(h), words(r))
	case level == cpu.AVX2:
		useHints88AVX2(words(w1), words(h), words(r))
	default:
		polyUseHintsGeneric(p, w1, h, r)
	}
}

// unpackZ decodes z (or y in ExpandMask), with coefficients in (−γ1, γ1],
// from 32·(1 + log2 γ1) bytes of in. The AVX2 kernels read 16 bytes past
// the packing, so they run only when in has them (it does in ExpandMask's
// buffers and in a signature, where the hints follow z).
func unpackZ(p *Params, z *ringElement, in []byte) {
	size := 32 * p.gamma1Bits
	switch level := cpu.Active(); {
	case level == cpu.AVX512:
		in = in[:size] // the kernels read exactly these bytes
		if p.gamma1Bits == 18 {
			unpackZ18AVX512(words(z), &in[0])
		} else {
			unpackZ20AVX512(words(z), &in[0])
		}
	case level == cpu.AVX2 && len(in) >= size+16:
		if p.gamma1Bits == 18 {
			unpackZ18AVX2(words(z), &in[0])
		} else {
			unpackZ20AVX2(words(z), &in[0])
		}
	default:
		unpackZGeneric(p, z, in)
	}
}

// unpackT1 decodes the 10-bit coefficients of t1 (pkDecode) from 320 bytes
// of in. The AVX2 kernel reads 16 bytes past the packing, so it runs only
// when in has them (for every t1 of a public key but the last).
func unpackT1(t1 *ringElement, in []byte) {
	switch level := cpu.Active(); {
	case level == cpu.AVX512:
		in = in[:320] // the kernel reads exactly these bytes
		unpack10AVX512(words(t1), &in[0])
	case level == cpu.AVX2 && len(in) >= 320+16:
		unpack10AVX2(words(t1), &in[0])
	default:
		unpackT1Generic(t1, in)
	}
}

// packW1 is w1Encode for one polynomial (Algorithm 28, FIPS 204).
func packW1(p *Params, out []byte, w1 *ringElement) {
	if !packSIMD(out, w1, p.w1Bits) {
		packW1Generic(p, out, w1)
	}
}

// packZ writes z, with coefficients in (−γ1, γ1], as BitPack(z, γ1 − 1, γ1)
// (sigEncode), with the level's kernel (AVX-512 or AVX2) or in Go.
func packZ(p *Params, out []byte, z *ringElement) {
	level := cpu.Active()
	if level == cpu.Portable {
		packZGeneric(p, out, z)
		return
	}
	out = out[:32*p.gamma1Bits] // the kernels write exactly these bytes
	switch {
	case level == cpu.AVX512 && p.gamma1Bits == 18:
		packZ18AVX512(&out[0], words(z))
	case level == cpu.AVX512:
		packZ20AVX512(&out[0], words(z))
	case p.gamma1Bits == 18:
		packZ18AVX2(&out[0], words(z))
	default:
		packZ20AVX2(&out[0], words(z))
	}
}

// packT1 writes the 10-bit coefficients of t1 (pkEncode) to 320 bytes of
// out.
func packT1(out []byte, t1 *ringElement) {
	if !packSIMD(out, t1, 10) {
		packT1Generic(out, t1)
	}
}

// packSIMD writes the bits-wide packing of f (bits 4, 6 or 10) to exactly
// 32·bits bytes of out with the level's kernel, and reports false at level
// Portable, which has none.
func packSIMD(out []byte, f *ringElement, bits int) bool {
	level := cpu.Active()
	if level == cpu.Portable {
		return false
	}
	out = out[:32*bits] // the kernels write exactly these bytes
	o, w := &out[0], words(f)
	switch {
	case level == cpu.AVX512 && bits == 4:
		pack4AVX512(o, w)
	case level == cpu.AVX512 && bits == 6:
		pack6AVX512(o, w)
	case level == cpu.AVX512:
		pack10AVX512(o, w)
	case bits == 4:
		pack4AVX2(o, w)
	case bits == 6:
		pack6AVX2(o, w)
	default:
		pack10AVX2(o, w)
	}
	return true
}

// rejNTTPoly fills a from index filled on with coefficients accepted from
// buf, three bytes each (Algorithms 14 and 30, FIPS 204), and returns the new
// fill level. The SIMD kernels take whole chunks of candidates while they
// fit; the portable kernel takes the rest, candidate by candidate, so the
// bytes consumed and the coefficients are exactly the portable kernel's.
func rejNTTPoly(a *nttElement, filled int, buf []byte) int {
	if len(buf) > 0 {
		used := 0
		switch cpu.Active() {
		case cpu.AVX512:
			filled, used = rejUniformAVX512(words(a), filled, &buf[0], len(buf))
		case cpu.AVX2:
			filled, used = rejUniformAVX2(words(a), filled, &buf[0], len(buf))
		}
		buf = buf[used:]
	}
	return rejNTTPolyGeneric(a, filled, buf)
}

// rejBoundedPoly fills a from index filled on with coefficients in [−η, η]
// accepted from the half-bytes of buf (Algorithms 15 and 31, FIPS 204), and
// returns the new fill level. The SIMD kernels take 8-byte (AVX-512) or
// 4-byte (AVX2) chunks while they fit and the portable kernel the rest; see rejBoundedPolyGeneric and
// the generator for why the data-dependent fill level leaks nothing.
func rejBoundedPoly(a *ringElement, filled int, eta int, buf []byte) int {
	if len(buf) > 0 {
		used := 0
		switch level := cpu.Active(); {
		case level == cpu.AVX512 && eta == 2:
			filled, used = rejEta2AVX512(words(a), filled, &buf[0], len(buf))
		case level == cpu.AVX512:
			filled, used = rejEta4AVX512(words(a), filled, &buf[0], len(buf))
		case level == cpu.AVX2 && eta == 2:
			filled, used = rejEta2AVX2(words(a), filled, &buf[0], len(buf))
		case level == cpu.AVX2:
			filled, used = rejEta4AVX2(words(a), filled, &buf[0], len(buf))
		}
		buf = buf[used:]
	}
	return rejBoundedPolyGeneric(a, filled, eta, buf)
}

// packedMulTo sets out to base + Σ windows − bias mod q for a packed table
// (pspm.go): base ± c·s.
func packedMulTo(out, base *ringElement, table *[2 * n]byte, ch *challenge, group int, top uint64, bias uint32) {
	switch cpu.Active() {
	case cpu.AVX512:
		packedMulAVX512(words(out), words(base), table, &ch.windows, &ch.signs, ch.count, group, top, bias)
	case cpu.AVX2:
		packedMulAVX2(words(out), words(base), table, &ch.windows, &ch.signs, ch.count, group, top, bias)
	default:
		packedMulGeneric(out, base, table, ch, group, top, bias)
	}
}

// challengeWindows writes the window offsets and sign masks of c's nonzero
// coefficients (pspm.go) to windows and signs and returns their count.
func challengeWindows(windows, signs *[n]uint32, c *ringElement) int {
	switch cpu.Active() {
	case cpu.AVX512:
		return challengeWindowsAVX512(windows, signs, words(c))
	case cpu.AVX2:
		return challengeWindowsAVX2(windows, signs, words(c))
	}
	return challengeWindowsGeneric(windows, signs, c)
}

// fillTable writes the packed table (η − s, η + s, η − s) of s (pspm.go),
// whose coefficients are congruent to values in [−η, η].
func fillTable(tab *packedTable, s *ringElement, eta int) {
	switch cpu.Active() {
	case cpu.AVX512:
		fillTableAVX512((*[3 * n]byte)(tab), words(s), uint32(eta))
	case cpu.AVX2:
		fillTableAVX2((*[3 * n]byte)(tab), words(s), uint32(eta))
	default:
		fillTableGeneric(tab, s, eta)
	}
}

// tableSecret sets s[j] to η − window[j] mod q: s from the first window of
// its packed table.
func tableSecret(s *ringElement, window *[n]byte, eta int) {
	switch cpu.Active() {
	case cpu.AVX512:
		tableSecretAVX512(words(s), window, uint32(eta))
	case cpu.AVX2:
		tableSecretAVX2(words(s), window, uint32(eta))
	default:
		tableSecretGeneric(s, window, eta)
	}
}
