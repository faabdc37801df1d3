package smaug

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestDecodeRqMatchesGeneric checks the R_q unpacking (its kernels at every
// level) against its Go twin, bit for bit, for log q = 10 and 11, on random
// bytes and on all-zero and all-one bytes.
func TestDecodeRqMatchesGeneric(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		r := rand.New(rand.NewPCG(20, 6))
		cases := 0
		for _, logQ := range []uint{10, 11} {
			b := make([]byte, int(logQ)*n/8)
			for trial := range 200 {
				switch trial {
				case 0:
					clear(b)
				case 1:
					for i := range b {
						b[i] = 0xff
					}
				default:
					fill(r, b)
				}
				var got, want poly
				decodeRq(&got, b, logQ)
				decodeRqGeneric(&want, b, logQ)
				if got != want {
					t.Fatalf("log q = %d, trial %d: decodeRq differs from its Go twin", logQ, trial)
				}
				cases++
			}
		}
		t.Logf("%s: %d packings matched", l, cases)
	})
}
