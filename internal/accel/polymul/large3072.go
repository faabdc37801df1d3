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
// γ_1 = −1, and g = γ_0 is a primitive sixth root of unity, so g^2 = g − 1,
// γ_2 = g^−1 = 1 − g and γ_2^2 = −g: the radix-3 layer needs one product
// per coefficient when A2 = 0, three otherwise, and its inverse three.
// The radix-2 layers and their twiddle tables have the layout of the
// length-4096 ones (large.go), so the same AVX2 kernels run them.

// large3N is the length of the shorter large transform.
const large3N = 3072

// large3Blocks is the length of one of the radix-3 layer's three blocks.
const large3Blocks = large3N / 3

// large3Max is the largest ring length n whose products (degree 2n − 2)
// the length-3072 transform holds.
const large3Max = (large3N + 1) / 2

// large3Modulus is one prime of the length-3072 transform with its tables,
// in the Montgomery arithmetic of largeModulus (R = 2^32, values in [0, p)).
type large3Modulus struct {
	md mont
	// g is γ_0·R: the forward radix-3 layer's factor.
	g uint32
	// scale is R^2/3072 mod p: the inverse's final factor, which also
	// undoes the pointwise product's R^−1; half is scale/2 and gSum is
	// scale·(1 − 2g)/2, the inverse radix-3 layer's other factors.
	scale, half, gSum uint32
	// zetas holds, for the radix-2 layer of m blocks (m = 3·2^j) and its
	// block b (in the order of the coefficients), at index m + b, the
	// twiddle s·R of the split of x^L − s^2 into (x^(L/2) − s)(x^(L/2) + s);
	// the first three entries are unused. As in the length-4096 table, the
	// inverse's twiddle s^−1 of that block is p − zetas[2m − 1 − b].
	zetas [large3N]uint32
	// invShoup holds scale, half and gSum plain and their Shoup
	// quotients, for the AVX2 inverse radix-3 kernel.
	invShoup [2][3]uint32
	// shoup holds zetas plain and their Shoup quotients (see shoupTables).
	shoup [2][large3N]uint32
	// tailCT and tailGS are the per-lane twiddles of the four layers of
	// lengths 8 to 1 for the vector kernels (see tailVectors), plain and
	// with their Shoup quotients (shoupTails), one chunk of sixteen
	// coefficients after another.
	tailCT, tailGS [large3N / 16][4][2][8]uint32
}

func newLarge3Modulus(lm *largeModulus) *large3Modulus {
	p := lm.p
	pp := int64(p)
	// ψ = g^((p−1)/6144) for g generating the group has order 6144: its
	// 3072nd power is −1 and its 2048th power is not 1.
	gen := int64(2)
	for {
		psi := powModN(gen, (pp-1)/6144, pp)
		if powModN(psi, 3072, pp) == pp-1 && powModN(psi, 2048, pp) != 1 {
			break
		}
		gen++
	}
	psi := powModN(gen, (pp-1)/6144, pp)
	r := (1 << 32) % pp
	plain := func(e int64) int64 { // ψ^e mod p for any integer e
		e %= 2 * large3N
		if e < 0 {
			e += 2 * large3N
		}
		return powModN(psi, e, pp)
	}
	pow := func(e int64) uint32 { return uint32(plain(e) * r % pp) } // ψ^e·R
	m := &large3Modulus{md: lm.arith()}
	m.g = pow(large3Blocks)
	scale := r * r % pp * powModN(large3N, pp-2, pp) % pp
	inv2 := (pp + 1) / 2
	g := plain(large3Blocks)
	m.scale = uint32(scale)
	m.half = uint32(scale * inv2 % pp)
	m.gSum = uint32(scale * ((1 - 2*g + 2*pp) % pp) % pp * inv2 % pp)
	// exps are the exponents e of the blocks' moduli x^L − ψ^e, layer by
	// layer; a block's children are x^(L/2) ∓ ψ^(e/2), that is ψ^(e/2)
	// and ψ^(e/2 + 3072). Every e is a multiple of 2^(layers left), as
	// 1024 and 3072 are, so the halving is exact.
	exps := []int64{large3Blocks, 3 * large3Blocks, 5 * large3Blocks}
	for len(exps) < large3N {
		next := make([]int64, 0, 2*len(exps))
		for b, e := range exps {
			m.zetas[len(exps)+b] = pow(e / 2)
			next = append(next, e/2, e/2+large3N)
		}
		exps = next
	}
	shoupTables(m.shoup[0][:], m.shoup[1][:], m.zetas[:], m.md)
	shoupTables(m.invShoup[0][:], m.invShoup[1][:], []uint32{m.scale, m.half, m.gSum}, m.md)
	ct, gs := tailVectors(m.zetas[:], p)
	sct, sgs := shoupTails(ct, m.md), shoupTails(gs, m.md)
	for c := range m.tailCT {
		copy(m.tailCT[c][:], sct[4*c:])
		copy(m.tailGS[c][:], sgs[4*c:])
	}
	return m
}

// forward3Generic transforms a in place: the radix-3 layer, then the
// radix-2 layers of lengths 512 down to 1, values in [0, p). For a short a
// (zero from 2048 on, as every operand of the products of a field with
// n ≤ large3Max is) the radix-3 layer skips A2's products, and A1's from
// its length k on (a multiple of 8 up to 1024, A1 zero from k on; 1024
// for a long a).
func (m *large3Modulus) forward3Generic(a *[large3N]uint32, k int) {
	m.radix3Generic(a, k)
	md := m.md
	for blocks, length := 3, large3Blocks/2; length >= 1; blocks, length = 2*blocks, length/2 {
		for b := range blocks {
			s := m.zetas[blocks+b]
			lo := a[2*length*b : 2*length*b+length]
			hi := a[2*length*b+length : 2*length*(b+1)]
			hi = hi[:len(lo)]
			for j, x := range lo {
				t := md.mul(s, hi[j])
				lo[j], hi[j] = md.add(x, t), md.sub(x, t)
			}
		}
	}
}

// radix3Generic is the radix-3 layer: with x = g·A1 (and z = g·A2,
// w = g·z), B0 = A0 + x + w, B1 = A0 − A1 + A2, B2 = A0 + A1 − x − z. For
// k < 1024 (A2 zero, A1 zero from k on) there are neither z nor w, and
// from k on every B is A0.
func (m *large3Modulus) radix3Generic(a *[large3N]uint32, k int) {
	md := m.md
	const b = large3Blocks
	short := k < b
	for j := range b {
		a0, a1, a2 := a[j], a[b+j], a[2*b+j]
		if j >= k {
			a[b+j], a[2*b+j] = a0, a0
			continue
		}
		x := md.mul(m.g, a1)
		if short {
			a[j] = md.add(a0, x)
			a[b+j] = md.sub(a0, a1)
			a[2*b+j] = md.sub(md.add(a0, a1), x)
			continue
		}
		z := md.mul(m.g, a2)
		w := md.mul(m.g, z)
		a[j] = md.add(a0, md.add(x, w))
		a[b+j] = md.add(md.sub(a0, a1), a2)
		a[2*b+j] = md.sub(md.add(a0, a1), md.add(x, z))
	}
}

// inverse3Generic undoes forward3Generic on a pointwise Montgomery product,
// so that inverse(forward(a)·forward(b)·R^−1) = a·b in Z_p[x]/(x^3072+1):
// the radix-2 layers (Gentleman–Sande, each leaving a factor 2), then the
// inverse radix-3 layer (leaving 3) fused with the factor scale.
func (m *large3Modulus) inverse3Generic(a *[large3N]uint32) {
	md := m.md
	for blocks, length := large3N/2, 1; length <= large3Blocks/2; blocks, length = blocks/2, 2*length {
		for b := range blocks {
			s := md.p - m.zetas[2*blocks-1-b]
			lo := a[2*length*b : 2*length*b+length]
			hi := a[2*length*b+length : 2*length*(b+1)]
			hi = hi[:len(lo)]
			for j, x := range lo {
				y := hi[j]
				lo[j], hi[j] = md.add(x, y), md.mul(s, md.sub(x, y))
			}
		}
	}
	m.radix3InverseGeneric(a)
}

// radix3InverseGeneric is the inverse radix-3 layer with the factor scale
// s: with S = B0 + B2, A0 = s·(S + B1), and A1, A2 = X ± Y for
// X = s·(1 − 2g)/2·(B0 − B2) and Y = s/2·(S − 2·B1): with γ_k^−1 = 1 − g,
// −1, g and γ_k^−2 = −g, 1, g − 1, 3·(A1 + A2) = (1 − 2g)·(B0 − B2) and
// 3·(A1 − A2) = S − 2·B1.
func (m *large3Modulus) radix3InverseGeneric(a *[large3N]uint32) {
	md := m.md
	const b = large3Blocks
	for j := range b {
		b0, b1, b2 := a[j], a[b+j], a[2*b+j]
		s := md.add(b0, b2)
		x := md.mul(m.gSum, md.sub(b0, b2))
		y := md.mul(m.half, md.sub(md.sub(s, b1), b1))
		a[j] = md.mul(m.scale, md.add(s, b1))
		a[b+j] = md.add(x, y)
		a[2*b+j] = md.sub(x, y)
	}
}

// productInverse3Generic sets out (which may be x) to the inverse
// transform of the pointwise product of x and y: pointwise3Generic, then
// inverse3Generic.
func (m *large3Modulus) productInverse3Generic(out, x, y *[large3N]uint32) {
	m.pointwise3Generic(out, x, y)
	m.inverse3Generic(out)
}

// pointwise3Generic sets out[i] = a[i]·b[i]·R^−1 mod p.
func (m *large3Modulus) pointwise3Generic(out, a, b *[large3N]uint32) {
	md := m.md
	for i := range out {
		out[i] = md.mul(a[i], b[i])
	}
}

// large3Forward sets the first 3072 entries of out to the length-3072
// transform of a (len(a) ≤ 3072, each coefficient in [−P, 2P)) modulo the
// i-th prime, the rest zero.
func large3Forward(i int, out *LargeNTT, a []int32) {
	large3ForwardTo(i, (*[large3N]uint32)(out[:large3N]), a)
	clear(out[large3N:])
}

// large3ForwardTo sets t to the length-3072 transform of a modulo the
// i-th prime, as large3Forward.
func large3ForwardTo(i int, t *[large3N]uint32, a []int32) {
	a = a[:min(len(a), large3N)]
	largeTables().mods[i].fromSigned(t[:len(a)], a)
	clear(t[len(a):])
	largeTables().mods3[i].forward3(t, large3Span(len(a)))
}

// large3Span is the k of forward3Generic for an operand of n
// coefficients: the length of its A1 rounded up to a multiple of 8, or
// 1024 when A2 is not zero (n > 2048). The count is public (the ring's
// length), so the split leaks nothing.
func large3Span(n int) int {
	if n > 2*large3Blocks {
		return large3Blocks
	}
	return (max(n-large3Blocks, 0) + 7) &^ 7
}

// large3Product sets the first 3072 entries of r to the residues modulo
// the i-th prime of the product whose length-3072 transforms a and b hold,
// leaving the others as they were.
func large3Product(i int, r, a, b *LargeNTT) {
	m := largeTables().mods3[i]
	t := (*[large3N]uint32)(r[:large3N])
	m.productInverse3(t, (*[large3N]uint32)(a[:large3N]), (*[large3N]uint32)(b[:large3N]))
}

// large3MulExact sets out = a·b in Z[x]/(x^3072+1), exactly, whenever every
// coefficient of the true product lies in (−P·P1/2, P·P1/2) and every
// input coefficient in [−P, 2P) (len(a), len(b) ≤ 3072): the two residues
// by the length-3072 transforms, then the CRT of the length-4096 product
// (out's upper quarter is zero).
func large3MulExact(out *[LargeN]int64, a, b []int32) {
	var r [2]LargeNTT
	for i := range largeTables().mods3 {
		var x, y LargeNTT
		large3Forward(i, &x, a)
		large3Forward(i, &y, b)
		large3Product(i, &r[i], &x, &y)
	}
	crt(out, (*[LargeN]uint32)(&r[0]), (*[LargeN]uint32)(&r[1]))
}
