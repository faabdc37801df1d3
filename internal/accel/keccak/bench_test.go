package keccak

import (
	"crypto/sha3"
	"encoding/binary"
	"fmt"
	"testing"

	circlx4 "github.com/cloudflare/circl/simd/keccakf1600"

	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// BenchmarkPermute measures Keccak-f[1600] on 1, 4 and 8 interleaved states
// at every level; cpu-ns/item is the cost of one permutation of one state.
func BenchmarkPermute(b *testing.B) {
	for _, n := range []int{1, 4, 8} {
		b.Run(map[int]string{1: "x1", 4: "x4", 8: "x8"}[n], func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				a := make([]uint64, 25*n)
				benchcpu.LoopItems(b, n, func() { permuteInterleavedInPlace(a) })
			})
		})
	}
	b.Run("x1/stdlib", func(b *testing.B) {
		// One block squeezed from crypto/sha3: one permutation and a copy.
		h := sha3.NewSHAKE128()
		out := make([]byte, Rate128)
		h.Read(out)
		benchcpu.LoopItems(b, 1, func() { h.Read(out) })
	})
	b.Run("x4/circl", func(b *testing.B) {
		var s circlx4.StateX4
		s.Initialize(false)
		benchcpu.LoopItems(b, 4, s.Permute)
	})
}

// The workloads of the engines: ExpandA-like (SHAKE128 of a 34-byte seed,
// five blocks per state), ExpandS/ExpandMask-like (SHAKE256 of a 66-byte
// input, five blocks per state) and μ-like (SHAKE256 of a 64-byte tr and a
// 1 KiB message, 64 bytes out).
var workloads = []struct {
	name   string
	rate   int
	inLen  int
	outLen int
}{
	{"SHAKE128-34B-5blocks", Rate128, 34, 5 * Rate128},
	{"SHAKE256-66B-5blocks", Rate256, 66, 5 * Rate256},
	{"SHAKE256-1088B-64B", Rate256, 1088, 64},
}

// BenchmarkWorkload runs each workload on Shake, ShakeX4 and ShakeX8 at every
// level, and on crypto/sha3 and circl's 4-way AVX2 permutation; cpu-ns/item
// is the cost of one state's output.
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
					cputest.BenchLevels(b, "", func(b *testing.B) {
						in, out := buffers(n, w.inLen), buffers(n, w.outLen)
						benchcpu.LoopItems(b, n, func() {
							x.init(w.rate)
							x.absorb(in)
							x.squeeze(out)
						})
					})
				})
			}
			b.Run("stdlib", func(b *testing.B) {
				in, out := make([]byte, w.inLen), make([]byte, w.outLen)
				benchcpu.LoopItems(b, 1, func() {
					var h *sha3.SHAKE
					if w.rate == Rate128 {
						h = sha3.NewSHAKE128()
					} else {
						h = sha3.NewSHAKE256()
					}
					h.Write(in)
					h.Read(out)
				})
			})
			if w.inLen >= w.rate || w.outLen%w.rate != 0 {
				return // circlShakeX4 covers short inputs and whole blocks only
			}
			b.Run("circlX4", func(b *testing.B) {
				in, out := buffers(4, w.inLen), buffers(4, w.outLen)
				benchcpu.LoopItems(b, 4, func() { circlShakeX4(w.rate, in, out) })
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

// BenchmarkBlockTransfer measures moving one SHAKE128 block per state between
// the byte buffers and the interleaved state at every level: Go loops at
// level portable, transpose kernels above.
func BenchmarkBlockTransfer(b *testing.B) {
	for _, n := range []int{4, 8} {
		a := make([]uint64, 25*n)
		bufs := buffers(n, Rate128)
		b.Run(fmt.Sprintf("x%d/absorb", n), func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.LoopItems(b, n, func() { xorWords(a, bufs, 0, 0, Rate128/8) })
			})
		})
		b.Run(fmt.Sprintf("x%d/squeeze", n), func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.LoopItems(b, n, func() { storeWords(bufs, 0, a, 0, Rate128/8) })
			})
		})
	}
}
