package keccak

import (
	"bytes"
	"crypto/sha3"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// xofs is the uniform view the tests take of Shake, ShakeX4 and ShakeX8:
// n states, each absorbing its own input and squeezing its own output.
type xofs interface {
	states() int
	init(rate int)
	absorb(in [][]byte)
	squeeze(out [][]byte)
	squeezeBlocks(out [][]byte)
}

type single struct{ Shake }

func (*single) states() int                  { return 1 }
func (s *single) init(rate int)              { s.Shake.init(rate) }
func (s *single) absorb(in [][]byte)         { s.Absorb(in[0]) }
func (s *single) squeeze(out [][]byte)       { s.Squeeze(out[0]) }
func (s *single) squeezeBlocks(out [][]byte) { s.SqueezeBlocks(out[0]) }

type x4 struct{ ShakeX4 }

func (*x4) states() int { return 4 }
func (x *x4) init(rate int) {
	if rate == Rate128 {
		x.Init128()
	} else {
		x.Init256()
	}
}
func (x *x4) absorb(in [][]byte)         { x.Absorb((*[4][]byte)(in)) }
func (x *x4) squeeze(out [][]byte)       { x.Squeeze((*[4][]byte)(out)) }
func (x *x4) squeezeBlocks(out [][]byte) { x.SqueezeBlocks((*[4][]byte)(out)) }

type x8 struct{ ShakeX8 }

func (*x8) states() int { return 8 }
func (x *x8) init(rate int) {
	if rate == Rate128 {
		x.Init128()
	} else {
		x.Init256()
	}
}
func (x *x8) absorb(in [][]byte)         { x.Absorb((*[8][]byte)(in)) }
func (x *x8) squeeze(out [][]byte)       { x.Squeeze((*[8][]byte)(out)) }
func (x *x8) squeezeBlocks(out [][]byte) { x.SqueezeBlocks((*[8][]byte)(out)) }

// allShapes returns a fresh Shake, ShakeX4 and ShakeX8.
func allShapes() []xofs { return []xofs{&single{}, &x4{}, &x8{}} }

func shapeName(x xofs) string {
	return map[int]string{1: "Shake", 4: "ShakeX4", 8: "ShakeX8"}[x.states()]
}

// reference computes SHAKE at the given rate with crypto/sha3.
func reference(rate int, in []byte, outLen int) []byte {
	var h *sha3.SHAKE
	if rate == Rate128 {
		h = sha3.NewSHAKE128()
	} else {
		h = sha3.NewSHAKE256()
	}
	h.Write(in)
	out := make([]byte, outLen)
	h.Read(out)
	return out
}

// portable computes SHAKE at the given rate with the portable Go code, the
// specification of every level.
func portable(t testing.TB, rate int, in []byte, outLen int) []byte {
	out := make([]byte, outLen)
	cputest.At(t, cpu.Portable, func() {
		var s Shake
		s.init(rate)
		s.Absorb(in)
		s.Squeeze(out)
	})
	return out
}

func randomBytes(rng *rand.Rand, n int) []byte {
	p := make([]byte, n)
	for i := range p {
		p[i] = byte(rng.Uint32())
	}
	return p
}

func buffers(n, size int) [][]byte {
	b := make([][]byte, n)
	for i := range b {
		b[i] = make([]byte, size)
	}
	return b
}

// TestAgainstStdlib compares random absorb and squeeze patterns, split into
// random pieces, with crypto/sha3, in every shape at every level.
func TestAgainstStdlib(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		rng := rand.New(rand.NewPCG(1, 2))
		for iter := 0; iter < 300; iter++ {
			for _, x := range allShapes() {
				n := x.states()
				rate := []int{Rate128, Rate256}[iter%2]
				msgLen, outLen := rng.IntN(700), rng.IntN(900)
				msgs := make([][]byte, n)
				for s := range msgs {
					msgs[s] = randomBytes(rng, msgLen)
				}
				// Random cuts of up to 255 bytes, then the rest in one piece.
				cuts := randomBytes(rng, rng.IntN(12))
				x.init(rate)
				inPieces(msgs, cuts, 1, x.absorb)
				got := buffers(n, outLen)
				inPieces(got, randomBytes(rng, rng.IntN(12)), 1, x.squeeze)
				for s := range got {
					if !bytes.Equal(got[s], reference(rate, msgs[s], outLen)) {
						t.Fatalf("%s iteration %d state %d (rate %d, msg %d bytes, out %d bytes): mismatch with crypto/sha3",
							shapeName(x), iter, s, rate, msgLen, outLen)
					}
				}
			}
		}
	})
}

// TestEveryLength compares every level with the portable code, bit for bit,
// for random inputs of every length 0…600 and squeezes of one to three whole
// blocks, in every shape.
func TestEveryLength(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const maxLen = 600
	type testCase struct {
		rate   int
		in     [][]byte
		blocks int
		want   [][]byte
	}
	var cases []testCase
	for length := 0; length <= maxLen; length++ {
		for _, rate := range []int{Rate128, Rate256} {
			tc := testCase{rate: rate, blocks: 1 + length%3}
			for s := 0; s < 8; s++ {
				in := randomBytes(rng, length)
				tc.in = append(tc.in, in)
				tc.want = append(tc.want, portable(t, rate, in, tc.blocks*rate))
			}
			cases = append(cases, tc)
		}
	}
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, x := range allShapes() {
			n := x.states()
			for _, tc := range cases {
				x.init(tc.rate)
				x.absorb(tc.in[:n])
				out := buffers(n, tc.blocks*tc.rate)
				x.squeezeBlocks(out)
				for s := range out {
					if !bytes.Equal(out[s], tc.want[s]) {
						t.Fatalf("%s rate %d input %d bytes, %d blocks: state %d differs from the portable code",
							shapeName(x), tc.rate, len(tc.in[0]), tc.blocks, s)
					}
				}
			}
		}
	})
}

func slicesEqual(a, b []uint64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return len(a) == len(b)
}

// TestLevelChangeMidStream checks that every level keeps the same state
// layout, so a Shake may change levels between calls (as tests do).
func TestLevelChangeMidStream(t *testing.T) {
	in := []byte("crystals")
	want := reference(Rate256, in, 3*Rate256)
	for _, from := range cpu.Levels() {
		for _, to := range cpu.Levels() {
			var s Shake
			got := make([]byte, 3*Rate256)
			cputest.At(t, from, func() { s.Init256(); s.Absorb(in); s.Squeeze(got[:10]) })
			cputest.At(t, to, func() { s.Squeeze(got[10:]) })
			if !bytes.Equal(got, want) {
				t.Errorf("Shake started at %v, squeezed on at %v: wrong output", from, to)
			}
		}
	}
}

// TestMisuse checks that the engine-bug panics fire.
func TestMisuse(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, x := range allShapes() {
			x.init(Rate128)
			x.squeeze(buffers(x.states(), 1))
			mustPanic(shapeName(x)+" Absorb after Squeeze", func() { x.absorb(buffers(x.states(), 1)) })
			x.init(Rate128)
			mustPanic(shapeName(x)+" SqueezeBlocks of 1 byte", func() { x.squeezeBlocks(buffers(x.states(), 1)) })
			if x.states() > 1 {
				x.init(Rate128)
				in := buffers(x.states(), 3)
				in[1] = in[1][:2]
				mustPanic(shapeName(x)+" unequal inputs", func() { x.absorb(in) })
				out := buffers(x.states(), Rate128)
				out[0] = out[0][:0]
				mustPanic(shapeName(x)+" unequal outputs", func() { x.squeeze(out) })
			}
		}
	})
}

// TestZeroAllocations checks that no shape allocates at any level, with every
// buffer on the caller's stack, as the engines keep them: a kernel that let its
// arguments escape would move them to the heap on every call.
func TestZeroAllocations(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		allocs := testing.AllocsPerRun(20, func() {
			var s Shake
			var x4 ShakeX4
			var x8 ShakeX8
			var seed [34]byte
			var blocks [8][2 * Rate128]byte
			var out [100]byte
			var in4 [4][]byte
			var in8, out8 [8][]byte
			for i := range in8 {
				in8[i], out8[i] = seed[:], blocks[i][:]
			}
			for i := range in4 {
				in4[i] = seed[:]
			}
			s.Init128()
			s.Absorb(seed[:])
			s.Squeeze(out[:])
			x4.Init128()
			x4.Absorb(&in4)
			x4.SqueezeBlocks((*[4][]byte)(out8[:4]))
			x8.Init128()
			x8.Absorb(&in8)
			x8.SqueezeBlocks(&out8)
			d256 := Sum256(out[:])
			d512 := Sum512(d256[:])
			out[0] ^= d512[0]
		})
		if allocs != 0 {
			t.Errorf("%v allocations per run, want 0", allocs)
		}
	})
}

// TestWordTransfers compares the word transfers of every level with the
// portable loops for every range of words a block can ask for.
func TestWordTransfers(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, n := range []int{1, 4, 8} {
			for first := 0; first < Rate128/8; first++ {
				for words := 1; first+words <= Rate128/8; words++ {
					state := make([]uint64, 25*n)
					for i := range state {
						state[i] = rng.Uint64()
					}
					bufs := make([][]byte, n)
					for s := range bufs {
						bufs[s] = randomBytes(rng, 3+8*words)
					}
					got, want := append([]uint64(nil), state...), append([]uint64(nil), state...)
					xorWords(got, bufs, 3, first, words)
					xorWordsGeneric(want, bufs, 3, first, words)
					if !slicesEqual(got, want) {
						t.Fatalf("%d states: xorWords(first %d, %d words) differs from the portable loop", n, first, words)
					}
					gotOut, wantOut := buffers(n, 3+8*words), buffers(n, 3+8*words)
					storeWords(gotOut, 3, state, first, words)
					storeWordsGeneric(wantOut, 3, state, first, words)
					for s := range gotOut {
						if !bytes.Equal(gotOut[s], wantOut[s]) {
							t.Fatalf("%d states: storeWords(first %d, %d words) differs from the portable loop", n, first, words)
						}
					}
				}
			}
		}
	})
}

// TestSHA3_512X8 compares ShakeX8's SHA3-512 mode with crypto/sha3.Sum512
// for inputs of every length around the rate, in random pieces, at every
// level.
func TestSHA3_512X8(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		rng := rand.New(rand.NewPCG(5, 6))
		for msgLen := 0; msgLen <= 3*RateSHA3512+1; msgLen++ {
			var msgs, got [8][]byte
			for s := range msgs {
				msgs[s] = randomBytes(rng, msgLen)
				got[s] = make([]byte, 64)
			}
			var x ShakeX8
			x.InitSHA3_512()
			inPieces(msgs[:], randomBytes(rng, rng.IntN(4)), 1, func(in [][]byte) { x.Absorb((*[8][]byte)(in)) })
			x.Squeeze(&got)
			for s := range got {
				if want := sha3.Sum512(msgs[s]); !bytes.Equal(got[s], want[:]) {
					t.Fatalf("message of %d bytes, state %d: SHA3-512 differs from crypto/sha3", msgLen, s)
				}
			}
		}
	})
}
