// Command keccak generates the amd64 Keccak-f[1600] kernels of package
// internal/accel/keccak:
//
//   - keccakF1600x8AVX512: eight states, one per 64-bit element of a zmm
//     register, all 25 lanes held in Z0–Z24 for the whole permutation;
//   - keccakF1600x4AVX512: the same code on ymm registers (AVX-512VL), four
//     states;
//   - keccakF1600x4AVX2: four states, one per element of a ymm register, with
//     the state in memory because AVX2 has only 16 registers;
//   - keccakF1600x8AVX2: eight states as two passes of the 4-way AVX2 code;
//   - keccakF1600x1BMI2: one state in general-purpose registers, the
//     single-state permutation at levels AVX2 and AVX512;
//   - keccakF1600x8x1AVX512: the eight states of keccakF1600x8AVX512 and a
//     ninth in general-purpose registers, interleaved in one instruction
//     stream (fused.go);
//   - xorWords… and storeWords…: the transposes between the callers' byte
//     buffers and the interleaved states (transpose.go).
//
// Every kernel takes the lane-interleaved state of the Go code, a
// *[25*N]uint64 holding word w of state s at index w*N+s, N being the number
// of states.
//
// With -goarch arm64 it writes the NEON kernels instead (neon.go).
//
// Run it through go generate in internal/accel/keccak.
package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
	"github.com/mmcloughlin/avo/x86"
)

func main() {
	if dispatch.Goarch() == "arm64" {
		neonMain()
		return
	}
	if armHooks() {
		return
	}
	ConstraintExpr("amd64,!purego")
	rc := roundConstantTable()

	registerResident("keccakF1600x8AVX512", 8, zmm, rc)
	registerResident("keccakF1600x4AVX512", 4, ymm, rc)
	rot8, rot56 := byteRotationShuffles()
	memoryResidentAVX2("keccakF1600x4AVX2", 4, rc, rot8, rot56)
	memoryResidentAVX2("keccakF1600x8AVX2", 8, rc, rot8, rot56)
	scalarBMI2(rc)
	fusedX8X1(rc)
	fusedX4X1AVX2(rc, rot8, rot56)
	blockKernelsAVX512()
	blockKernelsAVX2()

	Generate()
	dispatch.Write("keccak", "amd64 && !purego", fullContract())
}

// roundConstantTable emits the 24 ι constants as read-only data.
func roundConstantTable() Mem {
	rc := GLOBL("keccakRoundConstants", RODATA|NOPTR)
	for i, c := range roundConstants() {
		DATA(8*i, U64(c))
	}
	return rc
}

// vectorWidth names the registers and moves of one vector width.
type vectorWidth struct {
	regs        func(i int) VecPhysical
	load, store func(src, dst Op)
}

var (
	zmm = vectorWidth{
		regs:  func(i int) VecPhysical { return zmmRegs[i] },
		load:  func(m, r Op) { VMOVDQU64(m, r) },
		store: func(r, m Op) { VMOVDQU64(r, m) },
	}
	ymm = vectorWidth{
		regs:  func(i int) VecPhysical { return ymmRegs[i] },
		load:  func(m, r Op) { VMOVDQU64(m, r) },
		store: func(r, m Op) { VMOVDQU64(r, m) },
	}
)

var (
	zmmRegs = []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
		Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31}
	ymmRegs = []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15,
		Y16, Y17, Y18, Y19, Y20, Y21, Y22, Y23, Y24, Y25, Y26, Y27, Y28, Y29, Y30, Y31}
)

// Truth tables for VPTERNLOGQ $imm, c, b, a (a is also the destination):
// bit (a<<2 | b<<1 | c) of imm is the result for those input bits.
const (
	ternXor3 = 0x96 // a ^ b ^ c
	ternChi  = 0xD2 // a ^ (^b & c)
)

// registerResident emits a permutation that keeps all 25 lanes in registers
// 0–24 of the given width and uses registers 25–31 as temporaries. The 24
// rounds are unrolled; π is a renaming of registers, and after 24 rounds the
// renaming is the identity again (π permutes the 24 lanes other than (0, 0)
// in one cycle), so the lanes are stored back from where they were loaded.
func registerResident(name string, states int, w vectorWidth, rc Mem) {
	stride := 8 * states
	TEXT(name, NOSPLIT, fmt.Sprintf("func(a *[%d]uint64)", 25*states))
	Pragma("noescape")
	Doc(fmt.Sprintf("%s applies Keccak-f[1600] to the lane-interleaved state a.", name))
	ptr := Load(Param("a"), GP64())

	lane := make([]VecPhysical, 25)
	for i := range lane {
		lane[i] = w.regs(i)
		w.load(Mem{Base: ptr, Disp: stride * i}, lane[i])
	}
	tmp := func(i int) VecPhysical { return w.regs(25 + i) }

	for round := 0; round < 24; round++ {
		Comment(fmt.Sprintf("Round %d", round))
		registerRound(direct, lane, tmp, rc.Offset(8*round))
	}
	for i := range lane {
		if lane[i] != w.regs(i) {
			panic("π renaming is not the identity after 24 rounds")
		}
		w.store(lane[i], Mem{Base: ptr, Disp: stride * i})
	}
	VZEROUPPER()
	RET()
}

// registerRound emits one round on the 25 lanes held in the registers lane,
// with seven temporaries tmp(0)–tmp(6) and ι's constant read from rc. It
// renames lane in place for π.
func registerRound(e emit, lane []VecPhysical, tmp func(i int) VecPhysical, rc Mem) {
	rho := rhoOffsets()
	dest := piDestination()
	// θ (Algorithm 1): C[x] in tmp 0–4.
	for x := 0; x < 5; x++ {
		e(x86.VMOVDQA64(lane[x], tmp(x)))
		e(x86.VPTERNLOGQ(U8(ternXor3), lane[x+10], lane[x+5], tmp(x)))
		e(x86.VPTERNLOGQ(U8(ternXor3), lane[x+20], lane[x+15], tmp(x)))
	}
	// D[x] = C[x−1] ^ rot(C[x+1], 1), computed in place over the C
	// registers with two spare temporaries: each C[x] is rotated before
	// its register is overwritten by a D.
	c := func(x int) VecPhysical { return tmp(x) }
	t5, t6 := tmp(5), tmp(6)
	e(x86.VPROLQ(U8(1), c(0), t5))
	e(x86.VPROLQ(U8(1), c(2), t6))
	e(x86.VPXORQ(t6, c(0), c(0))) // D[1]
	e(x86.VPROLQ(U8(1), c(4), t6))
	e(x86.VPXORQ(t6, c(2), c(2))) // D[3]
	e(x86.VPROLQ(U8(1), c(1), t6))
	e(x86.VPXORQ(t6, c(4), c(4))) // D[0]
	e(x86.VPROLQ(U8(1), c(3), t6))
	e(x86.VPXORQ(t6, c(1), c(1))) // D[2]
	e(x86.VPXORQ(t5, c(3), c(3))) // D[4]
	d := [5]VecPhysical{c(4), c(0), c(1), c(2), c(3)}
	// θ applied, then ρ (Algorithm 2), then π (Algorithm 3) as a
	// renaming.
	var moved [25]VecPhysical
	for i := 0; i < 25; i++ {
		e(x86.VPXORQ(d[i%5], lane[i], lane[i]))
		if rho[i] != 0 {
			e(x86.VPROLQ(U8(rho[i]), lane[i], lane[i]))
		}
		moved[dest[i]] = lane[i]
	}
	copy(lane, moved[:])
	// χ (Algorithm 4), row by row: the first two inputs of a row are
	// copied, since the last two outputs need them after they are
	// overwritten.
	for y := 0; y < 5; y++ {
		b := lane[5*y : 5*y+5]
		e(x86.VMOVDQA64(b[0], t5))
		e(x86.VMOVDQA64(b[1], t6))
		e(x86.VPTERNLOGQ(U8(ternChi), b[2], b[1], b[0]))
		e(x86.VPTERNLOGQ(U8(ternChi), b[3], b[2], b[1]))
		e(x86.VPTERNLOGQ(U8(ternChi), b[4], b[3], b[2]))
		e(x86.VPTERNLOGQ(U8(ternChi), t5, b[4], b[3]))
		e(x86.VPTERNLOGQ(U8(ternChi), t6, t5, b[4]))
	}
	// ι (Algorithm 6).
	e(x86.VPXORQ_BCST(rc, lane[0], lane[0]))
}
