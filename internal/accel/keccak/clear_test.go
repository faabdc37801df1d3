package keccak

import (
	"bytes"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestClear checks that Clear leaves every state as zero as a new one, that
// a cleared state initialised again gives the right output, and that
// clearing allocates nothing.
func TestClear(t *testing.T) {
	secret := bytes.Repeat([]byte{0x5e}, 3*Rate256+7)
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		var one Shake
		var x4 ShakeX4
		var x8 ShakeX8
		var out [64]byte
		one.Init256()
		one.Absorb(secret)
		one.Squeeze(out[:5]) // leaves squeezed bytes of the block waiting
		one.Clear()
		if one != (Shake{}) {
			t.Fatal("Shake.Clear left state behind")
		}
		in4 := [4][]byte{secret, secret, secret, secret}
		x4.Init256()
		x4.Absorb(&in4)
		x4.Clear()
		if x4 != (ShakeX4{}) {
			t.Fatal("ShakeX4.Clear left state behind")
		}
		in8 := [8][]byte{secret, secret, secret, secret, secret, secret, secret, secret}
		x8.Init256()
		x8.Absorb(&in8)
		x8.Clear()
		if x8 != (ShakeX8{}) {
			t.Fatal("ShakeX8.Clear left state behind")
		}
		one.Init256()
		one.Absorb(secret)
		one.Squeeze(out[:])
		if !bytes.Equal(out[:], reference(Rate256, secret, 64)) {
			t.Fatal("a cleared and initialised state differs from crypto/sha3")
		}
		if n := testing.AllocsPerRun(10, func() {
			var s Shake
			s.Init128()
			s.Absorb(secret[:40])
			s.Clear()
			var y ShakeX8
			y.Init128()
			y.Clear()
		}); n != 0 {
			t.Fatalf("%v allocations", n)
		}
	})
}
