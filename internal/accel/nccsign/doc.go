// Package nccsign is the engine of NCC-Sign's non-cyclotomic variant, the
// KpqC round-1 lattice signature over the ring Z_q[X]/(X^p − X − 1), for
// its three η = 2 parameter sets (p = 1201, 1607, 2039).
//
// The bytes follow the round-1 reference code (NIMS-Cryptography's v1.0,
// which produced the published known-answer files), not the later v2.1
// specification, which changed SampleInBall: key generation, signing and
// verification are its crypto_sign_keypair, crypto_sign_signature and
// crypto_sign_verify, with the same expansion of a, samplers, challenge,
// rounding, hints and packing. Its products have a quirk this engine keeps
// bit for bit: the reference's "from Montgomery" step multiplies by −2^−32
// rather than 2^−32, so every product enters the scheme negated and, for
// the products with the uniform a, scaled by 2^−32 (see field.go).
//
// q is inert in the ring, so no NTT exists modulo q; the products are
// computed exactly over the integers in Z[x]/(x^4096+1), or Z[x]/(x^3072+1)
// for p = 1201, by package polymul's large transforms (two primes and the
// CRT for the products with a, one prime for those with the challenge),
// then reduced modulo X^p − X − 1 and q.
//
// Where secrets flow (the secret polynomials, y, the rounding of w) the
// arithmetic is branch-free: reductions by Barrett's method with
// precomputed constants, selections by masks. Rejection decisions and the
// challenge, which the signature reveals, are not hidden.
package nccsign
