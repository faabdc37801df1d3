package mldsa

import "github.com/crystals-go/crystals/internal/accel/keccak"

// ballSampler is SampleInBall (Algorithm 29, FIPS 204) as a consumer of XOF
// blocks, so that one message's challenge can be sampled from a single
// SHAKE256 state and a batch's from the lanes of a multi-state one.
//
// Its timing depends on c̃ only: c̃ is part of the signature for the
// iteration that is output, and for a rejected iteration it is a hash of w1
// that is discarded, so leaking it reveals nothing about the key (the same
// argument as for the rejection loop of signing).
type ballSampler struct {
	c     ringElement
	i     int // next position to place, from n − τ to n
	signs uint64
	fresh bool // the first block, which starts with the sign bits, is due
}

func (s *ballSampler) init(p *Params) {
	*s = ballSampler{i: n - p.Tau, fresh: true}
}

// done reports whether all τ coefficients are placed.
func (s *ballSampler) done() bool { return s.i == n }

// consume takes the next XOF block.
func (s *ballSampler) consume(buf []byte) {
	pos := 0
	if s.fresh {
		for i := range 8 {
			s.signs |= uint64(buf[i]) << (8 * i)
		}
		pos, s.fresh = 8, false
	}
	for ; s.i < n && pos < len(buf); pos++ {
		j := int(buf[pos])
		if j > s.i {
			continue // rejected: variable time on c̃ only, see above
		}
		s.c[s.i] = s.c[j]
		// (−1)^bit: 1 or q − 1.
		s.c[j] = fieldElement(1 + uint32(s.signs&1)*(q-2))
		s.signs >>= 1
		s.i++
	}
}

// sampleInBall returns the challenge polynomial c with τ coefficients ±1 and
// the rest 0, derived from c̃ (Algorithm 29, FIPS 204).
func sampleInBall(p *Params, cTilde []byte) ringElement {
	var h keccak.Shake
	h.Init256()
	h.Absorb(cTilde)
	var buf [keccak.Rate256]byte
	var s ballSampler
	for s.init(p); !s.done(); {
		h.SqueezeBlocks(buf[:])
		s.consume(buf[:])
	}
	return s.c
}

// sampleInBallLanes sets c[i] = SampleInBall(c̃[i]) for i < lanes, with the
// lanes' XOF states permuted together.
func sampleInBallLanes(p *Params, c *[maxLanes]ringElement, cTilde *[maxLanes][]byte, lanes int) {
	var h laneHash
	h.init(lanes)
	h.absorb(cTilde)
	var bufs [maxLanes][keccak.Rate256]byte
	var out [maxLanes][]byte
	for i := range out {
		out[i] = bufs[i][:]
	}
	var s [maxLanes]ballSampler
	for i := range lanes {
		s[i].init(p)
	}
	// Variable time on the c̃ values only, as in ballSampler: more blocks
	// while any lane still lacks positions.
	for busy := true; busy; {
		h.squeeze(&out)
		busy = false
		for i := range lanes {
			if !s[i].done() {
				s[i].consume(out[i])
				busy = busy || !s[i].done()
			}
		}
	}
	for i := range lanes {
		c[i] = s[i].c
	}
}
