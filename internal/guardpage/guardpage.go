//go:build unix

// Package guardpage gives tests buffers that end (or start) where an
// inaccessible page begins, so that a kernel reading or writing one byte
// outside its buffer faults instead of passing unnoticed.
package guardpage

import (
	"os"
	"syscall"
	"testing"
)

// Page maps three pages, the first and the last inaccessible, and returns
// the middle one; the mapping is removed when the test ends. It skips the
// test where the mapping or the protection is refused.
func Page(t testing.TB) []byte {
	t.Helper()
	size := os.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 3*size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("no anonymous mapping for the guard pages: %v", err)
	}
	t.Cleanup(func() { syscall.Munmap(mem) })
	for _, guard := range [][]byte{mem[:size], mem[2*size:]} {
		if err := syscall.Mprotect(guard, syscall.PROT_NONE); err != nil {
			t.Skipf("cannot protect a guard page: %v", err)
		}
	}
	return mem[size : 2*size : 2*size]
}

// AtEnd returns the last n bytes of page, holding data (zeros if nil).
func AtEnd(page []byte, n int, data []byte) []byte {
	b := page[len(page)-n:]
	clear(b)
	copy(b, data)
	return b
}

// AtStart returns the first n bytes of page, holding data (zeros if nil).
func AtStart(page []byte, n int, data []byte) []byte {
	b := page[:n:n]
	clear(b)
	copy(b, data)
	return b
}
