package polymul

import (
	"math/bits"
	"sync"
)

// This file and large_mul.go are the large products: exact multiplication
// in Z[x]/(x^4096+1), for NCC-Sign's rings Z_q[X]/(X^p − X − 1) with
// p ≤ 2039, whose products (degree ≤ 2p − 2 < 4096) embed there without
// wrapping. Its moduli are two NTT-friendly primes ≡ 1 mod 8192, so that
// the negacyclic transform of length 4096 exists for each: P (ML-DSA's q)
// for the products with a small operand, and P with P1 together (by the
// CRT) for the general ones. large3072.go is the shorter transform of
// length 3072 that the smallest set's products use.

// LargeN is the length of the large transform.
const LargeN = 4096

// P1 is the second modulus of the large products: the largest prime below
// 2^31 that is ≡ 1 mod 8192, so that P·P1 > 2^54.
const P1 = 2147377153

// largeModulus is one prime of the large transform with its tables. The
// arithmetic is unsigned Montgomery with R = 2^32, every value in [0, p).
type largeModulus struct {
	p     uint32
	pNeg  uint32         // −p^−1 mod 2^32
	zetas [LargeN]uint32 // ψ^brv12(i)·R mod p; ψ a primitive 8192th root of unity
	scale uint32         // R^2/4096 mod p: the inverse's final factor
	// scaleZ is scale·(p − zetas[1])·R^−1: the last inverse layer's
	// twiddle with the final factor, for lastGS.
	scaleZ uint32

	// shoup holds the twiddles plain (ζ, not ζ·R) and their Shoup
	// quotients ⌊ζ·2^32/p⌋, for the AVX2 pair kernels (see shoupTables).
	shoup [2][LargeN]uint32

	// tailCT and tailGS are the per-lane twiddles of the four layers of
	// lengths 8 to 1, plain and with their Shoup quotients, for the vector
	// kernels (see makeTails): the AVX2 kernels run the last three from
	// them, the AVX-512 ones all four; the layout is the length-3072
	// transform's.
	tailCT, tailGS [LargeN / 16][4][2][8]uint32
}

// largeSet is every table of the large products: those of length 4096 of
// P and P1, in that order, and those of length 3072.
type largeSet struct {
	mods  [2]*largeModulus
	mods3 [2]*large3Modulus
}

// largeTables returns the tables, made on first use: some millions of
// instructions that a program importing the package for its other
// products should not pay at start-up.
var largeTables = sync.OnceValue(func() *largeSet {
	t := &largeSet{mods: [2]*largeModulus{newLargeModulus(P), newLargeModulus(P1)}}
	for i, m := range t.mods {
		t.mods3[i] = newLarge3Modulus(m)
	}
	return t
})

func newLargeModulus(p uint32) *largeModulus {
	m := &largeModulus{p: p}
	pp := int64(p)
	// ψ = g^((p−1)/8192) for a quadratic non-residue g has ψ^4096 = −1,
	// so it is a primitive 8192th root of unity.
	g := int64(2)
	for powModN(g, (pp-1)/2, pp) != pp-1 {
		g++
	}
	psi := powModN(g, (pp-1)/8192, pp)
	r := (1 << 32) % pp
	for i := range m.zetas {
		e := int64(bits.Reverse16(uint16(i)) >> 4)
		m.zetas[i] = uint32(powModN(psi, e, pp) * r % pp)
	}
	inv := uint32(1)
	for range 5 { // Newton's iteration doubles the correct low bits of p^−1
		inv *= 2 - p*inv
	}
	m.pNeg = -inv
	m.scale = uint32(r * r % pp * powModN(LargeN, pp-2, pp) % pp)
	m.scaleZ = m.arith().mul(m.scale, p-m.zetas[1])
	m.makeTails()
	shoupTables(m.shoup[0][:], m.shoup[1][:], m.zetas[:], m.arith())
	return m
}

// shoupTables sets plain[i] to zetas[i]·R^−1 mod p (the twiddle ζ itself)
// and quot[i] to ⌊ζ·2^32/p⌋, the precomputed quotient of Shoup's product
// x·ζ mod p.
func shoupTables(plain, quot []uint32, zetas []uint32, md mont) {
	for i, z := range zetas {
		plain[i] = md.mul(z, 1)
		quot[i] = uint32(uint64(plain[i]) << 32 / uint64(md.p))
	}
}

// makeTails fills tailCT and tailGS from tailVectors.
func (m *largeModulus) makeTails() {
	ct, gs := tailVectors(m.zetas[:], m.p)
	sct, sgs := shoupTails(ct, m.arith()), shoupTails(gs, m.arith())
	for c := range m.tailCT {
		copy(m.tailCT[c][:], sct[4*c:])
		copy(m.tailGS[c][:], sgs[4*c:])
	}
}

// shoupTails turns vectors of twiddles ζ·R into pairs of vectors: the
// plain ζ and the Shoup quotients ⌊ζ·2^32/p⌋, lane by lane.
func shoupTails(vecs [][8]uint32, md mont) [][2][8]uint32 {
	out := make([][2][8]uint32, len(vecs))
	for i, v := range vecs {
		shoupTables(out[i][0][:], out[i][1][:], v[:], md)
	}
	return out
}

// tailVectors returns the per-lane twiddles of the last radix-2 layers of
// a transform whose table zetas (of its length n) holds the twiddle of the
// layer of m blocks and its block b at m + b, the inverse's being p minus
// the entry at 2m − 1 − b. Chunk c holds blocks b = 2c and b + 1 of eight
// coefficients, and gets, in the order the kernels' layers run
// (large_amd64.go), one vector per layer: forward, for length 8
// zetas[n/16 + c] on every lane, for length 4 zetas[n/8 + b] on
// lanes 0–3 and zetas[n/8 + b + 1] on lanes 4–7, for length 2
// zetas[n/4 + 2b + j/2] on lane j, for length 1 zetas[n/2 + 4b + j]; the
// inverse's negated twiddles run backwards the same way, lengths 1 to 8.
func tailVectors(zetas []uint32, p uint32) (ct, gs [][8]uint32) {
	n := len(zetas)
	for c := range n / 16 {
		b := 2 * c
		var v [8][8]uint32
		for j := range 8 {
			v[0][j] = zetas[n/16+c]
			v[1][j] = zetas[n/8+b+j/4]
			v[2][j] = zetas[n/4+2*b+j/2]
			v[3][j] = zetas[n/2+4*b+j]
			v[4][j] = p - zetas[n-1-(4*b+j)]
			v[5][j] = p - zetas[n/2-1-(2*b+j/2)]
			v[6][j] = p - zetas[n/4-1-(b+j/4)]
			v[7][j] = p - zetas[n/8-1-c]
		}
		ct = append(ct, v[0:4]...)
		gs = append(gs, v[4:8]...)
	}
	return ct, gs
}

// mont is the arithmetic of one modulus, held by value so that the
// transforms keep p and −p^−1 in registers.
type mont struct{ p, pNeg uint32 }

func (m *largeModulus) arith() mont { return mont{m.p, m.pNeg} }

// mul returns a·b·R^−1 mod p in [0, p), for a·b < p·2^32.
func (m mont) mul(a, b uint32) uint32 {
	x := uint64(a) * uint64(b)
	t := uint64(uint32(x)*m.pNeg) * uint64(m.p)
	r := uint32((x + t) >> 32) // x + t < 2^63 and ≡ 0 mod 2^32; r < 2p
	return m.sub(r, m.p)
}

// sub returns a − b mod p for a, b in [0, p), or a − p for a in [0, 2p)
// and b = p, without branching.
func (m mont) sub(a, b uint32) uint32 {
	d := int32(a - b) // in (−p, p): p fits in 31 bits
	return uint32(d + int32(m.p)&(d>>31))
}

// add returns a + b mod p for a, b in [0, p).
func (m mont) add(a, b uint32) uint32 { return m.sub(a+b, m.p) }

// reduce returns a mod p in [0, p) for −P ≤ a < 2P (P ≤ p), without
// branching: a negative a gains p, then a value not below p loses it.
func (m *largeModulus) reduce(a int32) uint32 {
	md := m.arith()
	return md.sub(uint32(a+int32(m.p)&(a>>31)), m.p)
}

// forwardGeneric transforms a in place (negacyclic Cooley–Tukey NTT of
// length 4096, the twiddles in bit-reversed order), values in [0, p).
func (m *largeModulus) forwardGeneric(a *[LargeN]uint32) { m.forwardFrom(a, LargeN/2, 0) }

// forwardFrom runs the forward layers from the given length down, the
// layers before it having used the twiddles up to zetas[k]. The last layer,
// whose butterflies are adjacent pairs, runs as its own loop.
func (m *largeModulus) forwardFrom(a *[LargeN]uint32, length, k int) {
	md := m.arith()
	for ; length > 1; length >>= 1 {
		for start := 0; start < LargeN; start += 2 * length {
			k++
			z := m.zetas[k]
			lo := a[start : start+length]
			hi := a[start+length : start+2*length]
			hi = hi[:len(lo)]
			for j, x := range lo {
				t := md.mul(z, hi[j])
				hi[j] = md.sub(x, t)
				lo[j] = md.add(x, t)
			}
		}
	}
	zs := m.zetas[LargeN/2:]
	for i := 0; i < LargeN; i += 2 {
		x, t := a[i], md.mul(zs[i/2], a[i+1])
		a[i], a[i+1] = md.add(x, t), md.sub(x, t)
	}
}

// inverseGeneric undoes forward on a pointwise Montgomery product
// (Gentleman–Sande butterflies, then the factor scale), so that
// inverse(forward(a)·forward(b)·R^−1) = a·b in Z_p[x]/(x^4096+1).
func (m *largeModulus) inverseGeneric(a *[LargeN]uint32) {
	m.inverseUpTo(a, LargeN/2)
	md := m.arith()
	for i := range a {
		a[i] = md.mul(m.scale, a[i])
	}
}

// inverseUpTo runs the inverse layers of lengths 1 to maxLength and returns
// the index of the last twiddle used. The first layer, on adjacent pairs,
// runs as its own loop.
func (m *largeModulus) inverseUpTo(a *[LargeN]uint32, maxLength int) int {
	md := m.arith()
	zs := m.zetas[LargeN/2:]
	for i := 0; i < LargeN; i += 2 {
		z := m.p - zs[(LargeN-2-i)/2]
		x, y := a[i], a[i+1]
		a[i], a[i+1] = md.add(x, y), md.mul(z, md.sub(x, y))
	}
	k := LargeN / 2
	for length := 2; length <= maxLength; length <<= 1 {
		for start := 0; start < LargeN; start += 2 * length {
			k--
			z := m.p - m.zetas[k]
			lo := a[start : start+length]
			hi := a[start+length : start+2*length]
			hi = hi[:len(lo)]
			for j, x := range lo {
				y := hi[j]
				lo[j] = md.add(x, y)
				hi[j] = md.mul(z, md.sub(x, y))
			}
		}
	}
	return k
}

// forwardShortGeneric is forwardGeneric for an a whose upper half is
// zero: the first layer's butterflies are then copies (lo ± ζ·0).
func (m *largeModulus) forwardShortGeneric(a *[LargeN]uint32) {
	copy(a[LargeN/2:], a[:LargeN/2])
	m.forwardFrom(a, LargeN/4, 1)
}

// inverseSpanGeneric is inverseGeneric on the coefficients below
// LargeN/2 + k (k a multiple of 8 in [0, LargeN/2]), the others left
// unspecified: the layers to length 1024, then lastGSGeneric.
func (m *largeModulus) inverseSpanGeneric(a *[LargeN]uint32, k int) {
	m.inverseUpTo(a, LargeN/4)
	m.lastGSGeneric(a, k)
}

// productSpanGeneric sets out (which may be x) to inverseSpanGeneric of
// the pointwise product of x and y: the field products' inverse, with k as
// there.
func (m *largeModulus) productSpanGeneric(out, x, y *[LargeN]uint32, k int) {
	m.pointwiseGeneric(out, x, y)
	m.inverseSpanGeneric(out, k)
}

// lastGSGeneric runs the inverse's last layer (length 2048, twiddle
// p − zetas[1]) fused with the factor scale, its upper outputs only below
// LargeN/2 + k.
func (m *largeModulus) lastGSGeneric(a *[LargeN]uint32, k int) {
	md := m.arith()
	lo, hi := a[:LargeN/2], a[LargeN/2:]
	for j, x := range lo {
		y := hi[j]
		lo[j] = md.mul(m.scale, md.add(x, y))
		if j < k {
			hi[j] = md.mul(m.scaleZ, md.sub(x, y))
		}
	}
}

// pointwiseGeneric sets out[i] = a[i]·b[i]·R^−1 mod p.
func (m *largeModulus) pointwiseGeneric(out, a, b *[LargeN]uint32) {
	md := m.arith()
	for i := range out {
		out[i] = md.mul(a[i], b[i])
	}
}
