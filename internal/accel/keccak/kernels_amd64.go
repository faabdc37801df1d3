//go:build !purego

package keccak

import "github.com/crystals-go/crystals/internal/accel/cpu"

//go:generate go -C ../_asm run ./keccak -out ../keccak/keccakf_amd64.s -stubs ../keccak/keccakf_amd64_stubs.go -pkg keccak

// permuteX1 permutes one state: with the generated scalar kernel (BMI1 ANDN,
// BMI2 RORX) at levels AVX2 and AVX512, in Go otherwise. The scalar kernel
// measured faster here than crypto/sha3's assembly and, by a small margin,
// than keccakF1600x1AVX512 (the 8-way code on xmm registers), which the
// benchmarks keep measuring.
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

// xorBlocks adds in[s][off:off+rate] to state s of the interleaved states a,
// for every s, transposing in vector registers where the level has a kernel.
func xorBlocks(a []uint64, in [][]byte, off, rate int) {
	level := cpu.Active()
	switch {
	case len(in) == 8 && level >= cpu.AVX2:
		ptrs := blockPointers(in, off, rate)
		if level == cpu.AVX512 {
			xorBlockX8AVX512((*[25 * 8]uint64)(a), &ptrs, rate/8)
		} else {
			xorBlockX8AVX2((*[25 * 8]uint64)(a), &ptrs, rate/8)
		}
	case len(in) == 4 && level >= cpu.AVX2:
		ptrs := blockPointers(in, off, rate)
		xorBlockX4AVX2((*[25 * 4]uint64)(a), (*[4]*byte)(ptrs[:4]), rate/8)
	default:
		xorBlocksGeneric(a, in, off, rate)
	}
}

// storeBlocks writes the first rate bytes of state s of the interleaved
// states a to out[s][off:], for every s, transposing in vector registers
// where the level has a kernel.
func storeBlocks(out [][]byte, off int, a []uint64, rate int) {
	level := cpu.Active()
	switch {
	case len(out) == 8 && level >= cpu.AVX2:
		ptrs := blockPointers(out, off, rate)
		if level == cpu.AVX512 {
			storeBlockX8AVX512(&ptrs, (*[25 * 8]uint64)(a), rate/8)
		} else {
			storeBlockX8AVX2(&ptrs, (*[25 * 8]uint64)(a), rate/8)
		}
	case len(out) == 4 && level >= cpu.AVX2:
		ptrs := blockPointers(out, off, rate)
		storeBlockX4AVX2((*[4]*byte)(ptrs[:4]), (*[25 * 4]uint64)(a), rate/8)
	default:
		storeBlocksGeneric(out, off, a, rate)
	}
}
