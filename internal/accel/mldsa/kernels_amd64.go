//go:build !purego

package mldsa

import (
	"unsafe"

	"github.com/crystals-go/crystals/internal/accel/cpu"
)

//go:generate go -C ../_asm run ./mldsa -out ../mldsa/kernels_amd64.s -stubs ../mldsa/kernels_amd64_stubs.go -pkg mldsa

// Each kernel picks its implementation when called, from cpu.Active(): the
// generated AVX-512 or AVX2 assembly, or the portable Go kernel that is its
// specification. Every assembly kernel returns fully reduced coefficients,
// so its output equals the Go kernel's bit for bit (kernels_amd64_test.go).

// words views a polynomial as the uint32 array the assembly takes.
func words[T ~[n]fieldElement](p *T) *[n]uint32 { return (*[n]uint32)(unsafe.Pointer(p)) }

// ntt returns the NTT of f (Algorithm 41, FIPS 204).
func ntt(f *ringElement) (out nttElement) {
	switch cpu.Active() {
	case cpu.AVX512:
		nttAVX512(words(&out), words(f))
	case cpu.AVX2:
		nttAVX2(words(&out), words(f))
	default:
		out = nttGeneric(f)
	}
	return
}

// invNTT returns the inverse NTT of a Montgomery product (Algorithm 42, FIPS
// 204); see invNTTGeneric.
func invNTT(a *nttElement) (out ringElement) {
	switch cpu.Active() {
	case cpu.AVX512:
		invNTTAVX512(words(&out), words(a))
	case cpu.AVX2:
		invNTTAVX2(words(&out), words(a))
	default:
		out = invNTTGeneric(a)
	}
	return
}

// nttMul returns the pointwise Montgomery product a·b·2⁻³² (Algorithm 45,
// FIPS 204, up to the Montgomery factor that invNTT removes).
func nttMul(a, b *nttElement) (p nttElement) {
	switch cpu.Active() {
	case cpu.AVX512:
		nttMulAVX512(words(&p), words(a), words(b))
	case cpu.AVX2:
		nttMulAVX2(words(&p), words(a), words(b))
	default:
		p = nttMulGeneric(a, b)
	}
	return
}

// nttDot returns Σ a[i]·b[i]·2⁻³² for up to maxL pairs: one row of Â times a
// vector.
func nttDot(a []nttElement, b []nttElement) (p nttElement) {
	if len(a) == 0 {
		return
	}
	b = b[:len(a)] // the kernels read len(a) elements of each
	switch cpu.Active() {
	case cpu.AVX512:
		nttDotAVX512(words(&p), words(&a[0]), words(&b[0]), len(a))
	case cpu.AVX2:
		nttDotAVX2(words(&p), words(&a[0]), words(&b[0]), len(a))
	default:
		p = nttDotGeneric(a, b)
	}
	return
}
