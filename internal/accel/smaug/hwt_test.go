package smaug

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// hwtBranching is the HWT in the reference's own shape (rejsampling_mod and
// hwt of hwt.c): a retry loop per position that reads the next spare sample.
// It is the specification the constant-time hwtFromStream is checked
// against.
func hwtBranching(out *poly, buf *[hwtStreamBytes]byte, hs int) bool {
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
	zeros := int32(n - hs)
	for i := range n {
		if index[i] < zeros {
			zeros--
			out[i] = 0
			continue
		}
		bit := int32(buf[hwtRandomBytes+16*(i/128)+i%16]>>((i/16)%8)) & 1
		out[i] = 2*bit - 1
	}
	return true
}

// rejectedSample returns a 16-bit sample that Lemire's method rejects for
// the bound s, and ok = false when it rejects none (s a power of two).
func rejectedSample(r *rand.Rand, s uint32) (x uint16, ok bool) {
	threshold := (1 << 16) % s
	if threshold == 0 {
		return 0, false
	}
	for {
		x = uint16(r.Uint32())
		if (uint32(x)*s)&0xffff < threshold {
			return x, true
		}
	}
}

// hwtStream returns a random HWT stream in which about rejections of the
// first 256 samples, and of the spares, are forced to be rejected, so that
// the spare path runs, often to exhaustion when rejections is large.
func hwtStream(r *rand.Rand, rejections int) *[hwtStreamBytes]byte {
	var buf [hwtStreamBytes]byte
	fill(r, buf[:])
	for range rejections {
		i := r.IntN(n)
		if x, ok := rejectedSample(r, uint32(n-i)); ok {
			binary.LittleEndian.PutUint16(buf[2*i:], x)
		}
	}
	// Spares rejected for small bounds: they are rejected when they fall to
	// a position near the end.
	for range rejections / 2 {
		j := n + r.IntN(hwtSpares)
		if x, ok := rejectedSample(r, uint32(3+r.IntN(5))); ok {
			binary.LittleEndian.PutUint16(buf[2*j:], x)
		}
	}
	return &buf
}

// TestHWTMatchesBranching checks the constant-time HWT against the
// reference-shaped one on random streams and on streams with forced
// rejections, from one to far beyond the 52 spares; both the polynomials and
// the exhaustion verdicts must agree.
func TestHWTMatchesBranching(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 26))
	var cases, spared, exhausted int
	for _, rejections := range []int{0, 1, 2, 5, 20, 45, 52, 60, 200} {
		for range 50 {
			buf := hwtStream(r, rejections)
			for _, p := range allParams {
				var got, want poly
				okGot := hwtFromStream(&got, buf, p.hs)
				okWant := hwtBranching(&want, buf, p.hs)
				if okGot != okWant {
					t.Fatalf("%s, %d forced rejections: ok = %v, reference shape %v", p.name, rejections, okGot, okWant)
				}
				if okGot && got != want {
					t.Fatalf("%s, %d forced rejections: polynomials differ", p.name, rejections)
				}
				cases++
				if !okGot {
					exhausted++
				} else if rejections > 0 {
					spared++
				}
			}
		}
	}
	t.Logf("%d streams: %d used spares and matched, %d exhausted them in both", cases, spared, exhausted)
	if spared == 0 || exhausted == 0 {
		t.Fatal("the streams did not reach both the spare path and exhaustion")
	}
}

// hwtSparesUsed returns the number of spare samples the HWT of buf consumes,
// or −1 if they run out.
func hwtSparesUsed(buf *[hwtStreamBytes]byte) int {
	sample := func(j int) uint32 { return uint32(binary.LittleEndian.Uint16(buf[2*j:])) }
	spare := n
	for i := range n {
		s := uint32(n - i)
		for m := sample(i) * s; m&0xffff < (1<<16)%s; m = sample(spare-1) * s {
			if spare >= hwtRandomBytes/2 {
				return -1
			}
			spare++
		}
	}
	return spare - n
}
