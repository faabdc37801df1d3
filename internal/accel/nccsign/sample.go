package nccsign

import "github.com/crystals-go/crystals/internal/accel/keccak"

// stream returns the SHAKE128 (rate128) or SHAKE256 state of seed ‖ nonce,
// the nonce little-endian in two bytes (the reference's stream128_init and
// stream256_init).
func stream(rate128 bool, seed []byte, nonce uint16) *keccak.Shake {
	s := new(keccak.Shake)
	if rate128 {
		s.Init128()
	} else {
		s.Init256()
	}
	s.Absorb(seed)
	s.Absorb([]byte{byte(nonce), byte(nonce >> 8)})
	return s
}

// expandA returns the public uniform polynomial a from ζ (the reference's
// poly_uniform(a, ζ, 0)): 23-bit little-endian draws from SHAKE128(ζ ‖ 0),
// all accepted since 2^23 < q, so a's coefficients are in [0, 2^23).
func (p *Params) expandA(zeta []byte) poly {
	buf := make([]byte, 3*p.n)
	stream(true, zeta, 0).Squeeze(buf)
	a := p.newPoly()
	for i := range a {
		a[i] = int32(uint32(buf[3*i]) | uint32(buf[3*i+1])<<8 | uint32(buf[3*i+2]&0x7f)<<16)
	}
	return a
}

// sampleEta returns the secret polynomial with coefficients in [−2, 2]
// from the 64 bytes seed (the reference's poly_uniform_eta(s, seed, 0)):
// half-bytes of SHAKE256(seed ‖ 0) below 15, taken mod 5 and subtracted
// from 2. Rejection reveals only which nibbles of the stream were ≥ 15.
func (p *Params) sampleEta(seed []byte) poly {
	s := stream(false, seed[:crhSize], 0)
	out := p.newPoly()
	var buf [keccak.Rate256]byte
	for ctr := 0; ctr < len(out); {
		s.Squeeze(buf[:])
		for _, b := range buf {
			for _, t := range [2]uint32{uint32(b) & 0xf, uint32(b) >> 4} {
				if t < 15 && ctr < len(out) {
					t -= (205 * t >> 10) * 5 // t mod 5 for t < 15
					out[ctr] = 2 - int32(t)
					ctr++
				}
			}
		}
	}
	// The stream is the secret's: clear it and the state it came from.
	s.Clear()
	clear(buf[:])
	return out
}

// sampleGamma1To sets y to the polynomial with coefficients in (−γ1, γ1]
// of ρ' and the nonce (the reference's poly_uniform_gamma1):
// SHAKE256(ρ' ‖ nonce) read as an encoded z. y is as secret as the key
// (z = y + c·s1), so its stream and the state it came from are cleared.
func (p *Params) sampleGamma1To(y poly, rho []byte, nonce uint16) {
	buf := make([]byte, packedLen(p.n, zBits))
	s := stream(false, rho, nonce)
	s.Squeeze(buf)
	s.Clear()
	unpackZ(y, buf)
	clear(buf)
}

// sampleInBall returns the challenge of the round-1 code (its
// poly_challenge for p ≠ 1021): SHAKE256(c̃) gives τ sign bits in its first
// four bytes, then for i = p − τ … p − 1 an 11-bit position b = byte·8 +
// (next byte mod 8) ≤ i, rejected above i; c_i = c_b and c_b = ±1.
// The challenge is public once the signature is.
func (p *Params) sampleInBall(seed []byte) poly {
	var s keccak.Shake
	s.Init256()
	s.Absorb(seed)
	var buf [keccak.Rate256]byte
	s.Squeeze(buf[:])
	signs := uint32(buf[0]) | uint32(buf[1])<<8 | uint32(buf[2])<<16 | uint32(buf[3])<<24
	pos := 4
	c := p.newPoly()
	for i := p.n - tau; i < p.n; i++ {
		var b int
		for {
			if pos >= len(buf) {
				s.Squeeze(buf[:])
				pos = 0
			}
			b = int(buf[pos])<<3 | int(buf[pos+1]&7)
			pos += 2
			if b <= i {
				break
			}
		}
		c[i] = c[b]
		c[b] = 1 - 2*int32(signs&1)
		signs >>= 1
	}
	return c
}
