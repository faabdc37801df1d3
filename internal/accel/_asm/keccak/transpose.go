package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The absorb and squeeze kernels move whole blocks between the byte buffers
// of the states and the lane-interleaved state: word w of state s is at
// a[w*N+s], while the caller's buffer for state s holds words w, w+1, … one
// after the other. Between the two is a transpose, done in registers on
// square tiles (4×4 words with AVX2, 8×8 with AVX-512), which is its own
// inverse, so one tile routine serves both directions:
//
//   - xorBlock…(a, in, words): a[w*N+s] ^= word w of in[s], for w < words;
//   - storeBlock…(out, a, words): word w of out[s] = a[w*N+s], for w < words.
//
// The Go caller checks that every buffer holds words*8 bytes.

// blockKernelsAVX512 emits the 8-state AVX-512 kernels.
func blockKernelsAVX512() {
	idx := GLOBL("keccakTransposeIndex", RODATA|NOPTR)
	for i, v := range []uint64{0, 1, 8, 9, 4, 5, 12, 13, 2, 3, 10, 11, 6, 7, 14, 15} {
		DATA(8*i, U64(v))
	}
	blockKernelAVX512("xorBlockX8AVX512", true, idx)
	blockKernelAVX512("storeBlockX8AVX512", false, idx)
}

// blockKernelAVX512 emits one 8-state kernel: whole tiles of 8 words, then a
// last tile of fewer words through masked loads and stores (the state has 25
// words, so the tile's rows always exist; rows past the block are loaded and
// written back unchanged).
func blockKernelAVX512(name string, absorb bool, idx Mem) {
	if absorb {
		TEXT(name, NOSPLIT, "func(a *[200]uint64, in *[8]*byte, words int)")
	} else {
		TEXT(name, NOSPLIT, "func(out *[8]*byte, a *[200]uint64, words int)")
	}
	Pragma("noescape")
	if absorb {
		Doc(name+" adds words 0…words−1 of in[s] to state s of the interleaved states a.", "")
	} else {
		Doc(name+" writes words 0…words−1 of state s of the interleaved states a to out[s].", "")
	}
	a := Load(Param("a"), GP64())
	bufsParam := "out"
	if absorb {
		bufsParam = "in"
	}
	bufs := Load(Param(bufsParam), GP64())
	var ptr [8]GPVirtual
	for s := range ptr {
		ptr[s] = GP64()
		MOVQ(Mem{Base: bufs, Disp: 8 * s}, ptr[s])
	}
	words := Load(Param("words"), GP64())
	off := GP64()
	XORQ(off, off)
	VMOVDQU64(idx, Z30)
	VMOVDQU64(idx.Offset(64), Z31)
	KXNORB(K1, K1, K1) // all eight lanes for whole tiles

	tile := func(mask Op) {
		rows := []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7}
		if absorb {
			for s := range rows {
				VMOVDQU64_Z(Mem{Base: ptr[s], Index: off, Scale: 1}, mask, rows[s])
			}
			cols := transpose8(rows)
			for w, c := range cols {
				VPXORQ(Mem{Base: a, Disp: 64 * w}, c, c)
				VMOVDQU64(c, Mem{Base: a, Disp: 64 * w})
			}
			return
		}
		for w := range rows {
			VMOVDQU64(Mem{Base: a, Disp: 64 * w}, rows[w])
		}
		cols := transpose8(rows)
		for s, c := range cols {
			VMOVDQU64(c, mask, Mem{Base: ptr[s], Index: off, Scale: 1})
		}
	}

	Label(name + "_tiles")
	CMPQ(words, U8(8))
	JB(LabelRef(name + "_last"))
	tile(K1)
	ADDQ(U32(64*8), a)
	ADDQ(U8(64), off)
	SUBQ(U8(8), words)
	JMP(LabelRef(name + "_tiles"))

	Label(name + "_last")
	TESTQ(words, words)
	JZ(LabelRef(name + "_done"))
	bits := GP64()
	MOVQ(U32(0xff), bits)
	BZHIQ(words, bits, bits) // the low words bits
	KMOVQ(bits, K2)
	tile(K2)

	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// transpose8 transposes the 8×8 matrix of 64-bit words in rows (row r in
// rows[r]) and returns the registers holding its rows afterwards. It uses
// Z8–Z23 and the VPERMT2Q indices in Z30 and Z31.
func transpose8(r []VecPhysical) []VecPhysical {
	// t[2k] = (r[2k][0], r[2k+1][0], r[2k][2], r[2k+1][2], …),
	// t[2k+1] = (r[2k][1], r[2k+1][1], …).
	t := []VecPhysical{Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15}
	for k := 0; k < 4; k++ {
		VPUNPCKLQDQ(r[2*k+1], r[2*k], t[2*k])
		VPUNPCKHQDQ(r[2*k+1], r[2*k], t[2*k+1])
	}
	// u[j] for j = 0…3 gathers column j (and j+4) of rows 0–3 in order,
	// u[4+j] the same of rows 4–7.
	u := []VecPhysical{Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23}
	for half := 0; half < 2; half++ {
		lo, hi := t[4*half:4*half+2], t[4*half+2:4*half+4]
		for odd := 0; odd < 2; odd++ {
			// Columns odd and odd+4 from index Z30, odd+2 and odd+6 from Z31.
			VMOVDQA64(lo[odd], u[4*half+odd])
			VPERMT2Q(hi[odd], Z30, u[4*half+odd])
			VMOVDQA64(lo[odd], u[4*half+odd+2])
			VPERMT2Q(hi[odd], Z31, u[4*half+odd+2])
		}
	}
	// Column j: the low halves of u[j] and u[4+j]; column j+4: the high.
	cols := make([]VecPhysical, 8)
	for j := 0; j < 4; j++ {
		cols[j], cols[j+4] = r[j], r[j+4] // the inputs are dead by now
		VSHUFI64X2(U8(0x44), u[4+j], u[j], cols[j])
		VSHUFI64X2(U8(0xEE), u[4+j], u[j], cols[j+4])
	}
	return cols
}

// blockKernelsAVX2 emits the AVX2 kernels for 4 states, and for 8 states as
// two passes over states 0–3 and 4–7. The AVX-512 level uses the 4-state
// ones too.
func blockKernelsAVX2() {
	for _, states := range []int{4, 8} {
		blockKernelAVX2(fmt.Sprintf("xorBlockX%dAVX2", states), states, true)
		blockKernelAVX2(fmt.Sprintf("storeBlockX%dAVX2", states), states, false)
	}
}

// blockKernelAVX2 emits one kernel: whole tiles of 4 words, then the last
// words one at a time with scalar moves.
func blockKernelAVX2(name string, states int, absorb bool) {
	stride := 8 * states
	if absorb {
		TEXT(name, NOSPLIT, fmt.Sprintf("func(a *[%d]uint64, in *[%d]*byte, words int)", 25*states, states))
		Doc(name+" adds words 0…words−1 of in[s] to state s of the interleaved states a.", "")
	} else {
		TEXT(name, NOSPLIT, fmt.Sprintf("func(out *[%d]*byte, a *[%d]uint64, words int)", states, 25*states))
		Doc(name+" writes words 0…words−1 of state s of the interleaved states a to out[s].", "")
	}
	Pragma("noescape")
	a0 := Load(Param("a"), GP64())
	bufsParam := "out"
	if absorb {
		bufsParam = "in"
	}
	bufs := Load(Param(bufsParam), GP64())
	words0 := Load(Param("words"), GP64())
	a, words, off := GP64(), GP64(), GP64()
	var ptr [4]GPVirtual
	for s := range ptr {
		ptr[s] = GP64()
	}
	for pass := 0; pass < states/4; pass++ {
		label := func(l string) string { return fmt.Sprintf("%s_%s%d", name, l, pass) }
		for s := range ptr {
			MOVQ(Mem{Base: bufs, Disp: 8 * (4*pass + s)}, ptr[s])
		}
		LEAQ(Mem{Base: a0, Disp: 32 * pass}, a)
		MOVQ(words0, words)
		XORQ(off, off)

		Label(label("tiles"))
		CMPQ(words, U8(4))
		JB(LabelRef(label("last")))
		rows := []VecPhysical{Y0, Y1, Y2, Y3}
		if absorb {
			for s := range rows {
				VMOVDQU(Mem{Base: ptr[s], Index: off, Scale: 1}, rows[s])
			}
			for w, c := range transpose4(rows) {
				VPXOR(Mem{Base: a, Disp: stride * w}, c, c)
				VMOVDQU(c, Mem{Base: a, Disp: stride * w})
			}
		} else {
			for w := range rows {
				VMOVDQU(Mem{Base: a, Disp: stride * w}, rows[w])
			}
			for s, c := range transpose4(rows) {
				VMOVDQU(c, Mem{Base: ptr[s], Index: off, Scale: 1})
			}
		}
		ADDQ(U32(4*stride), a)
		ADDQ(U8(32), off)
		SUBQ(U8(4), words)
		JMP(LabelRef(label("tiles")))

		Label(label("last"))
		TESTQ(words, words)
		JZ(LabelRef(label("done")))
		word := GP64()
		for s := range ptr {
			if absorb {
				MOVQ(Mem{Base: ptr[s], Index: off, Scale: 1}, word)
				XORQ(word, Mem{Base: a, Disp: 8 * s})
			} else {
				MOVQ(Mem{Base: a, Disp: 8 * s}, word)
				MOVQ(word, Mem{Base: ptr[s], Index: off, Scale: 1})
			}
		}
		ADDQ(U8(stride), a)
		ADDQ(U8(8), off)
		DECQ(words)
		JMP(LabelRef(label("last")))
		Label(label("done"))
	}
	VZEROUPPER()
	RET()
}

// transpose4 transposes the 4×4 matrix of 64-bit words in rows and returns
// the registers holding its rows afterwards. It uses Y4–Y7.
func transpose4(r []VecPhysical) []VecPhysical {
	VPUNPCKLQDQ(r[1], r[0], Y4) // r0[0] r1[0] r0[2] r1[2]
	VPUNPCKHQDQ(r[1], r[0], Y5) // r0[1] r1[1] r0[3] r1[3]
	VPUNPCKLQDQ(r[3], r[2], Y6) // r2[0] r3[0] r2[2] r3[2]
	VPUNPCKHQDQ(r[3], r[2], Y7) // r2[1] r3[1] r2[3] r3[3]
	VPERM2I128(U8(0x20), Y6, Y4, r[0])
	VPERM2I128(U8(0x20), Y7, Y5, r[1])
	VPERM2I128(U8(0x31), Y6, Y4, r[2])
	VPERM2I128(U8(0x31), Y7, Y5, r[3])
	return r
}
