package polymul

// P is the prime modulus of the transform: 2^23 − 2^13 + 1, so that 512
// divides P − 1 and the negacyclic NTT of length 256 exists.
const P = 8380417

// N is the number of coefficients of a polynomial.
const N = 256

// pInv is P^−1 mod 2^32, for Montgomery reduction with R = 2^32.
const pInv = 58728449

// montgomeryReduce returns a·2^−32 mod P in (−P, P), for |a| < 2^31·P.
func montgomeryReduce(a int64) int32 {
	t := int32(a) * pInv // a·P^−1 mod 2^32, as a signed 32-bit value
	return int32((a - int64(t)*P) >> 32)
}

// reduce32 returns r ≡ a mod P with |r| ≤ 6283009 < P, for a ≤ 2^31 − 2^22.
// It is the signed Barrett-style reduction by the power of two nearest P.
func reduce32(a int32) int32 {
	t := (a + 1<<22) >> 23
	return a - t*P
}

// freeze maps a in (−P, P) to its representative in [0, P), without
// branching on a.
func freeze(a int32) uint32 { return uint32(a + (a>>31)&P) }

// centre maps a in (−P, P) to the representative of a mod P in
// [−(P−1)/2, (P−1)/2], without branching on a.
func centre(a int32) int32 {
	a += (a >> 31) & P                    // [0, P)
	a -= P & ((int32((P-1)/2) - a) >> 31) // subtract P above (P−1)/2
	return a
}

// centreReduced is centre for a in [0, P).
func centreReduced(a uint32) int32 {
	x := int32(a)
	return x - P&((int32((P-1)/2)-x)>>31)
}

// powMod returns b^e mod P.
func powMod(b, e int64) int64 { return powModN(b, e, P) }

// powModN returns b^e mod m, for 0 < m < 2^31.
func powModN(b, e, m int64) int64 {
	r := int64(1)
	b %= m
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % m
		}
		b = b * b % m
	}
	return r
}
