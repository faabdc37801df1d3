// Package gnuas checks an instruction encoder against a GNU cross assembler:
// the encoders of the Arm generators (a64, a32) emit each instruction as a
// WORD with its GNU text as the comment, and their tests assemble that text
// and compare the bytes.
package gnuas

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

// Word is an encoding and the GNU assembler text it stands for.
type Word struct {
	Bits uint32
	Text string
}

// wordLine is a WORD the generators write.
var wordLine = regexp.MustCompile(`^\s*WORD \$0x([0-9a-f]{8}) // (.*)$`)

// Generated reads the WORDs of every file matching glob (the generated
// kernels_<arch>.s of the engines), failing the test if there is none.
func Generated(t testing.TB, glob string) ([]Word, []string) {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no generated file matches %s", glob)
	}
	var out []Word
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if m := wordLine.FindStringSubmatch(sc.Text()); m != nil {
				w, _ := strconv.ParseUint(m[1], 16, 32)
				out = append(out, Word{uint32(w), m[2]})
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out, files
}

// Toolchain is a GNU cross toolchain and how to assemble for the target.
type Toolchain struct {
	Prefix  string   // e.g. "aarch64-linux-gnu-"
	Package string   // the Debian package that has it, for the skip message
	Header  string   // directives before the instructions
	Flags   []string // the assembler's flags
}

// Check assembles every distinct text of samples and generated with tc and
// fails the test where an encoding differs from the assembler's bytes (or one
// text has two encodings); it skips, saying so, when tc is not installed.
func (tc Toolchain) Check(t *testing.T, samples, generated []Word) {
	t.Helper()
	as, err := exec.LookPath(tc.Prefix + "as")
	if err != nil {
		t.Skipf("%sas is not installed (Debian package %s): encodings not checked", tc.Prefix, tc.Package)
	}
	objcopy, err := exec.LookPath(tc.Prefix + "objcopy")
	if err != nil {
		t.Skipf("%sobjcopy is not installed (Debian package %s): encodings not checked", tc.Prefix, tc.Package)
	}
	// One line per distinct text, so the assembled bytes line up.
	word := map[string]uint32{}
	var texts []string
	add := func(w Word, from string) {
		if prev, ok := word[w.Text]; ok {
			if prev != w.Bits {
				t.Errorf("%s: %q is %08x here and %08x elsewhere", from, w.Text, w.Bits, prev)
			}
			return
		}
		word[w.Text] = w.Bits
		texts = append(texts, w.Text)
	}
	for _, w := range samples {
		add(w, "samples")
	}
	nSamples := len(texts)
	for _, w := range generated {
		add(w, "generated")
	}
	var src bytes.Buffer
	src.WriteString(tc.Header)
	for _, s := range texts {
		src.WriteString(s + "\n")
	}
	dir := t.TempDir()
	srcPath, obj, bin := filepath.Join(dir, "x.s"), filepath.Join(dir, "x.o"), filepath.Join(dir, "x.bin")
	if err := os.WriteFile(srcPath, src.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append(append([]string(nil), tc.Flags...), "-o", obj, srcPath)
	if out, err := exec.Command(as, args...).CombinedOutput(); err != nil {
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
	bad := 0
	for i, s := range texts {
		if got, want := word[s], binary.LittleEndian.Uint32(code[4*i:]); got != want {
			t.Errorf("%-44s encoder %08x, assembler %08x", s, got, want)
			if bad++; bad > 20 {
				t.FailNow()
			}
		}
	}
	t.Logf("%d sample forms and %d WORDs (%d not among the samples) checked against %s",
		nSamples, len(generated), len(texts)-nSamples, as)
}
