package mldsa

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/fuzzedit"
)

// nttProduct returns base + c·s, or base − c·s with negate, by the NTT path
// in portable Go: the reference for the packed products.
func nttProduct(base, c, s *ringElement, negate bool) ringElement {
	cH, sH := nttGeneric(c), nttGeneric(s)
	prod := nttMulGeneric(&cH, &sH)
	cs := invNTTGeneric(&prod)
	if negate {
		return polySubGeneric(base, &cs)
	}
	return polyAddGeneric(base, &cs)
}

// checkPacked compares the packed product of the current level with the NTT
// path and with the portable kernel, both signs.
func checkPacked(t *testing.T, p *Params, base, c, s *ringElement, what string) {
	t.Helper()
	tables := newPackedTables(p, []ringElement{*s}, nil)
	var ch challenge
	ch.set(c)
	for _, negate := range []bool{false, true} {
		want := nttProduct(base, c, s, negate)
		var got ringElement
		tables.mul(&got, base, 0, &ch, negate)
		if got != want {
			t.Fatalf("%s (%s, negate %v): packed product differs from the NTT path", what, p.Name, negate)
		}
		tab := tables.buf[0][:2*n]
		if negate {
			tab = tables.buf[0][n:]
		}
		var generic ringElement
		packedMulGeneric(&generic, base, (*[2 * n]byte)(tab), &ch, 255/(2*p.Eta), uint64(2*p.Eta), uint32(p.Tau*p.Eta))
		if generic != got {
			t.Fatalf("%s (%s, negate %v): packed product differs from the portable kernel", what, p.Name, negate)
		}
	}
}

// edgeChallenge returns a c of weight τ with ±1 at 0 and 255 and the other
// positions spread evenly, every sign +1 (sign 1), −1 (sign −1) or
// alternating (sign 0).
func edgeChallenge(p *Params, sign int) (c ringElement) {
	for k := range p.Tau {
		pos := k * (n - 1) / (p.Tau - 1) // 0 and 255 included
		v := sign
		if sign == 0 {
			v = 1 - 2*(k&1)
		}
		c[pos] = fieldFromInt32(int32(v))
	}
	return
}

// TestPackedMulMatchesNTT checks the packed products against the NTT path
// and the portable kernel at every level and for every set: random
// challenges and secrets, secrets with every coefficient at +η, at −η or
// alternating, challenges with every sign equal or alternating and
// positions 0 and 255, and bases at the ends of [0, q).
func TestPackedMulMatchesNTT(t *testing.T) {
	bases := kernelInputs(11, 6)
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		rng := rand.New(rand.NewPCG(12, 12))
		for _, p := range All() {
			var high, low, alt ringElement
			for i := range high {
				high[i] = fieldFromInt32(int32(p.Eta))
				low[i] = fieldFromInt32(int32(-p.Eta))
				alt[i] = fieldFromInt32(int32(p.Eta * (1 - 2*(i&1))))
			}
			for _, sign := range []int{1, -1, 0} {
				c := edgeChallenge(p, sign)
				for _, s := range []*ringElement{&high, &low, &alt} {
					for bi := range bases {
						checkPacked(t, p, &bases[bi], &c, s, "edge")
					}
				}
			}
			for it := range 60 {
				c := sampleInBall(p, []byte{byte(it), 3, 5})
				s := randomSmall(rng, p.Eta)
				checkPacked(t, p, &bases[it%len(bases)], &c, &s, "random")
			}
		}
	})
}

// withSigns returns c with the sign of its k-th nonzero coefficient set to
// −1 where minus(k) holds and to +1 elsewhere.
func withSigns(c ringElement, minus func(k int) bool) ringElement {
	k := 0
	for p, x := range c {
		if x != 0 {
			c[p] = 1
			if minus(k) {
				c[p] = q - 1
			}
			k++
		}
	}
	return c
}

// TestPackedMulGroups compares the kernels with the portable one at every
// level when the byte sums are widened after every group of 1 to 49
// windows, for sign patterns that put both signs at every position of a
// group: c's own, all +1, all −1, alternating both ways, whole groups
// alternating, and a −1 only at each group's first or last position. The
// table bytes go up to top = ⌊255/group⌋, most of them at 0 or top, so a
// group summed without widening (or without the correction of its −1
// windows) reaches the top of a byte and two overflow.
func TestPackedMulGroups(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	base := randomRing(rng)
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for group := 1; group <= 49; group++ {
			var table [2 * n]byte
			top := 255 / group
			for i := range table {
				switch i % 4 {
				case 0, 1:
					table[i] = byte(top)
				case 2:
					table[i] = 0
				default:
					table[i] = byte(rng.IntN(top + 1))
				}
			}
			c := sampleInBall(MLDSA65, []byte{byte(group)})
			patterns := []func(k int) bool{
				func(k int) bool { return false },
				func(k int) bool { return true },
				func(k int) bool { return k%2 == 0 },
				func(k int) bool { return k%2 == 1 },
				func(k int) bool { return k/group%2 == 1 },
				func(k int) bool { return k%group == 0 },
				func(k int) bool { return k%group == group-1 },
			}
			challenges := []ringElement{c}
			for _, minus := range patterns {
				challenges = append(challenges, withSigns(c, minus))
			}
			for i, c := range challenges {
				var ch challenge
				ch.set(&c)
				var got, want ringElement
				packedMulTo(&got, &base, &table, &ch, group, uint64(top), 0)
				packedMulGeneric(&want, &base, &table, &ch, group, uint64(top), 0)
				if got != want {
					t.Fatalf("group %d, signs %d: kernel differs from the portable one", group, i)
				}
			}
		}
	})
}

// TestPackedMulSignsAtEveryPosition checks the packed products against the
// NTT path at every level for challenges whose signs are +1 but for one
// −1, at each of the τ positions in turn, and −1 but for one +1, so that
// every position of every widening group holds either sign against
// neighbours of the other.
func TestPackedMulSignsAtEveryPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 14))
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for _, p := range All() {
			s := randomSmall(rng, p.Eta)
			base := randomRing(rng)
			c := sampleInBall(p, []byte("signs"))
			for odd := range p.Tau {
				for _, rest := range []bool{false, true} {
					c := withSigns(c, func(k int) bool { return (k == odd) != rest })
					checkPacked(t, p, &base, &c, &s, "one odd sign")
				}
			}
		}
	})
}

// TestChallengeSet checks the window offsets and sign masks of c against
// its coefficients at every level, for the challenges of every set, the zero
// polynomial and the edge challenges, and that the offsets of −c are those
// of c: the addresses the kernels read do not depend on the signs.
func TestChallengeSet(t *testing.T) {
	cases := []ringElement{{}}
	for _, p := range All() {
		for _, sign := range []int{1, -1, 0} {
			cases = append(cases, edgeChallenge(p, sign))
		}
		for i := range 20 {
			cases = append(cases, sampleInBall(p, []byte{byte(i), 'c'}))
		}
	}
	// Every pattern of nonzero lanes in a block of 8 (and of 16), with
	// both signs: the AVX2 kernel computes its permutation from it.
	for m := range 256 {
		var c ringElement
		for j := range c {
			if m>>(j%8)&1 == 1 {
				c[j] = fieldElement(1 + uint32(j/8%2)*(q-2))
			}
		}
		cases = append(cases, c)
	}
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for i, c := range cases {
			var windows, signs []uint32
			for p, x := range c {
				switch x {
				case 1:
					windows, signs = append(windows, uint32(n-p)), append(signs, 0)
				case q - 1:
					windows, signs = append(windows, uint32(n-p)), append(signs, 0xffffffff)
				}
			}
			var ch challenge
			ch.set(&c)
			if !slices.Equal(ch.windows[:ch.count], windows) || !slices.Equal(ch.signs[:ch.count], signs) {
				t.Fatalf("case %d: windows %v, signs %x, want %v, %x", i,
					ch.windows[:ch.count], ch.signs[:ch.count], windows, signs)
			}
			neg := polySubGeneric(&ringElement{}, &c)
			var chNeg challenge
			chNeg.set(&neg)
			if chNeg.count != ch.count || !slices.Equal(chNeg.windows[:ch.count], ch.windows[:ch.count]) {
				t.Fatalf("case %d: the window offsets of −c differ from those of c", i)
			}
		}
	})
}

// TestPackedTablesOfKey checks that the tables signing builds from a key's
// windows are those of its s1 and s2, in order, byte for byte as the
// portable fill writes them.
func TestPackedTablesOfKey(t *testing.T) {
	for _, p := range All() {
		sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{byte(p.K)})
		// The key keeps s1 and s2 only as its windows: read them from its
		// expanded encoding, which TestACVPKeyGen checks against ACVP.
		enc := make([]byte, p.PrivateKeySize())
		sk.EncodeExpanded(enc)
		secrets := make([]ringElement, p.L+p.K)
		for i := range secrets {
			if !unpackEta(p, &secrets[i], enc[128+32*p.etaBits*i:]) {
				t.Fatalf("%s: secret %d out of range", p.Name, i)
			}
		}
		c := sampleInBall(p, []byte("tables"))
		var ch challenge
		ch.set(&c)
		var zero ringElement
		var tables packedTables
		tables.load(p.Eta, sk.windows)
		for i := range p.L + p.K {
			s := &secrets[i]
			var want packedTable
			fillTableGeneric(&want, s, p.Eta)
			if tables.buf[i] != want {
				t.Fatalf("%s: table %d built from the key's window differs from the portable fill", p.Name, i)
			}
			var got ringElement
			tables.mul(&got, &zero, i, &ch, false)
			if want := nttProduct(&zero, &c, s, false); got != want {
				t.Fatalf("%s: table %d is not that of the key's secret", p.Name, i)
			}
		}
	}
}

// FuzzPackedMul compares the packed product with the NTT path at every
// level for a challenge derived from arbitrary bytes and a secret and base
// read from them.
func FuzzPackedMul(f *testing.F) {
	f.Add([]byte("seed"), uint16(4), uint8(0), false)
	f.Add([]byte{0xff}, uint16(1100), uint8(1), true)
	f.Add([]byte{0x00, 0x08}, uint16(1200), uint8(2), false)
	f.Fuzz(func(t *testing.T, pattern []byte, length uint16, set uint8, negate bool) {
		// A short pattern cycled to length bytes keeps inputs short enough
		// for the fuzzer to minimize (fuzzedit.Cycle).
		data := fuzzedit.Cycle(pattern, int(length)%1300)
		p := All()[int(set)%3]
		c := sampleInBall(p, data)
		var s ringElement
		for i := range s {
			v := p.Eta
			if i < len(data) {
				v = int(data[i])%(2*p.Eta+1) - p.Eta
			}
			s[i] = fieldFromInt32(int32(v))
		}
		base := polysFromBytes(data, 1)[0]
		want := nttProduct(&base, &c, &s, negate)
		tables := newPackedTables(p, nil, []ringElement{s})
		var ch challenge
		ch.set(&c)
		cputest.AtEachLevel(t, func(l cpu.Level) {
			var got ringElement
			tables.mul(&got, &base, 0, &ch, negate)
			if got != want {
				t.Fatalf("level %v: packed product differs from the NTT path", l)
			}
		})
	})
}
