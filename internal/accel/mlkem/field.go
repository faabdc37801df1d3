package mlkem

// q is the ML-KEM modulus, 13·256 + 1.
const q = 3329

// fieldElement is an element of Z_q, always kept in [0, q).
type fieldElement uint16

// Barrett reduction constants: barrettMultiplier = ⌊2^32 / q⌋. For any x < 2^32,
// ⌊x·barrettMultiplier / 2^32⌋ is ⌊x/q⌋ or ⌊x/q⌋ − 1 (the dropped fraction of
// the multiplier costs less than x/2^32 < 1), so one conditional subtraction
// completes the reduction.
const (
	barrettMultiplier = (1 << 32) / q
	barrettShift      = 32
)

// fieldReduceOnce maps x in [0, 2q) to [0, q) without branching.
func fieldReduceOnce(x uint16) fieldElement {
	r := x - q
	// If x < q, r wrapped around and its top bit is set: add q back.
	r += q & -(r >> 15)
	return fieldElement(r)
}

// fieldAdd returns a + b mod q.
func fieldAdd(a, b fieldElement) fieldElement {
	return fieldReduceOnce(uint16(a + b))
}

// fieldSub returns a − b mod q.
func fieldSub(a, b fieldElement) fieldElement {
	return fieldReduceOnce(uint16(a - b + q))
}

// barrettReduce returns x mod q in constant time.
func barrettReduce(x uint32) fieldElement {
	return fieldReduceOnce(uint16(barrettReduceLazy(x)))
}

// barrettReduceLazy returns a value congruent to x modulo q in [0, 2q): the
// Barrett reduction without its final conditional subtraction, for
// intermediate values that tolerate a spare multiple of q.
func barrettReduceLazy(x uint32) uint32 {
	quotient := uint32((uint64(x) * barrettMultiplier) >> barrettShift)
	return x - quotient*q
}

// fieldMul returns a·b mod q.
func fieldMul(a, b fieldElement) fieldElement {
	return barrettReduce(uint32(a) * uint32(b))
}
