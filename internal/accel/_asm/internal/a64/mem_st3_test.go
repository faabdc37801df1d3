package a64

import (
	"testing"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/gnuas"
)

// TestST3Encodings assembles ST3 in each arrangement, with and without
// post-increment, and compares the bytes with the encodings.
func TestST3Encodings(t *testing.T) {
	var s []Inst
	for _, a := range []Arr{H8, S4, B16, D2} {
		s = append(s, ST3(a, V(0), X(1), true), ST3(a, V(30), X(7), false))
	}
	gnuas.Toolchain{Prefix: "aarch64-linux-gnu-", Package: "binutils-aarch64-linux-gnu", Flags: []string{"-march=armv8.2-a+sha3"}}.Check(t, words(s), nil)
}
