package a32

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
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
	return s
}

// wordLine is a WORD a File writes.
var wordLine = regexp.MustCompile(`^\s*WORD \$0x([0-9a-f]{8}) // (.*)$`)

// generated reads the WORDs of every generated kernels_arm.s.
func generated(t *testing.T) ([]Inst, []string) {
	files, err := filepath.Glob("../../../*/kernels_arm.s")
	if err != nil {
		t.Fatal(err)
	}
	var out []Inst
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			m := wordLine.FindStringSubmatch(sc.Text())
			if m == nil {
				continue
			}
			w, _ := strconv.ParseUint(m[1], 16, 32)
			out = append(out, Inst{uint32(w), m[2]})
		}
		f.Close()
	}
	return out, files
}

// TestEncodings assembles the GNU text of every sample and every WORD of
// the generated arm kernels and compares the bytes with the encodings.
func TestEncodings(t *testing.T) {
	as, err := exec.LookPath("arm-linux-gnueabihf-as")
	if err != nil {
		t.Skip("arm-linux-gnueabihf-as is not installed (Debian package binutils-arm-linux-gnueabihf): encodings not checked")
	}
	objcopy, err := exec.LookPath("arm-linux-gnueabihf-objcopy")
	if err != nil {
		t.Skip("arm-linux-gnueabihf-objcopy is not installed (Debian package binutils-arm-linux-gnueabihf): encodings not checked")
	}
	gen, files := generated(t)
	if len(files) == 0 {
		t.Fatal("no generated kernels_arm.s found under internal/accel")
	}
	// One line per distinct text, so the assembled bytes line up.
	word := map[string]uint32{}
	var texts []string
	add := func(in Inst, from string) {
		if w, ok := word[in.Asm]; ok {
			if w != in.Word {
				t.Errorf("%s: %q is %08x here and %08x elsewhere", from, in.Asm, in.Word, w)
			}
			return
		}
		word[in.Asm] = in.Word
		texts = append(texts, in.Asm)
	}
	for _, in := range samples() {
		add(in, "samples")
	}
	nSamples := len(texts)
	for _, in := range gen {
		add(in, "generated")
	}
	var src bytes.Buffer
	src.WriteString(".syntax unified\n.arm\n.fpu neon\n.text\n")
	for _, s := range texts {
		src.WriteString(s + "\n")
	}
	dir := t.TempDir()
	srcPath, obj, bin := filepath.Join(dir, "x.s"), filepath.Join(dir, "x.o"), filepath.Join(dir, "x.bin")
	if err := os.WriteFile(srcPath, src.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(as, "-march=armv7-a", "-mfpu=neon", "-o", obj, srcPath).CombinedOutput(); err != nil {
		t.Fatalf("assembler: %v\n%s", err, out)
	}
	if out, err := exec.Command(objcopy, "-O", "binary", "-j", ".text", obj, bin).CombinedOutput(); err != nil {
		t.Fatalf("objcopy: %v\n%s", err, out)
	}
	code, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if len(code) != 4*len(texts) {
		t.Fatalf("assembler produced %d bytes for %d instructions", len(code), len(texts))
	}
	for i, s := range texts {
		if got, want := word[s], binary.LittleEndian.Uint32(code[4*i:]); got != want {
			t.Errorf("%-44s encoder %08x, assembler %08x", s, got, want)
		}
	}
	t.Logf("%d sample forms and %d WORDs (%d not among the samples) of %v checked against %s",
		nSamples, len(gen), len(texts)-nSamples, files, as)
}
