package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// rowLayoutAVX512 emits keccakF1600x1AVX512Rows, a one-state permutation with
// the state in five zmm registers, one row (the five lanes of a y) per
// register in elements 0–4, measured against the scalar kernel as the
// single-state permutation for level AVX512. θ and χ need the row rotated by
// one or two elements (VPERMQ), and π gathers every output row from all five
// input rows (VPERMT2Q in two stages plus a masked VPERMQ), so most of the
// work is shuffles.
//
// Registers: Z0–Z4 the rows; Z5–Z7 the rotations by −1, +1, +2 elements;
// Z8–Z20 the π indices; Z21–Z25 the ρ offsets; Z26–Z30 temporaries.
func rowLayoutAVX512(rc Mem) {
	rho := rhoOffsets()
	// π: output row Y, element X is input row X, element (X+3Y) mod 5.
	src := func(x, y int) int { return (x + 3*y) % 5 }
	var vectors [][8]uint64
	vector := func(v [8]uint64) int { vectors = append(vectors, v); return len(vectors) - 1 }
	rotM1 := vector([8]uint64{4, 0, 1, 2, 3})
	rotP1 := vector([8]uint64{1, 2, 3, 4, 0})
	rotP2 := vector([8]uint64{2, 3, 4, 0, 1})
	// Stage 1 pairs rows 0,1 and rows 2,3: slots 2Y and 2Y+1 hold the
	// elements output row Y needs from them, for Y = 0…3 (a) and Y = 4 (b).
	var pairs [4]int
	for p := 0; p < 2; p++ {
		var a, b [8]uint64
		for y := 0; y < 4; y++ {
			a[2*y], a[2*y+1] = uint64(src(2*p, y)), uint64(8+src(2*p+1, y))
		}
		b[0], b[1] = uint64(src(2*p, 4)), uint64(8+src(2*p+1, 4))
		pairs[2*p], pairs[2*p+1] = vector(a), vector(b)
	}
	// Stage 2 takes elements 0, 1 of output row Y from the rows-0,1 vector
	// and 2, 3 from the rows-2,3 vector; row 4 uses the (b) vectors.
	var stage2 [4]int
	for y := 0; y < 4; y++ {
		stage2[y] = vector([8]uint64{uint64(2 * y), uint64(2*y + 1), uint64(8 + 2*y), uint64(9 + 2*y)})
	}
	// Element 4 of output row Y comes from input row 4 by a masked VPERMQ.
	var fromRow4 [5]int
	for y := 0; y < 5; y++ {
		var v [8]uint64
		v[4] = uint64(src(4, y))
		fromRow4[y] = vector(v)
	}
	var rhoRows [5]int
	for y := 0; y < 5; y++ {
		var v [8]uint64
		for x := 0; x < 5; x++ {
			v[x] = uint64(rho[x+5*y])
		}
		rhoRows[y] = vector(v)
	}
	table := GLOBL("keccakRowLayout", RODATA|NOPTR)
	for i, v := range vectors {
		for j, e := range v {
			DATA(64*i+8*j, U64(e))
		}
	}

	TEXT("keccakF1600x1AVX512Rows", NOSPLIT, "func(a *[25]uint64)")
	Pragma("noescape")
	Doc("keccakF1600x1AVX512Rows applies Keccak-f[1600] to the state a, held as five rows in zmm registers.")
	ptr := Load(Param("a"), GP64())
	row := []VecPhysical{Z0, Z1, Z2, Z3, Z4}
	constant := []VecPhysical{Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15, Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25}
	for i := range vectors {
		VMOVDQU64(table.Offset(64*i), constant[i])
	}
	k := GP64()
	MOVQ(U32(0x1f), k)
	KMOVQ(k, K1) // the five lanes of a row
	MOVQ(U32(0x10), k)
	KMOVQ(k, K2) // element 4
	MOVQ(U32(0x01), k)
	KMOVQ(k, K3) // element 0, for ι
	for y := range row {
		VMOVDQU64_Z(Mem{Base: ptr, Disp: 40 * y}, K1, row[y])
	}
	t := []VecPhysical{Z26, Z27, Z28, Z29, Z30}

	for round := 0; round < 24; round++ {
		Comment("Round")
		// θ (Algorithm 1): every row ^= C[x−1] ^ rot(C[x+1], 1).
		c, cm1, cp1 := t[0], t[1], t[2]
		VMOVDQA64(row[0], c)
		VPTERNLOGQ(U8(ternXor3), row[2], row[1], c)
		VPTERNLOGQ(U8(ternXor3), row[4], row[3], c)
		VPERMQ(c, constant[rotM1], cm1)
		VPERMQ(c, constant[rotP1], cp1)
		VPROLQ(U8(1), cp1, cp1)
		for y := range row {
			VPTERNLOGQ(U8(ternXor3), cp1, cm1, row[y])
		}
		// ρ (Algorithm 2).
		for y := range row {
			VPROLVQ(constant[rhoRows[y]], row[y], row[y])
		}
		// π (Algorithm 3).
		for p := 0; p < 2; p++ {
			for h := 0; h < 2; h++ {
				VMOVDQA64(row[2*p], t[2*p+h])
				VPERMT2Q(row[2*p+1], constant[pairs[2*p+h]], t[2*p+h])
			}
		}
		va, vb, wa, wb := t[0], t[1], t[2], t[3]
		out4 := t[4]
		for y := 0; y < 5; y++ {
			dst, v, w := out4, vb, wb
			if y < 4 {
				dst, v, w = row[y], va, wa
			}
			VMOVDQA64(v, dst)
			VPERMT2Q(w, constant[stage2[y%4]], dst)
			VPERMQ(row[4], constant[fromRow4[y]], K2, dst)
		}
		VMOVDQA64(out4, row[4])
		// χ (Algorithm 4) and ι (Algorithm 6).
		for y := range row {
			VPERMQ(row[y], constant[rotP1], t[0])
			VPERMQ(row[y], constant[rotP2], t[1])
			VPTERNLOGQ(U8(ternChi), t[1], t[0], row[y])
		}
		VPXORQ_BCST(rc.Offset(8*round), row[0], K3, row[0])
	}
	for y := range row {
		VMOVDQU64(row[y], K1, Mem{Base: ptr, Disp: 40 * y})
	}
	VZEROUPPER()
	RET()
}
