package a32

import (
	"testing"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/gnuas"
)

// samples holds each instruction form of the package with a few operand
// choices (low and high registers, every lane width the form takes), so
// every encoder is checked even before a generator uses it.
func samples() []Inst {
	var s []Inst
	for _, bits := range []int{16, 32} {
		for _, r := range [][3]Q{{0, 1, 15}, {15, 8, 7}, {4, 12, 3}} {
			d, n, m := r[0], r[1], r[2]
			s = append(s, VADD(bits, d, n, m), VSUB(bits, d, n, m), VMUL(bits, d, n, m), VMLS(bits, d, n, m),
				VQDMULH(bits, d, n, m), VQRDMULH(bits, d, n, m), VHSUB(bits, d, n, m), VSHR(bits, d, m, 1), VSHR(bits, n, m, bits-1), VTRN(bits, d, m))
		}
		for _, q := range []Q{0, 3, 1} {
			for lane := range 128 / bits / 2 {
				sc := q.Lane16(lane)
				if bits == 32 {
					sc = (q + 4).Lane32(lane)
				}
				s = append(s, VMULs(bits, 15, 9, sc), VMLSs(bits, 2, 14, sc), VQDMULHs(bits, 8, 0, sc), VQRDMULHs(bits, 13, 6, sc))
			}
		}
	}
	s = append(s, VEOR(0, 15, 8), VEOR(9, 9, 9), VTRN(8, 3, 12))
	s = append(s, VMLAL(0, 1, 31), VMLAL(15, 16, 2), VMOVL(0, 31), VMOVL(14, 5), VMOVN(0, 15), VMOVN(31, 1))
	s = append(s, VSWP(0, 31), VSWP(17, 2))
	s = append(s, VEORD(0, 31, 16), VEORD(25, 3, 9), VBICD(31, 0, 17), VBICD(4, 20, 1))
	for _, sh := range []int{1, 2, 31, 32, 63} {
		s = append(s, VSHL64(30, 1, sh), VSHL64(0, 24, sh), VSRI64(31, 2, sh), VSRI64(5, 27, 64-sh))
	}
	s = append(s, VSHL64(7, 8, 0), VSRI64(7, 8, 64))
	for _, bits := range []int{8, 16, 32} {
		for count := 1; count <= 4; count++ {
			s = append(s, VLD1(bits, 0, count, At(1)), VLD1(bits, D(32-count), count, Inc(9)), VST1(bits, 16, count, Step(4, 2)), VST1(bits, 5, count, Inc(0)))
		}
		s = append(s, VLD2(bits, 0, At(3)), VLD2(bits, 14, Inc(12)), VST2(bits, 6, Step(7, 8)), VST2(bits, 1, Inc(0)))
	}
	for _, bits := range []int{8, 16, 32} {
		for _, r := range [][3]Q{{0, 1, 15}, {15, 8, 7}} {
			d, n, m := r[0], r[1], r[2]
			s = append(s, VMINU(bits, d, n, m), VSHRU(bits, d, m, 1), VSHRU(bits, n, m, bits), VSHL(bits, d, m, 0), VSHL(bits, n, m, bits-1),
				VSRI(bits, d, m, 1), VSRI(bits, n, m, bits))
		}
		for _, step := range []int{1, 2} {
			s = append(s, VLD3(bits, 0, step, Inc(1)), VLD3(bits, D(26), step, At(9)), VST4(bits, 16, step, Inc(0)), VST4(bits, D(24-4*step), step, Step(3, 2)))
		}
	}
	s = append(s, VAND(0, 15, 8), VAND(9, 3, 12), VMOVLS8(0, 31), VMOVLS8(15, 4))
	s = append(s, VCNT(0, 15), VCNT(7, 8))
	for _, bits := range []int{8, 16, 32} {
		s = append(s, VQSUBU(bits, 0, 1, 15), VQSUBU(bits, 15, 8, 7),
			VUZP(bits, 0, 15), VUZP(bits, 9, 2), VZIP(bits, 0, 15), VZIP(bits, 9, 2), VTST(bits, 0, 1, 15), VTST(bits, 15, 8, 7),
			VSLI(bits, 0, 15, 0), VSLI(bits, 15, 8, bits-1), VSLI(bits, 3, 4, bits/2),
			VSHLL(bits, 0, 31, 0), VSHLL(bits, 15, 2, 1), VSHLL(bits, 4, 17, bits-1),
			VMOVNW(2*bits, 0, 15), VMOVNW(2*bits, 31, 0), VSHRN(2*bits, 0, 15, 1), VSHRN(2*bits, 31, 4, bits),
			VLD1Dup(bits, 0, Inc(1)), VLD1Dup(bits, 15, At(9)), VLD1Dup(bits, 7, Step(3, 2)))
		for _, step := range []int{1, 2} {
			s = append(s, VST3(bits, 0, step, Inc(1)), VST3(bits, D(26), step, Step(2, 3)),
				VLD4(bits, 0, step, Inc(1)), VLD4(bits, D(24-4*step), step, At(9)), VLD4(bits, 5, step, Step(3, 2)))
		}
	}
	s = append(s, VDUPCore(0, 0), VDUPCore(15, 9), VDUPCore(8, 12))
	for _, bits := range []int{8, 16, 32} {
		s = append(s, VRSHRU(bits, 0, 15, 1), VRSHRU(bits, 9, 2, bits), VABS(bits, 0, 15), VABS(bits, 9, 2))
		s = append(s, VMAXU(bits, 0, 1, 15), VMAXU(bits, 15, 8, 7), VPMAXU(bits, 0, 31, 16), VPMAXU(bits, 26, 3, 9))
	}
	s = append(s, VMOVToCore(0, 0, 0), VMOVToCore(9, 31, 1), VMOVToCore(12, 17, 0))
	for _, bits := range []int{8, 16, 32} {
		s = append(s, VCGTU(bits, 0, 1, 15), VCGTU(bits, 15, 8, 7), VPADD(bits, 0, 31, 16), VPADD(bits, 26, 3, 9))
	}
	for count := 1; count <= 4; count++ {
		s = append(s, VTBL(0, 1, count, 31), VTBL(31, D(28-count), count, 0), VTBL(17, 8, count, 14))
	}
	for x := range 8 {
		s = append(s, VMOVU8ToCore(R(x), D(31-3*x), x), VMOVU8ToCore(12, D(x), x))
	}
	s = append(s, VORRD(0, 31), VORRD(17, 2), VORRD(3, 3))
	s = append(s, VADDWU8(0, 0, 31), VADDWU8(15, 8, 16), VADDWU8(7, 14, 3))
	for _, bits := range []int{8, 16, 32} {
		s = append(s, VSHLUReg(bits, 0, 1, 15), VSHLUReg(bits, 15, 8, 7))
	}
	for _, sh := range []int{0, 1, 20, 44, 63} {
		s = append(s, VSLI64(0, 15, sh), VSLI64(9, 2, sh), VSHRU64(0, 15, sh+1), VSHRU64(9, 2, sh+1))
	}
	return s
}

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
	gen, files := gnuas.Generated(t, "../../../*/kernels_arm.s")
	t.Logf("generated files: %v", files)
	gnuas.Toolchain{Prefix: "arm-linux-gnueabihf-", Package: "binutils-arm-linux-gnueabihf", Header: ".syntax unified\n.arm\n.fpu neon\n.text\n", Flags: []string{"-march=armv7-a", "-mfpu=neon"}}.Check(t, words(samples()), gen)
}
