package mlkem

import "github.com/crystals-go/crystals/internal/accel/keccak"

// prfBlocks is the number of SHAKE256 blocks that cover PRF_η's 64·η bytes for
// η ≤ 3.
const prfBlocks = 2

// prfBlocksFor returns how many SHAKE256 blocks PRF_η needs: one for η = 2
// (128 of 136 bytes), two for η = 3. Each block beyond the first costs a
// permutation.
func prfBlocksFor(eta int) int { return (64*eta + keccak.Rate256 - 1) / keccak.Rate256 }

// samplePolyCBDGeneric samples f from the centred binomial distribution
// D_η(R_q) using the 64·η bytes of b (FIPS 203, Algorithm 8), for η = 2 or 3:
// the portable kernel behind samplePolyCBD. It is constant-time: b is secret,
// and only additions and masks touch it.
func samplePolyCBDGeneric(f *ringElement, b []byte, eta int) {
	switch eta {
	case 2:
		// Each byte holds two coefficients of four bits, x = b0 + b1 and
		// y = b2 + b3. Four bytes at a time: adding the odd bits to the even
		// ones leaves every 2-bit group holding the sum of its two bits.
		b = b[:128]
		for i := 0; i < 128; i += 4 {
			w := uint32(b[i]) | uint32(b[i+1])<<8 | uint32(b[i+2])<<16 | uint32(b[i+3])<<24
			s := w&0x55555555 + w>>1&0x55555555
			for h := range 8 {
				x := s >> (4 * h) & 3
				y := s >> (4*h + 2) & 3
				f[2*i+h] = fieldSub(fieldElement(x), fieldElement(y))
			}
		}
	case 3:
		// Each three bytes hold four coefficients of six bits.
		b = b[:192]
		for i := 0; i < 64; i++ {
			w := uint32(b[3*i]) | uint32(b[3*i+1])<<8 | uint32(b[3*i+2])<<16
			// Sum each bit triple in place: s holds four 6-bit groups whose
			// low and high 3-bit halves are x and y.
			s := w&0x249249 + w>>1&0x249249 + w>>2&0x249249
			for h := range 4 {
				x := s >> (6 * h) & 7
				y := s >> (6*h + 3) & 7
				f[4*i+h] = fieldSub(fieldElement(x), fieldElement(y))
			}
		}
	default:
		panic("mlkem: unsupported η")
	}
}

// sampleNoise sets out[i] = SamplePolyCBD_η(PRF_η(σ, nonce+i)) (FIPS 203,
// Algorithm 13 lines 8–15 and Algorithm 14 lines 9–17; PRF_η(s, b) is
// SHAKE256(s‖b) truncated to 64·η bytes, Section 4.1). Groups of streams run
// on a multi-state SHAKE256 of the width plan.multiLanes picks; streams left over
// run on single states.
func sampleNoise(pl *plan, out []ringElement, sigma *[32]byte, nonce byte, eta int) {
	i := 0
	for {
		width, minUsed := pl.multiLanes(len(out) - i)
		if len(out)-i < minUsed {
			break
		}
		x := newLaneXOF(width, false)
		sampleNoiseLanes(&x, out[i:], sigma, nonce+byte(i), eta)
		i += width
	}
	var in [33]byte
	copy(in[:], sigma[:])
	for ; i < len(out); i++ {
		var s keccak.Shake
		var buf [3 * 64]byte
		in[32] = nonce + byte(i)
		s.Init256()
		s.Absorb(in[:])
		s.Squeeze(buf[:64*eta])
		samplePolyCBD(&out[i], buf[:], eta)
		clear(buf[:])
		s.Clear() // it absorbed σ or r
	}
}

// prfBuffer is one lane's squeeze buffer in sampleNoiseLanes.
type prfBuffer = [prfBlocks * keccak.Rate256]byte

// sampleNoiseLanes samples out[0], out[1], … on the lanes of the fresh
// SHAKE256 states x, with nonces from nonce on. Lanes past len(out) run on
// nonce and are discarded.
func sampleNoiseLanes(x *laneXOF, out []ringElement, sigma *[32]byte, nonce byte, eta int) {
	// The squeeze buffers are sized for the width: Go zeroes them on every
	// call.
	if x.width == 8 {
		var bufs [8]prfBuffer
		sampleNoiseLanesInto(x, bufs[:], out, sigma, nonce, eta)
		return
	}
	var bufs [4]prfBuffer
	sampleNoiseLanesInto(x, bufs[:], out, sigma, nonce, eta)
}

// sampleNoiseLanesInto is sampleNoiseLanes with bufs, one per lane, as the
// squeeze buffers; it clears them.
func sampleNoiseLanesInto(x *laneXOF, bufs []prfBuffer, out []ringElement, sigma *[32]byte, nonce byte, eta int) {
	// Stores go to the arrays, not through slices of them, which would
	// move the buffers to the heap.
	var ins, outs [8][]byte
	width := x.width
	var inputs [8][33]byte
	for l := range width {
		copy(inputs[l][:], sigma[:])
		inputs[l][32] = nonce
		if l < len(out) {
			inputs[l][32] = nonce + byte(l)
		}
		ins[l] = inputs[l][:]
		outs[l] = bufs[l][:prfBlocksFor(eta)*keccak.Rate256]
	}
	x.absorb(ins[:width])
	x.squeezeBlocks(outs[:width])
	for l := range min(width, len(out)) {
		samplePolyCBD(&out[l], outs[l], eta)
	}
	clear(bufs[:width])
	clear(inputs[:width])
	x.clear() // it absorbed σ or r
}
