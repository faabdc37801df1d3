package nccsign

import "github.com/crystals-go/crystals/internal/accel/polymul"

// poly is an element of the ring as its n coefficients (n ≤ 2039), in the
// representative range each operation states.
type poly []int32

func (p *Params) newPoly() poly { return make(poly, p.n) }

// The products follow the reference exactly. Its poly_mul returns
// x·y·2^−32 mod q, canonical, for inputs x, y as given (a Montgomery
// product), and its poly_frommont then maps each coefficient m to
// (m − t·q) >> 32 with t = m·QINV mod 2^32 as a signed 32-bit value; QINV
// being −q^−1, that is −m·2^−32 mod q, in [−q/2, q/2). The scheme is
// consistent with these negated, scaled products, and its bytes depend on
// the representatives, so the engine computes the true product v in the
// field and applies the same map: fromMont(v) for the products with a
// (whose x is y·2^32, z·2^32 or s1·2^32) and fromMont(v·2^32) for those of
// the challenge with s1, s2, t0 (both operands in Montgomery form), and
// fromMont(v·2^(32+d)) for c·t1 in verification.

// fromMont is the reference's poly_frommont on one coefficient m in [0, q].
func (p *Params) fromMont(m uint32) int32 {
	t := int32(m * p.qInvNeg)
	return int32((int64(m) - int64(t)*int64(p.q)) >> 32)
}

// mulMod returns a·b mod q for a, b < 2^32.
func (p *Params) mulMod(a, b uint32) uint32 {
	_, r := p.qDiv.divmod(uint64(a) * uint64(b))
	return uint32(r)
}

// uniformNTT is the uniform polynomial a in the transform domains of the
// exact (two-prime) product.
type uniformNTT = polymul.LargePair

// smallNTT is a polynomial with small coefficients (the challenge, s1, s2,
// t0, t1) in the transform domain of the one-prime product.
type smallNTT = polymul.LargeNTT

// foldReduce maps the integer product c of two ring elements (degree
// ≤ 2n − 2, |c_i| < 2^55) to its canonical residues in Z_q[X]/(X^p − X − 1):
// X^i = X^(i−p)·(X + 1) for i ≥ p moves c_i onto i − p and i − p + 1, both
// below p, so one pass from the top suffices; the sums stay below 2^57.
func (p *Params) foldReduce(out []uint32, c *[polymul.LargeN]int64) {
	n := p.n
	for i := 2*n - 2; i >= n; i-- {
		c[i-n] += c[i]
		c[i-n+1] += c[i]
	}
	// A multiple of q above 2^57 makes every sum non-negative.
	off := int64(p.q) * ((1<<57)/int64(p.q) + 1)
	for i := range n {
		_, r := p.qDiv.divmod(uint64(c[i] + off))
		out[i] = uint32(r)
	}
}

// mulUniform sets out to the reference's frommont(poly_mul(x, a)) for
// x = b·2^32: fromMont(a·b), for the uniform a (coefficients in [0, 2^23))
// and b with |b_i| ≤ 2^19, whose integer product is within the exact range
// of polymul.LargeMulExact (2039·2^23·2^19 < P·P1/2).
func (p *Params) mulUniform(out poly, a *uniformNTT, b poly) {
	v := make([]uint32, p.n)
	p.mulUniformField(v, a, b)
	for i, m := range v {
		out[i] = p.fromMont(m)
	}
}

// mulChallenge sets out = fromMont(c·s·k mod q) for the ±1 challenge c of
// weight τ and |s_i| < 2^13 (so |c·s| ≤ τ·2^13 < P/2 and one prime is
// exact), with k = 2^32 for the products of signing and 2^(32+d) for c·t1.
func (p *Params) mulChallenge(out poly, c, s *smallNTT, k uint32) {
	v := make([]uint32, p.n)
	p.mulChallengeField(v, c, s)
	for i, m := range v {
		out[i] = p.fromMont(p.mulMod(m, k))
	}
}

// mulUniformField sets v to the canonical field product a·b.
func (p *Params) mulUniformField(v []uint32, a *uniformNTT, b poly) {
	var bt uniformNTT
	bt.Set(b)
	var c [polymul.LargeN]int64
	polymul.LargeMulExact(&c, a, &bt)
	p.foldReduce(v, &c)
}

// mulChallengeField sets v to the canonical field product c·s.
func (p *Params) mulChallengeField(v []uint32, c, s *smallNTT) {
	var r [polymul.LargeN]int32
	polymul.LargeMulSmall(&r, c, s)
	var w [polymul.LargeN]int64
	for i, x := range r[:2*p.n-1] {
		w[i] = int64(x)
	}
	p.foldReduce(v, &w)
}

// caddq adds q to a negative a, without branching.
func (p *Params) caddq(a int32) int32 { return a + (a>>31)&p.q }
