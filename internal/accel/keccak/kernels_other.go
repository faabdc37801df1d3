//go:build !amd64 || purego

package keccak

// permuteX1 permutes one state with the portable code.
func permuteX1(a *[25]uint64) { permute(a) }

// permuteX4 permutes four interleaved states with the portable code.
func permuteX4(a *[25 * 4]uint64) { permuteInterleavedGeneric(a[:]) }

// permuteX8 permutes eight interleaved states with the portable code.
func permuteX8(a *[25 * 8]uint64) { permuteInterleavedGeneric(a[:]) }

// Carries reports false: without the fused kernel nothing is carried.
func Carries() bool { return false }

// permuteX8Carrying reports false: without the fused kernel nothing is
// carried.
func permuteX8Carrying(a *[25 * 8]uint64, c *Carried) bool { return false }

// xorWords adds words 0…words−1 of in[s][off:] to words first… of state s
// of the interleaved states a, for every s.
func xorWords(a []uint64, in [][]byte, off, first, words int) {
	xorWordsGeneric(a, in, off, first, words)
}

// storeWords writes words first…first+words−1 of state s of the interleaved
// states a to out[s][off:], for every s.
func storeWords(out [][]byte, off int, a []uint64, first, words int) {
	storeWordsGeneric(out, off, a, first, words)
}
