package mldsa

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/ctest"
)

// TestSignCandidateConstantTime is a timing test (ctest, dudect's method)
// of signing's work on the secret key, at every level this CPU has;
// skipped under -short.
//
// What signing may reveal through timing is fixed by its design (sign.go):
// the number of rejection-loop iterations and which check rejected each
// discarded candidate; c̃ and c (SampleInBall, and the positions the packed
// products read), public for the output signature and discarded otherwise;
// and the hints of the output signature, which packHints encodes with a
// branch per coefficient. A test of whole signatures under two keys would
// see those differ between the keys and fail for no secret reason. So the
// classes are two ML-DSA-65 keys (s1, s2 and t0 differ), and everything
// that may vary is fixed and the same for both: the mask y, the challenge c
// and a commitment w whose low bits all sit at γ2 − 2β − 1, so that
// w − c·s2 passes the low-bits check for any key and adding c·t0 crosses
// into the next high part for many coefficients. Both keys' candidates then
// take the whole of acceptCandidate — z = y + c·s1 and its norm, w − c·s2
// and its low bits, ĉ, c·t0, its norm and the hints — and are rejected at
// its very end, with more than ω hints, before any encoding. The key's t̂0
// is copied, and its tables built from its windows into the one scratch,
// untimed, for each measurement, so that both classes read the same memory.
func TestSignCandidateConstantTime(t *testing.T) {
	p := &params65
	keys := [2]*PrivateKey{
		NewPrivateKeyFromSeed(p, &[SeedSize]byte{1, 0xc7}),
		NewPrivateKeyFromSeed(p, &[SeedSize]byte{2, 0xc7}),
	}
	work := NewPrivateKeyFromSeed(p, &[SeedSize]byte{3, 0xc7})
	sig := make([]byte, p.SignatureSize())
	var (
		y  [2 * maxL]ringElement
		w  [maxK]ringElement
		c  ringElement
		sc signScratch
	)
	for i := range p.K {
		for j := range w[i] {
			high := (i*n + j) % ((q - 1) / (2 * p.Gamma2)) // below the top, which wraps
			w[i][j] = fieldFromInt32(int32(high*2*p.Gamma2 + p.Gamma2 - 2*p.Beta - 1))
		}
	}
	cur := (*[maxL]ringElement)(y[:maxL])
	// wholePath reports whether key k's candidate went through every check
	// to the hint count, and was rejected there.
	wholePath := func(k *PrivateKey) bool {
		sc.clear()
		sc.tables.load(p.Eta, k.windows)
		if k.acceptCandidate(sig, cur, &w, &c, &sc) {
			return false
		}
		ones := 0
		for i := range p.K {
			for _, h := range sc.hints[i] {
				ones += int(h)
			}
		}
		return ones > p.Omega
	}
	found := false
	for attempt := 0; attempt < 1000 && !found; attempt++ {
		var rhoPP [64]byte
		rhoPP[0], rhoPP[1] = byte(attempt), byte(attempt>>8)
		pl := planFor(p)
		var streams streamScratch
		expandMask(&pl, p, y[:p.L], &rhoPP, 0, nil, &streams)
		c = sampleInBall(p, rhoPP[:p.challengeSize()])
		found = wholePath(keys[0]) && wholePath(keys[1])
	}
	if !found {
		t.Fatal("no candidate that takes both keys through every check in 1000 attempts")
	}
	var tables [2]packedTables
	for i, k := range keys {
		tables[i].load(p.Eta, k.windows)
	}
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		ctest.Run(t, ctest.Count(l), func(class int) {
			// Both keys' t̂0 and tables are read for either class
			// (ctest.Select): copying from the class's own key showed as
			// |t| of 5–20 at every level on a Zen 4, the Go one included.
			ctest.Select(ctest.Bytes(work.t0H), ctest.Bytes(keys[0].t0H), ctest.Bytes(keys[1].t0H), class)
			ctest.Select(ctest.Bytes(sc.tables.buf[:]), ctest.Bytes(tables[0].buf[:]), ctest.Bytes(tables[1].buf[:]), class)
			sc.tables.eta = p.Eta
		}, func() {
			if work.acceptCandidate(sig, cur, &w, &c, &sc) {
				panic("candidate accepted")
			}
		})
	})
}

// TestRejBoundedPolyConstantTime is a timing test of the bounded rejection
// sampler (ExpandS's s1 and s2) at every level this CPU has, for both η;
// skipped under -short. The sampler may reveal which half-bytes it
// rejected (only how much of the stream was used), not the accepted values:
// both classes reject the same half-bytes (every fifth is 15), and the
// accepted ones are all 0 for class 0 and fresh random values below the
// bound for class 1.
func TestRejBoundedPolyConstantTime(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 15))
	buf := make([]byte, 2*136)
	for _, eta := range []int{2, 4} {
		bound := map[int]uint32{2: 15, 4: 9}[eta]
		t.Run(fmt.Sprintf("eta=%d", eta), func(t *testing.T) { testRejBoundedTiming(t, rng, buf, eta, bound) })
	}
}

// testRejBoundedTiming is TestRejBoundedPolyConstantTime for one η.
func testRejBoundedTiming(t *testing.T, rng *rand.Rand, buf []byte, eta int, bound uint32) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		var a ringElement
		ctest.Run(t, ctest.Count(l), func(class int) {
			for i := range buf {
				var z [2]byte
				for h := range z {
					// The same work for both classes: class 0 zeroes the
					// draw by multiplying.
					z[h] = byte(rng.Uint32N(bound)) * byte(class)
					if (2*i+h)%5 == 4 {
						z[h] = 15
					}
				}
				buf[i] = z[0] | z[1]<<4
			}
		}, func() {
			if rejBoundedPoly(&a, 0, eta, buf) != n {
				panic("bounded sampler short of coefficients")
			}
		})
	})
}
