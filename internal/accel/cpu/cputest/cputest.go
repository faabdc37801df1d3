// Package cputest runs tests and benchmarks at every SIMD level, the one
// harness the engine packages share for comparing their kernels across
// levels in one binary.
package cputest

import (
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
)

// ForEachLevel runs f as a subtest named after each level the engine knows,
// with the kernels forced to that level; a level this CPU (or build) lacks is
// a skipped subtest that says why. The level is restored by t.Cleanup, after
// f's parallel subtests have finished. Tests using it must not run in
// parallel with each other: the forced level is process-wide.
func ForEachLevel(t *testing.T, f func(t *testing.T, l cpu.Level)) {
	t.Helper()
	for _, l := range cpu.All() {
		t.Run(l.String(), func(t *testing.T) {
			if !cpu.Supports(l) {
				t.Skipf("level %v not available: this CPU and build support up to %v", l, cpu.Best())
			}
			restore, err := cpu.Force(l)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(restore)
			f(t, l)
		})
	}
}

// At runs f with the kernels forced to level l, which this CPU must have,
// and restores the previous level afterwards, even when f fails the test.
func At(tb testing.TB, l cpu.Level, f func()) {
	tb.Helper()
	restore, err := cpu.Force(l)
	if err != nil {
		tb.Fatal(err)
	}
	defer restore()
	f()
}

// AtEachLevel runs f once per level this CPU (and build) has, lowest
// first, each time with the kernels forced to that level (At): the loop for
// code that cannot be a subtest per level, such as a fuzz body or a check
// inside another loop.
func AtEachLevel(tb testing.TB, f func(l cpu.Level)) {
	tb.Helper()
	for _, l := range cpu.Levels() {
		At(tb, l, func() { f(l) })
	}
}

// BenchLevels runs f as the sub-benchmark prefix+<level> once per level this
// CPU has, with the kernels forced to that level.
func BenchLevels(b *testing.B, prefix string, f func(b *testing.B)) {
	for _, l := range cpu.Levels() {
		b.Run(prefix+l.String(), func(b *testing.B) {
			restore, err := cpu.Force(l)
			if err != nil {
				b.Fatal(err)
			}
			defer restore()
			f(b)
		})
	}
}
