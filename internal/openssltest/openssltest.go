// Package openssltest runs OpenSSL 3.5 for interoperability tests, through
// ../shared/tools/openssl35 (which fetches Debian 13's OpenSSL into a cache on
// first use). Tests skip with the reason when the tool cannot run, except under
// CI (CI=true), where OpenSSL interop must run and its absence fails the test.
package openssltest

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// EnvTool names an environment variable that overrides the path of the tool.
const EnvTool = "CRYSTALS_OPENSSL"

// OpenSSL is a usable OpenSSL 3.5 command.
type OpenSSL struct {
	path    string
	Version string // e.g. "OpenSSL 3.5.9 29 Sep 2026 (Library: ...)"
}

var (
	once   sync.Once
	found  *OpenSSL
	whyNot string
)

func locate() {
	path := os.Getenv(EnvTool)
	if path == "" {
		_, file, _, _ := runtime.Caller(0)
		// internal/openssltest/openssltest.go → module root → ../shared/tools.
		path = filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "tools", "openssl35")
	}
	if _, err := os.Stat(path); err != nil {
		whyNot = "OpenSSL 3.5 helper not found at " + path + " (set " + EnvTool + ")"
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, path, "version").CombinedOutput()
	if err != nil {
		whyNot = "OpenSSL 3.5 helper cannot run: " + err.Error() + ": " + strings.TrimSpace(string(out))
		return
	}
	v := strings.TrimSpace(string(out))
	if !strings.HasPrefix(v, "OpenSSL 3.5") && !strings.HasPrefix(v, "OpenSSL 3.6") {
		whyNot = "need OpenSSL 3.5 or later for ML-DSA/ML-KEM, have " + v
		return
	}
	found = &OpenSSL{path: path, Version: v}
}

// Get returns OpenSSL, or skips t (fails it under CI) saying why it cannot run.
func Get(t testing.TB) *OpenSSL {
	t.Helper()
	once.Do(locate)
	if found == nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("openssltest: %s; CI must run the OpenSSL interop tests", whyNot)
		}
		t.Skipf("openssltest: %s", whyNot)
	}
	return found
}

// Command returns an unstarted openssl command with args, run in dir.
func (o *OpenSSL) Command(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, o.path, args...)
	cmd.Dir = dir
	return cmd
}

// Run runs openssl with args in dir and returns its standard output, failing t
// with the combined output if it exits non-zero.
func (o *OpenSSL) Run(t testing.TB, dir string, args ...string) []byte {
	t.Helper()
	out, err := o.RunInput(dir, nil, args...)
	if err != nil {
		t.Fatalf("openssl %s: %v", strings.Join(args, " "), err)
	}
	return out
}

// RunInput runs openssl with args in dir, feeding stdin, and returns its
// standard output; the error includes standard error.
func (o *OpenSSL) RunInput(dir string, stdin []byte, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := o.Command(ctx, dir, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.Bytes(), &RunError{Err: err, Stderr: stderr.String()}
	}
	return stdout.Bytes(), nil
}

// RunError is a failed openssl run.
type RunError struct {
	Err    error
	Stderr string
}

func (e *RunError) Error() string { return e.Err.Error() + ": " + strings.TrimSpace(e.Stderr) }
