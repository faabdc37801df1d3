package keyfile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestWriteNew(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "key.pem")
	if err := WriteNew(path, []byte("secret")); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != Mode {
		t.Errorf("mode %v, want %v", fi.Mode().Perm(), fs.FileMode(Mode))
	}
	if err := WriteNew(path, []byte("other")); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second WriteNew: got %v, want fs.ErrExist", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, []byte("secret")) {
		t.Errorf("an existing file was changed: %q", got)
	}
}

// TestSymlink plants a link where the key goes: WriteNew refuses it and the
// link's target is untouched; Replace removes the link, not the target.
func TestSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, []byte("victim"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "key.pem")
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("cannot make a symbolic link here: %v", err)
	}
	dangling := filepath.Join(dir, "dangling.pem")
	if err := os.Symlink(filepath.Join(dir, "absent"), dangling); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, dangling} {
		if err := WriteNew(p, []byte("secret")); err == nil {
			t.Errorf("%s: WriteNew wrote through a symbolic link", filepath.Base(p))
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "absent")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("WriteNew created the target of a dangling link")
	}
	if err := Replace(link, []byte("secret")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(target); !bytes.Equal(got, []byte("victim")) {
		t.Errorf("the link's target was changed: %q", got)
	}
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&fs.ModeSymlink != 0 {
		t.Errorf("Replace left a link (%v)", err)
	}
	if got, _ := os.ReadFile(link); !bytes.Equal(got, []byte("secret")) {
		t.Errorf("Replace wrote %q", got)
	}
}
