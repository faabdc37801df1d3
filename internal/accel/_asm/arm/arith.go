package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"

// Modular arithmetic on NEON lanes, shared by both rings.
//
// Products by a constant b are Barrett multiplications (Becker et al., "Neon
// NTT", TCHES 2022): with b̃ = round(b·2^(w−1)/q) for w-bit lanes,
//
//	t = VQRDMULH(a, b̃)   round(a·b̃/2^(w−1)) ≈ a·b/q
//	r = VMUL(a, b)        a·b mod 2^w
//	r = VMLS(r, t, q)     a·b − t·q, exact since it fits in w bits
//
// |a·b/q − t| ≤ 1/2 + |a|/2^w, so |r| < q·(1/2 + |a|/2^w) < q for
// |a| < 2^(w−1): no Montgomery factor, three instructions. Products of two
// variables (the pointwise ML-DSA product) are signed Montgomery
// multiplications, R = 2^w: lo = a·(b·q⁻¹ mod R) (VMUL), hi = VQDMULH(a, b),
// t = VQDMULH(lo, q), r = VHSUB(hi, t) = (a·b − lo·q)/R, exact because a·b
// and lo·q agree in their low w+1 bits after doubling.

// field is the arithmetic of one ring on lanes of a given width.
type field struct {
	bits int   // lane width, 16 or 32
	q    int64 // the modulus
	qs   Scalar
	rs   Scalar // holds round(2^(bits−1)/q), the Barrett reduction constant
}

// barrett returns b̃ = round(b·2^(bits−1)/q), the companion of the constant b.
func (fl field) barrett(b int64) int64 {
	num := b << (fl.bits - 1)
	return (2*num + fl.q) / (2 * fl.q)
}

// twiddle is a constant operand of a Barrett multiplication: a pair of
// scalars (b, b̃) or a pair of Q registers holding them lane by lane.
type twiddle struct {
	z, c   Scalar
	zv, cv Q
	vector bool
}

func scalars(z, c Scalar) twiddle { return twiddle{z: z, c: c} }
func vectors(z, c Q) twiddle      { return twiddle{zv: z, cv: c, vector: true} }

// mul sets d = a·b mod q in (−q, q) for the constant b of tw, with tmp as
// scratch; d may be a.
func (fl field) mul(e *fn, d, a Q, tw twiddle, tmp Q) {
	if tw.vector {
		e.I(a32.VQRDMULH(fl.bits, tmp, a, tw.cv))
		e.I(a32.VMUL(fl.bits, d, a, tw.zv))
	} else {
		e.I(a32.VQRDMULHs(fl.bits, tmp, a, tw.c))
		e.I(a32.VMULs(fl.bits, d, a, tw.z))
	}
	e.I(a32.VMLSs(fl.bits, d, tmp, fl.qs))
}

// reduce replaces x by a value congruent modulo q of magnitude at most about
// q/2 (Barrett reduction: the multiplication by 1).
func (fl field) reduce(e *fn, x, tmp Q) {
	e.I(a32.VQRDMULHs(fl.bits, tmp, x, fl.rs))
	e.I(a32.VMLSs(fl.bits, x, tmp, fl.qs))
}

// normalize maps x in (−q, q) to [0, q): q is added to the negative lanes.
func (fl field) normalize(e *fn, x, tmp Q) {
	e.I(a32.VSHR(fl.bits, tmp, x, fl.bits-1))
	e.I(a32.VMLSs(fl.bits, x, tmp, fl.qs))
}

// poly is the assignment of the coefficient groups a kernel works on to Q
// registers, with the scratch registers beside it. A butterfly leaves its
// new high half in a scratch register and frees the old one, so no result
// is copied.
type poly struct {
	reg []Q
	*regs
}

// ct is the Cooley–Tukey butterfly of groups i and j (FIPS 203 Algorithm 9,
// FIPS 204 Algorithm 41): t = ζ·hi, (lo, hi) = (lo + t, lo − t).
func (p poly) ct(fl field, e *fn, i, j int, tw twiddle) {
	lo, hi, t := p.reg[i], p.reg[j], p.get()
	fl.mul(e, hi, hi, tw, t)
	e.I(a32.VSUB(fl.bits, t, lo, hi))
	e.I(a32.VADD(fl.bits, lo, lo, hi))
	p.put(hi)
	p.reg[j] = t
}

// gs is the Gentleman–Sande butterfly of groups i and j (FIPS 203
// Algorithm 10, FIPS 204 Algorithm 42): (lo, hi) = (lo + hi, ζ·(hi − lo)).
func (p poly) gs(fl field, e *fn, i, j int, tw twiddle) {
	lo, hi, t := p.reg[i], p.reg[j], p.get()
	e.I(a32.VSUB(fl.bits, t, hi, lo))
	e.I(a32.VADD(fl.bits, lo, lo, hi))
	fl.mul(e, t, t, tw, hi)
	p.put(hi)
	p.reg[j] = t
}

// swapHalves exchanges the high half of group i with the low half of group
// j (VSWP), turning butterflies between the halves of each register into
// butterflies between two registers; it is its own inverse.
func (p poly) swapHalves(e *fn, i, j int) { e.I(a32.VSWP(p.reg[i].Hi(), p.reg[j].Lo())) }

// transpose32 exchanges the odd 32-bit lanes of group i with the even ones
// of group j (VTRN.32); it is its own inverse.
func (p poly) transpose32(e *fn, i, j int) { e.I(a32.VTRN(32, p.reg[i], p.reg[j])) }

// loadStep and storeStep move the groups of p from and to memory at base,
// advancing a copy in tmp by step (a register holding the stride) after
// each group.
func (p poly) loadStep(f *fn, bits int, base, tmp, step R) {
	f.op("MOVW %v, %v", goReg(base), goReg(tmp))
	for _, q := range p.reg {
		f.I(a32.VLD1(bits, q.Lo(), 2, a32.Step(tmp, step)))
	}
}

func (p poly) storeStep(f *fn, bits int, base, tmp, step R) {
	f.op("MOVW %v, %v", goReg(base), goReg(tmp))
	for _, q := range p.reg {
		f.I(a32.VST1(bits, q.Lo(), 2, a32.Step(tmp, step)))
	}
}

// goReg is the Go assembler's name of a core register.
func goReg(r R) string { return "R" + itoa(int(r)) }

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return string(rune('0'+i/10)) + string(rune('0'+i%10))
}

// halves16 splits the 32-bit value v into the two 16-bit table entries that
// hold it, low half first.
func halves16(v int64) []int64 { return []int64{v & 0xffff, v >> 16 & 0xffff} }

// montMul sets a = a·b·2^−bits mod q, in (−q, q), by the signed Montgomery
// multiplication; it overwrites b and tmp. qinv holds q⁻¹ mod 2^bits.
func (fl field) montMul(e *fn, a, b, tmp Q, qinv Scalar) {
	e.I(a32.VQDMULH(fl.bits, tmp, a, b))
	e.I(a32.VMULs(fl.bits, b, b, qinv))
	e.I(a32.VMUL(fl.bits, a, a, b))
	e.I(a32.VQDMULHs(fl.bits, b, a, fl.qs))
	e.I(a32.VHSUB(fl.bits, a, tmp, b))
}

// forward3 is three Cooley–Tukey layers on eight groups (lengths 4g, 2g, g
// for groups of g coefficients at a stride of g): twiddle lane 1 for the
// first, 2 and 3 for the second, 4–7 for the third, as FIPS 203 and 204
// number them within the subtree.
func (p poly) forward3(fl field, e *fn, tw func(lane int) twiddle) {
	for i := range 4 {
		p.ct(fl, e, i, i+4, tw(1))
	}
	for _, pr := range [][3]int{{0, 2, 2}, {1, 3, 2}, {4, 6, 3}, {5, 7, 3}} {
		p.ct(fl, e, pr[0], pr[1], tw(pr[2]))
	}
	for i := range 4 {
		p.ct(fl, e, 2*i, 2*i+1, tw(4+i))
	}
}

// inverse3 is the three Gentleman–Sande layers undoing forward3: twiddle
// lanes 0–3, then 4 and 5, then 6.
func (p poly) inverse3(fl field, e *fn, tw func(lane int) twiddle) {
	for i := range 4 {
		p.gs(fl, e, 2*i, 2*i+1, tw(i))
	}
	for _, pr := range [][3]int{{0, 2, 4}, {1, 3, 4}, {4, 6, 5}, {5, 7, 5}} {
		p.gs(fl, e, pr[0], pr[1], tw(pr[2]))
	}
	for i := range 4 {
		p.gs(fl, e, i, i+4, tw(6))
	}
}

// scaleAndNormalize ends an inverse transform whose last layer's twiddles
// carried the scaling: the low halves (groups 0–3) are multiplied by the
// scaling, the constant of lane 7, and every group is mapped to [0, q).
func (p poly) scaleAndNormalize(fl field, e *fn, tw func(lane int) twiddle) {
	t := p.get()
	for i := range 4 {
		fl.mul(e, p.reg[i], p.reg[i], tw(7), t)
	}
	for _, q := range p.reg {
		fl.normalize(e, q, t)
	}
	p.put(t)
}
