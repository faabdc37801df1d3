package smaug

import (
	"bytes"
	"crypto/sha3"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

var allParams = []*Params{SMAUGT128, SMAUGT192, SMAUGT256, TiMER}

// newTestKey returns a key pair generated from the PCG stream r.
func newTestKey(p *Params, r *rand.Rand) *DecapsulationKey {
	var seed, t [32]byte
	fill(r, seed[:])
	fill(r, t[:])
	dk := new(DecapsulationKey)
	dk.GenerateKey(p, &seed, &t)
	return dk
}

func fill(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// TestPackingsRoundTrip checks that every packing is a bijection on its
// domain: decoding random bytes and encoding again returns them, and
// encoding random coefficients and decoding returns them.
func TestPackingsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	type packing struct {
		name string
		bits uint
		enc  func([]byte, *poly)
		dec  func(*poly, []byte)
	}
	var packings []packing
	for _, d := range []uint{10, 11} {
		packings = append(packings, packing{"Rq", d,
			func(b []byte, a *poly) { encodeRq(b, a, d) }, func(a *poly, b []byte) { decodeRq(a, b, d) }})
	}
	for _, d := range []uint{8, 9} {
		packings = append(packings, packing{"Rp", d,
			func(b []byte, a *poly) { encodeRp(b, a, d) }, func(a *poly, b []byte) { decodeRp(a, b, d) }})
	}
	for _, d := range []uint{3, 4, 5, 7} {
		packings = append(packings, packing{"Rp'", d,
			func(b []byte, a *poly) { encodeRp2(b, a, d) }, func(a *poly, b []byte) { decodeRp2(a, b, d) }})
	}
	for _, pk := range packings {
		size := int(pk.bits) * n / 8
		for trial := range 200 {
			b := make([]byte, size)
			fill(r, b)
			if trial == 0 {
				clear(b)
			} else if trial == 1 {
				for i := range b {
					b[i] = 0xff
				}
			}
			var a poly
			pk.dec(&a, b)
			for i, c := range a {
				if c < 0 || c >= 1<<pk.bits {
					t.Fatalf("%s/%d: decoded coefficient %d = %d out of range", pk.name, pk.bits, i, c)
				}
			}
			again := make([]byte, size)
			pk.enc(again, &a)
			if !bytes.Equal(again, b) {
				t.Fatalf("%s/%d: encode(decode(b)) ≠ b", pk.name, pk.bits)
			}
			var a2 poly
			for i := range a2 {
				a2[i] = r.Int32N(1 << pk.bits)
			}
			pk.enc(again, &a2)
			var a3 poly
			pk.dec(&a3, again)
			if a3 != a2 {
				t.Fatalf("%s/%d: decode(encode(a)) ≠ a", pk.name, pk.bits)
			}
		}
	}
}

func TestSecretEncoding(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 2))
	for range 100 {
		var s poly
		w := 0
		for i := range s {
			s[i] = r.Int32N(3) - 1
			if s[i] != 0 {
				w++
			}
		}
		var b [secretPolySize]byte
		encodeSecret(&b, &s)
		var s2 poly
		valid, weight := decodeSecret(&s2, b[:])
		if valid != 1 || weight != w || s2 != s {
			t.Fatalf("decodeSecret(encodeSecret(s)) = %d, %d; want s, 1, %d", valid, weight, w)
		}
		b[r.IntN(len(b))] |= 0b10 << (2 * r.IntN(4))
		b[0] = b[0]&^3 | 0b10
		if valid, _ := decodeSecret(&s2, b[:]); valid != 0 {
			t.Fatal("decodeSecret accepted the code 10")
		}
	}
}

func TestSamplers(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, p := range allParams {
		for range 50 {
			seed := make([]byte, 34)
			fill(r, seed)
			var s poly
			if !hwt(&s, seed, p.hs) {
				continue
			}
			w := 0
			for _, c := range s {
				if c < -1 || c > 1 {
					t.Fatalf("%s: hwt coefficient %d", p.name, c)
				}
				if c != 0 {
					w++
				}
			}
			if w != p.hs {
				t.Fatalf("%s: hwt weight %d, want %d", p.name, w, p.hs)
			}
			b := make([]byte, p.ephemeralBytes())
			fill(r, b)
			var e poly
			sampleEphemeral(&e, b, p.r)
			for _, c := range e {
				if c < -1 || c > 1 {
					t.Fatalf("%s: ephemeral coefficient %d", p.name, c)
				}
			}
		}
	}
	hist := map[int32]int{}
	for range 200 {
		b := make([]byte, gaussianBytes)
		fill(r, b)
		var e poly
		sampleGaussian(&e, b)
		for _, c := range e {
			hist[c]++
		}
	}
	for c := range hist {
		if c < -3 || c > 3 {
			t.Fatalf("Gaussian value %d outside [−3, 3]", c)
		}
	}
	// σ = 1.0625: about 37% zeros, and both signs equally likely.
	total := float64(200 * n)
	if f := float64(hist[0]) / total; f < 0.33 || f > 0.41 {
		t.Errorf("Gaussian P(0) = %.3f, want ≈ 0.37", f)
	}
	if d := float64(hist[1]-hist[-1]) / total; d > 0.02 || d < -0.02 {
		t.Errorf("Gaussian asymmetric: P(1) − P(−1) = %.3f", d)
	}
}

// TestRoundTripAndImplicitRejection checks that decapsulation recovers the
// shared key of fresh encapsulations, and that any tampered ciphertext
// yields the implicit-rejection key SHAKE256(sk[64k+2k:][:32] ‖
// SHA3-256(ct))[32:], computed here independently with crypto/sha3 from the
// sk bytes.
func TestRoundTripAndImplicitRejection(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) { eachHashSchedule(t, roundTripAndRejection) })
}

func roundTripAndRejection(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for _, p := range allParams {
		for range 20 {
			dk := newTestKey(p, r)
			mu := make([]byte, p.MessageSize())
			fill(r, mu)
			ct := make([]byte, p.CiphertextSize())
			ss := dk.EncapsulationKey().Encapsulate(ct, mu)
			got, err := dk.Decapsulate(ct)
			if err != nil || got != ss {
				t.Fatalf("%s: Decapsulate = %x, %v; want %x", p.name, got, err, ss)
			}

			bad := bytes.Clone(ct)
			bad[r.IntN(len(bad))] ^= byte(1 << r.IntN(8))
			got, err = dk.Decapsulate(bad)
			if err != nil {
				t.Fatal(err)
			}
			sk := dk.Bytes()
			off := p.k*secretPolySize + 2*p.k
			h := sha3.Sum256(bad)
			x := sha3.NewSHAKE256()
			x.Write(sk[off : off+32])
			x.Write(h[:])
			var want [64]byte
			x.Read(want[:])
			if !bytes.Equal(got[:], want[32:]) {
				t.Fatalf("%s: tampered ciphertext: got %x, want the implicit-rejection key %x", p.name, got, want[32:])
			}
		}
	}
}

func TestSetBytesChecks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for _, p := range allParams {
		dk := newTestKey(p, r)
		sk := dk.Bytes()
		var loaded DecapsulationKey
		if err := loaded.SetBytes(p, sk); err != nil {
			t.Fatalf("%s: SetBytes(own sk): %v", p.name, err)
		}
		if !bytes.Equal(loaded.Bytes(), sk) {
			t.Fatalf("%s: SetBytes/Bytes changed sk", p.name)
		}
		if _, _, ok := loaded.Seed(); ok {
			t.Fatalf("%s: a key loaded from sk claims a seed", p.name)
		}
		for _, l := range []int{0, len(sk) - 1, len(sk) + 1} {
			if err := loaded.SetBytes(p, make([]byte, l)); !errors.Is(err, ErrDecapsulationKeyLength) {
				t.Fatalf("%s: sk of %d bytes: %v", p.name, l, err)
			}
		}
		// The code 10 in s.
		bad := bytes.Clone(sk)
		bad[3] = bad[3]&^0x0c | 0x08
		if err := loaded.SetBytes(p, bad); !errors.Is(err, ErrDecapsulationKeySecret) {
			t.Fatalf("%s: s with code 10: %v", p.name, err)
		}
		// One more or one fewer non-zero coefficient.
		bad = bytes.Clone(sk)
		for i := range p.k * secretPolySize * 4 {
			if bad[i/4]>>(2*(i%4))&3 == 0 {
				bad[i/4] |= 1 << (2 * (i % 4))
				break
			}
		}
		if err := loaded.SetBytes(p, bad); !errors.Is(err, ErrDecapsulationKeySecret) {
			t.Fatalf("%s: s of the wrong weight: %v", p.name, err)
		}
		// A public key that is not the secret's: a top bit of b flipped
		// moves e by q/2.
		bad = bytes.Clone(sk)
		bad[p.k*secretPolySize+RejectionSize+seedASize+7] ^= 0x80
		if err := loaded.SetBytes(p, bad); !errors.Is(err, ErrDecapsulationKeyPair) {
			t.Fatalf("%s: mismatched pk: %v", p.name, err)
		}
		// Another key's secret with this key's public key.
		other := newTestKey(p, r).Bytes()
		copy(bad, other[:p.k*secretPolySize])
		copy(bad[p.k*secretPolySize:], sk[p.k*secretPolySize:])
		if err := loaded.SetBytes(p, bad); !errors.Is(err, ErrDecapsulationKeyPair) {
			t.Fatalf("%s: another key's secret: %v", p.name, err)
		}

		var ek EncapsulationKey
		for _, l := range []int{0, p.EncapsulationKeySize() - 1, p.EncapsulationKeySize() + 1} {
			if err := ek.SetBytes(p, make([]byte, l)); !errors.Is(err, ErrEncapsulationKeyLength) {
				t.Fatalf("%s: pk of %d bytes: %v", p.name, l, err)
			}
		}
		for _, l := range []int{0, p.CiphertextSize() - 1, p.CiphertextSize() + 1} {
			if _, err := dk.Decapsulate(make([]byte, l)); !errors.Is(err, ErrCiphertextLength) {
				t.Fatalf("%s: ciphertext of %d bytes: %v", p.name, l, err)
			}
		}
	}
}

func TestSizes(t *testing.T) {
	for _, c := range []struct {
		p          *Params
		pk, ct, sk int
	}{
		{SMAUGT128, 672, 672, 832},
		{SMAUGT192, 1088, 992, 1312},
		{SMAUGT256, 1440, 1376, 1728},
		{TiMER, 672, 608, 832},
	} {
		if c.p.EncapsulationKeySize() != c.pk || c.p.CiphertextSize() != c.ct || c.p.DecapsulationKeySize() != c.sk {
			t.Errorf("%s: sizes %d/%d/%d, want %d/%d/%d", c.p.name, c.p.EncapsulationKeySize(),
				c.p.CiphertextSize(), c.p.DecapsulationKeySize(), c.pk, c.ct, c.sk)
		}
	}
}

// TestConstantTimeEqual checks the ciphertext comparison on every length
// up to 40 with a one-bit difference at every position, and on equal
// inputs.
func TestConstantTimeEqual(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 4))
	for size := range 41 {
		a := make([]byte, size)
		fill(r, a)
		b := append([]byte(nil), a...)
		if constantTimeEqual(a, b) != 1 {
			t.Fatalf("length %d: equal inputs reported different", size)
		}
		for i := range size {
			for bit := range 8 {
				b[i] ^= 1 << bit
				if constantTimeEqual(a, b) != 0 {
					t.Fatalf("length %d: difference at byte %d bit %d missed", size, i, bit)
				}
				b[i] ^= 1 << bit
			}
		}
	}
}
