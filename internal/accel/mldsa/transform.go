package mldsa

import "unsafe"

// The transform kernels modulo q = 8380417, exported for package polymul,
// which multiplies polynomials of other schemes' rings (SMAUG-T, NCC-Sign)
// exactly through them. Coefficients are fully reduced, in [0, q), on both
// sides; each call dispatches like the engine's own (nttTo, invNTTTo,
// nttDotTo), so it runs the AVX-512 or AVX2 assembly when the level allows.

// MaxDotPairs is the largest number of pairs NTTDot takes.
const MaxDotPairs = maxL

// NTT sets out to the NTT of in (FIPS 204, Algorithm 41); out and in do
// not overlap.
func NTT(out, in *[n]uint32) {
	nttTo((*nttElement)(unsafe.Pointer(out)), (*ringElement)(unsafe.Pointer(in)))
}

// InverseNTT sets out to the inverse NTT of in scaled by 2^32 (FIPS 204,
// Algorithm 42, as invNTTTo); out and in do not overlap.
func InverseNTT(out, in *[n]uint32) {
	invNTTTo((*ringElement)(unsafe.Pointer(out)), (*nttElement)(unsafe.Pointer(in)))
}

// NTTDot sets out to Σ_j a[j]∘b[j]·2^−32 for 1 ≤ len(a) = len(b) ≤
// MaxDotPairs.
func NTTDot(out *[n]uint32, a, b [][n]uint32) {
	nttDotTo((*nttElement)(unsafe.Pointer(out)),
		unsafe.Slice((*nttElement)(unsafe.Pointer(unsafe.SliceData(a))), len(a)),
		unsafe.Slice((*nttElement)(unsafe.Pointer(unsafe.SliceData(b))), len(b)))
}
