//go:build !amd64 || purego

package keccak

// permuteX1 permutes one state with the portable code.
func permuteX1(a *[25]uint64) { permute(a) }

// permuteX4 permutes four interleaved states with the portable code.
func permuteX4(a *[25 * 4]uint64) { permuteInterleavedGeneric(a[:]) }

// permuteX8 permutes eight interleaved states with the portable code.
func permuteX8(a *[25 * 8]uint64) { permuteInterleavedGeneric(a[:]) }

// xorBlocks adds in[s][off:off+rate] to state s of the interleaved states a,
// for every s.
func xorBlocks(a []uint64, in [][]byte, off, rate int) { xorBlocksGeneric(a, in, off, rate) }

// storeBlocks writes the first rate bytes of state s of the interleaved
// states a to out[s][off:], for every s.
func storeBlocks(out [][]byte, off int, a []uint64, rate int) {
	storeBlocksGeneric(out, off, a, rate)
}
