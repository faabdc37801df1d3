package polymul

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestLarge3MulExact checks the length-3072 two-prime product against
// schoolbook multiplication: on the shapes of NCC-Sign's smallest set
// (a uniform in [0, 2^23) times y in (−2^19, 2^19], 1201 coefficients
// each), at the extremes of those ranges, with the negative extreme −P,
// and on operands whose product wraps past x^3072; at every level.
func TestLarge3MulExact(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) { testLarge3MulExact(t) })
}

func testLarge3MulExact(t *testing.T) {
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

// TestLarge3KernelsMatchGeneric checks the length-3072 transforms at every
// level against their Go twins, bit for bit, for both moduli, on random
// inputs, the extremes 0 and p − 1, and inputs of every shape (full, the
// last 1024 coefficients zero as the radix-3 kernel has them, and A1 cut
// short after 0, 1 or 177 coefficients), the forward transform against
// the twin with none of the products skipped.
func TestLarge3KernelsMatchGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 7))
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		cases := 0
		for _, m := range largeTables().mods3 {
			for trial := range 4 {
				var a, b [large3N]uint32
				for i := range a {
					a[i], b[i] = rng.Uint32N(m.md.p), rng.Uint32N(m.md.p)
					switch trial {
					case 0:
						a[i], b[i] = m.md.p-1, m.md.p-1
					case 1:
						a[i] = 0
					}
				}
				for _, n := range []int{large3N, 2 * large3Blocks, 1201, large3Blocks + 1, large3Blocks} {
					x := a
					clear(x[n:])
					k := large3Span(n)
					got, want := x, x
					m.forward3(&got, k)
					m.forward3Generic(&want, large3Blocks)
					if got != want {
						t.Fatalf("p = %d trial %d n = %d: forward3 differs from forward3Generic with every product", m.md.p, trial, n)
					}
				}
				var got, want [large3N]uint32
				m.productInverse3(&got, &a, &b)
				m.productInverse3Generic(&want, &a, &b)
				if got != want {
					t.Fatalf("p = %d trial %d: productInverse3 differs from productInverse3Generic", m.md.p, trial)
				}
				cases++
			}
		}
		t.Logf("%d length-3072 kernel cases checked", cases)
	})
}
