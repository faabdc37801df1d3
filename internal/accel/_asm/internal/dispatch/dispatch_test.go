package dispatch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var testContract = []Kernel{
	{Hook: "fooArch", Of: "foo", Impls: Both("foo"), Probe: true},
	{Hook: "barArch", Of: "bar", Select: "d uint", Variants: []Variant{{Value: "1", Impls: Levels("AVX2", "bar1AVX2")}}},
}

func TestExtendAndNoasm(t *testing.T) {
	if got := noasmBuild(testContract); got != "!amd64 || purego" {
		t.Errorf("amd64 only: %q", got)
	}
	more := Extend(testContract, []Kernel{
		{Hook: "fooArch", Impls: On("arm64", "NEONSHA3", "fooNEON", "NEON", "fooNEON")},
		{Hook: "barArch", Variants: []Variant{{Value: "1", Impls: On("arm64", "NEON", "bar1NEON")}, {Value: "4", Impls: On("arm64", "NEON", "bar4NEON")}}},
	})
	if got := noasmBuild(more); got != "!amd64 && !arm64 || purego" {
		t.Errorf("amd64 and arm64: %q", got)
	}
	if len(testContract[0].Impls) != 2 || len(testContract[1].Variants[0].Impls) != 1 {
		t.Errorf("Extend changed its argument")
	}
	if n := len(onArch(more[0].Impls, "arm64")); n != 2 {
		t.Errorf("fooArch has %d arm64 impls, want 2", n)
	}
	if n := len(more[1].Variants); n != 2 {
		t.Errorf("barArch has %d variants, want 2", n)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("Extend accepted a hook the contract lacks")
		}
	}()
	Extend(testContract, []Kernel{{Hook: "bazArch"}})
}

// TestHookWithoutKernel writes arm64 hooks for a contract whose kernels are
// all amd64's: they take amd64's signatures and report false.
func TestHookWithoutKernel(t *testing.T) {
	dir := t.TempDir()
	amd64 := "package p\n\nfunc fooAVX512(a *[4]uint32) int\nfunc fooAVX2(a *[4]uint32) int\nfunc bar1AVX2(b []byte)\n"
	if err := os.WriteFile(filepath.Join(dir, "kernels_amd64_stubs.go"), []byte(amd64), 0o644); err != nil {
		t.Fatal(err)
	}
	stubs := filepath.Join(dir, "kernels_arm64_stubs.go")
	if err := os.WriteFile(stubs, []byte("package p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "kernels_arm64.go")
	own, err := readStubs(stubs)
	if err != nil {
		t.Fatal(err)
	}
	if len(own) != 0 {
		t.Fatalf("empty stubs gave %d signatures", len(own))
	}
	others, err := readOtherStubs(stubs)
	if err != nil {
		t.Fatal(err)
	}
	sigs := []signature{others["fooAVX2"], others["bar1AVX2"]}
	sigs[1].params = "d uint, " + sigs[1].params
	if err := emit(out, "p", "arm64 && !purego", "arm64", testContract, sigs); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"func fooArch(a *[4]uint32) (int, bool) { return 0, false }",
		"func fooArchAvailable() bool { return false }",
		"func barArch(d uint, b []byte) bool { return false }",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("arm64 hooks lack %q:\n%s", want, src)
		}
	}
}
