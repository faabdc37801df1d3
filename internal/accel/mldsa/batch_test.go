package mldsa

import (
	"bytes"
	"crypto/mldsa"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestBatchProductForms checks that both product forms equal the plain
// sum of nttMul products, on random matrices and on all-(q−1) ones, which
// drive Winograd's sums to their bounds.
func TestBatchProductForms(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, p := range All() {
		for trial := range 6 {
			random := func() (f nttElement) {
				for i := range f {
					f[i] = fieldElement(rng.Uint32N(q))
					if trial == 0 {
						f[i] = q - 1
					}
				}
				return
			}
			a := make([]nttElement, p.K*p.L)
			for i := range a {
				a[i] = random()
			}
			var extra [maxK]nttElement
			for i := range p.K {
				extra[i] = random()
			}
			var v [maxL + 1]nttElement
			for j := range p.L + 1 {
				v[j] = random()
			}
			for _, c := range []int{p.L, p.L + 1} {
				var terms matrixTerms
				terms.compute(a, p.L, extra[:], p.K, c)
				var want [maxK]nttElement
				for i := range p.K {
					for j := range c {
						entry := &extra[i]
						if j < p.L {
							entry = &a[i*p.L+j]
						}
						prod := nttMul(entry, &v[j])
						want[i] = polyAdd(&want[i], &prod)
					}
				}
				for _, form := range []productForm{plainProduct, winogradProduct} {
					var w [maxK]nttElement
					batchProduct(form, &w, a, p.L, extra[:], &terms, &v, p.K, c)
					if w != want {
						t.Fatalf("%s, %d columns, form %d: product differs from Σ nttMul", p.Name, c, form)
					}
				}
			}
		}
	}
}

// batchSizes are the batch lengths the property tests draw from: the edges
// of the lane groups and a few random ones up to 64.
func batchSizes(rng *rand.Rand) []int {
	sizes := []int{1, 2, 7, 8, 9, 16}
	for range 2 {
		sizes = append(sizes, 1+rng.IntN(64))
	}
	if testing.Short() {
		sizes = sizes[:5]
	}
	return sizes
}

// signedBatch returns m deterministic signatures of random messages (with
// their μ) under sk.
func signedBatch(t testing.TB, rng *rand.Rand, sk *PrivateKey, m int) (mus [][MuSize]byte, sigs [][]byte, msgs [][]byte) {
	p := sk.Params()
	mus = make([][MuSize]byte, m)
	sigs = make([][]byte, m)
	msgs = make([][]byte, m)
	for i := range m {
		msgs[i] = make([]byte, rng.IntN(100))
		for j := range msgs[i] {
			msgs[i][j] = byte(rng.Uint32())
		}
		if err := ComputeMu(&mus[i], sk.PublicKey().Tr(), msgs[i], nil); err != nil {
			t.Fatal(err)
		}
		sigs[i] = make([]byte, p.SignatureSize())
		if err := sk.SignMu(sigs[i], &mus[i], &[RandomSize]byte{}); err != nil {
			t.Fatal(err)
		}
	}
	return
}

// corrupt damages count signatures at random positions in one of several
// ways: a flipped bit anywhere, a wrong length, an out-of-range z, or a
// swapped μ.
func corrupt(rng *rand.Rand, p *Params, mus [][MuSize]byte, sigs [][]byte, count int) {
	for _, i := range rng.Perm(len(sigs))[:count] {
		switch rng.IntN(4) {
		case 0:
			sig := bytes.Clone(sigs[i])
			pos := rng.IntN(len(sig))
			sig[pos] ^= 1 << rng.IntN(8)
			sigs[i] = sig
		case 1:
			sigs[i] = sigs[i][:rng.IntN(len(sigs[i]))]
		case 2:
			sig := bytes.Clone(sigs[i])
			for j := p.challengeSize(); j < p.challengeSize()+8; j++ {
				sig[j] = 0xff // z coefficients at the top of their range
			}
			sigs[i] = sig
		case 3:
			mus[i][rng.IntN(MuSize)] ^= 0x80
		}
	}
}

// TestVerifyMuBatch checks VerifyMuBatch against VerifyMu item by item on
// batches with no, one and many corrupted signatures in random positions, at
// every level.
func TestVerifyMuBatch(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		rng := rand.New(rand.NewPCG(5, 6))
		for _, p := range All() {
			sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{byte(p.K)})
			pk := sk.PublicKey()
			for _, m := range batchSizes(rng) {
				for _, bad := range []int{0, 1, rng.IntN(m + 1)} {
					bad = min(bad, m)
					mus, sigs, _ := signedBatch(t, rng, sk, m)
					corrupt(rng, p, mus, sigs, bad)
					errs := make([]error, m)
					if err := pk.VerifyMuBatch(errs, mus, sigs); err != nil {
						t.Fatal(err)
					}
					failures := 0
					for i := range m {
						want := pk.VerifyMu(&mus[i], sigs[i])
						if (errs[i] == nil) != (want == nil) {
							t.Fatalf("%s, batch of %d with %d bad: item %d: batch says %v, single says %v",
								p.Name, m, bad, i, errs[i], want)
						}
						if want != nil {
							failures++
						}
					}
					if failures != bad {
						t.Fatalf("%s: %d corrupted items but %d failures", p.Name, bad, failures)
					}
				}
			}
		}
	})
	pk := NewPrivateKeyFromSeed(MLDSA44, &[SeedSize]byte{}).PublicKey()
	if err := pk.VerifyMuBatch(make([]error, 1), nil, nil); err == nil {
		t.Error("VerifyMuBatch accepted slices of different lengths")
	}
}

// TestBatchSignaturesStdlib checks that batch-verified signatures also
// verify with crypto/mldsa, so the batch path agrees with an independent
// implementation and not only with ours.
func TestBatchSignaturesStdlib(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, p := range All() {
		sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{9})
		std, err := mldsa.NewPublicKey(stdParams(p), sk.PublicKey().Bytes())
		if err != nil {
			t.Fatal(err)
		}
		mus, sigs, msgs := signedBatch(t, rng, sk, 9)
		errs := make([]error, len(sigs))
		if err := sk.PublicKey().VerifyMuBatch(errs, mus, sigs); err != nil {
			t.Fatal(err)
		}
		for i := range sigs {
			if errs[i] != nil {
				t.Fatalf("%s: batch rejects item %d: %v", p.Name, i, errs[i])
			}
			if err := mldsa.Verify(std, msgs[i], sigs[i], nil); err != nil {
				t.Fatalf("%s: stdlib rejects item %d: %v", p.Name, i, err)
			}
		}
	}
}

// TestSignMuBatch checks that SignMuBatch writes exactly SignMu's
// signatures, deterministic and hedged, for random batch sizes at every
// level, and that crypto/mldsa accepts them.
func TestSignMuBatch(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		rng := rand.New(rand.NewPCG(9, 10))
		for _, p := range All() {
			sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{byte(p.L)})
			std, err := mldsa.NewPublicKey(stdParams(p), sk.PublicKey().Bytes())
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range batchSizes(rng) {
				mus, want, msgs := signedBatch(t, rng, sk, m)
				rnds := make([][RandomSize]byte, m)
				for i := range rnds {
					if i%2 == 1 { // odd items hedged, even ones deterministic
						for j := range rnds[i] {
							rnds[i][j] = byte(rng.Uint32())
						}
						if err := sk.SignMu(want[i], &mus[i], &rnds[i]); err != nil {
							t.Fatal(err)
						}
					}
				}
				sigs := make([][]byte, m)
				for i := range sigs {
					sigs[i] = make([]byte, p.SignatureSize())
				}
				if err := sk.SignMuBatch(sigs, mus, rnds); err != nil {
					t.Fatal(err)
				}
				for i := range m {
					if !bytes.Equal(sigs[i], want[i]) {
						t.Fatalf("%s, batch of %d: item %d differs from SignMu", p.Name, m, i)
					}
					if err := mldsa.Verify(std, msgs[i], sigs[i], nil); err != nil {
						t.Fatalf("%s: stdlib rejects batch item %d: %v", p.Name, i, err)
					}
				}
			}
		}
	})
	sk := NewPrivateKeyFromSeed(MLDSA44, &[SeedSize]byte{})
	if err := sk.SignMuBatch(make([][]byte, 1), nil, nil); err == nil {
		t.Error("SignMuBatch accepted slices of different lengths")
	}
	if err := sk.SignMuBatch([][]byte{make([]byte, 3)}, make([][MuSize]byte, 1), make([][RandomSize]byte, 1)); err == nil {
		t.Error("SignMuBatch accepted a short signature buffer")
	}
}

// TestBatchAllocations checks that the batch operations allocate nothing
// once the key's batch terms exist.
func TestBatchAllocations(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	sk := NewPrivateKeyFromSeed(MLDSA65, &[SeedSize]byte{})
	mus, sigs, _ := signedBatch(t, rng, sk, 9)
	rnds := make([][RandomSize]byte, 9)
	errs := make([]error, 9)
	sk.PublicKey().batchTerms()
	if a := testing.AllocsPerRun(3, func() { sk.SignMuBatch(sigs, mus, rnds) }); a != 0 {
		t.Errorf("SignMuBatch: %v allocations", a)
	}
	if a := testing.AllocsPerRun(3, func() { sk.PublicKey().VerifyMuBatch(errs, mus, sigs) }); a != 0 {
		t.Errorf("VerifyMuBatch: %v allocations", a)
	}
}

// TestBatchTermsConcurrent runs the first batch operations of a fresh key
// from several goroutines at once, at the portable level, where they build
// the key's batch terms on first use: run it under -race. Every goroutine
// must get the single-item results.
func TestBatchTermsConcurrent(t *testing.T) {
	cputest.At(t, cpu.Portable, func() {
		rng := rand.New(rand.NewPCG(15, 16))
		p := MLDSA44
		sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{44})
		mus, sigs, _ := signedBatch(t, rng, sk, 2)
		fresh := NewPrivateKeyFromSeed(p, &[SeedSize]byte{44})
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				errs := make([]error, 2)
				if err := fresh.PublicKey().VerifyMuBatch(errs, mus, sigs); err != nil || errs[0] != nil || errs[1] != nil {
					t.Errorf("VerifyMuBatch: %v, %v", err, errs)
				}
				out := [][]byte{make([]byte, p.SignatureSize()), make([]byte, p.SignatureSize())}
				if err := fresh.SignMuBatch(out, mus, make([][RandomSize]byte, 2)); err != nil {
					t.Error(err)
				}
				for i := range out {
					want := make([]byte, p.SignatureSize())
					if err := sk.SignMu(want, &mus[i], &[RandomSize]byte{}); err != nil {
						t.Error(err)
					}
					if !bytes.Equal(out[i], want) {
						t.Errorf("SignMuBatch item %d differs from SignMu", i)
					}
				}
			})
		}
		wg.Wait()
	})
}

// TestMuBatch checks MuBatch against ComputeMu on messages
// whose lengths form runs of every size around the lane count, with and
// without a context, and that it rejects bad arguments.
func TestMuBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	var msgs [][]byte
	for _, run := range []int{1, 3, 8, 9, 17, 2, 1} {
		size := rng.IntN(300)
		for range run {
			msg := make([]byte, size)
			for i := range msg {
				msg[i] = byte(rng.Uint32())
			}
			msgs = append(msgs, msg)
		}
	}
	tr := &[64]byte{1, 2, 3}
	for _, ctx := range [][]byte{nil, []byte("context"), make([]byte, MaxContextSize)} {
		mus := make([][MuSize]byte, len(msgs))
		if err := MuBatch(mus, tr, msgs, ctx); err != nil {
			t.Fatal(err)
		}
		for i, msg := range msgs {
			var want [MuSize]byte
			if err := ComputeMu(&want, tr, msg, ctx); err != nil {
				t.Fatal(err)
			}
			if mus[i] != want {
				t.Fatalf("context of %d bytes: μ of message %d (%d bytes) differs from ComputeMu", len(ctx), i, len(msg))
			}
		}
	}
	if err := MuBatch(make([][MuSize]byte, 1), tr, nil, nil); err == nil {
		t.Error("MuBatch accepted slices of different lengths")
	}
	if err := MuBatch(make([][MuSize]byte, 1), tr, [][]byte{nil}, make([]byte, MaxContextSize+1)); err == nil {
		t.Error("MuBatch accepted a context of 256 bytes")
	}
}
