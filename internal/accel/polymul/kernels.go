package polymul

// This file is the kernel contract of the package: each exported kernel is
// documented here and dispatched here, once. No SIMD version is generated
// yet, so every level (and the purego build tag) runs the Go kernels of
// ntt.go, which are the specification any later assembly must match bit for
// bit.

// Forward replaces a by its negacyclic NTT modulo P, each output in (−P, P).
// Inputs must satisfy |a[i]| < P.
func Forward(a *[N]int32) { forwardGeneric(a) }

// Inverse replaces a, an NTT-domain value with |a[i]| < P (such as the
// output of [Dot]), by its inverse transform times 2^32, centred in
// [−(P−1)/2, (P−1)/2]. Applied to Dot's output this gives the product of the
// original polynomials modulo P, and so their exact integer product whenever
// its coefficients lie in that interval.
func Inverse(a *[N]int32) { inverseGeneric(a) }

// Dot sets out to the pointwise sum Σ_j a[j]∘b[j]·2^−32 of transforms made
// by [Forward], each output in (−P, P); a and b have the same length (any
// number of pairs). Inverse(out) is then Σ_j a[j]·b[j] in Z[x]/(x^256+1)
// reduced modulo P.
func Dot(out *[N]int32, a, b []*[N]int32) { dotGeneric(out, a, b) }

// Mul sets out = a·b in Z[x]/(x^256+1), reduced modulo P into
// [−(P−1)/2, (P−1)/2] (exact when the true coefficients lie there), for
// |a[i]|, |b[i]| < P. out may alias neither input.
func Mul(out, a, b *[N]int32) {
	fa, fb := *a, *b
	Forward(&fa)
	Forward(&fb)
	Dot(out, []*[N]int32{&fa}, []*[N]int32{&fb})
	Inverse(out)
}
