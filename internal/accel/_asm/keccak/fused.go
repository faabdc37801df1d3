package main

import (
	. "github.com/mmcloughlin/avo/build"
	"github.com/mmcloughlin/avo/ir"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// emit takes one instruction from an avo constructor (package x86): the round
// generators write through it, so that the same round can go straight into
// the function being built (direct) or into a stream to be interleaved with
// another.
type emit func(*ir.Instruction, error)

// direct adds the instruction to the function being built.
func direct(i *ir.Instruction, err error) {
	if err != nil {
		panic(err)
	}
	Instruction(i)
}

// stream collects instructions instead of adding them.
type stream []*ir.Instruction

func (s *stream) emit(i *ir.Instruction, err error) {
	if err != nil {
		panic(err)
	}
	*s = append(*s, i)
}

// interleave adds the instructions of a and b to the function, spreading
// the shorter stream evenly through the longer one, so that the core's
// scheduler sees both at once.
func interleave(a, b stream) {
	if len(a) < len(b) {
		a, b = b, a
	}
	j := 0
	for i, ins := range a {
		Instruction(ins)
		for ; j < len(b) && j*len(a) <= i*len(b); j++ {
			Instruction(b[j])
		}
	}
	for ; j < len(b); j++ {
		Instruction(b[j])
	}
}

// fusedX8X1 emits keccakF1600x8x1AVX512, which permutes eight states held in
// zmm registers (the code of keccakF1600x8AVX512) and a ninth state in
// general-purpose registers (the rounds of keccakF1600x1BMI2) in
// one instruction stream. On cores whose 512-bit operations issue to two
// ports, the 8-way rounds leave the other integer ports idle; the
// interleaved scalar rounds fill them, so a single-state hash (ML-DSA's tr,
// ML-KEM's H) advances beside a batch of XOF instances for much less than a
// permutation of its own (docs/PERFORMANCE.md, Engine notes).
//
// Fully unrolled, the two streams exceed the instruction cache, so the
// rounds run in a loop of two: the scalar state
// alternates between b and a frame buffer as in keccakF1600x1BMI2, and the
// zmm lanes, renamed by π in each round, are moved back to Z0–Z24 at the
// end of every pass (restoreLanes), 26 register moves per two rounds.
func fusedX8X1(rc Mem) {
	TEXT("keccakF1600x8x1AVX512", 0, "func(a *[200]uint64, b *[25]uint64)")
	Pragma("noescape")
	Doc("keccakF1600x8x1AVX512 applies Keccak-f[1600] to the eight lane-interleaved states a and to the state b.")
	ptr := Load(Param("a"), GP64())
	lane := make([]VecPhysical, 25)
	for i := range lane {
		lane[i] = zmmRegs[i]
		VMOVDQU64(Mem{Base: ptr, Disp: 64 * i}, lane[i])
	}
	tmp := func(i int) VecPhysical { return zmmRegs[25+i] }
	roundPairs(rc, "b", "fusedRounds", func(state, buf interleaved, rc0, rc1 Mem) {
		for r, c := range []Mem{rc0, rc1} {
			var vector, scalar stream
			registerRound(vector.emit, lane, tmp, c)
			src, dst := state, buf
			if r == 1 {
				src, dst = buf, state
			}
			scalarRound(scalar.emit, src, dst, c)
			interleave(vector, scalar)
		}
		restoreLanes(lane, tmp(0))
	})
	ptr = Load(Param("a"), GP64())
	for i := range lane {
		VMOVDQU64(lane[i], Mem{Base: ptr, Disp: 64 * i}) // restored to Z0–Z24
	}
	VZEROUPPER()
	RET()
}

// restoreLanes moves the lanes back to registers 0–24 after a renaming, one
// cycle of the renaming at a time through the spare register t.
func restoreLanes(lane []VecPhysical, t VecPhysical) {
	index := map[VecPhysical]int{}
	for i, r := range zmmRegs[:25] {
		index[r] = i
	}
	for start := range lane {
		if lane[start] == zmmRegs[start] {
			continue
		}
		// Lane start belongs in register start, which holds lane k, which
		// belongs in register k, and so on round the cycle.
		VMOVDQA64(zmmRegs[start], t)
		held := start // the lane whose value now waits in t
		at := start
		for {
			// Register at is free: fill it with lane at, from wherever it is.
			from := lane[at]
			if from == zmmRegs[held] {
				VMOVDQA64(t, zmmRegs[at])
				lane[at] = zmmRegs[at]
				break
			}
			VMOVDQA64(from, zmmRegs[at])
			lane[at] = zmmRegs[at]
			at = index[from]
		}
	}
}

// fusedX4X1AVX2 emits keccakF1600x4x1AVX2, the AVX2 counterpart of
// keccakF1600x8x1AVX512: the rounds of keccakF1600x4AVX2 on four
// lane-interleaved states and those of keccakF1600x1BMI2 on a fifth state in
// one instruction stream. Both kernels are memory-resident; on cores with
// separate vector pipes and integer ALUs the scalar rounds fill the integer
// ALUs the 4-way rounds leave idle. The 4-way state is copied to a frame
// buffer first, so that its rounds address it through the stack pointer and
// leave every general-purpose register to the scalar rounds.
func fusedX4X1AVX2(rc, rot8, rot56 Mem) {
	TEXT("keccakF1600x4x1AVX2", 0, "func(a *[100]uint64, b *[25]uint64)")
	Pragma("noescape")
	Doc("keccakF1600x4x1AVX2 applies Keccak-f[1600] to the four lane-interleaved states a and to the state b.")
	vs := interleaved{AllocLocal(25 * 32), 32}
	vb := interleaved{AllocLocal(25 * 32), 32}
	ptr := Load(Param("a"), GP64())
	for i := range 25 {
		VMOVDQU(Mem{Base: ptr, Disp: 32 * i}, Y0)
		VMOVDQU(Y0, vs.lane(i))
	}
	VMOVDQU(rot8, Y13)
	VMOVDQU(rot56, Y14)
	roundPairs(rc, "b", "fusedRoundsAVX2", func(state, buf interleaved, rc0, rc1 Mem) {
		for r, c := range []Mem{rc0, rc1} {
			var vector, scalar stream
			vsrc, vdst, src, dst := vs, vb, state, buf
			if r == 1 {
				vsrc, vdst, src, dst = vb, vs, buf, state
			}
			avx2Round(vector.emit, vsrc, vdst, c)
			scalarRound(scalar.emit, src, dst, c)
			interleave(vector, scalar)
		}
	})
	ptr = Load(Param("a"), GP64())
	for i := range 25 {
		VMOVDQU(vs.lane(i), Y0)
		VMOVDQU(Y0, Mem{Base: ptr, Disp: 32 * i})
	}
	VZEROUPPER()
	RET()
}
