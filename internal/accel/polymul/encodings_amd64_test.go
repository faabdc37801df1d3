//go:build !purego

package polymul

import (
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestAVX2KernelsUseNoEVEX checks that this package's AVX2 kernels, which
// the AVX-512 machines that test them would run even if they held
// AVX-512 encodings, hold none.
func TestAVX2KernelsUseNoEVEX(t *testing.T) { cputest.CheckAVX2Encodings(t) }
