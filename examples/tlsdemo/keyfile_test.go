package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestClientKeyFile: writePKI writes client-key.pem with mode 0600, again on
// a second run into the same directory, and never through a symbolic link
// planted where the key goes.
func TestClientKeyFile(t *testing.T) {
	dir := t.TempDir()
	p, err := newPKI(stdlibKeys, levelMust(t, 44), []string{"localhost"})
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "elsewhere")
	if err := os.WriteFile(target, []byte("not a key"), 0o644); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(dir, "client-key.pem")
	if err := os.Symlink(target, key); err != nil {
		t.Skipf("cannot make a symbolic link here: %v", err)
	}
	for run := range 2 {
		if err := writePKI(dir, p); err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		fi, err := os.Lstat(key)
		if err != nil {
			t.Fatal(err)
		}
		if !fi.Mode().IsRegular() || (runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600) {
			t.Errorf("run %d: client-key.pem has mode %v, want a regular file of mode 0600", run, fi.Mode())
		}
	}
	if got, _ := os.ReadFile(target); !bytes.Equal(got, []byte("not a key")) {
		t.Error("the key was written through the planted link")
	}
}
