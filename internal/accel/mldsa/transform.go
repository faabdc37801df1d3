package mldsa

import "unsafe"

// The transform kernels modulo q = 8380417, exported for package polymul,
// which multiplies polynomials of other schemes' rings (SMAUG-T, NCC-Sign)
// exactly through them. Outputs are fully reduced, in [0, q), and so are
// the inputs of InverseNTT and NTTDot; NTT takes signed coefficients (see
// there). Each call dispatches like the engine's own (nttTo, invNTTTo,
// nttDotTo), so it runs the level's assembly when there is some.

// MaxDotPairs is the largest number of pairs NTTDot takes.
const MaxDotPairs = maxL

// NTT sets out to the NTT of in mod q (FIPS 204, Algorithm 41), for
// |in[i]| < q; out and in do not overlap. Every NTT kernel, the Go twin and
// the assembly of each level, reads its coefficients as int32 lanes and
// reduces lazily by their absolute value (signed Montgomery, Shoup or
// Barrett products, a full signed reduction at the end), so inputs in
// (−q, q) keep the bounds that [0, q) does and come out as their residues would
// (TestNTTSignedInputs, at every level): callers with small signed
// polynomials need no conversion into [0, q) first.
func NTT(out *[n]uint32, in *[n]int32) {
	nttTo((*nttElement)(unsafe.Pointer(out)), (*ringElement)(unsafe.Pointer(in)))
}

// InverseNTT sets out to the inverse NTT of in scaled by 2^32 (FIPS 204,
// Algorithm 42, as invNTTTo); out may be in (every kernel reads a block
// before it writes it, and the Go twin works on a copy).
func InverseNTT(out, in *[n]uint32) {
	invNTTTo((*ringElement)(unsafe.Pointer(out)), (*nttElement)(unsafe.Pointer(in)))
}

// NTTDot sets out to Σ_j a[j]∘b[j]·2^−32 for 1 ≤ len(a) = len(b) ≤
// MaxDotPairs; out may be a[0] or b[0] (every kernel reads a block of all
// the pairs before it writes that block of out, TestNTTDotInPlace).
func NTTDot(out *[n]uint32, a, b [][n]uint32) {
	nttDotTo((*nttElement)(unsafe.Pointer(out)),
		unsafe.Slice((*nttElement)(unsafe.Pointer(unsafe.SliceData(a))), len(a)),
		unsafe.Slice((*nttElement)(unsafe.Pointer(unsafe.SliceData(b))), len(b)))
}
