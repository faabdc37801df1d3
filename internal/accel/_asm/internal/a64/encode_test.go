package a64

import (
	"testing"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/gnuas"
)

// samples holds each instruction form of the package with a few operand
// choices, so every encoder is checked even before a generator uses it.
func samples() []Inst {
	v0, v1, v7, v15, v16, v31 := V(0), V(1), V(7), V(15), V(16), V(31)
	var s []Inst
	for _, a := range []Arr{H8, S4, B16, H4} {
		s = append(s, ADD(a, v0, v1, v31), SUB(a, v31, v16, v1), CMGT(a, v7, v15, v16), CMHI(a, v1, v0, v7), CMEQ(a, v16, v31, v0))
		s = append(s, SSHR(a, v1, v16, 3), USHR(a, v31, v0, a.Bits()), SRSHR(a, v7, v1, 1), USRA(a, v0, v1, 2), SRI(a, v15, v16, 5))
		s = append(s, UMIN(a, v7, v16, v0), USHL(a, v1, v0, v31), URSHR(a, v16, v1, 2), UMAX(a, v0, v31, v7), ABS(a, v1, v16), SHL(a, v1, v7, 0), SHL(a, v1, v7, a.Bits()-1), SLI(a, v16, v7, 4), CMLT0(a, v0, v31), NEG(a, v1, v16))
		s = append(s, UZP1(a, v0, v1, v16), UZP2(a, v31, v0, v7), TRN1(a, v1, v15, v16), TRN2(a, v7, v16, v31), ZIP1(a, v0, v7, v1), ZIP2(a, v16, v31, v15))
		s = append(s, DUP(a, v16, X(5)), DUPe(a, v1, v31, 1))
	}
	for _, a := range []Arr{H8, S4, H4, S2} {
		s = append(s, MUL(a, v0, v1, v31), MLA(a, v7, v16, v1), MLS(a, v16, v31, v0), SQDMULH(a, v1, v0, v31), SQRDMULH(a, v31, v1, v16), SHSUB(a, v7, v15, v0))
		s = append(s, MULe(a, v0, v31, v15, 1), MLSe(a, v16, v1, v7, 3), MLAe(a, v1, v16, v0, 2), SQDMULHe(a, v31, v0, v15, 0), SQRDMULHe(a, v7, v16, v1, 3))
	}
	s = append(s, MULe(H8, v1, v0, v15, 7), SQRDMULHe(H8, v1, v0, v7, 5), MLSe(S4, v1, v0, v31, 3))
	for _, a := range []Arr{B16, B8} {
		s = append(s, AND(a, v0, v1, v31), BIC(a, v16, v7, v0), ORR(a, v1, v0, v16), EOR(a, v31, v15, v7), CNT(a, v1, v0))
		s = append(s, TBL(a, v0, v16, 1, v1), TBL(a, v7, v30(), 4, v15), EXT(a, v1, v0, v31, 3))
	}
	s = append(s, MOV(v16, v1))
	for _, up := range []bool{false, true} {
		for _, w := range []Arr{S4, D2, H8} {
			s = append(s, SMULL(w, up, v0, v1, v31), SMLAL(w, up, v16, v7, v0), UMULL(w, up, v1, v16, v15), UMLAL(w, up, v31, v0, v1))
			s = append(s, UADDW(w, up, v1, v16, v31), SHRN(w, up, v0, v16, 1), SHRN(w, up, v31, v1, w.Bits()/2), XTN(w, up, v7, v16), SSHLL(w, up, v0, v1, 0), USHLL(w, up, v16, v31, 3))
		}
	}
	s = append(s, ADDV(H8, v0, v1), ADDV(S4, v16, v31), ADDV(B16, v1, v0), UMAXV(H8, v7, v16), UMAXV(S4, v0, v1))
	s = append(s, UMOV(S4, X(3), v16, 2), UMOV(D2, X(0), v31, 1))
	for _, a := range []Arr{H8, S4, B16, D2} {
		for n := 1; n <= 4; n++ {
			s = append(s, LD1(n, a, v0, X(1), false), LD1(n, a, v30(), X(17), true), ST1(n, a, v16, X(0), true))
		}
		s = append(s, LD2(a, v1, X(2), true), ST2(a, v31, X(3), false), LD3(a, v16, X(4), true), LD4(a, v0, X(5), true), ST4(a, v30(), X(6), true))
	}
	s = append(s, LDRQ(v1, X(2), 0), LDRQ(v31, X(16), 4080), STRQ(v16, X(0), 32), LDRD(v0, X(1), 8), LDRD(v31, X(30), 32760), STRD(v16, X(3), 192))
	s = append(s, EOR3(v0, v1, v16, v31), BCAX(v31, v0, v7, v1), RAX1(v16, v31, v0), XAR(v1, v0, v16, 0), XAR(v7, v15, v31, 63))
	return s
}

func v30() VReg { return V(30) }

// words converts instructions to gnuas's form.
func words(ins []Inst) []gnuas.Word {
	out := make([]gnuas.Word, len(ins))
	for i, in := range ins {
		out[i] = gnuas.Word{Bits: in.Word, Text: in.Asm}
	}
	return out
}

// TestEncodings assembles the GNU text of every sample and every WORD of
// the generated kernels and compares the bytes with the encodings.
func TestEncodings(t *testing.T) {
	gen, files := gnuas.Generated(t, "../../../*/kernels_arm64.s")
	t.Logf("generated files: %v", files)
	gnuas.Toolchain{Prefix: "aarch64-linux-gnu-", Package: "binutils-aarch64-linux-gnu", Flags: []string{"-march=armv8.2-a+sha3"}}.Check(t, words(samples()), gen)
}
