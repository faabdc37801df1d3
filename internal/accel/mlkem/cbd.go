package mlkem

import "github.com/crystals-go/crystals/internal/accel/keccak"

// prfBlocks is the number of SHAKE256 blocks that cover PRF_η's 64·η bytes for
// η ≤ 3.
const prfBlocks = 2

// samplePolyCBD samples f from the centred binomial distribution D_η(R_q)
// using the 64·η bytes of b (FIPS 203, Algorithm 8), for η = 2 or 3. It is
// constant-time: b is secret, and only additions and masks touch it.
func samplePolyCBD(f *ringElement, b []byte, eta int) {
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
// SHAKE256(s‖b) truncated to 64·η bytes, Section 4.1). Groups of four streams
// run on a four-lane SHAKE256 ([keccak.ShakeX4]); the rest on single states.
func sampleNoise(out []ringElement, sigma *[32]byte, nonce byte, eta int) {
	var in [33]byte
	copy(in[:], sigma[:])
	i := 0
	for ; i+4 <= len(out); i += 4 {
		var x keccak.ShakeX4
		var inputs [4][33]byte
		var ins [4][]byte
		var bufs [4][prfBlocks * keccak.Rate256]byte
		var outs [4][]byte
		for l := range 4 {
			inputs[l] = in
			inputs[l][32] = nonce + byte(i+l)
			ins[l] = inputs[l][:]
			outs[l] = bufs[l][:]
		}
		x.Init256()
		x.Absorb(&ins)
		x.SqueezeBlocks(&outs)
		for l := range 4 {
			samplePolyCBD(&out[i+l], outs[l], eta)
		}
		clear(bufs[:])
	}
	for ; i < len(out); i++ {
		var s keccak.Shake
		var buf [3 * 64]byte
		in[32] = nonce + byte(i)
		s.Init256()
		s.Absorb(in[:])
		s.Squeeze(buf[:64*eta])
		samplePolyCBD(&out[i], buf[:], eta)
		clear(buf[:])
	}
}
