package interop

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// demoBin is the examples/tlsdemo binary, built once for the tests that run
// it as a real client or server.
var demoBin string

func TestMain(m *testing.M) {
	os.Exit(runTests(m))
}

func runTests(m *testing.M) int {
	dir, err := os.MkdirTemp("", "crystals-interop-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	demoBin = filepath.Join(dir, "tlsdemo")
	cmd := exec.Command("go", "build", "-o", demoBin, "../examples/tlsdemo")
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building examples/tlsdemo:", err)
		return 1
	}
	return m.Run()
}
