package polymul

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// largeSchoolbook returns a·b in Z[x]/(x^4096+1) over the integers.
func largeSchoolbook(a, b []int32) *[LargeN]int64 { return negacyclicSchoolbook(a, b, LargeN) }

// negacyclicSchoolbook returns a·b in Z[x]/(x^n+1) over the integers
// (n ≤ LargeN), in the lower n entries.
func negacyclicSchoolbook(a, b []int32, n int) *[LargeN]int64 {
	var c [LargeN]int64
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			v := int64(x) * int64(y)
			if k := i + j; k < n {
				c[k] += v
			} else {
				c[k-n] -= v
			}
		}
	}
	return &c
}

// TestLargeMulExact checks the two-prime product against schoolbook
// multiplication on NCC-Sign's operand shapes (a uniform in [0, 2^23)
// times y in (−2^19, 2^19], p = 2039 coefficients each), at the extremes
// of those ranges, and on full-length operands whose product wraps; at
// every level.
func TestLargeMulExact(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) { testLargeMulExact(t) })
}

func testLargeMulExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	for trial := range 8 {
		n := 2039
		if trial == 7 {
			n = LargeN // wraps; products kept within the exact range
		}
		a, b := make([]int32, n), make([]int32, n)
		for i := range n {
			a[i], b[i] = rng.Int32N(1<<23), rng.Int32N(1<<20)-(1<<19-1)
			switch trial {
			case 0:
				a[i], b[i] = 1<<23-1, 1<<19
			case 1:
				a[i], b[i] = 1<<23-1, -(1<<19 - 1)
			case 2:
				a[i], b[i] = -P, 1<<19
			case 7:
				b[i] = rng.Int32N(5) - 2
			}
		}
		var x, y LargePair
		x.Set(a)
		y.Set(b)
		var got [LargeN]int64
		LargeMulExact(&got, &x, &y)
		want := largeSchoolbook(a, b)
		if got != *want {
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("trial %d: coefficient %d = %d, want %d", trial, i, got[i], want[i])
				}
			}
		}
	}
}

// TestLargeMulSmall checks the one-prime product against schoolbook
// multiplication: a weight-32 ±1 challenge times polynomials up to 2^13,
// and extreme ±1 inputs whose products reach the bound; at every level.
func TestLargeMulSmall(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) { testLargeMulSmall(t) })
}

func testLargeMulSmall(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 2))
	for trial := range 6 {
		a, b := make([]int32, 2039), make([]int32, 2039)
		for range 32 {
			a[rng.IntN(len(a))] = 1 - 2*rng.Int32N(2)
		}
		for i := range b {
			b[i] = rng.Int32N(1<<14) - 1<<13
			if trial == 0 {
				b[i] = 1 << 13
			}
		}
		if trial == 5 { // all-ones products: coefficients up to 2039
			for i := range a {
				a[i], b[i] = -1, 1
			}
		}
		var x, y LargeNTT
		x.SetSmall(a)
		y.SetSmall(b)
		var got [LargeN]int32
		LargeMulSmall(&got, &x, &y)
		want := largeSchoolbook(a, b)
		for i := range got {
			if int64(got[i]) != want[i] {
				t.Fatalf("trial %d: coefficient %d = %d, want %d", trial, i, got[i], want[i])
			}
		}
	}
}

// TestLargeReduce checks the reduction of the transforms' inputs over its
// range [−P, 2P), ends included.
func TestLargeReduce(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 3))
	for _, m := range largeTables().mods {
		xs := []int32{0, 1, -1, -P, 2*P - 1, P, P - 1, -P + 1, 1<<23 - 1}
		for range 10000 {
			xs = append(xs, rng.Int32N(3*P)-P)
		}
		for _, a := range xs {
			if got, want := m.reduce(a), uint32((int64(a)%int64(m.p)+int64(m.p))%int64(m.p)); got != want {
				t.Fatalf("p = %d: reduce(%d) = %d, want %d", m.p, a, got, want)
			}
		}
	}
}

// TestLargeKernelsMatchGeneric checks each kernel at every level against
// its Go twin, bit for bit, for both moduli, on random inputs and on the
// extremes 0 and p − 1.
func TestLargeKernelsMatchGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 4))
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, m := range largeTables().mods {
			for trial := range 4 {
				var a, b [LargeN]uint32
				for i := range a {
					a[i], b[i] = rng.Uint32N(m.p), rng.Uint32N(m.p)
					switch trial {
					case 0:
						a[i], b[i] = m.p-1, m.p-1
					case 1:
						a[i] = 0
					}
				}
				got, want := a, a
				m.forward(&got)
				m.forwardGeneric(&want)
				if got != want {
					t.Fatalf("p = %d trial %d: forward differs from forwardGeneric", m.p, trial)
				}
				got, want = a, a
				m.inverse(&got)
				m.inverseGeneric(&want)
				if got != want {
					t.Fatalf("p = %d trial %d: inverse differs from inverseGeneric", m.p, trial)
				}
				for _, k := range []int{0, 360, LargeN / 2} {
					m.productSpan(&got, &a, &b, k)
					m.pointwiseGeneric(&want, &a, &b)
					m.inverseGeneric(&want)
					for i := range LargeN/2 + k {
						if got[i] != want[i] {
							t.Fatalf("p = %d trial %d k = %d: productSpan coefficient %d differs from pointwiseGeneric and inverseGeneric", m.p, trial, k, i)
						}
					}
					got, want = a, a
					m.inverseSpanGeneric(&got, k)
					m.inverseGeneric(&want)
					if [LargeN]uint32(append(got[:LargeN/2+k:LargeN/2+k], want[LargeN/2+k:]...)) != want {
						t.Fatalf("p = %d trial %d k = %d: inverseSpanGeneric differs from inverseGeneric", m.p, trial, k)
					}
				}
				short := a
				clear(short[LargeN/2:])
				got, want = short, short
				m.forwardShort(&got)
				m.forwardGeneric(&want)
				if got != want {
					t.Fatalf("p = %d trial %d: forwardShort differs from forwardGeneric", m.p, trial)
				}
				m.pointwise(&got, &a, &b)
				m.pointwiseGeneric(&want, &a, &b)
				if got != want {
					t.Fatalf("p = %d trial %d: pointwise differs from pointwiseGeneric", m.p, trial)
				}
				in := make([]int32, 1201) // NCC-Sign-NC-1's length: a tail of one
				for i := range in {
					in[i] = rng.Int32N(3*P) - P
				}
				in[0], in[1], in[2] = -P, 2*P-1, 0
				var r0, r1 [1201]uint32
				m.fromSigned(r0[:], in)
				m.fromSignedGeneric(r1[:], in)
				if r0 != r1 {
					t.Fatalf("p = %d trial %d: fromSigned differs from fromSignedGeneric", m.p, trial)
				}
				if m.p == P1 {
					for i := range a { // residues mod P for the CRT
						a[i] %= P
					}
					if trial == 0 {
						a[0], b[0], a[1], b[1] = 0, 0, P-1, P1-1
					}
					var c, d [LargeN]int64
					crt(&c, &a, &b)
					crtGeneric(&d, &a, &b)
					if c != d {
						t.Fatalf("trial %d: crt differs from crtGeneric", trial)
					}
				}
			}
		}
	})
}

// nccFields are NCC-Sign's rings: the lengths p and primes q of its sets.
var nccFields = []struct {
	n int
	q uint32
}{{1201, 17279291}, {1607, 17305741}, {2039, 17287423}}

// TestLargeFieldKernelsMatchGeneric checks the field's kernels (CRT
// modulo q, the one-prime residue modulo q, the fold with its scale and
// centring) against their Go twins at every level, bit for bit, on random
// residues and the extremes, over NCC-Sign's moduli and lengths (odd, so
// that the Go tails run too).
func TestLargeFieldKernelsMatchGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 5))
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, fp := range nccFields {
			f := NewLargeField(fp.n, fp.q)
			k := f.span()
			for trial := range 3 {
				var r0, r1, s [LargeN]uint32
				for i := range k {
					r0[i], r1[i], s[i] = rng.Uint32N(P), rng.Uint32N(P1), rng.Uint32N(3*fp.q)
					if trial == 0 {
						r0[i], r1[i], s[i] = P-1, P1-1, 3*fp.q-1
					}
				}
				for i, c := range []int64{-1, 0, 1} { // the centring's edge, ⌊M/2⌋ + c
					h := largeModulusProduct/2 + c
					r0[i+1], r1[i+1] = uint32(h%P), uint32(h%P1)
				}
				var got, want [LargeN]uint32
				f.crtMod(got[:k], r0[:k], r1[:k])
				f.crtModGeneric(want[:k], r0[:k], r1[:k])
				if got != want {
					t.Fatalf("n = %d trial %d: crtMod differs from crtModGeneric", fp.n, trial)
				}
				f.smallMod(got[:k], r0[:k])
				f.smallModGeneric(want[:k], r0[:k])
				if got != want {
					t.Fatalf("n = %d trial %d: smallMod differs from smallModGeneric", fp.n, trial)
				}
				w := rng.Uint32N(fp.q)
				g, h := make([]int32, fp.n), make([]int32, fp.n)
				n := fp.n
				f.fold3(g[1:], s[1:n], s[n+1:2*n], s[n:2*n-1], w)
				f.foldGeneric(h[1:], s[1:n], s[n+1:2*n], s[n:2*n-1], w)
				for i := range g {
					if g[i] != h[i] {
						t.Fatalf("n = %d trial %d: fold3 coefficient %d = %d, foldGeneric %d", n, trial, i, g[i], h[i])
					}
				}
			}
		}
	})
}

// TestLargeFieldMul checks the field's products against schoolbook
// multiplication and reduction modulo X^n − X − 1 and q, at every level:
// MulExact and MulPoly on NCC-Sign's uniform-times-γ1 shapes with their
// extremes,
// MulSmall on ±1 operands times polynomials up to 2^13, each with a
// random scale w.
func TestLargeFieldMul(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 6))
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, fp := range nccFields {
			f := NewLargeField(fp.n, fp.q)
			for trial := range 3 {
				a, b := make([]int32, fp.n), make([]int32, fp.n)
				c, d := make([]int32, fp.n), make([]int32, fp.n)
				for i := range a {
					a[i], b[i] = rng.Int32N(1<<23), rng.Int32N(1<<20)-(1<<19-1)
					c[i], d[i] = rng.Int32N(3)-1, rng.Int32N(1<<14)-1<<13
					if trial == 0 {
						a[i], b[i], c[i], d[i] = 1<<23-1, 1<<19, 1, 1<<13
					}
				}
				for i := range c[:fp.n-64] { // the challenge's weight: |c·d| < P/2
					c[i] = 0
				}
				w := rng.Uint32N(fp.q)
				var x, y LargePair
				f.SetPair(&x, a)
				f.SetPair(&y, b)
				got := make([]int32, fp.n)
				f.MulExact(got, &x, &y, w)
				checkField(t, "MulExact", f, got, a, b, w)
				clear(got)
				f.MulPoly(got, &x, b, w)
				checkField(t, "MulPoly", f, got, a, b, w)
				var u, v LargeNTT
				f.SetSmall(&u, c)
				f.SetSmall(&v, d)
				f.MulSmall(got, &u, &v, w)
				checkField(t, "MulSmall", f, got, c, d, w)
			}
		}
	})
}

// checkField fails unless got is the product a·b in f times w·2^−32,
// centred.
func checkField(t *testing.T, name string, f *LargeField, got, a, b []int32, w uint32) {
	t.Helper()
	n, q := f.n, int64(f.q.p)
	c := largeSchoolbook(a, b)
	for i := 2*n - 2; i >= n; i-- {
		c[i-n] += c[i]
		c[i-n+1] += c[i]
	}
	rInv := powModN(1<<32%q, q-2, q)
	for i := range n {
		want := (c[i]%q + q) % q * int64(w) % q * rInv % q
		if want > q/2 {
			want -= q
		}
		if int64(got[i]) != want {
			t.Fatalf("n = %d %s: coefficient %d = %d, want %d", n, name, i, got[i], want)
		}
	}
}
