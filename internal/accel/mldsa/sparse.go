package mldsa

// Sparse products c·s1 and c·s2 for signing (the idea of PSPM, the parallel
// small-polynomial multiplication of the AVX-512 Dilithium work, in its
// simplest form): c has τ coefficients ±1 and s small ones, so c·s is a sum
// of τ signed rotations of s, exact in 32 bits (|c·s| ≤ τ·η). With the
// negacyclic table T = (−s, s), the rotation X^p·s is the window
// T[n−p … 2n−p). Which positions are read depends on c only: c is public for
// the output signature, and a rejected candidate's c is discarded, as
// sampleInBall's comment argues.
//
// Signing does not use these products: measured against the NTT path (the
// pointwise product with the stored ŝ, one inverse NTT and an addition),
// the AVX-512 kernel is slower, about 360 ns against 270 ns for ML-DSA-65
// (BenchmarkChallengeProducts): its τ·16 additions from unaligned windows
// split cache lines, while the NTT path is about 15 vector instructions per
// coefficient block. They stay as a tested, benchmarked alternative for the
// packed-field variant of PSPM (several coefficients per 32-bit lane), which
// would cut the additions by 3–4×.

// challenge is c as the window offsets n − p of its +1 and −1 positions p.
type challenge struct {
	plus, minus   [n]uint16
	nPlus, nMinus int
}

// set decomposes c (coefficients 0, 1 or q − 1). Variable time on c; see
// above.
func (ch *challenge) set(c *ringElement) {
	ch.nPlus, ch.nMinus = 0, 0
	for p, x := range c {
		switch x {
		case 1:
			ch.plus[ch.nPlus] = uint16(n - p)
			ch.nPlus++
		case q - 1:
			ch.minus[ch.nMinus] = uint16(n - p)
			ch.nMinus++
		}
	}
}

// negacyclicTable returns T = (−s, s) with s centred, the table of
// sparseMul.
func negacyclicTable(s *ringElement) (t [2 * n]int32) {
	for i, x := range s {
		v := fieldCentered(x)
		t[i] = -v
		t[n+i] = v
	}
	return
}

// sparseMulGeneric sets out to base + c·s mod q, or base − c·s with negate,
// for the table of s: the portable kernel behind sparseMul.
func sparseMulGeneric(out, base *ringElement, table *[2 * n]int32, ch *challenge, negate bool) {
	var acc [n]int32
	for _, off := range ch.plus[:ch.nPlus] {
		for i := range acc {
			acc[i] += table[int(off)+i]
		}
	}
	for _, off := range ch.minus[:ch.nMinus] {
		for i := range acc {
			acc[i] -= table[int(off)+i]
		}
	}
	for i, b := range base {
		v := acc[i]
		if negate {
			v = -v
		}
		x := int32(b) + v - q // in (−q − τη, τη)
		x += x >> 31 & q      // in (−τη, q)
		x += x >> 31 & q
		out[i] = fieldElement(x)
	}
}
