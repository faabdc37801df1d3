package mldsa

import (
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
)

// forEachLevel runs f as a subtest at every SIMD level the engine knows,
// forcing it with cpu.Force, and skips, saying why, the levels this CPU or
// build lacks. The level is restored by t.Cleanup, after f's parallel
// subtests have finished; no top-level test of this package runs in
// parallel, since cpu.Force is global.
func forEachLevel(t *testing.T, f func(t *testing.T, l cpu.Level)) {
	t.Helper()
	for _, l := range cpu.All() {
		t.Run(l.String(), func(t *testing.T) {
			if l > cpu.Best() {
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

// benchLevels runs f as a sub-benchmark at every level this CPU has.
func benchLevels(b *testing.B, f func(b *testing.B)) {
	for _, l := range cpu.Levels() {
		b.Run(l.String(), func(b *testing.B) {
			restore, err := cpu.Force(l)
			if err != nil {
				b.Fatal(err)
			}
			defer restore()
			f(b)
		})
	}
}
