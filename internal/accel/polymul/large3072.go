package polymul

// This file is the Go twin of a shorter large transform: the negacyclic
// NTT of length 3072 = 3·2^10, which holds the products of NCC-Sign's
// smallest set (p = 1201, degree ≤ 2p − 2 = 2400 < 3072) in three quarters
// of the work of length 4096. Both moduli of the large products serve it:
// 6144 divides P − 1 = 2^13·3·11·31 and P1 − 1 = 2^13·3·87377, so each
// has a primitive 6144th root of unity ψ. With X = x^1024, x^3072 + 1 =
// X^3 + 1 = Π_k (X − γ_k) for γ_k = ψ^(1024·(2k+1)), k = 0, 1, 2: a radix-3
// layer maps a = A0 + A1·X + A2·X^2 to B_k = A0 + γ_k·A1 + γ_k^2·A2, and
// ten radix-2 layers split each x^1024 − γ_k down to linear factors.
// The AVX2 kernels of this length are not written yet, so no product uses
// it; it is tested against schoolbook multiplication.

// large3N is the length of the shorter large transform.
const large3N = 3072

// large3Blocks is the length of one of the radix-3 layer's three blocks.
const large3Blocks = large3N / 3

// large3Modulus is one prime of the length-3072 transform with its tables,
// in the Montgomery arithmetic of largeModulus (R = 2^32, values in [0, p)).
type large3Modulus struct {
	md mont
	// gamma holds γ_k·R and γ_k^2·R for k = 0, 1, 2; gammaInvScaled
	// holds γ_k^−j·scale (j = 1, 2), the inverse radix-3 layer's factors
	// with the final one.
	gamma, gammaInvScaled [3][2]uint32
	// zetas holds, layer after layer and block after block in the order
	// of the butterflies, the twiddle s·R of the radix-2 split of
	// x^L − s^2 into (x^(L/2) − s)(x^(L/2) + s); zetasInv holds s^−1·R.
	zetas, zetasInv [large3N - 3]uint32
	// scale is R^2/3072 mod p: the inverse's final factor, which also
	// undoes the pointwise product's R^−1.
	scale uint32
}

// large3Mods are the length-3072 tables of P and P1, in that order.
var large3Mods = [2]*large3Modulus{newLarge3Modulus(P), newLarge3Modulus(P1)}

func newLarge3Modulus(p uint32) *large3Modulus {
	pp := int64(p)
	// ψ = g^((p−1)/6144) for g generating the group has order 6144: its
	// 3072nd power is −1 and its 2048th power is not 1.
	g := int64(2)
	for {
		psi := powModN(g, (pp-1)/6144, pp)
		if powModN(psi, 3072, pp) == pp-1 && powModN(psi, 2048, pp) != 1 {
			break
		}
		g++
	}
	psi := powModN(g, (pp-1)/6144, pp)
	r := (1 << 32) % pp
	pow := func(e int64) uint32 { // ψ^e·R mod p for any integer e
		e %= 2 * large3N
		if e < 0 {
			e += 2 * large3N
		}
		return uint32(powModN(psi, e, pp) * r % pp)
	}
	m := &large3Modulus{md: largeMods[0].arith()}
	if p != P {
		m.md = largeMods[1].arith()
	}
	for k := range 3 {
		e := int64(large3Blocks * (2*k + 1))
		m.gamma[k] = [2]uint32{pow(e), pow(2 * e)}
	}
	m.scale = uint32(r * r % pp * powModN(large3N, pp-2, pp) % pp)
	for k := range 3 {
		e := int64(large3Blocks * (2*k + 1))
		m.gammaInvScaled[k] = [2]uint32{m.md.mul(pow(-e), m.scale), m.md.mul(pow(-2*e), m.scale)}
	}
	// exps are the exponents e of the blocks' moduli x^L − ψ^e, layer by
	// layer; a block's children are x^(L/2) ∓ ψ^(e/2), that is ψ^(e/2)
	// and ψ^(e/2 + 3072). Every e is a multiple of 2^(layers left), as
	// 1024 and 3072 are, so the halving is exact.
	exps := []int64{large3Blocks, 3 * large3Blocks, 5 * large3Blocks}
	i := 0
	for len(exps) < large3N {
		next := make([]int64, 0, 2*len(exps))
		for _, e := range exps {
			m.zetas[i], m.zetasInv[i] = pow(e/2), pow(-e/2)
			i++
			next = append(next, e/2, e/2+large3N)
		}
		exps = next
	}
	return m
}

// forward transforms a in place: the radix-3 layer, then the radix-2
// layers of lengths 512 down to 1, values in [0, p). A short a (zero from
// 2048 on, as every operand of the p = 1201 products is) skips A2's
// products; γ_1 = −1 needs none.
func (m *large3Modulus) forward(a *[large3N]uint32, short bool) {
	md := m.md
	const b = large3Blocks
	g := &m.gamma
	for j := range b {
		a0, a1, a2 := a[j], a[b+j], a[2*b+j]
		if short {
			a[j] = md.add(a0, md.mul(g[0][0], a1))
			a[b+j] = md.sub(a0, a1)
			a[2*b+j] = md.add(a0, md.mul(g[2][0], a1))
			continue
		}
		a[j] = md.add(a0, md.add(md.mul(g[0][0], a1), md.mul(g[0][1], a2)))
		a[b+j] = md.add(md.sub(a0, a1), a2)
		a[2*b+j] = md.add(a0, md.add(md.mul(g[2][0], a1), md.mul(g[2][1], a2)))
	}
	z := 0
	for length := b / 2; length >= 1; length >>= 1 {
		for start := 0; start < large3N; start += 2 * length {
			s := m.zetas[z]
			z++
			lo := a[start : start+length]
			hi := a[start+length : start+2*length]
			hi = hi[:len(lo)]
			for j, x := range lo {
				t := md.mul(s, hi[j])
				lo[j], hi[j] = md.add(x, t), md.sub(x, t)
			}
		}
	}
}

// inverse undoes forward on a pointwise Montgomery product, so that
// inverse(forward(a)·forward(b)·R^−1) = a·b in Z_p[x]/(x^3072+1): the
// radix-2 layers (Gentleman–Sande, each leaving a factor 2), the inverse
// radix-3 layer (leaving 3) fused with the factor scale.
func (m *large3Modulus) inverse(a *[large3N]uint32) {
	md := m.md
	const b = large3Blocks
	z := len(m.zetasInv)
	for length := 1; length <= b/2; length <<= 1 {
		// The blocks of this length are the last large3N/(2·length) twiddles
		// before z, in the forward order.
		blocks := large3N / (2 * length)
		z -= blocks
		for i := range blocks {
			s := m.zetasInv[z+i]
			start := 2 * length * i
			lo := a[start : start+length]
			hi := a[start+length : start+2*length]
			hi = hi[:len(lo)]
			for j, x := range lo {
				y := hi[j]
				lo[j], hi[j] = md.add(x, y), md.mul(s, md.sub(x, y))
			}
		}
	}
	c := &m.gammaInvScaled
	for j := range b {
		b0, b1, b2 := a[j], a[b+j], a[2*b+j]
		a[j] = md.mul(m.scale, md.add(b0, md.add(b1, b2)))
		for i := 1; i < 3; i++ {
			a[i*b+j] = md.add(md.mul(c[0][i-1], b0), md.add(md.mul(c[1][i-1], b1), md.mul(c[2][i-1], b2)))
		}
	}
}

// large3MulExact sets out = a·b in Z[x]/(x^3072+1), exactly, whenever every
// coefficient of the true product lies in (−P·P1/2, P·P1/2) and every
// input coefficient in [−P, 2P) (len(a), len(b) ≤ 3072): the two residues
// by the length-3072 transforms, then the CRT of the length-4096 product
// (out's upper quarter is zero).
func large3MulExact(out *[LargeN]int64, a, b []int32) {
	var r [2][LargeN]uint32
	for i, m := range large3Mods {
		var x, y [large3N]uint32
		largeMods[i].fromSignedGeneric(x[:len(a)], a)
		largeMods[i].fromSignedGeneric(y[:len(b)], b)
		m.forward(&x, len(a) <= 2*large3Blocks)
		m.forward(&y, len(b) <= 2*large3Blocks)
		for j := range x {
			x[j] = m.md.mul(x[j], y[j])
		}
		m.inverse(&x)
		copy(r[i][:], x[:])
	}
	crtGeneric(out, &r[0], &r[1])
}
