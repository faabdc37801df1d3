package mlkem

import "github.com/crystals-go/crystals/internal/accel/keccak"

// sampleNTTBlocks is how many SHAKE128 blocks SampleNTT squeezes before it
// looks at the result: 3·168 bytes give 336 candidates, of which 256 are below
// q with overwhelming probability, so a second round is rare.
const sampleNTTBlocks = 3

// sampleNTTParseGeneric continues SampleNTT (FIPS 203, Algorithm 7) on the
// XOF output buf, the portable kernel behind sampleNTTParse: it appends the 12-bit candidates below q to a, which already holds j
// coefficients, and returns the new count. len(buf) must be a multiple of 3.
//
// The loop is variable-time: it runs on the expansion of the public seed ρ,
// which is no secret, so branching on its rejections leaks nothing.
func sampleNTTParseGeneric(a *nttElement, j int, buf []byte) int {
	for i := 0; i+3 <= len(buf) && j < n; i += 3 {
		d1 := uint16(buf[i]) | uint16(buf[i+1]&0x0f)<<8
		d2 := uint16(buf[i+1]>>4) | uint16(buf[i+2])<<4
		if d1 < q {
			a[j] = fieldElement(d1)
			j++
		}
		if d2 < q && j < n {
			a[j] = fieldElement(d2)
			j++
		}
	}
	return j
}

// laneXOF is a multi-state SHAKE of width 4 or 8: the keccak package's
// ShakeX4 or ShakeX8 behind slice-taking methods, so the samplers have one
// body for both widths. It points at the one state of its width
// (newLaneXOF): Go zeroes every local variable, and holding both widths by
// value cost a call at width 4 the zeroing of an 8-way state it never used.
type laneXOF struct {
	width int
	x4    *keccak.ShakeX4
	x8    *keccak.ShakeX8
}

// newLaneXOF returns fresh empty SHAKE128 (rate128) or SHAKE256 states of
// the width. It is small enough to be inlined, so that the state stays in
// the caller's frame.
func newLaneXOF(width int, rate128 bool) laneXOF {
	x := laneXOF{width: width}
	switch {
	case width == 8:
		x.x8 = new(keccak.ShakeX8)
		if rate128 {
			x.x8.Init128()
		} else {
			x.x8.Init256()
		}
	default:
		x.x4 = new(keccak.ShakeX4)
		if rate128 {
			x.x4.Init128()
		} else {
			x.x4.Init256()
		}
	}
	return x
}

// clear zeroes the state, after streams of secret input (the noise PRFs).
func (x *laneXOF) clear() {
	if x.width == 8 {
		x.x8.Clear()
	} else {
		x.x4.Clear()
	}
}

// absorb adds in[l] to state l; len(in) is the width.
func (x *laneXOF) absorb(in [][]byte) {
	if x.width == 8 {
		x.x8.Absorb((*[8][]byte)(in))
	} else {
		x.x4.Absorb((*[4][]byte)(in))
	}
}

// squeezeBlocks fills out[l] from state l; len(out) is the width.
func (x *laneXOF) squeezeBlocks(out [][]byte) {
	if x.width == 8 {
		x.x8.SqueezeBlocks((*[8][]byte)(out))
	} else {
		x.x4.SqueezeBlocks((*[4][]byte)(out))
	}
}

// expandA fills the k² entries a[i·k+j] = Â[i, j] = SampleNTT(ρ‖j‖i) for
// i, j < k (FIPS 203, Algorithm 13 lines 3–7, and Algorithm 14 lines 4–8).
// Groups of entries run on one multi-state SHAKE128 of the width
// plan.multiLanes picks; entries left over run on single states.
func expandA(pl *plan, a []nttElement, rho *[32]byte, k int) {
	total := k * k
	first := 0
	for {
		width, minUsed := pl.multiLanes(total - first)
		if total-first < minUsed {
			break
		}
		x := newLaneXOF(width, true)
		expandALanes(&x, a, rho, k, first)
		first += width
	}
	var in [34]byte
	copy(in[:], rho[:])
	for idx := first; idx < total; idx++ {
		in[32] = byte(idx % k)
		in[33] = byte(idx / k)
		sampleNTT(&a[idx], &in)
	}
}

// sampleNTTBuffer is one lane's squeeze buffer in expandALanes.
type sampleNTTBuffer = [sampleNTTBlocks * keccak.Rate128]byte

// expandALanes samples the entries first, first+1, … of Â on the lanes of
// the fresh SHAKE128 states x. Lanes past the last entry recompute entry
// first into a discarded buffer.
func expandALanes(x *laneXOF, a []nttElement, rho *[32]byte, k, first int) {
	// The squeeze buffers are sized for the width: Go zeroes them on every
	// call.
	if x.width == 8 {
		var bufs [8]sampleNTTBuffer
		expandALanesInto(x, bufs[:], a, rho, k, first)
		return
	}
	var bufs [4]sampleNTTBuffer
	expandALanesInto(x, bufs[:], a, rho, k, first)
}

// expandALanesInto is expandALanes with bufs, one per lane, as the squeeze
// buffers.
func expandALanesInto(x *laneXOF, bufs []sampleNTTBuffer, a []nttElement, rho *[32]byte, k, first int) {
	// Stores go to the arrays, not through slices of them, which would
	// move the buffers to the heap.
	var ins, outs [8][]byte
	width := x.width
	var inputs [8][34]byte
	var spare nttElement
	var dst [8]*nttElement
	var counts [8]int
	for l := range width {
		idx := first + l
		dst[l] = &spare
		if idx < k*k {
			dst[l] = &a[idx]
		} else {
			idx = first
		}
		copy(inputs[l][:], rho[:])
		inputs[l][32] = byte(idx % k) // j
		inputs[l][33] = byte(idx / k) // i
		ins[l] = inputs[l][:]
		outs[l] = bufs[l][:]
	}
	x.absorb(ins[:width])
	x.squeezeBlocks(outs[:width])
	for l := range width {
		counts[l] = sampleNTTParse(dst[l], 0, outs[l])
	}
	// Variable-time on public data: more blocks only while an entry of the
	// public matrix still lacks coefficients.
	for {
		done := true
		for l := range width {
			if dst[l] != &spare && counts[l] < n {
				done = false
			}
		}
		if done {
			return
		}
		for l := range width {
			outs[l] = bufs[l][:keccak.Rate128]
		}
		x.squeezeBlocks(outs[:width])
		for l := range width {
			counts[l] = sampleNTTParse(dst[l], counts[l], outs[l])
		}
	}
}

// sampleNTT is SampleNTT (FIPS 203, Algorithm 7) on one SHAKE128 state seeded
// with ρ‖j‖i.
func sampleNTT(a *nttElement, in *[34]byte) {
	var s keccak.Shake
	s.Init128()
	s.Absorb(in[:])
	var buf [sampleNTTBlocks * keccak.Rate128]byte
	s.SqueezeBlocks(buf[:])
	j := sampleNTTParse(a, 0, buf[:])
	// Variable-time on public data, as in expandA.
	for j < n {
		s.SqueezeBlocks(buf[:keccak.Rate128])
		j = sampleNTTParse(a, j, buf[:keccak.Rate128])
	}
}
