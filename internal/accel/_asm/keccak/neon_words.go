package main

import (
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// The absorb and squeeze transposes of the four lane-interleaved states on
// arm64: two consecutive state words w, w+1 are 64 bytes, states 0, 1 of w,
// then 2, 3 of w, then the same of w+1; ZIP1 and ZIP2 of 64-bit lanes pair
// a state's two words (for a store to its buffer) or a buffer's two words
// back into the state order (for the xor). An odd last word goes through
// general registers. Registers: R0 the state from word first on, R2–R5 the
// four buffers, R7 the words left.

// neonWordsFuncs are the transposes' declarations.
var neonWordsFuncs = []a64.Func{
	{Name: "xorWordsX4NEON", Params: "a *[100]uint64, bufs *[4]*byte, first int, words int", Args: 32,
		Doc: "xorWordsX4NEON adds words 0…words−1 of bufs[s] to words first… of state s of the interleaved states a."},
	{Name: "storeWordsX4NEON", Params: "a *[100]uint64, bufs *[4]*byte, first int, words int", Args: 32,
		Doc: "storeWordsX4NEON writes words first…first+words−1 of state s of the interleaved states a to bufs[s]."},
}

// neonWordsContract gives the transposes' hooks their arm64 kernels.
var neonWordsContract = []dispatch.Kernel{
	{Hook: "xorWordsX4Arch", Impls: neonBoth("xorWordsX4NEON")},
	{Hook: "storeWordsX4Arch", Impls: neonBoth("storeWordsX4NEON")},
}

// neonBoth runs fn at both arm64 levels.
func neonBoth(fn string) []dispatch.Impl { return dispatch.On("arm64", "NEONSHA3", fn, "NEON", fn) }

// neonWordsStart loads the arguments.
func neonWordsStart(f *a64.File, fn a64.Func) {
	f.Text(fn)
	f.Go("MOVD a+0(FP), R0")
	f.Go("MOVD bufs+8(FP), R1")
	f.Go("MOVD first+16(FP), R6")
	f.Go("MOVD words+24(FP), R7")
	for s := range 4 {
		f.Go("MOVD %d(R1), R%d", 8*s, 2+s)
	}
	f.Go("ADD R6<<5, R0")
}

// neonWordsLoop writes the loop over word pairs (pair) and the odd last
// word (single, given state word s of R0's word in R8 for buffer Rb).
func neonWordsLoop(f *a64.File, prefix string, pair func(), single func(s, b int)) {
	f.Label(prefix + "pairs")
	f.Go("CMP $2, R7")
	f.Go("BLT %ssingle", prefix)
	pair()
	f.Go("SUB $2, R7")
	f.Go("B %spairs", prefix)
	f.Label(prefix + "single")
	f.Go("CBZ R7, %sdone", prefix)
	for s := range 4 {
		single(s, 2+s)
	}
	f.Label(prefix + "done")
	f.Go("RET")
}

// neonStoreWordsKernel writes storeWordsX4NEON.
func neonStoreWordsKernel(f *a64.File, fn a64.Func) {
	D2 := a64.D2
	neonWordsStart(f, fn)
	neonWordsLoop(f, "store", func() {
		f.I(a64.LD1(4, D2, a64.V(0), a64.X(0), true))
		for s := range 4 {
			zip := a64.ZIP1
			if s%2 == 1 {
				zip = a64.ZIP2
			}
			f.I(zip(D2, a64.V(4+s), a64.V(s/2), a64.V(2+s/2)), a64.ST1(1, D2, a64.V(4+s), a64.X(2+s), true))
		}
	}, func(s, b int) {
		f.Go("MOVD %d(R0), R8", 8*s)
		f.Go("MOVD R8, (R%d)", b)
	})
}

// neonXorWordsKernel writes xorWordsX4NEON.
func neonXorWordsKernel(f *a64.File, fn a64.Func) {
	D2, B16 := a64.D2, a64.B16
	neonWordsStart(f, fn)
	neonWordsLoop(f, "xor", func() {
		for s := range 4 {
			f.I(a64.LD1(1, D2, a64.V(4+s), a64.X(2+s), true))
		}
		f.I(a64.LD1(4, D2, a64.V(0), a64.X(0), false))
		// V0 (states 0, 1 of w) takes ZIP1 of buffers 0, 1; V2 (of w+1)
		// their ZIP2; V1 and V3 the same of buffers 2, 3.
		for r := range 4 {
			zip := a64.ZIP1
			if r >= 2 {
				zip = a64.ZIP2
			}
			in := 4 + 2*(r%2)
			f.I(zip(D2, a64.V(8+r), a64.V(in), a64.V(in+1)), a64.EOR(B16, a64.V(r), a64.V(r), a64.V(8+r)))
		}
		f.I(a64.ST1(4, D2, a64.V(0), a64.X(0), true))
	}, func(s, b int) {
		f.Go("MOVD %d(R0), R8", 8*s)
		f.Go("MOVD (R%d), R9", b)
		f.Go("EOR R9, R8")
		f.Go("MOVD R8, %d(R0)", 8*s)
	})
}
