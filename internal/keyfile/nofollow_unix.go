//go:build unix

package keyfile

import "syscall"

// oNoFollow makes open fail on a symbolic link in the last path element.
const oNoFollow = syscall.O_NOFOLLOW
