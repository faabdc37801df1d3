package polymul

import (
	"math/rand/v2"
	"testing"
)

// TestLarge3MulExact checks the length-3072 two-prime product against
// schoolbook multiplication: on the shapes of NCC-Sign's smallest set
// (a uniform in [0, 2^23) times y in (−2^19, 2^19], 1201 coefficients
// each), at the extremes of those ranges, with the negative extreme −P,
// and on operands whose product wraps past x^3072.
func TestLarge3MulExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 3))
	cases := 0
	for trial := range 8 {
		na, nb := 1201, 1201
		if trial == 7 {
			na, nb = large3N, large3N // wraps; products kept within the exact range
		}
		a, b := make([]int32, na), make([]int32, nb)
		for i := range a {
			a[i] = rng.Int32N(1 << 23)
			switch trial {
			case 0, 1:
				a[i] = 1<<23 - 1
			case 2:
				a[i] = -P
			case 7:
				a[i] = rng.Int32N(1 << 20)
			}
		}
		for i := range b {
			b[i] = rng.Int32N(1<<20) - (1<<19 - 1)
			switch trial {
			case 0, 2:
				b[i] = 1 << 19
			case 1:
				b[i] = -(1<<19 - 1)
			case 7:
				b[i] = rng.Int32N(5) - 2
			}
		}
		var got [LargeN]int64
		large3MulExact(&got, a, b)
		want := negacyclicSchoolbook(a, b, large3N)
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("trial %d: coefficient %d = %d, want %d", trial, i, got[i], want[i])
			}
		}
		cases++
	}
	t.Logf("%d length-3072 products checked", cases)
}
