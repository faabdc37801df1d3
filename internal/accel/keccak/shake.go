// Package keccak implements the SHAKE128 and SHAKE256 extendable-output
// functions of FIPS 202 in the form the ML-DSA and ML-KEM engines use them:
// absorb an input, then squeeze whole rate-sized blocks (or any number of
// bytes). [Shake] is a single state; [ShakeX4] and [ShakeX8] run four and eight
// independent states of the same kind with the same input length, the shape the
// SIMD kernels fill (one state per 64-bit lane). Their portable versions loop
// over the lanes.
//
// The types are plain values with no heap allocation, so a caller can keep them
// on its stack.
package keccak

import (
	"encoding/binary"
)

// Rates of SHAKE128 and SHAKE256, in bytes (FIPS 202, Section 6.2).
const (
	Rate128 = 168
	Rate256 = 136
)

// shakeDomain is the SHAKE domain-separation suffix 1111 followed by the first
// bit of pad10*1, as one byte (FIPS 202, Section 6.2 and Appendix B.2).
const shakeDomain = 0x1F

// Shake is a SHAKE128 or SHAKE256 state. The zero value is not usable: call
// [Shake.Init128] or [Shake.Init256] first.
type Shake struct {
	a         [25]uint64
	rate      int
	pos       int  // bytes absorbed into, or squeezed from, the current block
	squeezing bool // padding has been applied
}

// Init128 resets s to an empty SHAKE128 state.
func (s *Shake) Init128() { *s = Shake{rate: Rate128} }

// Init256 resets s to an empty SHAKE256 state.
func (s *Shake) Init256() { *s = Shake{rate: Rate256} }

// Rate returns the state's block size in bytes.
func (s *Shake) Rate() int { return s.rate }

// Absorb adds p to the input. It panics if called after squeezing began, which
// is a bug in the engine, never a consequence of input data.
func (s *Shake) Absorb(p []byte) {
	if s.squeezing {
		panic("keccak: Absorb after Squeeze")
	}
	for len(p) > 0 {
		if s.pos == 0 && len(p) >= s.rate {
			xorBlock(&s.a, p[:s.rate])
			permute(&s.a)
			p = p[s.rate:]
			continue
		}
		n := min(len(p), s.rate-s.pos)
		xorBytes(&s.a, s.pos, p[:n])
		s.pos += n
		p = p[n:]
		if s.pos == s.rate {
			permute(&s.a)
			s.pos = 0
		}
	}
}

// finish pads the input and readies the state for squeezing.
func (s *Shake) finish() {
	xorByte(&s.a, s.pos, shakeDomain)
	xorByte(&s.a, s.rate-1, 0x80)
	s.squeezing = true
	s.pos = s.rate // the first squeeze permutes
}

// Squeeze writes len(out) more bytes of output to out.
func (s *Shake) Squeeze(out []byte) {
	if !s.squeezing {
		s.finish()
	}
	for len(out) > 0 {
		if s.pos == s.rate {
			permute(&s.a)
			s.pos = 0
		}
		if s.pos == 0 && len(out) >= s.rate {
			storeBlock(out[:s.rate], &s.a, s.rate)
			s.pos = s.rate
			out = out[s.rate:]
			continue
		}
		n := min(len(out), s.rate-s.pos)
		loadBytes(out[:n], &s.a, s.pos)
		s.pos += n
		out = out[n:]
	}
}

// SqueezeBlocks writes len(out)/Rate() whole blocks to out. It is Squeeze for
// callers that only ever take whole blocks; len(out) must be a multiple of the
// rate.
func (s *Shake) SqueezeBlocks(out []byte) {
	if len(out)%s.rate != 0 {
		panic("keccak: SqueezeBlocks length is not a multiple of the rate")
	}
	s.Squeeze(out)
}

func xorBlock(a *[25]uint64, block []byte) {
	for i := 0; i < len(block)/8; i++ {
		a[i] ^= binary.LittleEndian.Uint64(block[8*i:])
	}
}

func storeBlock(out []byte, a *[25]uint64, rate int) {
	for i := 0; i < rate/8; i++ {
		binary.LittleEndian.PutUint64(out[8*i:], a[i])
	}
}

func xorByte(a *[25]uint64, pos int, b byte) {
	a[pos/8] ^= uint64(b) << (8 * (pos % 8))
}

func xorBytes(a *[25]uint64, pos int, p []byte) {
	for _, b := range p {
		xorByte(a, pos, b)
		pos++
	}
}

func loadBytes(out []byte, a *[25]uint64, pos int) {
	for i := range out {
		out[i] = byte(a[pos/8] >> (8 * (pos % 8)))
		pos++
	}
}
