//go:build amd64 && !purego

package polymul

import "github.com/crystals-go/crystals/internal/accel/cpu"

// fast16Arch reports whether the two-prime kernels have assembly at the
// active level: the levels whose cases the generated …16Arch hooks take.
func fast16Arch() bool {
	switch cpu.Active() {
	case cpu.AVX512, cpu.AVX2:
		return true
	}
	return false
}
