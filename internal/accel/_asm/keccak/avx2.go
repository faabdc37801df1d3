package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
	"github.com/mmcloughlin/avo/x86"
)

// memoryResidentAVX2 emits a permutation of 4 or 8 states for CPUs with AVX2
// but not AVX-512. Sixteen ymm registers cannot hold 25 lanes, so each round
// reads the state from one buffer and writes the next state to the other: the
// caller's state and an 800-byte frame buffer alternate, two rounds per loop
// iteration, so the result ends up in the caller's state. Eight states are
// two passes over four states each (elements 0–3 and 4–7 of every word).
//
// Registers: Y0–Y4 hold C[x] and then one row of B (the lanes after θ, ρ and
// π); Y5–Y9 hold D[x]; Y10–Y12 are temporaries; Y13 and Y14 hold the byte
// shuffles that rotate by 8 and 56 in one instruction.
func memoryResidentAVX2(name string, states int, rc, rot8, rot56 Mem) {
	TEXT(name, 0, fmt.Sprintf("func(a *[%d]uint64)", 25*states))
	Pragma("noescape")
	Doc(fmt.Sprintf("%s applies Keccak-f[1600] to the lane-interleaved state a.", name))
	ptr := Load(Param("a"), GP64())
	buf := interleaved{AllocLocal(25 * 32), 32}
	state := interleaved{Mem{Base: ptr}, 8 * states}

	VMOVDQU(rot8, Y13)
	VMOVDQU(rot56, Y14)
	round, end := GP64(), GP64()
	LEAQ(rc.Offset(8*24), end)
	for pass := 0; pass < states/4; pass++ {
		loop := fmt.Sprintf("rounds%d", pass)
		LEAQ(rc, round)
		Label(loop)
		avx2Round(direct, state, buf, Mem{Base: round})
		avx2Round(direct, buf, state, Mem{Base: round, Disp: 8})
		ADDQ(U8(16), round)
		CMPQ(round, end)
		JNE(LabelRef(loop))
		state.m = state.m.Offset(32)
	}
	VZEROUPPER()
	RET()
}

// interleaved addresses the 25 lanes of a state in memory: lane i at
// m + stride*i (stride 8 for one state, 8N for N interleaved states).
type interleaved struct {
	m      Mem
	stride int
}

func (s interleaved) lane(i int) Mem { return s.m.Offset(s.stride * i) }

// avx2Round emits one round from the state at src to the state at dst, with
// ι's constant read from rc, through e.
func avx2Round(e emit, src, dst interleaved, rc Mem) {
	c := []VecPhysical{Y0, Y1, Y2, Y3, Y4}
	d := []VecPhysical{Y5, Y6, Y7, Y8, Y9}
	t0, t1, t2 := Y10, Y11, Y12

	// θ (Algorithm 1).
	for x := 0; x < 5; x++ {
		e(x86.VMOVDQU(src.lane(x), c[x]))
		for y := 1; y < 5; y++ {
			e(x86.VPXOR(src.lane(x+5*y), c[x], c[x]))
		}
	}
	for x := 0; x < 5; x++ {
		next, prev := c[(x+1)%5], c[(x+4)%5]
		e(x86.VPSRLQ(U8(63), next, t0))
		e(x86.VPADDQ(next, next, t1))
		e(x86.VPOR(t0, t1, t1))
		e(x86.VPXOR(t1, prev, d[x]))
	}

	// θ applied, ρ and π (Algorithms 2 and 3) one output row at a time,
	// then χ (Algorithm 4) on that row and ι (Algorithm 6) on lane (0, 0).
	rho := rhoOffsets()
	var source [25]int
	for i, to := range piDestination() {
		source[to] = i
	}
	b := c
	for y := 0; y < 5; y++ {
		for x := 0; x < 5; x++ {
			i := source[x+5*y]
			e(x86.VPXOR(src.lane(i), d[i%5], b[x]))
			rotateAVX2(e, b[x], rho[i], t0)
		}
		for x := 0; x < 5; x++ {
			e(x86.VPANDN(b[(x+2)%5], b[(x+1)%5], t1))
			e(x86.VPXOR(b[x], t1, t1))
			if x == 0 && y == 0 {
				e(x86.VPBROADCASTQ(rc, t2))
				e(x86.VPXOR(t2, t1, t1))
			}
			e(x86.VMOVDQU(t1, dst.lane(x+5*y)))
		}
	}
}

// rotateAVX2 rotates every 64-bit element of v left by n, using tmp.
func rotateAVX2(e emit, v VecPhysical, n int, tmp VecPhysical) {
	switch n {
	case 0:
	case 8:
		e(x86.VPSHUFB(Y13, v, v))
	case 56:
		e(x86.VPSHUFB(Y14, v, v))
	default:
		e(x86.VPSLLQ(U8(n), v, tmp))
		e(x86.VPSRLQ(U8(64-n), v, v))
		e(x86.VPOR(tmp, v, v))
	}
}

// byteRotationShuffles emits the VPSHUFB controls that rotate each 64-bit
// element left by 8 and by 56 bits (byte k of the result is byte k−1,
// respectively k+1, of the same element).
func byteRotationShuffles() (rot8, rot56 Mem) {
	table := func(name string, shift int) Mem {
		m := GLOBL(name, RODATA|NOPTR)
		for q := 0; q < 4; q++ {
			var v uint64
			for k := 0; k < 8; k++ {
				from := (k + 8 - shift) % 8
				v |= uint64(8*(q%2)+from) << (8 * k)
			}
			DATA(8*q, U64(v))
		}
		return m
	}
	return table("keccakRotate8", 1), table("keccakRotate56", 7)
}
