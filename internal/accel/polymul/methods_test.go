package polymul

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/benchcpu"
)

// The previous SMAUG-T AVX2 code's method, in portable Go for comparison
// with the single 32-bit prime: negacyclic NTTs modulo the 16-bit primes
// 7681 and 10753 (both ≡ 1 mod 512) and the CRT, exact while the integer
// product lies in (−M/2, M/2), M = 7681·10753 = 82593793. It lives in a
// test file: the benchmarks below measure it against Mul, and the test
// checks it against schoolbook multiplication so that the figures compare
// correct code.

// smallPrime is one 16-bit NTT prime with its twiddle factors, in the
// usual 16-bit style: Montgomery multiplication by the twiddles (R = 2^16),
// lazy additions, Barrett reduction of the inverse transform's sums.
type smallPrime struct {
	p     int32
	pInv  int32    // p^−1 mod 2^16
	zetas [N]int32 // ψ^brv8(i)·2^16 mod p, centred; ψ a primitive 512th root of unity
	scale int32    // 2^32/256 mod p: the inverse's final factor, in Montgomery form
	barV  int32    // round(2^26 / p)
}

func newSmallPrime(p int32) *smallPrime {
	sp := &smallPrime{p: p}
	// The smallest ψ = g^((p−1)/512) with ψ^256 = −1 is a primitive
	// 512th root of unity.
	var psi int64
	for g := int64(2); ; g++ {
		psi = powModN(g, int64(p-1)/512, int64(p))
		if powModN(psi, 256, int64(p)) == int64(p-1) {
			break
		}
	}
	centred := func(v int64) int32 {
		if v > int64(p)/2 {
			v -= int64(p)
		}
		return int32(v)
	}
	for i := range sp.zetas {
		sp.zetas[i] = centred(powModN(psi, int64(bits.Reverse8(uint8(i))), int64(p)) << 16 % int64(p))
	}
	sp.pInv = int32(powModN(int64(p), 1<<15-1, 1<<16)) // p^(2^15−1) = p^−1 mod 2^16
	sp.scale = centred((1 << 32) % int64(p) * powModN(N, int64(p-2), int64(p)) % int64(p))
	sp.barV = int32(((1 << 26) + int64(p)/2) / int64(p))
	return sp
}

// montgomery returns r ≡ a·2^−16 mod p with |r| < (|a| + 2^15·p)/2^16:
// in (−p, p) for |a| < 2^15·p, and below 1.3p for the forward transform's
// largest products.
func (sp *smallPrime) montgomery(a int32) int32 {
	t := int32(int16(a * sp.pInv))
	return (a - t*sp.p) >> 16
}

// barrett returns r ≡ a mod p, |r| ≤ p/2 + 1, for |a| < 2^18 (so that
// barV·a fits in 32 bits).
func (sp *smallPrime) barrett(a int32) int32 {
	t := (sp.barV*a + 1<<25) >> 26
	return a - t*sp.p
}

// forward is the negacyclic NTT modulo sp.p for |a[i]| < p; the sums grow by
// less than 1.3p a layer, to below 11p < 2^17, so the products z·a stay
// below p/2 · 11p < 2^31; outputs Barrett reduced.
func (sp *smallPrime) forward(a *[N]int32) {
	k := 0
	for length := N / 2; length > 0; length >>= 1 {
		for start := 0; start < N; start += 2 * length {
			k++
			z := sp.zetas[k]
			for j := start; j < start+length; j++ {
				t := sp.montgomery(z * a[j+length])
				a[j+length] = a[j] - t
				a[j] = a[j] + t
			}
		}
	}
	for i := range a {
		a[i] = sp.barrett(a[i])
	}
}

// inverse undoes forward on a Montgomery product (times 2^16), the sums
// Barrett reduced each layer.
func (sp *smallPrime) inverse(a *[N]int32) {
	k := N
	for length := 1; length < N; length <<= 1 {
		for start := 0; start < N; start += 2 * length {
			k--
			z := -sp.zetas[k]
			for j := start; j < start+length; j++ {
				t := a[j]
				a[j] = sp.barrett(t + a[j+length])
				a[j+length] = sp.montgomery(z * (t - a[j+length]))
			}
		}
	}
	for i := range a {
		a[i] = sp.montgomery(sp.scale * a[i])
	}
}

var p7681, p10753 = newSmallPrime(7681), newSmallPrime(10753)

// mulTwoPrimes sets out = a·b in Z[x]/(x^256+1), exact when the result's
// coefficients lie in (−M/2, M/2), for |a[i]|, |b[i]| < 2^11.
func mulTwoPrimes(out, a, b *[N]int32) {
	var r [2][N]int32
	for j, sp := range []*smallPrime{p7681, p10753} {
		x, y := *a, *b
		sp.forward(&x)
		sp.forward(&y)
		for i := range N {
			r[j][i] = sp.montgomery(x[i] * y[i])
		}
		sp.inverse(&r[j])
	}
	// CRT: c = c0 + 7681·((c1 − c0)·7681^−1 mod 10753), centred.
	const p0, p1, m = 7681, 10753, 7681 * 10753
	p0Inv := int32(powModN(p0, p1-2, p1))
	for i := range N {
		c0 := r[0][i] + (r[0][i]>>31)&p0 // [0, p0)
		d := (r[1][i] - c0) % p1
		d += (d >> 31) & p1
		c := c0 + p0*(d*p0Inv%p1) // [0, m)
		c -= m & ((m/2 - c) >> 31)
		out[i] = c
	}
}

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

func TestTwoPrimesMatchSchoolbook(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 11))
	for trial := range 20 {
		var a, b, out [N]int32
		for i := range N {
			a[i] = rng.Int32N(2048)
			b[i] = rng.Int32N(3) - 1
			if trial == 0 {
				a[i], b[i] = 2047, -1
			}
		}
		mulTwoPrimes(&out, &a, &b)
		want := schoolbook([]*[N]int32{&a}, []*[N]int32{&b})
		for i := range N {
			if int64(out[i]) != want[i] {
				t.Fatalf("trial %d: coefficient %d = %d, want %d", trial, i, out[i], want[i])
			}
		}
	}
}

// BenchmarkProductMethods compares, at the portable level, one SMAUG-T-sized
// product (uniform below 2^11 times ternary) by the single 32-bit prime
// (Mul, forced to the portable kernels), by the two 16-bit primes, and by the
// constant-time ternary product.
func BenchmarkProductMethods(b *testing.B) {
	rng := rand.New(rand.NewPCG(12, 12))
	var a, c, out [N]int32
	for i := range N {
		a[i], c[i] = rng.Int32N(2048), rng.Int32N(3)-1
	}
	b.Run("OnePrime32/portable", func(b *testing.B) {
		benchcpu.Loop(b, func() {
			var x, y, fx, fy, p [N]uint32
			FromSigned(&x, &a)
			FromSigned(&y, &c)
			forwardGeneric(&fx, &x)
			forwardGeneric(&fy, &y)
			dotGeneric(&p, [][N]uint32{fx}, [][N]uint32{fy})
			inverseGeneric(&x, &p)
			for i := range out {
				out[i] = centre(int32(x[i]))
			}
		})
	})
	b.Run("TwoPrimes16/portable", func(b *testing.B) {
		benchcpu.Loop(b, func() { mulTwoPrimes(&out, &a, &c) })
	})
	b.Run("TernaryConstantTime/portable", func(b *testing.B) {
		benchcpu.Loop(b, func() { mulTernary(&out, &a, &c) })
	})
}
