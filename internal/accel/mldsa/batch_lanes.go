package mldsa

import "github.com/crystals-go/crystals/internal/accel/keccak"

// Batch operations hash many independent SHAKE256 inputs of equal length:
// c̃ = H(μ‖w1Encode(w1)) of every item, SampleInBall's c̃ streams, ρ″ and
// ExpandMask streams of several messages. laneHash fills the lanes of the
// widest Keccak kernel that the count needs with those inputs, so that the
// 8-way kernel permutes eight different messages' states at once instead of
// padding four lanes of one message's work.

// maxLanes is the lane count of keccak.ShakeX8.
const maxLanes = 8

// laneHash is up to maxLanes SHAKE256 instances absorbing inputs of equal
// length in lockstep. Lanes beyond the count in use absorb a copy of lane
// 0's input and squeeze into scratch, so every kernel call is full width.
type laneHash struct {
	lanes   int
	x8      keccak.ShakeX8
	x4      keccak.ShakeX4
	one     keccak.Shake
	scratch [maxLanes - 1][keccak.Rate256 * maskBlocks]byte
}

// clear zeroes the states and the scratch, after lanes that absorbed K or
// ρ″ (signing).
func (h *laneHash) clear() {
	h.x8.Clear()
	h.x4.Clear()
	h.one.Clear()
	clear(h.scratch[:])
}

// init starts lanes SHAKE256 instances (1 ≤ lanes ≤ maxLanes).
func (h *laneHash) init(lanes int) {
	h.lanes = lanes
	switch {
	case lanes == 1:
		h.one.Init256()
	case lanes <= 4:
		h.x4.Init256()
	default:
		h.x8.Init256()
	}
}

// absorb adds in[i] to lane i, for i < lanes; all have the same length.
func (h *laneHash) absorb(in *[maxLanes][]byte) {
	switch {
	case h.lanes == 1:
		h.one.Absorb(in[0])
	case h.lanes <= 4:
		var in4 [4][]byte
		for i := range in4 {
			in4[i] = in[min(i, h.lanes-1)]
		}
		h.x4.Absorb(&in4)
	default:
		var in8 [maxLanes][]byte
		for i := range in8 {
			in8[i] = in[min(i, h.lanes-1)]
		}
		h.x8.Absorb(&in8)
	}
}

// squeeze writes the next len(out[0]) bytes of lane i to out[i], for i <
// lanes. The length is at most maskBlocks·Rate256 and, after the first
// call, a multiple of the rate.
func (h *laneHash) squeeze(out *[maxLanes][]byte) {
	size := len(out[0])
	lane := func(i int) []byte {
		if i < h.lanes {
			return out[i]
		}
		return h.scratch[i-h.lanes][:size]
	}
	switch {
	case h.lanes == 1:
		h.one.Squeeze(out[0])
	case h.lanes <= 4:
		var out4 [4][]byte
		for i := range out4 {
			out4[i] = lane(i)
		}
		h.x4.Squeeze(&out4)
	default:
		var out8 [maxLanes][]byte
		for i := range out8 {
			out8[i] = lane(i)
		}
		h.x8.Squeeze(&out8)
	}
}
