package polymul

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestCentreMatchesGeneric checks the centring of Inverse (its kernel at
// every level) against its Go twin, bit for bit, out of place and in place,
// on random inputs over [0, P) and on its edges 0, 1, (P−1)/2, (P+1)/2,
// P−1.
func TestCentreMatchesGeneric(t *testing.T) {
	reducedEdges := []uint32{0, 1, (P - 1) / 2, (P + 1) / 2, P - 1}
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		r := rand.New(rand.NewPCG(20, 5))
		cases := 0
		for trial := range 300 {
			var u [N]uint32
			for i := range N {
				if trial%3 == 0 {
					u[i] = r.Uint32N(P)
				} else {
					u[i] = reducedEdges[r.IntN(len(reducedEdges))]
				}
			}
			var got, want [N]int32
			if !centreArch(&got, &u) {
				centreGeneric(&got, &u)
			}
			centreGeneric(&want, &u)
			if got != want {
				t.Fatalf("centring differs from its Go twin (trial %d)", trial)
			}
			inPlace := u
			p := (*[N]int32)(unsafe.Pointer(&inPlace))
			if !centreArch(p, &inPlace) {
				centreGeneric(p, &inPlace)
			}
			if *p != want {
				t.Fatalf("centring in place differs from its Go twin (trial %d)", trial)
			}
			for i := range N {
				if int64(want[i]) != centredModP(int64(u[i])) {
					t.Fatalf("Go twin wrong at %d: %d → %d", i, u[i], want[i])
				}
			}
			cases++
		}
		t.Logf("%s: %d polynomials matched", l, cases)
	})
}
