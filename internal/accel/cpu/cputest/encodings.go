package cputest

import (
	"bufio"
	"debug/elf"
	"debug/gosym"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// CheckAVX2Encodings disassembles the running test binary with GNU objdump
// and fails the test if any assembly function whose name ends in AVX2 holds
// an EVEX-encoded instruction (first byte 0x62): AVX-512 forms, such as a
// shift by an immediate of a memory operand, that the Go assembler picks
// without a word and that an AVX2 machine cannot run, while a test on an
// AVX-512 machine runs them without complaint. The functions are found in
// the binary's pclntab, which go test's stripped binaries keep. It skips,
// saying why, off amd64 and where objdump is missing (CI installs
// binutils).
func CheckAVX2Encodings(t *testing.T) {
	t.Helper()
	if runtime.GOARCH != "amd64" {
		t.Skipf("AVX2 kernels exist only on amd64, not %s", runtime.GOARCH)
	}
	objdump, err := exec.LookPath("objdump")
	if err != nil {
		t.Skip("GNU objdump (binutils) not found: the AVX2 kernels' encodings are not checked")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	kernels := avx2Kernels(t, exe)
	cmd := exec.Command(objdump, "-d", "--insn-width=16", "-j", ".text", exe)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	instructions := 0
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		// An instruction is "<address>:\t<bytes>\t<mnemonic>".
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) < 3 {
			continue
		}
		pc, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(fields[0], ":")), 16, 64)
		if err != nil {
			continue
		}
		i, _ := slices.BinarySearchFunc(kernels, pc, func(f gosym.Func, pc uint64) int {
			switch {
			case f.End <= pc:
				return -1
			case f.Entry > pc:
				return 1
			}
			return 0
		})
		if i == len(kernels) || pc < kernels[i].Entry || pc >= kernels[i].End {
			continue
		}
		instructions++
		if strings.HasPrefix(fields[1], "62 ") {
			t.Errorf("%s: EVEX-encoded (AVX-512) instruction in an AVX2 kernel: %s", kernels[i].Name, strings.TrimSpace(fields[2]))
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("objdump: %v", err)
	}
	t.Logf("%d AVX2 kernels, %d instructions, checked for EVEX encodings", len(kernels), instructions)
	if instructions == 0 {
		t.Fatal("no AVX2 kernel's instructions found in the test binary")
	}
}

// avx2Kernels returns the functions of the binary exe whose names end in
// AVX2, in address order.
func avx2Kernels(t *testing.T, exe string) []gosym.Func {
	t.Helper()
	f, err := elf.Open(exe)
	if err != nil {
		t.Skipf("the test binary is not ELF (%v): the AVX2 kernels' encodings are not checked", err)
	}
	defer f.Close()
	pcln, text := f.Section(".gopclntab"), f.Section(".text")
	if pcln == nil || text == nil {
		t.Fatal("the test binary has no .gopclntab or .text section")
	}
	data, err := pcln.Data()
	if err != nil {
		t.Fatal(err)
	}
	table, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		t.Fatal(err)
	}
	var kernels []gosym.Func
	for _, fn := range table.Funcs {
		if strings.HasSuffix(strings.TrimSuffix(fn.Name, ".abi0"), "AVX2") {
			kernels = append(kernels, fn)
		}
	}
	slices.SortFunc(kernels, func(a, b gosym.Func) int { return int(a.Entry) - int(b.Entry) })
	return kernels
}
