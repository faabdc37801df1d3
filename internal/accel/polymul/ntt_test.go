package polymul

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// schoolbook returns Σ_j a[j]·b[j] in Z[x]/(x^256+1) over the integers.
func schoolbook(a, b []*[N]int32) (c [N]int64) {
	for j := range a {
		for i := range N {
			for k := range N {
				p := int64(a[j][i]) * int64(b[j][k])
				if i+k < N {
					c[i+k] += p
				} else {
					c[i+k-N] -= p
				}
			}
		}
	}
	return c
}

// centredModP maps x to its representative modulo P in [−(P−1)/2, (P−1)/2].
func centredModP(x int64) int64 {
	r := x % P
	if r > (P-1)/2 {
		r -= P
	} else if r < -(P-1)/2 {
		r += P
	}
	return r
}

// productCase is one differential case: k pairs and a generator for their
// coefficients.
type productCase struct {
	name string
	k    int
	a, b func(r *rand.Rand, i int) int32
}

func uniformIn(lo, hi int32) func(*rand.Rand, int) int32 {
	return func(r *rand.Rand, _ int) int32 { return lo + r.Int32N(hi-lo+1) }
}

func constant(v int32) func(*rand.Rand, int) int32 {
	return func(*rand.Rand, int) int32 { return v }
}

var productCases = []productCase{
	{"uniform q=2^11 × ternary, k=4", 4, uniformIn(0, 2047), uniformIn(-1, 1)},
	{"centred q=2^10 × ternary, k=2", 2, uniformIn(-512, 511), uniformIn(-1, 1)},
	{"max × all ones, k=4 (largest SMAUG-T coefficient)", 4, constant(2047), constant(1)},
	{"max × all minus ones, k=4", 4, constant(2047), constant(-1)},
	{"alternating extremes, k=3", 3, func(_ *rand.Rand, i int) int32 { return int32(2047 * (1 - 2*(i&1))) }, constant(-1)},
	{"full range mod P (reduced result), k=1", 1, uniformIn(-(P - 1), P-1), uniformIn(-(P - 1), P-1)},
	{"full range mod P, k=7", MaxDotPairs, uniformIn(-(P - 1), P-1), uniformIn(-(P - 1), P-1)},
	{"zero", 2, constant(0), uniformIn(-(P - 1), P-1)},
	{"extreme ±(P−1), k=7", MaxDotPairs, constant(P - 1), constant(-(P - 1))},
}

// TestProductsMatchSchoolbook checks Forward, Dot and Inverse at every level
// against schoolbook multiplication over the integers, reduced modulo P
// (exact where the integer result is below P/2), on random and extreme
// inputs, and the dispatched kernels against the Go ones bit for bit.
func TestProductsMatchSchoolbook(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		rng := rand.New(rand.NewPCG(1, 2))
		for _, c := range productCases {
			for trial := range 6 {
				a, b := make([]*[N]int32, c.k), make([]*[N]int32, c.k)
				fa, fb := make([][N]uint32, c.k), make([][N]uint32, c.k)
				for j := range c.k {
					a[j], b[j] = new([N]int32), new([N]int32)
					for i := range N {
						a[j][i], b[j][i] = c.a(rng, i), c.b(rng, i)
					}
					Forward(&fa[j], a[j])
					Forward(&fb[j], b[j])
					var gx, gr [N]uint32
					forwardGeneric(&gx, a[j])
					if gx != fa[j] {
						t.Fatalf("%s: Forward differs from forwardGeneric", c.name)
					}
					// The signed input transforms as its residues do.
					var res [N]int32
					for i, v := range a[j] {
						res[i] = int32(freeze(v))
					}
					forwardGeneric(&gr, &res)
					if gr != gx {
						t.Fatalf("%s: forwardGeneric of signed input differs from that of its residues", c.name)
					}
				}
				var out, gout [N]uint32
				Dot(&out, fa, fb)
				dotGeneric(&gout, fa, fb)
				if out != gout {
					t.Fatalf("%s: Dot differs from dotGeneric", c.name)
				}
				x, y := slices.Clone(fa), slices.Clone(fb)
				Dot(&x[0], x, y)
				Dot(&y[0], fa, y)
				if x[0] != out || y[0] != out {
					t.Fatalf("%s: Dot into a[0] or b[0] differs", c.name)
				}
				var got [N]int32
				Inverse(&got, &out)
				var ginv [N]uint32
				inverseGeneric(&ginv, &out)
				// In place, as Mul and SMAUG-T's dot products run it.
				inPlace := out
				Inverse((*[N]int32)(unsafe.Pointer(&inPlace)), &inPlace)
				if *(*[N]int32)(unsafe.Pointer(&inPlace)) != got {
					t.Fatalf("%s: Inverse in place differs", c.name)
				}
				want := schoolbook(a, b)
				for i := range N {
					if int64(got[i]) != centredModP(want[i]) {
						t.Fatalf("%s, trial %d: coefficient %d = %d, want %d (integer %d)",
							c.name, trial, i, got[i], centredModP(want[i]), want[i])
					}
					if centre(int32(ginv[i])) != got[i] {
						t.Fatalf("%s: Inverse differs from inverseGeneric", c.name)
					}
				}
			}
		}
	})
}

// TestDotGenericFolds checks the Go dot product past MaxDotPairs, where it
// folds its 64-bit sums.
func TestDotGenericFolds(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, k := range []int{8, 9, 17} {
		a, b := make([]*[N]int32, k), make([]*[N]int32, k)
		fa, fb := make([][N]uint32, k), make([][N]uint32, k)
		for j := range k {
			a[j], b[j] = new([N]int32), new([N]int32)
			for i := range N {
				a[j][i], b[j][i] = P-1, rng.Int32N(2*P-1)-(P-1)
			}
			forwardGeneric(&fa[j], a[j])
			forwardGeneric(&fb[j], b[j])
		}
		var out, inv [N]uint32
		dotGeneric(&out, fa, fb)
		inverseGeneric(&inv, &out)
		want := schoolbook(a, b)
		for i := range N {
			if int64(centre(int32(inv[i]))) != centredModP(want[i]) {
				t.Fatalf("k=%d: coefficient %d wrong", k, i)
			}
		}
	}
}

func TestMulExactForSmallProducts(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		rng := rand.New(rand.NewPCG(3, 4))
		for range 20 {
			var a, b, out [N]int32
			for i := range N {
				a[i] = rng.Int32N(2048)
				b[i] = rng.Int32N(3) - 1
			}
			Mul(&out, &a, &b)
			want := schoolbook([]*[N]int32{&a}, []*[N]int32{&b})
			for i := range N {
				if int64(out[i]) != want[i] {
					t.Fatalf("coefficient %d = %d, want exact %d", i, out[i], want[i])
				}
			}
		}
	})
}

func TestReductions(t *testing.T) {
	if p, inv := uint32(P), uint32(pInv); p*inv != 1 {
		t.Fatal("pInv is not P^−1 mod 2^32")
	}
	if powMod(zeta, 256) != P-1 {
		t.Fatal("ζ^256 ≠ −1 mod P")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		a := rng.Int64N(2*(1<<31)*P) - (1<<31)*P
		r := montgomeryReduce(a)
		if r <= -P || r >= P || (int64(r)<<32-a)%P != 0 {
			t.Fatalf("montgomeryReduce(%d) = %d", a, r)
		}
		b := rng.Int32N(1<<31-1<<22) - 1<<30
		if s := reduce32(b); s <= -P || s >= P || (b-s)%P != 0 {
			t.Fatalf("reduce32(%d) = %d", b, s)
		}
		c := rng.Int32N(2*P-1) - (P - 1)
		if s := centre(c); s < -(P-1)/2 || s > (P-1)/2 || (c-s)%P != 0 {
			t.Fatalf("centre(%d) = %d", c, s)
		}
		if f := freeze(c); f >= P || (int64(c)-int64(f))%P != 0 {
			t.Fatalf("freeze(%d) = %d", c, f)
		} else if centreReduced(f) != centre(c) {
			t.Fatalf("centreReduced(%d) = %d, centre(%d) = %d", f, centreReduced(f), c, centre(c))
		}
	}
}
