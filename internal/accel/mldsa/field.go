package mldsa

// Arithmetic in Z_q, q = 8380417. A fieldElement is always fully reduced,
// in [0, q), and every helper is constant time: reductions select with masks
// derived from the sign bit, never with a branch.

const (
	q = 8380417
	n = 256 // coefficients per ring element
	d = 13  // dropped bits of t (FIPS 204, Table 1)

	qInv = 58728449 // q⁻¹ mod 2³², for Montgomery reduction
)

type fieldElement uint32

// fieldReduceOnce maps a in [0, 2q) to [0, q).
func fieldReduceOnce(a uint32) fieldElement {
	x := a - q
	x += uint32(int32(x)>>31) & q
	return fieldElement(x)
}

func fieldAdd(a, b fieldElement) fieldElement { return fieldReduceOnce(uint32(a + b)) }

func fieldSub(a, b fieldElement) fieldElement { return fieldReduceOnce(uint32(a - b + q)) }

// fieldFromInt32 maps a in (−q, q) to its residue.
func fieldFromInt32(a int32) fieldElement {
	return fieldElement(a + (a>>31)&q)
}

// fieldCentered returns a mod± q, in [−(q−1)/2, (q−1)/2].
func fieldCentered(a fieldElement) int32 {
	x := int32(a)
	return x - ((q-1)/2-x)>>31&q
}

// fieldAbs returns |a mod± q|, the contribution of a to an infinity norm.
func fieldAbs(a fieldElement) uint32 {
	x := fieldCentered(a)
	m := x >> 31
	return uint32((x ^ m) - m)
}

// fieldMontMul returns a·b·2⁻³² mod q (Montgomery multiplication).
func fieldMontMul(a, b fieldElement) fieldElement {
	return fieldFromInt32(montReduce(int64(a) * int64(b)))
}

// ctNotEqual returns 1 if a ≠ b and 0 otherwise, without branching.
func ctNotEqual(a, b uint32) uint32 {
	x := a ^ b
	return (x | -x) >> 31
}

// ctLess returns 1 if a < b and 0 otherwise, for a, b < 2³¹.
func ctLess(a, b uint32) uint32 { return (a - b) >> 31 }
