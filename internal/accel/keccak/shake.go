package keccak

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
	a [25]uint64
	sponge
}

// Init128 resets s to an empty SHAKE128 state.
func (s *Shake) Init128() { s.init(Rate128) }

// Init256 resets s to an empty SHAKE256 state.
func (s *Shake) Init256() { s.init(Rate256) }

func (s *Shake) init(rate int) { *s = Shake{sponge: sponge{rate: rate, domain: shakeDomain}} }

// Rate returns the state's block size in bytes.
func (s *Shake) Rate() int { return s.rate }

// Absorb adds p to the input. It panics if called after squeezing began, which
// is a bug in the engine, never a consequence of input data.
func (s *Shake) Absorb(p []byte) { s.absorb(s.a[:], [][]byte{p}) }

// Squeeze writes len(out) more bytes of output to out.
func (s *Shake) Squeeze(out []byte) { s.squeeze(s.a[:], [][]byte{out}) }

// SqueezeBlocks is Squeeze for callers that only ever take whole blocks:
// len(out) must be a multiple of the rate.
func (s *Shake) SqueezeBlocks(out []byte) { s.squeezeBlocks(s.a[:], [][]byte{out}, nil) }
