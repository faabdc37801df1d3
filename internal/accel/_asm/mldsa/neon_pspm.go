package main

import (
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// neonPackedMulKernel writes packedMulNEON (the contract is
// packedMulGeneric's): a quarter of the table (64 bytes, four registers)
// at a time, each window XORed with its sign mask and added bytewise; after
// every group of windows the bytes get the negatives' correction
// (negatives·(top+1) mod 256, which turns 255 − B into top − B) and are
// widened into 16-bit sums (UADDW). The sums minus the bias are added to
// base and reduced into [0, q).
func neonPackedMulKernel(f *a64.File, fn a64.Func) {
	B16, H8, S4 := a64.B16, a64.H8, a64.S4
	acc := []a64.VReg{a64.V(0), a64.V(1), a64.V(2), a64.V(3)}
	var sums []a64.VReg // coefficients 8j … 8j+7 of the quarter in sums[j]
	for j := range 8 {
		sums = append(sums, a64.V(4+j))
	}
	win := a64.V(12) // V12–V15
	mask, corr, vq, vbias := a64.V(16), a64.V(17), a64.V(28), a64.V(29)
	f.Text(fn)
	for i, arg := range []string{"out", "base", "table", "windows", "signs", "count", "group", "top"} {
		f.Go("MOVD %s+%d(FP), R%d", arg, 8*i, i)
	}
	f.Go("MOVWU bias+64(FP), R8")
	f.Go("MOVD $%d, R16", q)
	f.I(a64.DUP(S4, vq, a64.X(16)), a64.DUP(S4, vbias, a64.X(8)))
	f.Go("ADD $1, R7, R17")
	f.Go("MOVD $4, R15")
	f.Label("pspmQuarter")
	for _, r := range append(append([]a64.VReg{}, acc...), sums...) {
		f.I(a64.EOR(B16, r, r, r))
	}
	f.Go("MOVD $0, R9")
	f.Go("MOVD R6, R10")
	f.Go("MOVD $0, R11")
	f.Go("CBZ R5, pspmFinish")
	f.Label("pspmWindow")
	f.Go("MOVWU (R3)(R9<<2), R12")
	f.Go("MOVWU (R4)(R9<<2), R13")
	f.Go("ADD R2, R12, R14")
	f.I(a64.LD1(4, B16, win, a64.X(14), false), a64.DUP(B16, mask, a64.X(13)))
	for i, a := range acc {
		w := a64.V(int(win) + i)
		f.I(a64.EOR(B16, w, w, mask), a64.ADD(B16, a, a, w))
	}
	f.Go("AND $1, R13, R13")
	f.Go("ADD R13, R11")
	f.Go("ADD $1, R9")
	f.Go("SUBS $1, R10")
	f.Go("BEQ pspmFlush")
	f.Go("CMP R5, R9")
	f.Go("BLT pspmWindow")
	f.Label("pspmFlush")
	f.Go("MUL R11, R17, R16")
	f.I(a64.DUP(B16, corr, a64.X(16)))
	for i, a := range acc {
		f.I(a64.ADD(B16, a, a, corr), a64.UADDW(H8, false, sums[2*i], sums[2*i], a), a64.UADDW(H8, true, sums[2*i+1], sums[2*i+1], a), a64.EOR(B16, a, a, a))
	}
	f.Go("MOVD $0, R11")
	f.Go("MOVD R6, R10")
	f.Go("CMP R5, R9")
	f.Go("BLT pspmWindow")
	f.Label("pspmFinish")
	lo, hi, b0, b1, m := a64.V(18), a64.V(19), a64.V(20), a64.V(21), a64.V(22)
	for _, s := range sums {
		f.I(a64.USHLL(S4, false, lo, s, 0), a64.USHLL(S4, true, hi, s, 0), a64.LD1(2, S4, b0, a64.X(1), true))
		for _, p := range [][2]a64.VReg{{lo, b0}, {hi, b1}} {
			x, b := p[0], p[1]
			f.I(a64.ADD(S4, x, x, b), a64.SUB(S4, x, x, vbias), a64.SUB(S4, x, x, vq))
			for range 2 {
				f.I(a64.SSHR(S4, m, x, 31), a64.AND(B16, m, m, vq), a64.ADD(S4, x, x, m))
			}
		}
		f.I(a64.ST1(2, S4, lo, a64.X(0), true))
	}
	f.Go("ADD $64, R2")
	f.Go("SUBS $1, R15")
	f.Go("BNE pspmQuarter")
	f.Go("RET")
}

// neonChallengeWindowsKernel writes challengeWindowsNEON, in general
// registers: for each coefficient x of c, the window offset 256 − p and
// the sign mask −(bit 22 of x) are stored at the count, and the count grows
// by one where x is nonzero (CINC), so that, as in the portable kernel,
// nothing branches on c; what remains is the store offset, the count of
// nonzero coefficients so far.
func neonChallengeWindowsKernel(f *a64.File) ([]a64.Func, []dispatch.Kernel) {
	fn := a64.Func{Name: "challengeWindowsNEON", Params: "windows *[256]uint32, signs *[256]uint32, c *[256]uint32", Result: "int", Args: 32,
		Doc: "challengeWindowsNEON writes the window offsets 256 − p of c's nonzero coefficients to windows, their sign masks (0 for a 1, all ones for a q − 1) to signs, and returns their count."}
	f.Text(fn)
	f.Go("MOVD windows+0(FP), R0")
	f.Go("MOVD signs+8(FP), R1")
	f.Go("MOVD c+16(FP), R2")
	f.Go("MOVD $0, R4")
	f.Go("MOVD $%d, R6", n)
	f.Go("MOVD $%d, R3", n/4)
	f.Label("windows")
	for range 4 {
		f.Go("MOVWU.P 4(R2), R5")
		f.Go("MOVW R6, (R0)(R4<<2)")
		f.Go("UBFX $22, R5, $1, R7")
		f.Go("NEG R7, R7")
		f.Go("MOVW R7, (R1)(R4<<2)")
		f.Go("CMPW $0, R5")
		f.Go("CINC NE, R4, R4")
		f.Go("SUB $1, R6")
	}
	f.Go("SUBS $1, R3")
	f.Go("BNE windows")
	f.Go("MOVD R4, ret+24(FP)")
	f.Go("RET")
	return []a64.Func{fn}, []dispatch.Kernel{{Hook: "challengeWindowsArch", Impls: neonLevels(fn.Name)}}
}
