package keccak

import "encoding/binary"

// sponge is the position bookkeeping of the sponge construction (FIPS 202,
// Algorithm 8) for one state, or for several states that absorb and squeeze
// the same number of bytes in lockstep.
//
// Its methods work on lane-interleaved states: with n states, word w of state
// s is a[w*n+s], so a single state is the plain [25]uint64 of FIPS 202
// (lane (x, y) at index x+5y) and one vector load fetches word w of all n
// states. The byte loops below touch only lengths and positions, which are
// public; the data bytes never choose a branch or an index.
type sponge struct {
	rate      int
	domain    byte // shakeDomain or sha3Domain: the suffix bits and the first padding bit
	pos       int  // bytes absorbed into, or squeezed from, the current block
	squeezing bool // padding has been applied
}

// absorb adds in[s] to state s of the interleaved states a. All inputs must
// have the same length.
func (sp *sponge) absorb(a []uint64, in [][]byte) {
	if sp.squeezing {
		panic("keccak: Absorb after squeezing began")
	}
	n := len(in[0])
	for _, p := range in {
		if len(p) != n {
			panic("keccak: multi-state Absorb with unequal input lengths")
		}
	}
	for off := 0; off < n; {
		k := min(n-off, sp.rate-sp.pos)
		if sp.pos%8 == 0 && k >= 8 {
			k &^= 7
			xorWords(a, in, off, sp.pos/8, k/8)
		} else {
			k = min(k, 8-sp.pos%8) // up to the next word boundary
			for s, p := range in {
				for i, b := range p[off : off+k] {
					xorByteIntoState(a, len(in), s, sp.pos+i, b)
				}
			}
		}
		sp.pos += k
		off += k
		if sp.pos == sp.rate {
			permuteInterleavedInPlace(a)
			sp.pos = 0
		}
	}
}

// squeeze pads the input if that has not happened yet, then writes the next
// len(out[s]) output bytes of state s to out[s]. All outputs must have the
// same length.
func (sp *sponge) squeeze(a []uint64, out [][]byte) {
	sp.squeezeCarrying(a, out, nil)
}

// squeezeCarrying is squeeze, with each permutation also absorbing a block
// of c, if not nil, when one waits (see Carried).
func (sp *sponge) squeezeCarrying(a []uint64, out [][]byte, c *Carried) {
	n := len(out[0])
	for _, p := range out {
		if len(p) != n {
			panic("keccak: multi-state squeeze with unequal output lengths")
		}
	}
	if !sp.squeezing {
		sp.pad(a, len(out))
	}
	for off := 0; off < n; {
		if sp.pos == sp.rate {
			permuteCarrying(a, c)
			sp.pos = 0
		}
		k := min(n-off, sp.rate-sp.pos)
		if sp.pos%8 == 0 && k >= 8 {
			k &^= 7
			storeWords(out, off, a, sp.pos/8, k/8)
		} else {
			k = min(k, 8-sp.pos%8) // up to the next word boundary
			for s, p := range out {
				for i := range p[off : off+k] {
					p[off+i] = stateByte(a, len(out), s, sp.pos+i)
				}
			}
		}
		sp.pos += k
		off += k
	}
}

// pad adds pad10*1 after the SHAKE or SHA-3 suffix (FIPS 202, Sections 6.1
// and 6.2, and Appendix B.2) to each of the n interleaved states a, which
// then squeeze: the first squeeze permutes.
func (sp *sponge) pad(a []uint64, n int) {
	for s := range n {
		xorByteIntoState(a, n, s, sp.pos, sp.domain)
		xorByteIntoState(a, n, s, sp.rate-1, 0x80)
	}
	sp.squeezing = true
	sp.pos = sp.rate
}

// squeezeBlocks is squeezeCarrying for callers that take whole blocks only.
func (sp *sponge) squeezeBlocks(a []uint64, out [][]byte, c *Carried) {
	if len(out[0])%sp.rate != 0 {
		panic("keccak: SqueezeBlocks length is not a multiple of the rate")
	}
	sp.squeezeCarrying(a, out, c)
}

// xorWordsGeneric adds words 0…words−1 of in[s][off:] to words first… of
// state s of the interleaved states a, for every s.
func xorWordsGeneric(a []uint64, in [][]byte, off, first, words int) {
	if len(in) == 1 { // one state: consecutive words
		p := in[0][off : off+8*words]
		for i := range a[first : first+words] {
			a[first+i] ^= binary.LittleEndian.Uint64(p[8*i : 8*i+8])
		}
		return
	}
	for s, p := range in {
		p = p[off : off+8*words]
		for i := 0; i < words; i++ {
			a[(first+i)*len(in)+s] ^= binary.LittleEndian.Uint64(p[8*i:])
		}
	}
}

// storeWordsGeneric writes words first…first+words−1 of state s of the
// interleaved states a to out[s][off:], for every s.
func storeWordsGeneric(out [][]byte, off int, a []uint64, first, words int) {
	if len(out) == 1 { // one state: consecutive words
		p := out[0][off : off+8*words]
		for i, w := range a[first : first+words] {
			binary.LittleEndian.PutUint64(p[8*i:8*i+8], w)
		}
		return
	}
	for s, p := range out {
		p = p[off : off+8*words]
		for i := 0; i < words; i++ {
			binary.LittleEndian.PutUint64(p[8*i:], a[(first+i)*len(out)+s])
		}
	}
}

// wordPointers returns &bufs[s][off] for each of the (at most 8) buffers,
// after checking that every buffer holds words 8-byte words from off on and
// that the state has words first…first+words−1, for the kernels that take raw
// pointers. It returns the array by value: storing the pointers through a
// slice argument would make the callers' buffers escape to the heap.
func wordPointers(bufs [][]byte, off, first, words int) (ptrs [8]*byte) {
	if first < 0 || words < 1 || first+words > 25 {
		panic("keccak: word range outside the state")
	}
	for s, p := range bufs {
		ptrs[s] = &p[off : off+8*words][0]
	}
	return ptrs
}

// stateByte returns byte pos of state s of the n states in a.
func stateByte(a []uint64, n, s, pos int) byte {
	return byte(a[pos/8*n+s] >> (8 * (pos % 8)))
}

// xorByteIntoState adds b to byte pos of state s of the n states in a.
func xorByteIntoState(a []uint64, n, s, pos int, b byte) {
	a[pos/8*n+s] ^= uint64(b) << (8 * (pos % 8))
}
