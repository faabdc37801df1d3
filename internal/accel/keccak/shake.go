package keccak

import "crypto/sha3"

// Rates of SHAKE128 and SHAKE256, in bytes (FIPS 202, Section 6.2).
const (
	Rate128 = 168
	Rate256 = 136
)

// shakeDomain is the SHAKE domain-separation suffix 1111 followed by the first
// bit of pad10*1, as one byte (FIPS 202, Section 6.2 and Appendix B.2).
const shakeDomain = 0x1F

// Shake is a SHAKE128 or SHAKE256 state. The zero value is not usable: call
// [Shake.Init128] or [Shake.Init256] first. Init picks the implementation for
// the level active at that moment, and the state keeps it until the next Init.
type Shake struct {
	a [25]uint64
	sponge
	// std holds the state instead of a and sponge when useStdlib is set: the
	// standard library's scalar assembly is the fastest single permutation
	// at level AVX2.
	std       sha3.SHAKE
	useStdlib bool
}

// Init128 resets s to an empty SHAKE128 state.
func (s *Shake) Init128() { s.init(Rate128) }

// Init256 resets s to an empty SHAKE256 state.
func (s *Shake) Init256() { s.init(Rate256) }

func (s *Shake) init(rate int) {
	*s = Shake{sponge: sponge{rate: rate}}
	if singleUsesStdlib() {
		s.useStdlib = true
		if rate == Rate128 {
			s.std = *sha3.NewSHAKE128()
		} else {
			s.std = *sha3.NewSHAKE256()
		}
	}
}

// Rate returns the state's block size in bytes.
func (s *Shake) Rate() int { return s.rate }

// Absorb adds p to the input. It panics if called after squeezing began, which
// is a bug in the engine, never a consequence of input data.
func (s *Shake) Absorb(p []byte) {
	if s.useStdlib {
		s.std.Write(p) // never fails; panics after Read, like absorb
		return
	}
	s.absorb(s.a[:], [][]byte{p})
}

// Squeeze writes len(out) more bytes of output to out.
func (s *Shake) Squeeze(out []byte) {
	if s.useStdlib {
		s.std.Read(out) // never fails
		return
	}
	s.squeeze(s.a[:], [][]byte{out})
}

// SqueezeBlocks is Squeeze for callers that only ever take whole blocks:
// len(out) must be a multiple of the rate.
func (s *Shake) SqueezeBlocks(out []byte) {
	if len(out)%s.rate != 0 {
		panic("keccak: SqueezeBlocks length is not a multiple of the rate")
	}
	s.Squeeze(out)
}
