package keccak

import (
	"crypto/sha3"
	"encoding/binary"
	"testing"

	circlx4 "github.com/cloudflare/circl/simd/keccakf1600"

	"github.com/crystals-go/crystals/internal/accel/cpu"
)

// benchLevels runs f as a sub-benchmark at every level this CPU has.
func benchLevels(b *testing.B, f func(b *testing.B)) {
	for _, l := range cpu.Levels() {
		b.Run(l.String(), func(b *testing.B) {
			restore, err := cpu.Force(l)
			if err != nil {
				b.Fatal(err)
			}
			defer restore()
			f(b)
		})
	}
}

// BenchmarkPermute measures Keccak-f[1600] on 1, 4 and 8 interleaved states
// at every level; ns/state is the cost of one permutation.
func BenchmarkPermute(b *testing.B) {
	for _, n := range []int{1, 4, 8} {
		b.Run(map[int]string{1: "x1", 4: "x4", 8: "x8"}[n], func(b *testing.B) {
			benchLevels(b, func(b *testing.B) {
				a := make([]uint64, 25*n)
				b.ReportAllocs()
				for b.Loop() {
					permuteInterleaved(a)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/state")
			})
		})
	}
	b.Run("x1/stdlib", func(b *testing.B) {
		// One block squeezed from crypto/sha3: one permutation and a copy.
		h := sha3.NewSHAKE128()
		out := make([]byte, Rate128)
		h.Read(out)
		b.ReportAllocs()
		for b.Loop() {
			h.Read(out)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/state")
	})
	b.Run("x4/circl", func(b *testing.B) {
		var s circlx4.StateX4
		s.Initialize(false)
		b.ReportAllocs()
		for b.Loop() {
			s.Permute()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*4), "ns/state")
	})
}

// The workloads of the engines: ExpandA-like (SHAKE128 of a 34-byte seed,
// five blocks per state) and ExpandS/ExpandMask-like (SHAKE256 of a 66-byte
// input, five blocks per state).
var workloads = []struct {
	name   string
	rate   int
	inLen  int
	blocks int
}{
	{"SHAKE128-34B-5blocks", Rate128, 34, 5},
	{"SHAKE256-66B-5blocks", Rate256, 66, 5},
}

// BenchmarkWorkload runs each workload on Shake, ShakeX4 and ShakeX8 at every
// level, and on crypto/sha3 and circl's 4-way AVX2 permutation; ns/state is
// the cost of one state's output.
func BenchmarkWorkload(b *testing.B) {
	for _, w := range workloads {
		b.Run(w.name, func(b *testing.B) {
			for _, shape := range []func() xofs{
				func() xofs { return &single{} },
				func() xofs { return &x4{} },
				func() xofs { return &x8{} },
			} {
				x := shape()
				n := x.states()
				b.Run(shapeName(x), func(b *testing.B) {
					benchLevels(b, func(b *testing.B) {
						in, out := buffers(n, w.inLen), buffers(n, w.blocks*w.rate)
						b.ReportAllocs()
						for b.Loop() {
							x.init(w.rate)
							x.absorb(in)
							x.squeezeBlocks(out)
						}
						b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/state")
					})
				})
			}
			b.Run("stdlib", func(b *testing.B) {
				in, out := make([]byte, w.inLen), make([]byte, w.blocks*w.rate)
				b.ReportAllocs()
				for b.Loop() {
					var h *sha3.SHAKE
					if w.rate == Rate128 {
						h = sha3.NewSHAKE128()
					} else {
						h = sha3.NewSHAKE256()
					}
					h.Write(in)
					h.Read(out)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/state")
			})
			b.Run("circlX4", func(b *testing.B) {
				in, out := buffers(4, w.inLen), buffers(4, w.blocks*w.rate)
				b.ReportAllocs()
				for b.Loop() {
					circlShakeX4(w.rate, in, out)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*4), "ns/state")
			})
		})
	}
}

// circlShakeX4 is SHAKE on circl's 4-way permutation with the absorb and
// squeeze loops circl's own ML-DSA code uses (interleaved words, inputs
// shorter than one block).
func circlShakeX4(rate int, in, out [][]byte) {
	var s circlx4.StateX4
	a := s.Initialize(false)
	inLen := len(in[0])
	for j := 0; j < 4; j++ {
		var buf [Rate128]byte
		copy(buf[:], in[j])
		buf[inLen] = shakeDomain
		buf[rate-1] |= 0x80
		for i := 0; i < rate/8; i++ {
			a[4*i+j] ^= binary.LittleEndian.Uint64(buf[8*i:])
		}
	}
	for off := 0; off < len(out[0]); off += rate {
		s.Permute()
		for j := 0; j < 4; j++ {
			for i := 0; i < rate/8; i++ {
				binary.LittleEndian.PutUint64(out[j][off+8*i:], a[4*i+j])
			}
		}
	}
}
