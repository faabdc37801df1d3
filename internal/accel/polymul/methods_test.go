package polymul

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/benchcpu"
)

// The measured alternatives to Mul for SMAUG-T's products: the previous
// SMAUG-T AVX2 code's method (two 16-bit primes and the CRT) is Mul16 of
// small16.go; the constant-time ternary product below lives in this test
// file, for the benchmarks to measure it against Mul and Mul16 and for its
// test to check it against schoolbook multiplication, so that the figures
// compare correct code.

// mulTernary sets out = a·s in Z[x]/(x^256+1) for ternary s, the
// constant-time way to use s's sparsity: every position of s is visited and
// its coefficient applied as masks (s's non-zero positions are secret in
// SMAUG-T, so a product that only visits them, like ML-DSA's PSPM for the
// public challenge, would put the secret on the memory bus).
func mulTernary(out, a, s *[N]int32) {
	var acc [2 * N]int32
	for j, c := range s {
		pos := -(c & 1) // −1 if c ≠ 0
		neg := c >> 31  // −1 if c = −1
		row := acc[j : j+N]
		for i, x := range a {
			row[i] += ((x ^ neg) - neg) & pos
		}
	}
	for i := range N {
		out[i] = acc[i] - acc[i+N]
	}
}

func TestTernaryMatchesSchoolbook(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	for range 10 {
		var a, s, out [N]int32
		for i := range N {
			a[i], s[i] = rng.Int32N(2048), rng.Int32N(3)-1
		}
		mulTernary(&out, &a, &s)
		want := schoolbook([]*[N]int32{&a}, []*[N]int32{&s})
		for i := range N {
			if int64(out[i]) != want[i] {
				t.Fatalf("coefficient %d = %d, want %d", i, out[i], want[i])
			}
		}
	}
}

// BenchmarkProductMethods compares, at the portable level, one SMAUG-T-sized
// product (uniform below 2^11 times ternary) by the single 32-bit prime
// (Mul, forced to the portable kernels), by the two 16-bit primes (Mul16's
// Go kernels, in int16 lanes), and by the
// constant-time ternary product.
func BenchmarkProductMethods(b *testing.B) {
	rng := rand.New(rand.NewPCG(12, 12))
	var a, c, out [N]int32
	for i := range N {
		a[i], c[i] = rng.Int32N(2048), rng.Int32N(3)-1
	}
	b.Run("OnePrime32/portable", func(b *testing.B) {
		benchcpu.Loop(b, func() {
			var x, fx, fy, p [N]uint32
			forwardGeneric(&fx, &a)
			forwardGeneric(&fy, &c)
			dotGeneric(&p, [][N]uint32{fx}, [][N]uint32{fy})
			inverseGeneric(&x, &p)
			for i := range out {
				out[i] = centre(int32(x[i]))
			}
		})
	})
	b.Run("TwoPrimes16/portable", func(b *testing.B) {
		benchcpu.Loop(b, func() {
			var x, y [1]NTT16
			forward16Generic(&x[0], &a)
			forward16Generic(&y[0], &c)
			var p NTT16
			dot16Generic(&p, x[:], y[:])
			inverse16Generic(&out, &p)
		})
	})
	b.Run("TernaryConstantTime/portable", func(b *testing.B) {
		benchcpu.Loop(b, func() { mulTernary(&out, &a, &c) })
	})
}
