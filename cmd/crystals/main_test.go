package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// binary is the crystals command built once for the end-to-end tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "crystals-cli-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "crystals")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building crystals:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is one run of the binary.
type result struct {
	stdout, stderr string
	code           int
}

// crystals runs the binary in dir with args and no standard input.
func crystals(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return crystalsInput(t, dir, nil, args...)
}

func crystalsInput(t *testing.T, dir string, stdin []byte, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("running crystals %s: %v", strings.Join(args, " "), err)
		}
		r.code = ee.ExitCode()
	}
	if strings.Contains(r.stderr, "goroutine ") || strings.Contains(r.stderr, "panic:") {
		t.Fatalf("crystals %s printed a stack trace:\n%s", strings.Join(args, " "), r.stderr)
	}
	return r
}

// ok runs the binary and fails t unless it exits 0; it returns stdout.
func ok(t *testing.T, dir string, args ...string) string {
	t.Helper()
	r := crystals(t, dir, args...)
	if r.code != 0 {
		t.Fatalf("crystals %s: exit %d: %s", strings.Join(args, " "), r.code, r.stderr)
	}
	return r.stdout
}

// fails runs the binary and checks that it exits with code and one line on
// stderr containing want.
func fails(t *testing.T, dir string, code int, want string, args ...string) {
	t.Helper()
	r := crystals(t, dir, args...)
	if r.code != code {
		t.Fatalf("crystals %s: exit %d, want %d (stderr %q)", strings.Join(args, " "), r.code, code, r.stderr)
	}
	lines := strings.Split(strings.TrimRight(r.stderr, "\n"), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "crystals: ") {
		t.Fatalf("crystals %s: stderr is not one \"crystals: \" line: %q", strings.Join(args, " "), r.stderr)
	}
	if !strings.Contains(lines[0], want) {
		t.Fatalf("crystals %s: stderr %q does not say %q", strings.Join(args, " "), lines[0], want)
	}
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// testPKI makes a root CA, an intermediate, and a server certificate for
// example.com in dir with the binary; it returns nothing, the files are
// root/, issuing/, server.key, server.csr, server.crt.
func testPKI(t *testing.T, dir string) {
	t.Helper()
	ok(t, dir, "ca", "init", "--dir", "root", "--name", "Test Root CA")
	ok(t, dir, "ca", "init", "--dir", "issuing", "--parent", "root", "--name", "Test Issuing CA", "--path-len", "0")
	ok(t, dir, "key", "generate", "--alg", "ML-DSA-44", "--out", "server.key")
	ok(t, dir, "csr", "create", "--key", "server.key", "--subject", "CN=example.com,O=Test", "--dns", "example.com", "--ip", "127.0.0.1", "--out", "server.csr")
	ok(t, dir, "ca", "issue", "--dir", "issuing", "--csr", "server.csr", "--profile", "server", "--out", "server.crt")
}
