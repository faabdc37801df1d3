//go:build unix

package main

import "syscall"

// oNoFollow makes creating an output fail on a symbolic link instead of
// writing through it.
const oNoFollow = syscall.O_NOFOLLOW
