// Package polymul multiplies polynomials exactly in Z[x]/(x^256+1), for the
// schemes whose own modulus has no number-theoretic transform: SMAUG-T's
// q = 2^10 or 2^11 (a power of two), and NCC-Sign's rings later.
//
// Two transforms compute a product over the integers. SMAUG-T's runs on
// the two-prime 16-bit one (Forward16, Dot16, Inverse16): negacyclic NTTs
// modulo 7681 and 10753 in int16 lanes and the CRT, exact for result
// coefficients in (−2^24, 2^24); at AVX2 its sixteen lanes a register do
// half the vectors of a 32-bit transform, at AVX-512 thirty-two. The other is a negacyclic NTT
// modulo the NTT-friendly prime P = 8380417 (ML-DSA's q, with a primitive 512th root
// of unity) and read back centred in (−P/2, P/2): whenever every coefficient
// of the true integer result lies in that interval, the result is exact, and
// the caller reduces it modulo its own q. For SMAUG-T (a uniform polynomial
// with coefficients below 2^11 times a ternary one, summed over at most four
// products) the coefficients stay below 4·256·2^11 = 2^21 < P/2.
//
// The Go kernels in ntt.go and small16.go are the specification; kernels.go
// is the single dispatch point: at the SIMD levels it runs the ML-DSA
// engine's AVX-512 and AVX2 transform kernels for P (ML-DSA's q) and this
// package's AVX-512 and AVX2 kernels for the two primes, which agree with the Go
// kernels bit for bit (for P, the transform takes the signed coefficients
// as they are and every other representation at the boundary is fully
// reduced in [0, P); the two-prime kernels perform the Go twins' lane
// operations in order).
package polymul
