package nccsign

import (
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/ctest"
)

// TestSecretArithmeticConstantTime is a timing test (ctest, dudect's
// method) of the arithmetic secrets flow through, at every level this CPU
// has; skipped under -short. The classes are the secrets of two
// NCC-Sign-NC-1 keys; each measurement runs, on the class's s1 and s2 (set
// untimed in the same buffers by ctest.Select, which reads both keys'),
// the product a·s1 of key generation, the products c·s1 and c·s2 of signing
// with a fixed challenge, and the rounding of the first product (decompose,
// makeHint) and the norm checks. Rejection decisions and the challenge,
// which the signature reveals, are outside the test (sign.go's loop around
// these).
func TestSecretArithmeticConstantTime(t *testing.T) {
	p := NCCSign1
	keys := [2]*PrivateKey{testKey(t, p, 11), testKey(t, p, 12)}
	work := testKey(t, p, 13)
	var c smallNTT
	p.field.SetSmall(&c, p.sampleInBall(make([]byte, seedSize)))
	u, v := p.newPoly(), p.newPoly()
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		n := 10000 // measurements: a twentieth of ctest.Count's, the operation being long
		if l == cpu.Portable {
			n = 2000
		}
		ctest.Run(t, n, func(class int) {
			a, b := keys[0], keys[1]
			ctest.Select(ctest.Bytes(work.s1), ctest.Bytes(a.s1), ctest.Bytes(b.s1), class)
			ctest.Select(ctest.Bytes(work.s1NTT[:]), ctest.Bytes(a.s1NTT[:]), ctest.Bytes(b.s1NTT[:]), class)
			ctest.Select(ctest.Bytes(work.s2NTT[:]), ctest.Bytes(a.s2NTT[:]), ctest.Bytes(b.s2NTT[:]), class)
		}, func() {
			p.mulUniform(u, &work.a, work.s1)
			p.mulChallenge(v, &c, &work.s1NTT, p.rMod)
			p.mulChallenge(v, &c, &work.s2NTT, p.rMod)
			var acc int32
			for i, x := range u {
				a1, a0 := p.decompose(x)
				acc += p.makeHint(p.caddq(a0+v[i]), a1)
			}
			if infNormAtLeast(v, 1<<30) || acc < 0 {
				panic("impossible")
			}
		})
	})
}
