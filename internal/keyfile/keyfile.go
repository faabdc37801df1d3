// Package keyfile writes files that hold secrets (private keys, passwords)
// for the demo, the step-ca tools and cmd/crystals: created new, readable by
// the owner only, and never through a symbolic link.
package keyfile

import (
	"fmt"
	"io/fs"
	"os"
)

// Mode is the permission of every file WriteNew creates.
const Mode = 0o600

// WriteNew creates path with mode 0600 and writes data to it. The file must
// not exist: O_EXCL refuses an existing file or symbolic link (POSIX does not
// follow a link under O_CREAT|O_EXCL, and O_NOFOLLOW says so again where the
// system has it), so the data never lands in a file someone else prepared or
// in the target of a planted link. An error that the file exists satisfies
// errors.Is(err, fs.ErrExist). On a failed write the partial file is removed.
func WriteNew(path string, data []byte) error { return Create(path, data, Mode) }

// Create is WriteNew with another permission, for outputs that are not
// secret but must not be written through a planted link either.
func Create(path string, data []byte, mode fs.FileMode) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|oNoFollow, mode)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// Replace is WriteNew for a file that may exist from an earlier run: it
// removes path first (a symbolic link is removed itself, not its target) and
// then creates it anew with WriteNew, so a file or link that reappears in
// between makes it fail rather than write through it.
func Replace(path string, data []byte) error {
	if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
		return err
	}
	return WriteNew(path, data)
}
