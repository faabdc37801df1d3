package polymul

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// largeSchoolbook returns a·b in Z[x]/(x^4096+1) over the integers.
func largeSchoolbook(a, b []int32) *[LargeN]int64 {
	var c [LargeN]int64
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			v := int64(x) * int64(y)
			if k := i + j; k < LargeN {
				c[k] += v
			} else {
				c[k-LargeN] -= v
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
	for _, m := range largeMods {
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
		for _, m := range largeMods {
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
