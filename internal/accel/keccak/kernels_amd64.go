//go:build !purego

package keccak

import "github.com/crystals-go/crystals/internal/accel/cpu"

//go:generate go -C ../_asm run ./keccak -out ../keccak/keccakf_amd64.s -stubs ../keccak/keccakf_stubs_amd64.go -pkg keccak

// permuteX1 permutes one state: with the generated scalar kernel (BMI1 ANDN,
// BMI2 RORX) at levels AVX2 and AVX512, in Go otherwise. The scalar kernel
// measured faster here than crypto/sha3's assembly, slightly faster than
// keccakF1600x1AVX512 (the 8-way code on xmm registers) and 1.4× faster than
// keccakF1600x1AVX512Rows (the row layout, bound by shuffles); the
// benchmarks keep measuring all of them.
func permuteX1(a *[25]uint64) {
	if cpu.Active() >= cpu.AVX2 {
		keccakF1600x1BMI2(a)
		return
	}
	permute(a)
}

// permuteX4 permutes four interleaved states: with the AVX-512VL kernel (all
// lanes in ymm registers, VPTERNLOGQ and VPROLQ) at level AVX512, with the
// memory-resident AVX2 kernel at level AVX2.
func permuteX4(a *[25 * 4]uint64) {
	switch cpu.Active() {
	case cpu.AVX512:
		keccakF1600x4AVX512(a)
	case cpu.AVX2:
		keccakF1600x4AVX2(a)
	default:
		permuteInterleavedGeneric(a[:])
	}
}

// permuteX8 permutes eight interleaved states: with the AVX-512 kernel (all
// lanes in zmm registers) at level AVX512, and as two 4-way AVX2 passes at
// level AVX2.
func permuteX8(a *[25 * 8]uint64) {
	switch cpu.Active() {
	case cpu.AVX512:
		keccakF1600x8AVX512(a)
	case cpu.AVX2:
		keccakF1600x8AVX2(a)
	default:
		permuteInterleavedGeneric(a[:])
	}
}

// Carries reports whether ShakeX8 squeezes carry a Carried hash at the
// active level (AVX512, with the fused kernel), so that callers can choose
// a schedule that relies on it.
func Carries() bool { return cpu.Active() == cpu.AVX512 }

// permuteX8Carrying permutes eight interleaved states and absorbs the next
// block of c (which must be ready) with the fused kernel at level AVX512,
// and reports false, doing nothing, at the other levels.
func permuteX8Carrying(a *[25 * 8]uint64, c *Carried) bool {
	if !Carries() {
		return false
	}
	c.addBlock()
	keccakF1600x8x1AVX512(a, &c.s.a)
	return true
}

// xorWords adds words 0…words−1 of in[s][off:] to words first… of state s
// of the interleaved states a, for every s, transposing in vector registers
// where the level has a kernel.
func xorWords(a []uint64, in [][]byte, off, first, words int) {
	level := cpu.Active()
	switch {
	case len(in) == 8 && level >= cpu.AVX2:
		ptrs := wordPointers(in, off, first, words)
		if level == cpu.AVX512 && fitsTiles8(first, words) {
			xorWordsX8AVX512((*[25 * 8]uint64)(a), &ptrs, first, words)
		} else {
			xorWordsX8AVX2((*[25 * 8]uint64)(a), &ptrs, first, words)
		}
	case len(in) == 4 && level >= cpu.AVX2:
		ptrs := wordPointers(in, off, first, words)
		xorWordsX4AVX2((*[25 * 4]uint64)(a), (*[4]*byte)(ptrs[:4]), first, words)
	default:
		xorWordsGeneric(a, in, off, first, words)
	}
}

// storeWords writes words first…first+words−1 of state s of the interleaved
// states a to out[s][off:], for every s, transposing in vector registers
// where the level has a kernel.
func storeWords(out [][]byte, off int, a []uint64, first, words int) {
	level := cpu.Active()
	switch {
	case len(out) == 8 && level >= cpu.AVX2:
		ptrs := wordPointers(out, off, first, words)
		if level == cpu.AVX512 && fitsTiles8(first, words) {
			storeWordsX8AVX512((*[25 * 8]uint64)(a), &ptrs, first, words)
		} else {
			storeWordsX8AVX2((*[25 * 8]uint64)(a), &ptrs, first, words)
		}
	case len(out) == 4 && level >= cpu.AVX2:
		ptrs := wordPointers(out, off, first, words)
		storeWordsX4AVX2((*[25 * 4]uint64)(a), (*[4]*byte)(ptrs[:4]), first, words)
	default:
		storeWordsGeneric(out, off, a, first, words)
	}
}

// fitsTiles8 reports whether the AVX-512 kernels, which load whole tiles of
// eight state words, stay inside the 25 words for this range.
func fitsTiles8(first, words int) bool { return first+(words+7)&^7 <= 25 }
