// Package polymul multiplies polynomials exactly in Z[x]/(x^256+1), for the
// schemes whose own modulus has no number-theoretic transform: SMAUG-T's
// q = 2^10 or 2^11 (a power of two), and NCC-Sign's rings later.
//
// A product over the integers is computed by a negacyclic NTT modulo the
// NTT-friendly prime P = 8380417 (ML-DSA's q, with a primitive 512th root
// of unity) and read back centred in (−P/2, P/2): whenever every coefficient
// of the true integer result lies in that interval, the result is exact, and
// the caller reduces it modulo its own q. For SMAUG-T (a uniform polynomial
// with coefficients below 2^11 times a ternary one, summed over at most four
// products) the coefficients stay below 4·256·2^11 = 2^21 < P/2.
//
// The Go kernels in ntt.go are the specification; kernels.go is the single
// dispatch point: at the SIMD levels it runs the ML-DSA engine's AVX-512 and
// AVX2 transform kernels (P being ML-DSA's q), which agree with the Go
// kernels bit for bit, every representation at the boundary being fully
// reduced in [0, P).
package polymul
