package polymul

import (
	"unsafe"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/mldsa"
)

// This file is the kernel contract of the package: each kernel is
// documented here and dispatched here, once. P is ML-DSA's q, so at the
// SIMD levels the transforms are the ML-DSA engine's own AVX-512 and AVX2
// kernels (through mldsa.NTT, InverseNTT and NTTDot); at the portable level
// (and under the purego build tag) the Go kernels of ntt.go run, which are
// the specification: every transform takes the signed coefficients as they
// are (the ML-DSA kernels read int32 lanes, see mldsa.NTT) and every other
// representation at the boundary is fully reduced, in [0, P), so the
// levels agree bit for bit (ntt_test.go). The centring in Inverse asks its
// generated hook (centreArch, from internal/accel/_asm/polymul; AVX-512 and
// AVX2 kernels) and falls back to its Go twin.
// The two-prime 16-bit product (Forward16, Dot16, Inverse16; small16.go
// holds their Go twins) asks its generated hooks, AVX2 and AVX-512 kernels
// (one domain, the Go twins' order layout16, at both), and falls back to the
// Go twins, with which they agree bit for bit at every boundary.
//
//go:generate go -C ../_asm run ./polymul -out ../polymul/kernels_amd64.s -stubs ../polymul/kernels_amd64_stubs.go -arch ../polymul/kernels_amd64.go -noasm ../polymul/kernels_noasm.go -pkg polymul

// MaxDotPairs is the largest number of pairs [Dot] takes.
const MaxDotPairs = mldsa.MaxDotPairs

// Forward sets out to the negacyclic NTT modulo P of a, in [0, P), for
// signed coefficients |a[i]| < P; out and a do not overlap.
func Forward(out *[N]uint32, a *[N]int32) {
	if cpu.Active() == cpu.Portable {
		forwardGeneric(out, a)
		return
	}
	mldsa.NTT(out, a)
}

// Dot sets out to the pointwise sum Σ_j a[j]∘b[j]·2^−32 mod P of
// transforms made by [Forward], in [0, P), for 1 ≤ len(a) = len(b) ≤
// MaxDotPairs. Inverse(out) is then Σ_j a[j]·b[j] in Z[x]/(x^256+1) modulo P.
// out may be a[0] or b[0].
func Dot(out *[N]uint32, a, b [][N]uint32) {
	if cpu.Active() == cpu.Portable {
		dotGeneric(out, a, b)
		return
	}
	mldsa.NTTDot(out, a, b)
}

// Inverse sets out to the inverse transform of in (in [0, P), such as
// [Dot]'s output) times 2^32, centred in [−(P−1)/2, (P−1)/2]. Applied to
// Dot's output this is the product of the original polynomials modulo P,
// and so their exact integer product whenever its coefficients lie in that
// interval. out may be in's memory: the transform writes its [0, P) result
// into out and the centring runs there in place.
func Inverse(out *[N]int32, in *[N]uint32) {
	r := (*[N]uint32)(unsafe.Pointer(out))
	if cpu.Active() == cpu.Portable {
		inverseGeneric(r, in)
	} else {
		mldsa.InverseNTT(r, in)
	}
	if !centreArch(out, r) {
		centreGeneric(out, r)
	}
}

// centreGeneric sets out[i] to the representative of in[i] in
// [−(P−1)/2, (P−1)/2], for in[i] in [0, P); out may be in's memory.
func centreGeneric(out *[N]int32, in *[N]uint32) {
	for i := range in {
		out[i] = centreReduced(in[i])
	}
}

// Mul sets out = a·b in Z[x]/(x^256+1), reduced modulo P into
// [−(P−1)/2, (P−1)/2] (exact when the true coefficients lie there), for
// |a[i]|, |b[i]| < P. a's transform, the dot product and the inverse run in
// out's memory, so b's transform is the only scratch.
func Mul(out, a, b *[N]int32) {
	fa := (*[1][N]uint32)(unsafe.Pointer(out))
	var fb [1][N]uint32
	Forward(&fa[0], a)
	Forward(&fb[0], b)
	Dot(&fa[0], fa[:], fb[:])
	Inverse(out, &fa[0])
}

// Fast16 reports whether the two-prime 16-bit product (Forward16,
// Forward16Lazy, Dot16, Inverse16) runs as assembly at the active level,
// where it is faster than the single-prime product (Forward, Dot, Inverse);
// elsewhere it runs as its
// Go twins, slower than the single-prime product, and callers choose that.
// The levels come from the generated hooks' probes, so they are those the
// kernels run at.
func Fast16() bool {
	return forward16ArchAvailable() && forward16LazyArchAvailable() && dot16ArchAvailable() && inverse16ArchAvailable()
}

// Forward16 sets out to the two-prime transform of a, for |a[i]| < 2^11.
func Forward16(out *NTT16, a *[N]int32) {
	if !forward16Arch((*[2][N]int16)(out), a) {
		forward16Generic(out, a)
	}
}

// Forward16Lazy is [Forward16] without the final Barrett reduction:
// |out[i]| below 21 600 modulo 7681 and 31 700 modulo 10753, which Dot16
// takes in its first operand only. It spares one reduction of every
// coefficient where a transform only ever meets reduced ones (a public
// matrix's entries against secrets).
func Forward16Lazy(out *NTT16, a *[N]int32) {
	if !forward16LazyArch((*[2][N]int16)(out), a) {
		forward16LazyGeneric(out, a)
	}
}

// Dot16 sets out to Σ_j a[j]∘b[j]·2^−16 of transforms made by
// [Forward16] (a[j] also by [Forward16Lazy]), Barrett reduced
// (|out[i]| ≤ p/2 + 2), over the first min(len(a), len(b)) pairs; the sums are reduced every four products, so
// any number of pairs stays in range. Inverse16(out) is then Σ_j a[j]·b[j] in
// Z[x]/(x^256+1) when its coefficients lie in (−2^24, 2^24).
func Dot16(out *NTT16, a, b []NTT16) {
	a, b = a[:min(len(a), len(b))], b[:min(len(a), len(b))]
	if len(a) == 0 {
		*out = NTT16{}
		return
	}
	if !dot16Arch((*[2][N]int16)(out), (*[2][N]int16)(&a[0]), (*[2][N]int16)(&b[0]), len(a)) {
		dot16Generic(out, a, b)
	}
}

// Inverse16 sets out to the polynomial whose two-prime transform is in
// (such as Dot16's output) times 2^16, read back by the CRT: the integer
// congruent to both residues modulo 7681·10753, exact for coefficients in
// (−2^24, 2^24). in is left as it was.
func Inverse16(out *[N]int32, in *NTT16) {
	var tmp NTT16
	if !inverse16Arch(out, (*[2][N]int16)(in), (*[2][N]int16)(&tmp)) {
		inverse16Generic(out, in)
	}
}
