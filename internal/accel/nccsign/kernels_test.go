package nccsign

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

var allParams = []*Params{NCCSign1, NCCSign3, NCCSign5}

// trials is the number of schoolbook comparisons per set: the extremes
// and, without -short, random operands too (schoolbook multiplication is
// slow under emulation).
func trials() int {
	if testing.Short() {
		return 2
	}
	return 4
}

// schoolbook returns a·b in Z_q[X]/(X^p − X − 1), canonical, the slow way,
// for operands whose integer product has coefficients below 2^60 (the
// tests' are below 2^53).
func (p *Params) schoolbook(a, b poly) []uint32 {
	q := int64(p.q)
	c := make([]int64, 2*p.n-1)
	for i, x := range a {
		row := c[i : i+len(b)]
		for j, y := range b {
			row[j] += int64(x) * int64(y)
		}
	}
	for i := len(c) - 1; i >= p.n; i-- { // X^i = X^(i−p)·(X + 1)
		c[i-p.n] += c[i]
		c[i-p.n+1] += c[i]
	}
	out := make([]uint32, p.n)
	for i := range out {
		out[i] = uint32((c[i]%q + q) % q)
	}
	return out
}

// TestMulUniform checks the exact two-prime product of the uniform a and a
// polynomial up to γ1 against schoolbook multiplication in the field, on
// random operands and on the extremes of their ranges.
func TestMulUniform(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 10))
	for _, p := range allParams {
		for trial := range trials() {
			a, b := p.newPoly(), p.newPoly()
			for i := range a {
				a[i], b[i] = rng.Int32N(1<<23), rng.Int32N(2*gamma1)-gamma1+1
				switch trial {
				case 0:
					a[i], b[i] = 1<<23-1, gamma1
				case 1:
					a[i], b[i] = 1<<23-1, -gamma1+1
				}
			}
			var at uniformNTT
			p.field.SetPair(&at, a)
			got := make([]uint32, p.n)
			p.mulUniformField(got, &at, b)
			want := p.schoolbook(a, b)
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s trial %d: coefficient %d = %d, want %d", p.Name, trial, i, got[i], want[i])
				}
			}
		}
	}
}

// TestMulChallenge checks the one-prime product of a challenge with the
// largest small operands (t1 below 2^13, t0 up to 2^12, s1 in [−2, 2])
// against schoolbook multiplication in the field.
func TestMulChallenge(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 11))
	for _, p := range allParams {
		for trial := range trials() {
			var seed [seedSize]byte
			for i := range seed {
				seed[i] = byte(rng.Uint32())
			}
			c := p.sampleInBall(seed[:])
			s := p.newPoly()
			for i := range s {
				switch trial {
				case 0:
					s[i] = 1<<13 - 1
				case 1:
					s[i] = -(1 << 12)
				case 2:
					s[i] = rng.Int32N(5) - 2
				default:
					s[i] = rng.Int32N(1 << 13)
				}
			}
			var ct, st smallNTT
			p.field.SetSmall(&ct, c)
			p.field.SetSmall(&st, s)
			got := make([]uint32, p.n)
			p.mulChallengeField(got, &ct, &st)
			want := p.schoolbook(c, s)
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s trial %d: coefficient %d = %d, want %d", p.Name, trial, i, got[i], want[i])
				}
			}
		}
	}
}

// TestFromMont checks the reference's map: −m·2^−32 mod q, in [−q/2, q/2).
func TestFromMont(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 12))
	for _, p := range allParams {
		q := int64(p.q)
		rInv := powMod(int64(p.rMod), q-2, q)
		for k := range 20000 {
			m := uint32(rng.Int32N(p.q))
			if k < 3 {
				m = []uint32{0, 1, uint32(p.q) - 1}[k]
			}
			got := int64(p.fromMont(m))
			if (got+int64(m)*rInv)%q != 0 || got < -q/2-1 || got >= q/2+1 {
				t.Fatalf("%s: fromMont(%d) = %d", p.Name, m, got)
			}
		}
	}
}

// fromMont is the reference's poly_frommont on one coefficient m in [0, q].
func (p *Params) fromMont(m uint32) int32 {
	t := int32(m * p.qInvNeg)
	return int32((int64(m) - int64(t)*int64(p.q)) >> 32)
}

// TestProductsAreFromMont checks at every level that the scaled products
// are the reference's frommont of the field products: fromMont(a·b) for
// the uniform a, fromMont(c·s·k mod q) for the challenge, k = 2^32 and
// 2^(32+d) mod q.
func TestProductsAreFromMont(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 13))
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, p := range allParams {
			a, b, s := p.newPoly(), p.newPoly(), p.newPoly()
			for i := range a {
				a[i], b[i], s[i] = rng.Int32N(1<<23), rng.Int32N(2*gamma1)-gamma1+1, rng.Int32N(1<<13)
			}
			var at uniformNTT
			p.field.SetPair(&at, a)
			v := make([]uint32, p.n)
			p.mulUniformField(v, &at, b)
			got := p.newPoly()
			p.mulUniform(got, &at, b)
			for i := range got {
				if want := p.fromMont(v[i]); got[i] != want {
					t.Fatalf("%s: mulUniform coefficient %d = %d, want %d", p.Name, i, got[i], want)
				}
			}
			var ct, st smallNTT
			p.field.SetSmall(&ct, p.sampleInBall(make([]byte, seedSize)))
			p.field.SetSmall(&st, s)
			p.mulChallengeField(v, &ct, &st)
			for _, k := range []uint32{p.rMod, p.tShift} {
				p.mulChallenge(got, &ct, &st, k)
				for i := range got {
					m := uint32(uint64(v[i]) * uint64(k) % uint64(p.q))
					if want := p.fromMont(m); got[i] != want {
						t.Fatalf("%s: mulChallenge (k = %d) coefficient %d = %d, want %d", p.Name, k, i, got[i], want)
					}
				}
			}
		}
	})
}

func powMod(b, e, m int64) int64 {
	r := int64(1)
	for b %= m; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % m
		}
		b = b * b % m
	}
	return r
}

// decomposeRef is the reference's decompose, with its branches.
func (p *Params) decomposeRef(a int32) (a1, a0 int32) {
	a %= p.q
	if a < 0 {
		a += p.q
	}
	a0 = a % (2 * p.gamma2)
	if a0 > p.gamma2 {
		a0 -= 2 * p.gamma2
	}
	if a-a0 == p.q-1 {
		return 0, a0 - 1
	}
	return (a - a0) / (2 * p.gamma2), a0
}

// makeHintRef is the reference's make_hint, with its branches.
func (p *Params) makeHintRef(a0, a1 int32) int32 {
	if a0 <= p.gamma2 || a0 > p.q-p.gamma2 || (a0 == p.q-p.gamma2 && a1 == 0) {
		return 0
	}
	return 1
}

// TestRounding checks the branch-free decompose and makeHint against the
// reference's branching forms, on the edges of every interval and at
// random.
func TestRounding(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 13))
	for _, p := range allParams {
		var xs []int32
		for k := int32(0); k <= (p.q-1)/(2*p.gamma2)+1; k++ {
			for d := int32(-2); d <= 2; d++ {
				xs = append(xs, k*2*p.gamma2+d, k*2*p.gamma2+p.gamma2+d, p.q-p.gamma2+d, -k*2*p.gamma2+d)
			}
		}
		random := 100000
		if testing.Short() {
			random = 10000
		}
		for range random {
			xs = append(xs, rng.Int32N(2*p.q)-p.q)
		}
		for _, x := range xs {
			a1, a0 := p.decompose(x)
			w1, w0 := p.decomposeRef(x)
			if a1 != w1 || a0 != w0 {
				t.Fatalf("%s: decompose(%d) = %d, %d, want %d, %d", p.Name, x, a1, a0, w1, w0)
			}
			if r := p.caddq(x); r >= 0 {
				for _, h1 := range []int32{0, 1} {
					if got, want := p.makeHint(r, h1), p.makeHintRef(r, h1); got != want {
						t.Fatalf("%s: makeHint(%d, %d) = %d, want %d", p.Name, r, h1, got, want)
					}
				}
			}
		}
	}
}
