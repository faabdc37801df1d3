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
		if sp.pos == 0 && n-off >= sp.rate {
			xorBlocks(a, in, off, sp.rate)
			permuteInterleaved(a)
			off += sp.rate
			continue
		}
		k := min(n-off, sp.rate-sp.pos)
		for s, p := range in {
			xorIntoState(a, len(in), s, sp.pos, p[off:off+k])
		}
		sp.pos += k
		off += k
		if sp.pos == sp.rate {
			permuteInterleaved(a)
			sp.pos = 0
		}
	}
}

// squeeze pads the input if that has not happened yet, then writes the next
// len(out[s]) output bytes of state s to out[s]. All outputs must have the
// same length.
func (sp *sponge) squeeze(a []uint64, out [][]byte) {
	n := len(out[0])
	for _, p := range out {
		if len(p) != n {
			panic("keccak: multi-state squeeze with unequal output lengths")
		}
	}
	if !sp.squeezing {
		// pad10*1 after the SHAKE suffix (FIPS 202, Section 6.2 and
		// Appendix B.2).
		for s := range out {
			xorByteIntoState(a, len(out), s, sp.pos, shakeDomain)
			xorByteIntoState(a, len(out), s, sp.rate-1, 0x80)
		}
		sp.squeezing = true
		sp.pos = sp.rate // the first squeeze permutes
	}
	for off := 0; off < n; {
		if sp.pos == sp.rate {
			permuteInterleaved(a)
			sp.pos = 0
		}
		if sp.pos == 0 && n-off >= sp.rate {
			storeBlocks(out, off, a, sp.rate)
			sp.pos = sp.rate
			off += sp.rate
			continue
		}
		k := min(n-off, sp.rate-sp.pos)
		for s, p := range out {
			copyFromState(p[off:off+k], a, len(out), s, sp.pos)
		}
		sp.pos += k
		off += k
	}
}

// squeezeBlocks is squeeze for callers that take whole blocks only.
func (sp *sponge) squeezeBlocks(a []uint64, out [][]byte) {
	if len(out[0])%sp.rate != 0 {
		panic("keccak: SqueezeBlocks length is not a multiple of the rate")
	}
	sp.squeeze(a, out)
}

// xorBlocksGeneric adds in[s][off:off+rate] to state s of the interleaved
// states a, for every s.
func xorBlocksGeneric(a []uint64, in [][]byte, off, rate int) {
	for s, p := range in {
		xorIntoState(a, len(in), s, 0, p[off:off+rate])
	}
}

// storeBlocksGeneric writes the first rate bytes of state s of the
// interleaved states a to out[s][off:], for every s.
func storeBlocksGeneric(out [][]byte, off int, a []uint64, rate int) {
	for s, p := range out {
		copyFromState(p[off:off+rate], a, len(out), s, 0)
	}
}

// blockPointers returns &bufs[s][off] for each of the (at most 8) buffers,
// after checking that every buffer holds rate bytes from off. It returns the
// array by value: storing the pointers through a slice argument would make the
// callers' buffers escape to the heap.
func blockPointers(bufs [][]byte, off, rate int) (ptrs [8]*byte) {
	for s, p := range bufs {
		ptrs[s] = &p[off : off+rate][0]
	}
	return ptrs
}

// xorByteIntoState adds b to byte pos of state s of the n states in a.
func xorByteIntoState(a []uint64, n, s, pos int, b byte) {
	a[pos/8*n+s] ^= uint64(b) << (8 * (pos % 8))
}

// xorIntoState adds p to state s of the n states in a, from byte pos on:
// whole little-endian words where p covers them, bytes at the edges.
func xorIntoState(a []uint64, n, s, pos int, p []byte) {
	for ; len(p) > 0 && pos%8 != 0; p, pos = p[1:], pos+1 {
		xorByteIntoState(a, n, s, pos, p[0])
	}
	for ; len(p) >= 8; p, pos = p[8:], pos+8 {
		a[pos/8*n+s] ^= binary.LittleEndian.Uint64(p)
	}
	for ; len(p) > 0; p, pos = p[1:], pos+1 {
		xorByteIntoState(a, n, s, pos, p[0])
	}
}

// copyFromState writes bytes pos… of state s of the n states in a to out.
func copyFromState(out []byte, a []uint64, n, s, pos int) {
	for ; len(out) > 0 && pos%8 != 0; out, pos = out[1:], pos+1 {
		out[0] = byte(a[pos/8*n+s] >> (8 * (pos % 8)))
	}
	for ; len(out) >= 8; out, pos = out[8:], pos+8 {
		binary.LittleEndian.PutUint64(out, a[pos/8*n+s])
	}
	for ; len(out) > 0; out, pos = out[1:], pos+1 {
		out[0] = byte(a[pos/8*n+s] >> (8 * (pos % 8)))
	}
}
