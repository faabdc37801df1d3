package keccak

// The kernel contract of package keccak: each kernel's one dispatch point.
// A kernel asks its architecture's hook (…Arch, generated into
// kernels_<arch>.go, or kernels_noasm.go where there is no assembly) to run
// the active level's assembly, and otherwise runs its Go twin (…Generic),
// which is the specification the tests compare every level with.

//go:generate go -C ../_asm run ./keccak -out ../keccak/kernels_amd64.s -stubs ../keccak/kernels_amd64_stubs.go -arch ../keccak/kernels_amd64.go -noasm ../keccak/kernels_noasm.go -pkg keccak
//go:generate go -C ../_asm run ./keccak -goarch arm64 -out ../keccak/kernels_arm64.s -stubs ../keccak/kernels_arm64_stubs.go -arch ../keccak/kernels_arm64.go -pkg keccak
//go:generate go -C ../_asm run ./arm -pkg keccak -out ../keccak/kernels_arm.s -stubs ../keccak/kernels_arm_stubs.go
//go:generate go -C ../_asm run ./keccak -armstubs ../keccak/kernels_arm_stubs.go -arch ../keccak/kernels_arm.go -pkg keccak

// permuteX1InPlace applies Keccak-f[1600] (Keccak-p[1600, 24], FIPS 202 Algorithm
// 7) to one state.
func permuteX1InPlace(a *[25]uint64) {
	if !permuteX1Arch(a) {
		permuteX1Generic(a)
	}
}

// permuteX4InPlace applies Keccak-f[1600] to four lane-interleaved states.
func permuteX4InPlace(a *[25 * 4]uint64) {
	if !permuteX4Arch(a) {
		permuteInterleavedGeneric(a[:])
	}
}

// permuteX8InPlace applies Keccak-f[1600] to eight lane-interleaved states.
func permuteX8InPlace(a *[25 * 8]uint64) {
	if !permuteX8Arch(a) {
		permuteInterleavedGeneric(a[:])
	}
}

// Carries reports whether ShakeX8 squeezes carry a Carried hash at the
// active level (where a fused 8+1-state kernel exists), so that callers can
// choose a schedule that relies on it.
func Carries() bool { return permuteX8x1ArchAvailable() }

// CarriesX4 is [Carries] for ShakeX4 (a fused 4+1-state kernel).
func CarriesX4() bool { return permuteX4x1ArchAvailable() }

// permuteX8CarryingInPlace permutes eight interleaved states and absorbs the next
// block of c (which must be ready) in the same kernel, and reports false,
// doing nothing, where the level has no such kernel.
func permuteX8CarryingInPlace(a *[25 * 8]uint64, c *Carried) bool {
	return c.blockFor(Carries()) && permuteX8x1Arch(a, &c.s.a)
}

// permuteX4CarryingInPlace is permuteX8CarryingInPlace for four states.
func permuteX4CarryingInPlace(a *[25 * 4]uint64, c *Carried) bool {
	return c.blockFor(permuteX4x1ArchAvailable()) && permuteX4x1Arch(a, &c.s.a)
}

// blockFor adds c's next block to its state, for the fused kernel that the
// caller runs at once, if fused (the level has that kernel), and returns
// fused.
func (c *Carried) blockFor(fused bool) bool {
	if fused {
		c.addBlock()
	}
	return fused
}

// xorWords adds words 0…words−1 of in[s][off:] to words first… of state s
// of the interleaved states a, for every s (the absorbing step of FIPS 202
// Algorithm 8, a block at a time), transposing in vector registers where
// the level has a kernel.
func xorWords(a []uint64, in [][]byte, off, first, words int) {
	switch {
	case len(in) == 8 && xorWordsX8ArchAvailable():
		ptrs := wordPointers(in, off, first, words)
		if !fitsTiles8(first, words) || !xorWordsX8TilesArch((*[25 * 8]uint64)(a), &ptrs, first, words) {
			xorWordsX8Arch((*[25 * 8]uint64)(a), &ptrs, first, words)
		}
	case len(in) == 4 && xorWordsX4ArchAvailable():
		ptrs := wordPointers(in, off, first, words)
		xorWordsX4Arch((*[25 * 4]uint64)(a), (*[4]*byte)(ptrs[:4]), first, words)
	default:
		xorWordsGeneric(a, in, off, first, words)
	}
}

// storeWords writes words first…first+words−1 of state s of the interleaved
// states a to out[s][off:], for every s (the squeezing step of FIPS 202
// Algorithm 8), transposing in vector registers where the level has a
// kernel.
func storeWords(out [][]byte, off int, a []uint64, first, words int) {
	switch {
	case len(out) == 8 && storeWordsX8ArchAvailable():
		ptrs := wordPointers(out, off, first, words)
		if !fitsTiles8(first, words) || !storeWordsX8TilesArch((*[25 * 8]uint64)(a), &ptrs, first, words) {
			storeWordsX8Arch((*[25 * 8]uint64)(a), &ptrs, first, words)
		}
	case len(out) == 4 && storeWordsX4ArchAvailable():
		ptrs := wordPointers(out, off, first, words)
		storeWordsX4Arch((*[25 * 4]uint64)(a), (*[4]*byte)(ptrs[:4]), first, words)
	default:
		storeWordsGeneric(out, off, a, first, words)
	}
}

// fitsTiles8 reports whether the tiled 8-state transposes, which load whole
// tiles of eight state words, stay inside the 25 words for this range.
func fitsTiles8(first, words int) bool { return first+(words+7)&^7 <= 25 }
