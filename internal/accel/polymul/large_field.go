package polymul

// LargeField is the target of the large products: the ring
// Z_q[X]/(X^n − X − 1) of NCC-Sign, for a prime q in (P, 2^28) and
// n ≤ LargeN/2. Its operands' transforms are of length 3072 when the
// products fit there (n ≤ 1536: NCC-Sign's first set), of length 4096
// otherwise, at every level alike, so a transform made at one level serves
// at any other; [LargeField.SetPair] and [LargeField.SetSmall] make them.
// Its products leave the transforms' residues modulo q at
// once (the CRT taken modulo q, the centring of the one-prime product as a
// residue), fold the 2n coefficients onto n by X^n = X + 1 in the same
// 32-bit lanes, and end with one Montgomery multiplication by a caller's
// constant w and the centring, all constant time.
type LargeField struct {
	n    int
	len3 bool   // the transforms are of length 3072
	q    mont   // q and −q^−1 mod 2^32
	pr   uint32 // P·2^32 mod q: P·u mod q as a Montgomery product
	negM uint32 // −P·P1 mod q: the CRT's centring modulo q
	// prShoup is P mod q and its Shoup quotient ⌊(P mod q)·2^32/q⌋, for
	// the AVX2 CRT (pr's product as Shoup's).
	prShoup [2]uint32
}

// The CRT's centring bound ⌊P·P1/2⌋ = P·crtH1 + crtH0.
const (
	crtH1 = (P1 - 1) / 2
	crtH0 = (P - 1) / 2
)

// NewLargeField returns the field Z_q[X]/(X^n − X − 1); it panics unless
// q is an odd prime in (P, 2^28) and 2 ≤ n ≤ LargeN/2, the bounds its
// arithmetic relies on (the callers pass constants).
func NewLargeField(n int, q uint32) *LargeField {
	if q <= P || q >= 1<<28 || q%2 == 0 || n < 2 || n > LargeN/2 {
		panic("polymul: NewLargeField: q or n out of range")
	}
	inv := uint32(1)
	for range 5 { // Newton's iteration doubles the correct low bits of q^−1
		inv *= 2 - q*inv
	}
	qq := uint64(q)
	m := uint64(P) % qq * (P1 % qq) % qq
	f := &LargeField{
		n:    n,
		len3: n <= large3Max,
		q:    mont{q, -inv},
		pr:   uint32(uint64(P) << 32 % qq),
		negM: uint32((qq - m) % qq),
	}
	shoupTables(f.prShoup[:1], f.prShoup[1:], []uint32{f.pr}, f.q)
	return f
}

// SetPair sets t to the transforms modulo P and P1 of a (len(a) ≤ n, each
// coefficient in [−P, 2P)) at f's length: the operand form of
// [LargeField.MulExact].
func (f *LargeField) SetPair(t *LargePair, a []int32) {
	if !f.len3 {
		t.Set(a)
		return
	}
	for i := range t {
		large3Forward(i, &t[i], a)
	}
}

// SetSmall sets t to the transform modulo P of a (len(a) ≤ n, each
// coefficient in [−P, 2P)) at f's length: the operand form of
// [LargeField.MulSmall].
func (f *LargeField) SetSmall(t *LargeNTT, a []int32) {
	if !f.len3 {
		t.SetSmall(a)
		return
	}
	large3Forward(0, t, a)
}

// MulExact sets out[:n] to the product a·b in the field times w·2^−32
// modulo q (w < q), each coefficient centred in [−(q−1)/2, (q−1)/2], from
// the transforms made by [LargeField.SetPair], whenever the integer
// product's coefficients lie in (−P·P1/2, P·P1/2) (see [LargeMulExact]).
func (f *LargeField) MulExact(out []int32, a, b *LargePair, w uint32) {
	var r [2][LargeN]uint32
	k := f.span()
	for i, m := range largeTables().mods {
		if f.len3 {
			large3Product(i, (*LargeNTT)(&r[i]), &a[i], &b[i])
			continue
		}
		m.productSpan(&r[i], (*[LargeN]uint32)(&a[i]), (*[LargeN]uint32)(&b[i]), max(k-LargeN/2, 0))
	}
	f.crtMod(r[0][:k], r[0][:k], r[1][:k]) // in place: each r0[i] is read before s[i] is set
	f.fold(out, r[0][:], w)
}

// MulPoly is MulExact with b given by its coefficients (len(b) ≤ n, each
// in [−P, 2P)) rather than its transforms: they are made in the product's
// own buffer, which each pointwise product then overwrites, so a product
// by a fixed a costs one buffer, not two.
func (f *LargeField) MulPoly(out []int32, a *LargePair, b []int32, w uint32) {
	k := f.span()
	if f.len3 {
		var r [2][large3N]uint32
		for i, m := range largeTables().mods3 {
			large3ForwardTo(i, &r[i], b)
			m.productInverse3(&r[i], &r[i], (*[large3N]uint32)(a[i][:large3N]))
		}
		f.crtMod(r[0][:k], r[0][:k], r[1][:k])
		f.fold(out, r[0][:], w)
		return
	}
	var r LargePair
	r.Set(b)
	for i, m := range largeTables().mods {
		x := (*[LargeN]uint32)(&r[i])
		m.productSpan(x, x, (*[LargeN]uint32)(&a[i]), max(k-LargeN/2, 0))
	}
	f.crtMod(r[0][:k], r[0][:k], r[1][:k])
	f.fold(out, r[0][:], w)
}

// MulSmall is MulExact for the transforms made by [LargeField.SetSmall],
// whenever every coefficient of the integer product lies in (−P/2, P/2)
// (see [LargeMulSmall]).
func (f *LargeField) MulSmall(out []int32, a, b *LargeNTT, w uint32) {
	m := largeTables().mods[0]
	var r [LargeN]uint32
	k := f.span()
	if f.len3 {
		large3Product(0, (*LargeNTT)(&r), a, b)
	} else {
		m.productSpan(&r, (*[LargeN]uint32)(a), (*[LargeN]uint32)(b), max(k-LargeN/2, 0))
	}
	f.smallMod(r[:k], r[:k])
	f.fold(out, r[:], w)
}

// span is the number of the product's coefficients the fold reads, 0 to
// 2n − 1 (the last always zero), rounded up to a multiple of 8.
func (f *LargeField) span() int { return (2*f.n + 7) &^ 7 }

// fold sets out[:n] to the reduction modulo X^n − X − 1 of the residues
// s[:2n] (each below 3q), scaled and centred: X^i = X^(i−n)·(X + 1) moves
// s[i], i ≥ n, onto i − n and i − n + 1, so coefficient j gathers s[j],
// s[j+n] and, for j ≥ 1, s[j+n−1] (s[2n−1] is zero).
func (f *LargeField) fold(out []int32, s []uint32, w uint32) {
	n := f.n
	out = out[:n]
	out[0] = f.centreMul(s[0]+s[n], w)
	f.fold3(out[1:], s[1:n], s[n+1:2*n], s[n:2*n-1], w)
}

// centreMul returns x·w·2^−32 mod q centred, for x < 9q and w < q.
func (f *LargeField) centreMul(x, w uint32) int32 {
	v := f.q.mul(x, w)
	return int32(v) - int32(f.q.p)&(int32(f.q.p>>1-v)>>31)
}

// foldGeneric sets out[i] = centreMul(a[i] + b[i] + c[i], w).
func (f *LargeField) foldGeneric(out []int32, a, b, c []uint32, w uint32) {
	for i := range out {
		out[i] = f.centreMul(a[i]+b[i]+c[i], w)
	}
}

// crtModGeneric sets s[i] (s may be r0) to a residue modulo q in [0, 3q) of the integer
// c in (−P·P1/2, P·P1/2] with c ≡ r0[i] mod P and c ≡ r1[i] mod P1: with
// u = (r1 − r0)·P^−1 mod P1, c is r0 + P·u less P·P1 exactly when u > crtH1,
// or u = crtH1 and r0 > crtH0.
func (f *LargeField) crtModGeneric(s, r0, r1 []uint32) {
	m1 := largeTables().mods[1].arith()
	for i := range s {
		c0 := r0[i]
		u := m1.mul(m1.sub(r1[i], c0), p0InvMod1)
		gt := uint32(int32(crtH1-u) >> 31)
		eq := uint32(int32((u^crtH1)-1) >> 31)
		g0 := uint32(int32(crtH0-c0) >> 31)
		s[i] = c0 + f.q.mul(u, f.pr) + f.negM&(gt|eq&g0)
	}
}

// smallModGeneric sets s[i] to the residue modulo q in [0, q) of the
// integer in (−P/2, P/2) whose residue modulo P is r[i].
func (f *LargeField) smallModGeneric(s, r []uint32) {
	d := f.q.p - P
	for i := range s {
		s[i] = r[i] + d&uint32(int32(crtH0-r[i])>>31)
	}
}
