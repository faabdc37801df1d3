package polymul

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// small16Cases are the two-prime product's differential cases, each inside
// its exact range |c| < 2^24: SMAUG-T's shapes (a uniform polynomial below
// 2^11 times a ternary one, k ≤ 4) with their extremes, signed random
// extremes ±2047 that drive the forward transform's sums to their bound,
// and two general products of smaller operands.
var small16Cases = []productCase{
	{"uniform q=2^11 × ternary, k=4", 4, uniformIn(0, 2047), uniformIn(-1, 1)},
	{"centred q=2^10 × ternary, k=2", 2, uniformIn(-512, 511), uniformIn(-1, 1)},
	{"max × all ones, k=4", 4, constant(2047), constant(1)},
	{"max × all minus ones, k=4", 4, constant(2047), constant(-1)},
	{"−2047 × all ones, k=4", 4, constant(-2047), constant(1)},
	{"random ±2047 × random ±1, k=4", 4, randomSign(2047), randomSign(1)},
	{"alternating extremes, k=3", 3, func(_ *rand.Rand, i int) int32 { return int32(2047 * (1 - 2*(i&1))) }, constant(-1)},
	{"±2047 × ±127, k=4", 4, randomSign(2047), randomSign(127)},
	{"uniform ±2047 × uniform ±127, k=8", 8, uniformIn(-2047, 2047), uniformIn(-127, 127)},
	{"±2047 × ±2047 (reduced result), k=1", 1, randomSign(2047), randomSign(2047)},
	{"zero", 2, constant(0), uniformIn(-2047, 2047)},
}

func randomSign(v int32) func(*rand.Rand, int) int32 {
	return func(r *rand.Rand, _ int) int32 { return v * (1 - 2*r.Int32N(2)) }
}

// TestSmall16MatchesSchoolbook checks Forward16, Forward16Lazy (in Dot16's
// first operand, within its bound), Dot16 and Inverse16 at every level
// against schoolbook multiplication over the integers (exactly where the integer result lies in (−2^24, 2^24), and modulo
// 7681·10753 otherwise) and against their Go twins bit for bit, the
// transforms and the dot product each on its own.
func TestSmall16MatchesSchoolbook(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		rng := rand.New(rand.NewPCG(16, 16))
		const m = 7681 * 10753
		cases := 0
		for _, c := range small16Cases {
			for trial := range 8 {
				a, b := make([]*[N]int32, c.k), make([]*[N]int32, c.k)
				fa, fb, lazy := make([]NTT16, c.k), make([]NTT16, c.k), make([]NTT16, c.k)
				for j := range c.k {
					a[j], b[j] = new([N]int32), new([N]int32)
					for i := range N {
						a[j][i], b[j][i] = c.a(rng, i), c.b(rng, i)
					}
					Forward16(&fa[j], a[j])
					Forward16(&fb[j], b[j])
					var g NTT16
					forward16Generic(&g, a[j])
					if g != fa[j] {
						t.Fatalf("%s: Forward16 differs from forward16Generic", c.name)
					}
					Forward16Lazy(&lazy[j], a[j])
					forward16LazyGeneric(&g, a[j])
					if g != lazy[j] {
						t.Fatalf("%s: Forward16Lazy differs from forward16LazyGeneric", c.name)
					}
					checkLazy(t, c.name, &lazy[j], &fa[j])
				}
				var d, gd NTT16
				Dot16(&d, fa, fb)
				dot16Generic(&gd, fa, fb)
				if d != gd {
					t.Fatalf("%s: Dot16 differs from dot16Generic", c.name)
				}
				var got, ginv [N]int32
				Inverse16(&got, &d)
				inverse16Generic(&ginv, &d)
				if got != ginv {
					t.Fatalf("%s: Inverse16 differs from inverse16Generic", c.name)
				}
				want := schoolbook(a, b)
				for i := range N {
					w := want[i]
					exact := w > -1<<24 && w < 1<<24
					if exact && int64(got[i]) != w || !exact && (int64(got[i])-w)%m != 0 {
						t.Fatalf("%s, trial %d: coefficient %d = %d, want %d", c.name, trial, i, got[i], w)
					}
				}
				// The lazy transforms in Dot16's first operand give the
				// same product.
				var ld NTT16
				var lazyGot [N]int32
				Dot16(&ld, lazy, fb)
				Inverse16(&lazyGot, &ld)
				if lazyGot != got {
					t.Fatalf("%s: the product from Forward16Lazy differs from Forward16's", c.name)
				}
				if c.k == 1 {
					var p [N]int32
					Mul16(&p, a[0], b[0])
					if p != got {
						t.Fatalf("%s: Mul16 differs from Forward16, Dot16, Inverse16", c.name)
					}
				}
				cases++
			}
		}
		t.Logf("%s: %d two-prime products matched schoolbook and the Go kernels", l, cases)
	})
}

// checkLazy fails t unless each row of lazy, Forward16Lazy's output, is
// within its bound (21 600 for 7681, 31 700 for 10753) and congruent to
// reduced, Forward16's.
func checkLazy(t *testing.T, name string, lazy, reduced *NTT16) {
	t.Helper()
	for r, sp := range primes16 {
		bound := map[int16]int32{7681: 21600, 10753: 31700}[sp.p]
		for i, x := range lazy[r] {
			if int32(x) >= bound || int32(x) <= -bound || (int32(x)-int32(reduced[r][i]))%int32(sp.p) != 0 {
				t.Fatalf("%s: Forward16Lazy row %d coefficient %d = %d: out of bound %d or not ≡ %d", name, r, i, x, bound, reduced[r][i])
			}
		}
	}
}

// TestSmall16Reductions checks the 16-bit primitives over their whole
// domains: barrett16 on every int16, mul16 on random operands and on the
// extremes, and the constants.
func TestSmall16Reductions(t *testing.T) {
	for _, sp := range primes16 {
		p := int32(sp.p)
		if sp.p*sp.pInv != 1 {
			t.Fatalf("p=%d: pInv is not p^−1 mod 2^16", p)
		}
		// zetas[1] = ψ^128·2^16, and ψ^256 = −1.
		if z := int64(sp.zetas[1]); (z*z+1<<32)%int64(p) != 0 {
			t.Fatalf("p=%d: ψ^256 ≠ −1", p)
		}
		for a := int32(-1 << 15); a < 1<<15; a++ {
			r := int32(sp.barrett16(int16(a)))
			if r < -(p/2+2) || r > p/2+2 || (a-r)%p != 0 {
				t.Fatalf("p=%d: barrett16(%d) = %d", p, a, r)
			}
		}
		rng := rand.New(rand.NewPCG(uint64(p), 1))
		for trial := range 200000 {
			a := int16(rng.Int32N(1<<16) - 1<<15)
			b := int16(rng.Int32N(p) - p/2)
			if trial < 4 {
				a = [4]int16{-1 << 15, 1<<15 - 1, -1 << 15, 1<<15 - 1}[trial]
				b = [4]int16{int16(p / 2), int16(-p / 2), int16(-p / 2), int16(p / 2)}[trial]
			}
			r := sp.mul16(a, b, b*sp.pInv)
			ab := int64(a) * int64(b)
			bound := max(ab, -ab)/(1<<16) + int64(p)/2 + 1
			if int64(r) > bound || int64(r) < -bound || (int64(r)<<16-ab)%int64(p) != 0 {
				t.Fatalf("p=%d: mul16(%d, %d) = %d", p, a, b, r)
			}
		}
	}
}

// TestFast16MatchesKernels checks at every level that Fast16 reports
// exactly when each of the two-prime hooks runs assembly.
func TestFast16MatchesKernels(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		var out, x [2][N]int16
		var in, r [N]int32
		ran := []bool{forward16Arch(&out, &in), forward16LazyArch(&out, &in), dot16Arch(&out, &x, &x, 1), inverse16Arch(&r, &out, &x)}
		for i, want := range ran {
			if got := Fast16(); got != want {
				t.Fatalf("at %v: Fast16() = %v, but hook %d reports %v", l, got, i, want)
			}
		}
	})
}
