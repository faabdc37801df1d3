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
func hwt(out *poly, seed []byte, hs int) bool {
	var buf [hwtStreamBytes]byte
	shake256(buf[:], seed)
	return hwtFromStream(out, &buf, hs)
}

// hwtStreamBytes is the length of SHAKE256 output one HWT call reads.
const hwtStreamBytes = hwtRandomBytes + hwtSignBytes

// hwtSpares is the number of spare 16-bit samples, after the first n.
const hwtSpares = hwtRandomBytes/2 - n

// hwtThreshold[i] is 2^16 mod (256 − i): Lemire's method rejects the
// sample x for the bound s = 256 − i when the low 16 bits of x·s fall below
// it.
var hwtThreshold = func() (t [n]uint32) {
	for i := range t {
		t[i] = (1 << 16) % uint32(n-i)
	}
	return t
}()

// hwtFromStream is hwt on the SHAKE256 output buf of its seed, in constant
// time with respect to the polynomial it returns.
//
// The reference draws index i from sample i and, on a rejection, from the
// next unused spare sample (256, 257, …) until one is accepted. Here every
// first sample is tried without branching, which leaves a mask of the
// rejected positions; then each spare, in order, goes to the lowest position
// still rejected, tried and written by a pass over all 256 positions with masks
// only (hwtSparesGeneric; its AVX2 kernel finds the position by TZCNT on a
// 256-bit mask and writes by a compare-and-blend pass), so no branch or
// address depends on which positions were rejected or on any index drawn.
// This consumes the spares exactly as the reference does, and so gives its
// bytes; the placement count (hwtZeros) and the signs follow.
//
// What timing still shows is the number of spares used (the loop runs once
// per spare consumed) and whether they ran out. Both are functions of the
// rejection events alone, and those are independent of the polynomial: each
// trial is a fresh uniform sample, so the accepted index at every position
// is uniform below 256 − i whatever number of trials preceded it, and a
// rejected sample is discarded. The count therefore carries no information
// about the output (nor does a retry, whose stream is thrown away whole).
// Running the loop for all 52 spares every time would hide the count too,
// at a pass over the positions per spare, for a loop that in most calls
// does not run at all.
func hwtFromStream(out *poly, buf *[hwtStreamBytes]byte, hs int) bool {
	var sc hwtScratch
	return hwtFromStreamTo(out, buf, hs, &sc)
}

// hwtScratch is hwtFromStream's working memory: index[i], the index drawn
// at position i, and pending[i], all ones while position i is rejected.
// Every call overwrites both whole, so a caller that samples several
// polynomials reuses one (which Go then clears once).
type hwtScratch struct {
	index, pending [n]uint32
}

// hwtFromStreamTo is hwtFromStream with its working memory in sc.
func hwtFromStreamTo(out *poly, buf *[hwtStreamBytes]byte, hs int, sc *hwtScratch) bool {
	index, pending := &sc.index, &sc.pending
	rejected := hwtFirst(index, pending, (*[2 * n]byte)(buf[:2*n]))
	if rejected != 0 && hwtSparePass(index, pending, (*[2 * hwtSpares]byte)(buf[2*n:hwtRandomBytes]), rejected) != 0 {
		return false
	}
	// The count's verdicts go to out, and the signs are applied in place.
	hwtZeros((*[n]int32)(out), index, int32(n-hs))
	hwtSigns(out, (*[n]int32)(out), (*[hwtSignBytes]byte)(buf[hwtRandomBytes:]))
	return true
}

// hwtSparesGeneric is the HWT's spare pass: while rejected > 0 positions
// remain pending, each spare sample in turn goes to the lowest pending
// position, tried and written by a pass over all n positions with masks
// only, and that position leaves the pending set if the sample is
// accepted there. It returns the number of positions still pending, 0
// unless the spares run out first. pending is read, not written.
func hwtSparesGeneric(index, pending *[n]uint32, spares *[2 * hwtSpares]byte, rejected int) int {
	left := *pending
	for spare := 0; rejected != 0; spare++ {
		if spare == hwtSpares {
			return rejected
		}
		// The spare is tried at every position with that position's bound;
		// only the first pending position (head) keeps the result, if
		// accepted there.
		y := uint32(binary.LittleEndian.Uint16(spares[2*spare:]))
		var seen, accepted uint32
		for i := range n {
			head := left[i] &^ seen
			seen |= left[i]
			m := y * uint32(n-i)
			write := head &^ lessMask(m&0xffff, hwtThreshold[i])
			index[i] = index[i]&^write | (m>>16)&write
			left[i] &^= write
			accepted |= write
		}
		rejected -= int(accepted & 1)
	}
	return 0
}

// hwtZerosGeneric is the HWT's placement count: coefficient i is zero
// (isZero[i] = −1) if its index falls below the zeros still to place, which
// it then decrements, and non-zero (isZero[i] = 0) otherwise.
func hwtZerosGeneric(isZero *[n]int32, index *[n]uint32, zeros int32) {
	for i := range n {
		z := (int32(index[i]) - zeros) >> 31 // −1 if index[i] < zeros, else 0
		zeros += z
		isZero[i] = z
	}
}

// hwtFirstGeneric tries the first n samples of an HWT stream: index[i] and
// pending[i] (all ones if rejected), and the number of rejections.
func hwtFirstGeneric(index, pending *[n]uint32, samples *[2 * n]byte) (rejected int) {
	for i := range n {
		m := uint32(binary.LittleEndian.Uint16(samples[2*i:])) * uint32(n-i)
		pending[i] = lessMask(m&0xffff, hwtThreshold[i])
		index[i] = m >> 16
		rejected += int(pending[i] & 1)
	}
	return rejected
}

// hwtSignsGeneric sets out[i] = (1 + isZero[i])·(±1), isZero[i] being −1
// or 0 (out may be isZero), the sign being bit
// (i/16)%8 of byte 16·(i/128) + i%16 of sign (1 for +1).
func hwtSignsGeneric(out *poly, isZero *[n]int32, sign *[hwtSignBytes]byte) {
	for half := range 2 {
		for shift := range 8 {
			for j := range 16 {
				i := 128*half + 16*shift + j
				bit := int32(sign[16*half+j]>>shift) & 1
				out[i] = (1 + isZero[i]) * (2*bit - 1)
			}
		}
	}
}

// lessMask returns all ones if a < b and 0 otherwise, for a, b < 2^31,
// without branching.
func lessMask(a, b uint32) uint32 { return -((a - b) >> 31) }

// sampleEphemeralGeneric is sampleEphemeral in Go: it sets r to a
// polynomial of the encryption randomness from the p.ephemeralBytes() bytes
// of b, in constant time (the reference's poly_cbd).
func sampleEphemeralGeneric(r *poly, b []byte, kind ephemeralKind) {
	switch kind {
	case sparseCBD3:
		// Each 3-bit group b0 b1 b2 gives b0·b1·(−1)^b2.
		b = b[:3*n/8]
		for i := range n / 8 {
			t := uint32(b[3*i]) | uint32(b[3*i+1])<<8 | uint32(b[3*i+2])<<16
			nonZero := t & (t >> 1)
			neg := nonZero & (t >> 2)
			row := (*[8]int32)(r[8*i:])
			for j := range row {
				row[j] = int32(nonZero>>(3*j)&1) - 2*int32(neg>>(3*j)&1)
			}
		}
	case cbd1:
		// Each 2-bit group b0 b1 gives b0 − b1.
		b = b[:2*n/8]
		for i := range n / 16 {
			t := binary.LittleEndian.Uint32(b[4*i:])
			row := (*[16]int32)(r[16*i:])
			for j := range row {
				row[j] = int32(t>>(2*j)&1) - int32(t>>(2*j+1)&1)
			}
		}
	default:
		// Each 4-bit group b0 b1 b2 b3 gives ((b0 ∨ b1) ∧ b2)·(−1)^b3.
		b = b[:4*n/8]
		for i := range n / 8 {
			t := binary.LittleEndian.Uint32(b[4*i:])
			nonZero := (t | t>>1) & (t >> 2)
			neg := nonZero & (t >> 3)
			row := (*[8]int32)(r[8*i:])
			for j := range row {
				row[j] = int32(nonZero>>(4*j)&1) - 2*int32(neg>>(4*j)&1)
			}
		}
	}
}

// sampleGaussianGeneric, sampleGaussian in Go, sets e to the discrete
// Gaussian error of SMAUG-T (σ = 1.0625, values in [−3, 3]; the
// reference's addGaussianError with
// NOISE_D1) from the 320 bytes of b: 64 coefficients at a time, bit k of ten
// 64-bit words x0 … x9 is the randomness of coefficient k; two boolean
// formulas of x0 … x8 give the two magnitude bits, and x9 the sign. No
// branch or index depends on the bits.
func sampleGaussianGeneric(e *poly, b []byte) {
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
