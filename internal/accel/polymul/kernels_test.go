package polymul

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestConversionsMatchGeneric checks FromSigned and the centring of Inverse
// (their kernels at every level) against their Go twins, bit for bit, on
// random inputs over the whole domain and on its edges: 0, ±1, ±(P−1)/2,
// ±(P+1)/2, ±(P−1) for FromSigned; 0, (P−1)/2, (P+1)/2, P−1 for the
// centring.
func TestConversionsMatchGeneric(t *testing.T) {
	signedEdges := []int32{0, 1, -1, (P - 1) / 2, -(P - 1) / 2, (P + 1) / 2, -(P + 1) / 2, P - 1, -(P - 1)}
	reducedEdges := []uint32{0, 1, (P - 1) / 2, (P + 1) / 2, P - 1}
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		r := rand.New(rand.NewPCG(20, 5))
		cases := 0
		for trial := range 300 {
			var a [N]int32
			var u [N]uint32
			for i := range N {
				switch trial % 3 {
				case 0:
					a[i], u[i] = r.Int32N(2*P-1)-(P-1), r.Uint32N(P)
				default:
					a[i] = signedEdges[r.IntN(len(signedEdges))]
					u[i] = reducedEdges[r.IntN(len(reducedEdges))]
				}
			}
			var got, want [N]uint32
			FromSigned(&got, &a)
			fromSignedGeneric(&want, &a)
			if got != want {
				t.Fatalf("FromSigned differs from its Go twin (trial %d)", trial)
			}
			var gotC, wantC [N]int32
			if !centreArch(&gotC, &u) {
				centreGeneric(&gotC, &u)
			}
			centreGeneric(&wantC, &u)
			if gotC != wantC {
				t.Fatalf("centring differs from its Go twin (trial %d)", trial)
			}
			for i := range N {
				if int64(want[i]) != (int64(a[i])%P+P)%P || int64(wantC[i]) != centredModP(int64(u[i])) {
					t.Fatalf("Go twins wrong at %d: %d → %d, %d → %d", i, a[i], want[i], u[i], wantC[i])
				}
			}
			cases++
		}
		t.Logf("%s: %d polynomials of each conversion matched", l, cases)
	})
}
