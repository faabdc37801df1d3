package keccak

import (
	"bytes"
	"crypto/sha3"
	"slices"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/fuzzedit"
)

// seededX8 returns eight SHAKE128 states that absorbed distinct short seeds.
func seededX8() *ShakeX8 {
	var x ShakeX8
	x.Init128()
	var seeds [8][]byte
	for s := range seeds {
		seeds[s] = []byte{byte(s), 1, 2, 3}
	}
	x.Absorb(&seeds)
	return &x
}

// seededLanes is the multi-state object a carried run squeezes beside the
// carried hash: eight SHAKE128 states, or four where x4 is set, seeded as
// seededX8's first ones.
type seededLanes struct {
	x8 *ShakeX8
	x4 ShakeX4
}

func newSeededLanes(x4 bool) *seededLanes {
	if !x4 {
		return &seededLanes{x8: seededX8()}
	}
	l := &seededLanes{}
	l.x4.Init128()
	var seeds [4][]byte
	for s := range seeds {
		seeds[s] = []byte{byte(s), 1, 2, 3}
	}
	l.x4.Absorb(&seeds)
	return l
}

// width is the number of states.
func (l *seededLanes) width() int {
	if l.x8 != nil {
		return 8
	}
	return 4
}

// squeeze squeezes out[:width] blocks, carrying c if not nil.
func (l *seededLanes) squeeze(out *[8][]byte, c *Carried) {
	switch {
	case l.x8 != nil && c != nil:
		l.x8.SqueezeBlocksCarrying(out, c)
	case l.x8 != nil:
		l.x8.SqueezeBlocks(out)
	case c != nil:
		l.x4.SqueezeBlocksCarrying((*[4][]byte)(out[:4]), c)
	default:
		l.x4.SqueezeBlocks((*[4][]byte)(out[:4]))
	}
}

// carriedRun feeds data to a Carried in the pieces cuts gives, squeezing
// blocks[i] blocks of eight (or, with x4, four) SHAKE128 instances between
// Feeds (cycling through blocks), and returns the carried output and the
// instances' outputs. With closing set it closes the input after the last
// Feed and squeezes twice more, so that the padded block can be carried.
func carriedRun(data, cuts, blocks []byte, closing, x4 bool) ([]byte, [8][]byte) {
	c := NewCarried256(nil)
	if closing && len(data) == 0 {
		c.Close()
	}
	x := newSeededLanes(x4)
	var outs [8][]byte
	fed, extra := 0, 0
	for i := 0; ; i++ {
		n := 1
		if len(blocks) > 0 {
			n = int(blocks[i%len(blocks)]) % 8
		}
		var out [8][]byte
		for s := range out[:x.width()] {
			out[s] = make([]byte, n*Rate128)
		}
		x.squeeze(&out, &c)
		for s := range outs[:x.width()] {
			outs[s] = append(outs[s], out[s]...)
		}
		if fed == len(data) {
			if !closing || extra == 2 {
				break
			}
			extra++ // two more squeezes, the same at every level
		}
		if fed < len(data) {
			step := len(data) - fed
			if len(cuts) > 0 {
				step = min(step, int(cuts[i%len(cuts)])*7+1)
			}
			fed += step
			c = c.Feed(data[:fed])
			if closing && fed == len(data) {
				c.Close()
			}
		}
	}
	digest := make([]byte, 64)
	c.Squeeze(digest)
	return digest, outs
}

// checkCarried runs carriedRun, beside eight and beside four instances, at
// every level this CPU has and compares the carried hash with crypto/sha3
// and the instances' outputs with plain SqueezeBlocks.
func checkCarried(t *testing.T, data, cuts, blocks []byte) {
	t.Helper()
	want := reference(Rate256, data, 64)
	for _, x4 := range []bool{false, true} {
		for _, closing := range []bool{false, true} {
			var wantOuts [8][]byte
			cputest.At(t, cpu.Portable, func() {
				_, outs := carriedRun(data, cuts, blocks, closing, x4)
				x := newSeededLanes(x4)
				for s := range wantOuts[:x.width()] {
					wantOuts[s] = make([]byte, len(outs[0]))
				}
				x.squeeze(&wantOuts, nil)
			})
			cputest.AtEachLevel(t, func(l cpu.Level) {
				got, outs := carriedRun(data, cuts, blocks, closing, x4)
				if !bytes.Equal(got, want) {
					t.Fatalf("level %v, closed %v, x4 %v: carried SHAKE256 of %d bytes differs from crypto/sha3", l, closing, x4, len(data))
				}
				for s := range outs {
					if !bytes.Equal(outs[s], wantOuts[s]) {
						t.Fatalf("level %v, closed %v, x4 %v: instance %d squeezed beside the carried hash differs", l, closing, x4, s)
					}
				}
			})
		}
	}
}

func TestCarried(t *testing.T) {
	data := make([]byte, 3000)
	for i := range data {
		data[i] = byte(i*7 + i>>8)
	}
	// Lengths around the rate and the ML-DSA public keys (1312, 1952, 2592
	// bytes); fed whole, in small pieces, and in block-sized ones.
	for _, n := range []int{0, 1, Rate256 - 1, Rate256, Rate256 + 1, 2 * Rate256, 1312, 1952, 2592, 3000} {
		checkCarried(t, data[:n], nil, []byte{5})
		checkCarried(t, data[:n], []byte{3, 40, 19}, []byte{1, 0, 2})
		checkCarried(t, data[:n], []byte{19}, []byte{5, 1})
	}
}

// squeezeFourCarrying squeezes four blocks of eight (with x4, four) fresh
// SHAKE128 states, carrying c.
func squeezeFourCarrying(c *Carried, x4 bool) {
	x := newSeededLanes(x4)
	var out [8][]byte
	for s := range out[:x.width()] {
		out[s] = make([]byte, 4*Rate128)
	}
	x.squeeze(&out, c)
}

// fusedLevels are the levels with a fused kernel and the multi-state width
// it serves (x4: the 4-way one).
var fusedLevels = []struct {
	level cpu.Level
	x4    bool
}{{cpu.AVX512, false}, {cpu.AVX2, true}}

// TestCarriedAbsorbs checks that at the levels with a fused kernel the
// squeeze absorbs the waiting blocks (one per permutation), and that Feed
// then refuses less input than that.
func TestCarriedAbsorbs(t *testing.T) {
	for _, f := range fusedLevels {
		t.Run(f.level.String(), func(t *testing.T) {
			if !cpu.Supports(f.level) {
				t.Skipf("needs level %v; this CPU's best is %v", f.level, cpu.Best())
			}
			cputest.At(t, f.level, func() {
				c := NewCarried256(make([]byte, 3*Rate256-1))
				squeezeFourCarrying(&c, f.x4)
				if c.done != 2*Rate256 {
					t.Fatalf("absorbed %d bytes beside four permutations, want the two whole blocks (%d)", c.done, 2*Rate256)
				}
				defer func() {
					if recover() == nil {
						t.Fatal("Feed with less than was absorbed did not panic")
					}
				}()
				_ = c.Feed(make([]byte, Rate256))
			})
		})
	}
}

// TestCarriedClose checks that at the levels with a fused kernel a closed
// input's padded last block is carried too, so that Squeeze permutes
// nothing more, and that Feed after Close panics.
func TestCarriedClose(t *testing.T) {
	for _, f := range fusedLevels {
		t.Run(f.level.String(), func(t *testing.T) {
			if !cpu.Supports(f.level) {
				t.Skipf("needs level %v; this CPU's best is %v", f.level, cpu.Best())
			}
			cputest.At(t, f.level, func() {
				for _, n := range []int{0, 1, Rate256 - 1, Rate256, 2*Rate256 + 5} {
					in := bytes.Repeat([]byte{0x5c}, n)
					c := NewCarried256(in)
					c.Close()
					squeezeFourCarrying(&c, f.x4)
					if !c.s.squeezing || c.done != n {
						t.Fatalf("%d bytes: after four carrying permutations the input is not absorbed and padded", n)
					}
					// The next squeeze reads the state: its first 64 bytes
					// are SHAKE256's output.
					got := make([]byte, 64)
					c.Squeeze(got)
					if !bytes.Equal(got, reference(Rate256, in, 64)) {
						t.Fatalf("%d bytes: carried and padded SHAKE256 differs from crypto/sha3", n)
					}
				}
				defer func() {
					if recover() == nil {
						t.Fatal("Feed after Close did not panic")
					}
				}()
				c := NewCarried256(nil)
				c.Close()
				_ = c.Feed(nil)
			})
		})
	}
}

// FuzzCarried runs checkCarried on n bytes of a repeated pattern (fuzzedit.Cycle),
// skipping shapes of more than maxCarriedRounds Feeds or squeezes and
// maxCarriedBlocks squeezed blocks, so that every run stays cheap: cuts of
// zeros feed a byte at a time, and every squeeze grows eight outputs.
func FuzzCarried(f *testing.F) {
	f.Add([]byte{}, uint16(0), []byte{}, []byte{})
	f.Add([]byte{0xA5}, uint16(1952), []byte{}, []byte{5})
	f.Add([]byte{1, 2, 3}, uint16(1500), []byte{40, 60, 30}, []byte{1, 0, 2})
	f.Add([]byte{1, 2, 3}, uint16(100), []byte{3, 0, 1}, []byte{1, 0, 2})
	f.Add([]byte{9}, uint16(Rate256), []byte{19}, []byte{7})
	f.Fuzz(func(t *testing.T, pattern []byte, n uint16, cuts, blocks []byte) {
		data := fuzzedit.Cycle(pattern, int(n)%3000)
		if rounds, squeezed := carriedShape(len(data), cuts, blocks); rounds > maxCarriedRounds || squeezed > maxCarriedBlocks {
			return
		}
		checkCarried(t, data, cuts, blocks)
	})
}

const (
	maxCarriedRounds = 12
	maxCarriedBlocks = 24
)

// carriedShape bounds the squeezes carriedRun makes for n bytes with cuts
// and blocks (with closing, its larger case): the pieces are at least
// 7·min(cuts) + 1 bytes (all of it without cuts), and each squeeze takes at
// most max(blocks mod 8) blocks (one without blocks).
func carriedShape(n int, cuts, blocks []byte) (rounds, squeezed int) {
	piece := n
	if len(cuts) > 0 {
		piece = 7*int(slices.Min(cuts)) + 1
	}
	rounds = 3 // before the first Feed, and the two after closing
	if piece > 0 {
		rounds += (n + piece - 1) / piece
	}
	per := 1
	if len(blocks) > 0 {
		per = 0
		for _, b := range blocks {
			per = max(per, int(b)%8)
		}
	}
	return rounds, rounds * per
}

// TestCarriedSHA3256 checks NewCarriedSHA3256 at every level, beside eight
// and four squeezing states: carried (where the level has the fused
// kernel, wholly if it fits four permutations) or absorbed by Squeeze, its
// digest is crypto/sha3's, for inputs around the block boundaries.
func TestCarriedSHA3256(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for _, x4 := range []bool{false, true} {
			for _, n := range []int{0, 1, RateSHA3256 - 1, RateSHA3256, 4*RateSHA3256 + 128, 10*RateSHA3256 + 80} {
				in := bytes.Repeat([]byte{0xc3}, n)
				c := NewCarriedSHA3256(in)
				c.Close()
				squeezeFourCarrying(&c, x4)
				fused := slices.Contains(fusedLevels, struct {
					level cpu.Level
					x4    bool
				}{l, x4})
				if fused && n < 4*RateSHA3256 && !c.Done() {
					t.Fatalf("x4 %v, %d bytes: four carrying permutations left the input unabsorbed", x4, n)
				}
				var got [32]byte
				c.Squeeze(got[:])
				if want := sha3.Sum256(in); got != want {
					t.Fatalf("x4 %v, %d bytes: carried SHA3-256 %x, crypto/sha3 %x", x4, n, got, want)
				}
			}
		}
	})
}
