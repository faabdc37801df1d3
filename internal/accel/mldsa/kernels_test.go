package mldsa

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// Self-contained tests of the kernels against direct transcriptions of the
// FIPS 204 definitions.

func randomRing(rng *rand.Rand) (f ringElement) {
	for i := range f {
		f[i] = fieldElement(rng.Uint32N(q))
	}
	return
}

// schoolbookMul multiplies in Z_q[X]/(X²⁵⁶+1) the slow way.
func schoolbookMul(a, b *ringElement) (c ringElement) {
	var acc [n]int64
	for i := range n {
		for j := range n {
			prod := int64(a[i]) * int64(b[j]) % q
			if i+j < n {
				acc[i+j] += prod
			} else {
				acc[i+j-n] -= prod
			}
		}
	}
	for i := range c {
		c[i] = fieldElement(((acc[i] % q) + q) % q)
	}
	return
}

func TestNTTMultiplication(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		a, b := randomRing(rng), randomRing(rng)
		aH, bH := ntt(&a), ntt(&b)
		prod := nttMul(&aH, &bH)
		if got, want := invNTT(&prod), schoolbookMul(&a, &b); got != want {
			t.Fatal("invNTT(NTT(a)∘NTT(b)) ≠ a·b")
		}
		dot := nttDot([]nttElement{aH, bH}, []nttElement{bH, aH})
		ab := polyAdd(&prod, &prod)
		if dot != ab {
			t.Fatal("nttDot ≠ sum of nttMul")
		}
	}
	// Extreme inputs exercise the lazy-reduction bounds.
	var top ringElement
	for i := range top {
		top[i] = q - 1
	}
	topH := ntt(&top)
	prod := nttMul(&topH, &topH)
	if got, want := invNTT(&prod), schoolbookMul(&top, &top); got != want {
		t.Fatal("NTT product of all-(q−1) polynomials is wrong")
	}
}

func TestRoundingExhaustive(t *testing.T) {
	for _, p := range []*Params{MLDSA44, MLDSA65} {
		alpha := int64(2 * p.Gamma2)
		for r := range int64(q) {
			// Decompose, Algorithm 36, literally.
			r0 := r % alpha
			if r0 > alpha/2 {
				r0 -= alpha
			}
			var r1 int64
			if r-r0 == q-1 {
				r1, r0 = 0, r0-1
			} else {
				r1 = (r - r0) / alpha
			}
			g1, g0 := decompose(p, fieldElement(r))
			if int64(g1) != r1 || int64(g0) != r0 {
				t.Fatalf("%s: decompose(%d) = (%d, %d), want (%d, %d)", p.Name, r, g1, g0, r1, r0)
			}
		}
	}
	for r := range int64(q) {
		r0 := r % (1 << d)
		if r0 > 1<<(d-1) {
			r0 -= 1 << d
		}
		g1, g0 := power2Round(fieldElement(r))
		if int64(g1) != (r-r0)>>d || int64(fieldCentered(g0)) != r0 {
			t.Fatalf("power2Round(%d) = (%d, %d), want (%d, %d)", r, g1, g0, (r-r0)>>d, r0)
		}
	}
}

func TestHints(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, p := range All() {
		for range 200000 {
			r := fieldElement(rng.Uint32N(q))
			z := fieldFromInt32(int32(rng.IntN(2*p.Gamma2+1) - p.Gamma2))
			h := makeHint(p, z, r)
			if got, want := useHint(p, h, r), highBits(p, fieldAdd(r, z)); got != want {
				t.Fatalf("%s: UseHint(MakeHint(%d, %d), %d) = %d, want %d", p.Name, z, r, r, got, want)
			}
		}
	}
}

func TestPackingRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, p := range All() {
		buf := make([]byte, 32*20)
		var f, g ringElement
		for i := range f {
			f[i] = fieldFromInt32(int32(rng.IntN(2*p.Eta+1) - p.Eta))
		}
		packEta(p, buf, &f)
		if !unpackEta(p, &g, buf) || f != g {
			t.Fatalf("%s: eta round trip", p.Name)
		}
		for i := range f {
			f[i] = fieldFromInt32(int32(rng.IntN(1<<d)) - (1 << (d - 1)) + 1)
		}
		packT0(buf, &f)
		if unpackT0(&g, buf); f != g {
			t.Fatal("t0 round trip")
		}
		for i := range f {
			f[i] = fieldFromInt32(int32(rng.IntN(2*p.Gamma1)) - int32(p.Gamma1) + 1)
		}
		packZ(p, buf, &f)
		if unpackZ(p, &g, buf); f != g {
			t.Fatalf("%s: z round trip", p.Name)
		}
		for i := range f {
			f[i] = fieldElement(rng.IntN(1 << 10))
		}
		packT1(buf, &f)
		if unpackT1(&g, buf); f != g {
			t.Fatal("t1 round trip")
		}
	}
	// An η value above 2η must be rejected.
	p := MLDSA44
	buf := make([]byte, 32*p.etaBits)
	buf[0] = 5 // first coefficient packs 5 > 2η = 4
	var g ringElement
	if unpackEta(p, &g, buf) {
		t.Fatal("out-of-range η coefficient accepted")
	}
}

func TestSampleInBall(t *testing.T) {
	for _, p := range All() {
		for i := range 100 {
			c := sampleInBall(p, []byte{byte(i), 1, 2, 3})
			ones := 0
			for _, x := range c {
				switch x {
				case 0:
				case 1, q - 1:
					ones++
				default:
					t.Fatalf("coefficient %d", x)
				}
			}
			if ones != p.Tau {
				t.Fatalf("%s: %d nonzero coefficients, want τ = %d", p.Name, ones, p.Tau)
			}
		}
	}
}

func TestHintEncoding(t *testing.T) {
	p := MLDSA44
	var h [maxK]ringElement
	h[0][3], h[0][200], h[2][0], h[3][255] = 1, 1, 1, 1
	enc := make([]byte, p.Omega+p.K)
	packHints(p, enc, &h)
	var g [maxK]ringElement
	if !unpackHints(p, &g, enc) || g != h {
		t.Fatal("hint round trip")
	}
	bad := bytes.Clone(enc)
	bad[0], bad[1] = bad[1], bad[0] // indices out of order
	if unpackHints(p, &g, bad) {
		t.Fatal("unordered hint indices accepted")
	}
	bad = bytes.Clone(enc)
	bad[10] = 1 // nonzero padding
	if unpackHints(p, &g, bad) {
		t.Fatal("nonzero hint padding accepted")
	}
	bad = bytes.Clone(enc)
	bad[p.Omega+3] = byte(p.Omega + 1) // count above ω
	if unpackHints(p, &g, bad) {
		t.Fatal("hint count above ω accepted")
	}
	bad = bytes.Clone(enc)
	bad[p.Omega+1] = 1 // counts decrease
	if unpackHints(p, &g, bad) {
		t.Fatal("decreasing hint counts accepted")
	}
}

func TestNoAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	for _, p := range All() {
		sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{7})
		pk := sk.PublicKey()
		pkBytes := pk.Bytes()
		sig := make([]byte, p.SignatureSize())
		msg, ctx := []byte("message"), []byte("ctx")
		var rnd [RandomSize]byte
		var mu [MuSize]byte
		d := SHA3_512.Digest(make([]byte, 64), msg)
		allocs := testing.AllocsPerRun(5, func() {
			rnd[0]++
			if err := sk.Sign(sig, msg, ctx, &rnd); err != nil {
				t.Fatal(err)
			}
			if err := pk.Verify(msg, ctx, sig); err != nil {
				t.Fatal(err)
			}
			if err := ComputeMu(&mu, pk.Tr(), msg, ctx); err != nil {
				t.Fatal(err)
			}
			if err := sk.SignMu(sig, &mu, &rnd); err != nil {
				t.Fatal(err)
			}
			if err := pk.VerifyMu(&mu, sig); err != nil {
				t.Fatal(err)
			}
			if err := VerifyEncodedMu(p, pkBytes, &mu, sig); err != nil {
				t.Fatal(err)
			}
			// One-shot verification from the formatted message: its μ‖w1
			// buffer is fed to carried hashes, which must not allocate.
			m, err := NewMessage(msg, ctx)
			if err != nil {
				t.Fatal(err)
			}
			if err := VerifyEncoded(p, pkBytes, &m, sig); err != nil {
				t.Fatal(err)
			}
			if err := sk.SignPreHash(sig, SHA3_512, d, ctx, &rnd); err != nil {
				t.Fatal(err)
			}
			if err := pk.VerifyPreHash(SHA3_512, d, ctx, sig); err != nil {
				t.Fatal(err)
			}

		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per sign/verify round", p.Name, allocs)
		}
	}
}

func TestBadInput(t *testing.T) {
	p := MLDSA65
	sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{1})
	pk := sk.PublicKey()
	sig := make([]byte, p.SignatureSize())
	var rnd [RandomSize]byte
	if err := sk.Sign(sig, nil, make([]byte, 256), &rnd); err == nil {
		t.Error("256-byte context accepted by Sign")
	}
	if err := sk.Sign(sig[1:], nil, nil, &rnd); err == nil {
		t.Error("short signature buffer accepted")
	}
	if err := sk.Sign(sig, nil, make([]byte, 255), &rnd); err != nil {
		t.Errorf("255-byte context rejected: %v", err)
	}
	if err := pk.Verify(nil, make([]byte, 256), sig); err == nil {
		t.Error("256-byte context accepted by Verify")
	}
	if err := pk.Verify(nil, nil, sig[:10]); err == nil {
		t.Error("short signature accepted")
	}
	if err := sk.SignPreHash(sig, SHA2_256, make([]byte, 31), nil, &rnd); err == nil {
		t.Error("wrong digest length accepted")
	}
	if err := sk.SignPreHash(sig, PreHash(0), make([]byte, 32), nil, &rnd); err == nil {
		t.Error("invalid pre-hash accepted")
	}
	if _, err := NewPublicKey(p, pk.Bytes()[1:]); err == nil {
		t.Error("short public key accepted")
	}
	enc := make([]byte, p.PrivateKeySize())
	sk.EncodeExpanded(enc)
	if _, err := NewPrivateKeyFromExpanded(p, enc[1:]); err == nil {
		t.Error("short private key accepted")
	}
	if _, err := NewPrivateKeyFromExpanded(MLDSA44, enc); err == nil {
		t.Error("ML-DSA-65 key accepted as ML-DSA-44")
	}
	bad := bytes.Clone(enc)
	bad[64] ^= 1 // tr
	if _, err := NewPrivateKeyFromExpanded(p, bad); err == nil {
		t.Error("private key with inconsistent tr accepted")
	}
	bad = bytes.Clone(enc)
	bad[len(bad)-1] ^= 0x10 // t0
	if _, err := NewPrivateKeyFromExpanded(p, bad); err == nil {
		t.Error("private key with inconsistent t0 accepted")
	}
	bad = bytes.Clone(enc)
	bad[128] = 0xff // s1[0][0] = η − 15
	if _, err := NewPrivateKeyFromExpanded(p, bad); err == nil {
		t.Error("private key with s1 out of range accepted")
	}
	sk2, err := NewPrivateKeyFromExpanded(p, enc)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := sk2.Seed(); ok {
		t.Error("key from expanded encoding reports a seed")
	}
	if seed, ok := sk.Seed(); !ok || seed != [SeedSize]byte{1} {
		t.Error("key from seed lost its seed")
	}
	if !sk2.Equal(sk) {
		t.Error("expanded round trip is not Equal")
	}
}

// TestChallengeTerm checks the folding of 2ᵈ into ĉ: at every level,
// challengeTerm(c)∘NTT(t1) equals −ĉ∘NTT(t1·2ᵈ), the product as Algorithm 8
// writes it, for random challenges and t1, and t1 at its bounds.
func TestChallengeTerm(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 13))
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for iter := range 50 {
			var cTilde [64]byte
			for j := range cTilde {
				cTilde[j] = byte(rng.Uint32())
			}
			c := sampleInBall(&params87, cTilde[:])
			var t1, shifted ringElement
			for j := range t1 {
				switch iter {
				case 0:
					t1[j] = 1<<10 - 1
				case 1:
					t1[j] = fieldElement(j % 2 * (1<<10 - 1))
				default:
					t1[j] = fieldElement(rng.IntN(1 << 10))
				}
				shifted[j] = t1[j] << d
			}
			var term, t1H, got nttElement
			challengeTerm(&term, &c)
			nttTo(&t1H, &t1)
			nttMulTo(&got, &term, &t1H)
			cHat := nttGeneric(&c)
			var zero nttElement
			minusCHat := polySubGeneric(&zero, &cHat)
			shiftedHat := nttGeneric(&shifted)
			if want := nttMulGeneric(&minusCHat, &shiftedHat); got != want {
				t.Fatalf("iteration %d: challengeTerm(c)·t̂1 differs from −ĉ·NTT(t1·2ᵈ)", iter)
			}
		}
	})
}
