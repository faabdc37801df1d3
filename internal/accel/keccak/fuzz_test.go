package keccak

import (
	"bytes"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/fuzzedit"
)

// fuzzLevels runs one absorb/squeeze pattern in the given shape at every
// level this CPU has and fails if any level's output differs from the
// portable code's. The fuzzer chooses the input, how it is cut into Absorb
// calls, and how the output is cut into Squeeze calls; state s absorbs the
// input with s added to every byte, so the states differ.
func fuzzLevels(t *testing.T, shape func() xofs, data []byte, rate256 bool, cuts []byte, outLen uint16) {
	rate := Rate128
	if rate256 {
		rate = Rate256
	}
	n := shape().states()
	in := make([][]byte, n)
	for s := range in {
		in[s] = make([]byte, len(data))
		for i, b := range data {
			in[s][i] = b + byte(s)
		}
	}
	run := func() [][]byte {
		x := shape()
		x.init(rate)
		rest := inPieces(in, cuts, 3, x.absorb)
		out := buffers(n, int(outLen)%maxFuzzLen)
		inPieces(out, rest, 5, x.squeeze)
		return out
	}
	var want [][]byte
	cputest.AtEachLevel(t, func(l cpu.Level) {
		got := run()
		if l == cpu.Portable { // the lowest level, run first
			want = got
			return
		}
		for s := range got {
			if !bytes.Equal(got[s], want[s]) {
				t.Fatalf("level %v, state %d: output differs from the portable code", l, s)
			}
		}
	})
	if !bytes.Equal(want[0], reference(rate, in[0], len(want[0]))) {
		t.Fatalf("portable output differs from crypto/sha3")
	}
}

func addFuzzSeeds(f *testing.F) {
	f.Add([]byte{}, uint16(0), false, []byte{}, uint16(32))
	f.Add([]byte{0xA5}, uint16(34), false, []byte{}, uint16(5*Rate128))
	f.Add([]byte{0x5A}, uint16(66), true, []byte{}, uint16(5*Rate256))
	f.Add([]byte{1, 2, 3}, uint16(600), true, []byte{7, 0, 50, 1, 90}, uint16(1000))
	f.Add([]byte{9}, uint16(Rate128), false, []byte{56, 0, 34, 34}, uint16(Rate128+1))
}

// maxFuzzLen bounds the inputs and outputs the Shake targets make: a few
// blocks of either rate reach every path, and keep a run cheap.
const maxFuzzLen = 1024

func FuzzShake(f *testing.F) {
	addFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, pattern []byte, n uint16, rate256 bool, cuts []byte, outLen uint16) {
		fuzzLevels(t, func() xofs { return &single{} }, fuzzedit.Cycle(pattern, int(n)%maxFuzzLen), rate256, cuts, outLen)
	})
}

func FuzzShakeX4(f *testing.F) {
	addFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, pattern []byte, n uint16, rate256 bool, cuts []byte, outLen uint16) {
		fuzzLevels(t, func() xofs { return &x4{} }, fuzzedit.Cycle(pattern, int(n)%maxFuzzLen), rate256, cuts, outLen)
	})
}

func FuzzShakeX8(f *testing.F) {
	addFuzzSeeds(f)
	f.Fuzz(func(t *testing.T, pattern []byte, n uint16, rate256 bool, cuts []byte, outLen uint16) {
		fuzzLevels(t, func() xofs { return &x8{} }, fuzzedit.Cycle(pattern, int(n)%maxFuzzLen), rate256, cuts, outLen)
	})
}

// inPieces calls f on consecutive pieces of the equally long bufs, each piece
// cut[c]*scale bytes long, for as long as there are cuts, then on the rest.
// It returns the cuts it did not use.
func inPieces(bufs [][]byte, cuts []byte, scale int, f func(pieces [][]byte)) []byte {
	for off := 0; off < len(bufs[0]); {
		k := len(bufs[0]) - off
		if len(cuts) > 0 {
			k = min(k, int(cuts[0])*scale)
			cuts = cuts[1:]
		}
		pieces := make([][]byte, len(bufs))
		for s := range pieces {
			pieces[s] = bufs[s][off : off+k]
		}
		f(pieces)
		off += k
	}
	return cuts
}
