package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
	"github.com/mmcloughlin/avo/x86"
)

// scalarBMI2 emits keccakF1600x1BMI2, a one-state permutation in general
// purpose registers (BMI1 ANDN for χ, BMI2 RORX for θ): the single-state
// permutation at both SIMD levels. Fourteen registers cannot hold 25 lanes,
// so it has the shape of the AVX2 kernel: each round reads one buffer and
// writes the other (the caller's state and a frame buffer alternate), one
// output row of five lanes at a time.
func scalarBMI2(rc Mem) {
	TEXT("keccakF1600x1BMI2", 0, "func(a *[25]uint64)")
	Pragma("noescape")
	Doc("keccakF1600x1BMI2 applies Keccak-f[1600] to the state a with scalar instructions.")
	roundPairs(rc, "a", "scalarRounds", func(state, buf interleaved, rc0, rc1 Mem) {
		scalarRound(direct, state, buf, rc0)
		scalarRound(direct, buf, state, rc1)
	})
	RET()
}

// roundPairs emits a loop of twelve passes of two rounds over a scalar state:
// the state the parameter param points to and a frame buffer, which body's
// rounds alternate between (state to buf, then back), with ι's constants
// for the pass at rc0 and rc1.
func roundPairs(rc Mem, param, label string, body func(state, buf interleaved, rc0, rc1 Mem)) {
	ptr := Load(Param(param), GP64())
	state := interleaved{Mem{Base: ptr}, 8}
	buf := interleaved{AllocLocal(25 * 8), 8}
	end := AllocLocal(8)

	round := GP64()
	LEAQ(rc.Offset(8*24), round)
	MOVQ(round, end)
	LEAQ(rc, round)
	Label(label)
	body(state, buf, Mem{Base: round}, Mem{Base: round, Disp: 8})
	ADDQ(U8(16), round)
	CMPQ(round, end)
	JNE(LabelRef(label))
}

// scalarRound emits one round from the state at src to the state at dst,
// with ι's constant read from rc.
func scalarRound(e emit, src, dst interleaved, rc Mem) {
	// θ (Algorithm 1): C[x], then D[x] = C[x−1] ^ rot(C[x+1], 1) in place
	// over the C registers, each C rotated before its register is reused.
	var c [5]GPVirtual
	for x := range c {
		c[x] = GP64()
		e(x86.MOVQ(src.lane(x), c[x]))
		for y := 1; y < 5; y++ {
			e(x86.XORQ(src.lane(x+5*y), c[x]))
		}
	}
	rot0, t := GP64(), GP64()
	e(x86.RORXQ(U8(63), c[0], rot0))
	e(x86.RORXQ(U8(63), c[2], t))
	e(x86.XORQ(t, c[0])) // D[1]
	e(x86.RORXQ(U8(63), c[4], t))
	e(x86.XORQ(t, c[2])) // D[3]
	e(x86.RORXQ(U8(63), c[1], t))
	e(x86.XORQ(t, c[4])) // D[0]
	e(x86.RORXQ(U8(63), c[3], t))
	e(x86.XORQ(t, c[1]))    // D[2]
	e(x86.XORQ(rot0, c[3])) // D[4]
	d := [5]GPVirtual{c[4], c[0], c[1], c[2], c[3]}

	// θ applied, ρ and π (Algorithms 2 and 3) one output row at a time,
	// then χ (Algorithm 4) on that row and ι (Algorithm 6) on lane (0, 0).
	rho := rhoOffsets()
	var source [25]int
	for i, to := range piDestination() {
		source[to] = i
	}
	for y := 0; y < 5; y++ {
		var b [5]GPVirtual
		for x := range b {
			i := source[x+5*y]
			b[x] = GP64()
			e(x86.MOVQ(src.lane(i), b[x]))
			e(x86.XORQ(d[i%5], b[x]))
			if rho[i] != 0 {
				e(x86.ROLQ(U8(rho[i]), b[x]))
			}
		}
		for x := range b {
			out := GP64()
			e(x86.ANDNQ(b[(x+2)%5], b[(x+1)%5], out))
			e(x86.XORQ(b[x], out))
			if x == 0 && y == 0 {
				e(x86.XORQ(rc, out))
			}
			e(x86.MOVQ(out, dst.lane(x+5*y)))
		}
	}
}
