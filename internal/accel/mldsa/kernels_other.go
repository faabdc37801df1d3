//go:build !amd64 || purego

package mldsa

// Without assembly every kernel is the portable Go one.

// ntt returns the NTT of f (Algorithm 41, FIPS 204).
func ntt(f *ringElement) nttElement { return nttGeneric(f) }

// invNTT returns the inverse NTT of a Montgomery product (Algorithm 42, FIPS
// 204); see invNTTGeneric.
func invNTT(a *nttElement) ringElement { return invNTTGeneric(a) }

// nttMul returns the pointwise Montgomery product a·b·2⁻³² (Algorithm 45,
// FIPS 204, up to the Montgomery factor that invNTT removes).
func nttMul(a, b *nttElement) nttElement { return nttMulGeneric(a, b) }

// nttDot returns Σ a[i]·b[i]·2⁻³² for up to maxL pairs: one row of Â times a
// vector.
func nttDot(a []nttElement, b []nttElement) nttElement { return nttDotGeneric(a, b) }
