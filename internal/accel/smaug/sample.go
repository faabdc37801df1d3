package smaug

import (
	"encoding/binary"

	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// hwt samples a ternary polynomial with exactly hs non-zero coefficients
// (specification v4.0, Algorithm HWT_h; the reference's hwt): SHAKE256 of
// seed gives 308 16-bit samples, from which Lemire's multiply-and-reject
// method draws, for i = 0 … 255, an index below 256 − i; coefficient i is
// non-zero unless that index falls below the number of zeros still to be
// placed (a branch-free count, after Gazzoni Filho–Silva–López), and then
// takes the sign given by the 64 bytes that follow. It returns false, and
// the caller retries with the next seed, when the 52 spare samples run out.
//
// Only the rejections of the index sampler branch, as in the reference: the
// count of rejected 16-bit samples is all that timing shows.
func hwt(out *poly, seed []byte, hs int) bool {
	var buf [hwtStreamBytes]byte
	shake256(buf[:], seed)
	return hwtFromStream(out, &buf, hs)
}

// hwtStreamBytes is the length of SHAKE256 output one HWT call reads.
const hwtStreamBytes = hwtRandomBytes + hwtSignBytes

// hwtFromStream is hwt on the SHAKE256 output buf of its seed.
func hwtFromStream(out *poly, buf *[hwtStreamBytes]byte, hs int) bool {
	sample := func(j int) uint32 { return uint32(binary.LittleEndian.Uint16(buf[2*j:])) }
	var index [n]int32
	spare := n
	for i := range n {
		s := uint32(n - i)
		threshold := (1 << 16) % s
		m := sample(i) * s
		for m&0xffff < threshold {
			if spare >= hwtRandomBytes/2 {
				return false
			}
			m = sample(spare) * s
			spare++
		}
		index[i] = int32(m >> 16)
	}

	sign := buf[hwtRandomBytes:]
	zeros := int32(n - hs)
	for i := range n {
		isZero := (index[i] - zeros) >> 31 // −1 if index[i] < zeros, else 0
		zeros += isZero
		nonZero := 1 + isZero
		// The sign of coefficient i is bit (i/16)%8 of byte 16·(i/128)+i%16.
		bit := int32(sign[(i>>7)<<4+i&15]>>((i>>4)&7)) & 1
		out[i] = nonZero * (2*bit - 1)
	}
	return true
}

// sampleEphemeral sets r to a polynomial of the encryption randomness from
// the p.ephemeralBytes() bytes of b, in constant time (the reference's
// poly_cbd).
func sampleEphemeral(r *poly, b []byte, kind ephemeralKind) {
	switch kind {
	case sparseCBD3:
		// Each 3-bit group b0 b1 b2 gives b0·b1·(−1)^b2.
		for i := range n / 8 {
			t := uint32(b[3*i]) | uint32(b[3*i+1])<<8 | uint32(b[3*i+2])<<16
			for j := range 8 {
				g := t >> (3 * j)
				r[8*i+j] = int32(g&(g>>1)&1) * (1 - 2*int32((g>>2)&1))
			}
		}
	case cbd1:
		// Each 2-bit group b0 b1 gives b0 − b1.
		for i := range n / 16 {
			t := binary.LittleEndian.Uint32(b[4*i:])
			for j := range 16 {
				r[16*i+j] = int32((t>>(2*j))&1) - int32((t>>(2*j+1))&1)
			}
		}
	default:
		// Each 4-bit group b0 b1 b2 b3 gives ((b0 ∨ b1) ∧ b2)·(−1)^b3.
		for i := range n / 8 {
			t := binary.LittleEndian.Uint32(b[4*i:])
			for j := range 8 {
				g := t >> (4 * j)
				r[8*i+j] = int32((g|g>>1)&(g>>2)&1) * (1 - 2*int32((g>>3)&1))
			}
		}
	}
}

// sampleGaussian sets e to the discrete Gaussian error of SMAUG-T
// (σ = 1.0625, values in [−3, 3]; the reference's addGaussianError with
// NOISE_D1) from the 320 bytes of b: 64 coefficients at a time, bit k of ten
// 64-bit words x0 … x9 is the randomness of coefficient k; two boolean
// formulas of x0 … x8 give the two magnitude bits, and x9 the sign. No
// branch or index depends on the bits.
func sampleGaussian(e *poly, b []byte) {
	for blk := range n / 64 {
		var x [10]uint64
		for w := range x {
			x[w] = binary.LittleEndian.Uint64(b[8*(10*blk+w):])
		}
		s0 := (x[0] & x[1] & x[2] & x[3] & x[4] & x[5] & x[7] &^ x[8]) |
			(x[0] & x[3] & x[4] & x[5] & x[6] & x[8]) |
			(x[1] & x[3] & x[4] & x[5] & x[6] & x[8]) |
			(x[2] & x[3] & x[4] & x[5] & x[6] & x[8]) |
			(^x[2] & ^x[3] & ^x[6] & x[8]) | (^x[1] & ^x[3] & ^x[6] & x[8]) |
			(x[6] & x[7] &^ x[8]) | (^x[5] & ^x[6] & x[8]) |
			(^x[4] & ^x[6] & x[8]) | (^x[7] & x[8])
		s1 := (x[1] & x[2] & x[4] & x[5] & x[7] & x[8]) |
			(x[3] & x[4] & x[5] & x[7] & x[8]) | (x[6] & x[7] & x[8])
		for k := range 64 {
			mag := int32((s0>>k)&1) | int32((s1>>k)&1)<<1
			neg := -int32((x[9] >> k) & 1) // 0 or −1
			e[64*blk+k] = (mag ^ neg) - neg
		}
	}
}

// shake256 writes SHAKE256(in) to out.
func shake256(out, in []byte) {
	var h keccak.Shake
	h.Init256()
	h.Absorb(in)
	h.Squeeze(out)
}
