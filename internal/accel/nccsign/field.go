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
// the representatives, so the engine computes the same values: −v·2^−32
// centred for the true product v of the field for the products with a
// (whose x is y·2^32, z·2^32 or s1·2^32), −v·2^32·2^−32 for those of the
// challenge with s1, s2, t0 (both operands in Montgomery form), and
// −v·2^(32+d)·2^−32 for c·t1 in verification; the scale is the last step of
// polymul.LargeField's products.

// uniformNTT is the uniform polynomial a in the transform domains of the
// exact (two-prime) product.
type uniformNTT = polymul.LargePair

// smallNTT is a polynomial with small coefficients (the challenge, s1, s2,
// t0, t1) in the transform domain of the one-prime product.
type smallNTT = polymul.LargeNTT

// mulUniform sets out to the reference's frommont(poly_mul(x, a)) for
// x = b·2^32: fromMont(a·b) = −a·b·2^−32 mod q centred, for the uniform a
// (coefficients in [0, 2^23)) and b with |b_i| ≤ 2^19, whose integer
// product is within the exact range of polymul.LargeMulExact
// (2039·2^23·2^19 < P·P1/2).
func (p *Params) mulUniform(out poly, a *uniformNTT, b poly) {
	p.field.MulPoly(out, a, b, uint32(p.q)-1)
}

// mulChallenge sets out = fromMont(c·s·k mod q) = −c·s·k·2^−32 mod q
// centred, for the ±1 challenge c of weight τ and |s_i| < 2^13 (so
// |c·s| ≤ τ·2^13 < P/2 and one prime is exact), with k = 2^32 mod q for the
// products of signing and 2^(32+d) mod q for c·t1.
func (p *Params) mulChallenge(out poly, c, s *smallNTT, k uint32) {
	p.field.MulSmall(out, c, s, uint32(p.q)-k)
}

// mulUniformField sets v to the canonical field product a·b (the scale
// 2^32 mod q undoes the Montgomery factor).
func (p *Params) mulUniformField(v []uint32, a *uniformNTT, b poly) {
	c := p.newPoly()
	p.field.MulPoly(c, a, b, p.rMod)
	p.uncentre(v, c)
}

// mulChallengeField sets v to the canonical field product c·s.
func (p *Params) mulChallengeField(v []uint32, c, s *smallNTT) {
	r := p.newPoly()
	p.field.MulSmall(r, c, s, p.rMod)
	p.uncentre(v, r)
}

// uncentre sets v[i] = c[i] mod q in [0, q).
func (p *Params) uncentre(v []uint32, c poly) {
	for i, x := range c {
		v[i] = uint32(p.caddq(x))
	}
}

// caddq adds q to a negative a, without branching.
func (p *Params) caddq(a int32) int32 { return a + (a>>31)&p.q }
