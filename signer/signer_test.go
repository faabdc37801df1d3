package signer

import (
	"bytes"
	"crypto"
	"crypto/mldsa"
	"crypto/sha256"
	"crypto/sha3"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cloudflare/circl/sign"

	"github.com/crystals-go/crystals/internal/circltest"
)

var allParams = []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()}

func seedFor(i int) []byte {
	seed := make([]byte, SeedSize)
	seed[0], seed[1] = byte(i), 0x5e
	return seed
}

// TestCrossVerification signs with each implementation (ours, crypto/mldsa,
// circl) and verifies with every other, at every level, with and without a
// context, in both directions.
func TestCrossVerification(t *testing.T) {
	msg := []byte("cross-verification message")
	for _, params := range allParams {
		for _, ctx := range []string{"", "a context string"} {
			t.Run(fmt.Sprintf("%s/ctx=%q", params, ctx), func(t *testing.T) {
				seed := seedFor(1)
				ours, err := NewPrivateKey(params, seed)
				if err != nil {
					t.Fatal(err)
				}
				std, err := mldsa.NewPrivateKey(params, seed)
				if err != nil {
					t.Fatal(err)
				}
				circlPK, circlSK := circltest.Scheme(params).DeriveKey(seed)
				if !bytes.Equal(ours.PublicKey().Bytes(), std.PublicKey().Bytes()) {
					t.Fatal("public key differs from crypto/mldsa's")
				}
				circlPKBytes, _ := circlPK.MarshalBinary()
				if !bytes.Equal(ours.PublicKey().Bytes(), circlPKBytes) {
					t.Fatal("public key differs from circl's")
				}
				circlSKBytes, _ := circlSK.MarshalBinary()
				if !bytes.Equal(ours.ExpandedBytes(), circlSKBytes) {
					t.Fatal("expanded private key differs from circl's")
				}

				stdOpts := &mldsa.Options{Context: ctx}
				circlOpts := &sign.SignatureOpts{Context: ctx}
				ourSig, err := ours.Sign(nil, msg, &Options{Context: ctx})
				if err != nil {
					t.Fatal(err)
				}
				stdSig, err := std.Sign(nil, msg, stdOpts)
				if err != nil {
					t.Fatal(err)
				}
				circlSig := circltest.Scheme(params).Sign(circlSK, msg, circlOpts)

				// Ours → stdlib, circl.
				if err := mldsa.Verify(std.PublicKey(), msg, ourSig, stdOpts); err != nil {
					t.Errorf("crypto/mldsa rejects our signature: %v", err)
				}
				if !circltest.Scheme(params).Verify(circlPK, msg, ourSig, circlOpts) {
					t.Error("circl rejects our signature")
				}
				// stdlib, circl → ours, through every verification path.
				verifier := NewVerifier(ours.PublicKey())
				for name, sig := range map[string][]byte{"ours": ourSig, "crypto/mldsa": stdSig, "circl": circlSig} {
					if err := Verify(ours.PublicKey(), msg, sig, stdOpts); err != nil {
						t.Errorf("Verify rejects %s signature: %v", name, err)
					}
					if err := verifier.Verify(msg, sig, &Options{Context: ctx}); err != nil {
						t.Errorf("Verifier rejects %s signature: %v", name, err)
					}
					if err := Verify(ours.PublicKey(), msg, sig, &mldsa.Options{Context: ctx + "x"}); err == nil {
						t.Errorf("Verify accepts %s signature under another context", name)
					}
				}
				// Deterministic signatures are byte-identical to the stdlib's.
				ourDet, err := ours.SignDeterministic(msg, stdOpts)
				if err != nil {
					t.Fatal(err)
				}
				stdDet, err := std.SignDeterministic(msg, stdOpts)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(ourDet, stdDet) {
					t.Error("deterministic signature differs from crypto/mldsa's")
				}
			})
		}
	}
}

// TestHashMLDSAAndMu covers the variants crypto/mldsa lacks: HashML-DSA
// with every allowed hash, through Sign (digest) and SignMessage (message),
// and external μ, with Verify and Verifier.
func TestHashMLDSAAndMu(t *testing.T) {
	msg := []byte("pre-hashed message")
	sk, err := NewPrivateKey(mldsa.MLDSA65(), seedFor(3))
	if err != nil {
		t.Fatal(err)
	}
	v := NewVerifier(sk.PublicKey())
	for h := range preHashes {
		opts := &Options{Hash: h, Context: "ctx"}
		digest := hashMessage(h, msg)
		sig1, err := sk.Sign(nil, digest, opts)
		if err != nil {
			t.Fatalf("%v: %v", h, err)
		}
		sig2, err := sk.SignMessage(nil, msg, opts)
		if err != nil {
			t.Fatalf("%v: %v", h, err)
		}
		for _, sig := range [][]byte{sig1, sig2} {
			if err := Verify(sk.PublicKey(), digest, sig, opts); err != nil {
				t.Errorf("%v: %v", h, err)
			}
			if err := v.Verify(digest, sig, opts); err != nil {
				t.Errorf("%v: %v", h, err)
			}
			// The pure verification of the same bytes must fail: domain separation.
			if Verify(sk.PublicKey(), digest, sig, nil) == nil {
				t.Errorf("%v: HashML-DSA signature verifies as pure ML-DSA", h)
			}
		}
		if _, err := sk.Sign(nil, digest[1:], opts); err == nil {
			t.Errorf("%v: short digest accepted", h)
		}
		det1, _ := sk.SignDeterministic(digest, opts)
		det2, _ := sk.SignMessage(nil, msg, &Options{Hash: h, Context: "ctx", Deterministic: true})
		if !bytes.Equal(det1, det2) {
			t.Errorf("%v: Sign(digest) and SignMessage(message) differ", h)
		}
	}
	// External μ: μ from a pure signature's inputs signs to the same bytes.
	pure, err := sk.SignDeterministic(msg, &mldsa.Options{Context: "c"})
	if err != nil {
		t.Fatal(err)
	}
	mu := externalMu(t, sk.PublicKey(), msg, "c")
	fromMu, err := sk.SignDeterministic(mu, crypto.MLDSAMu)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(pure, fromMu) {
		t.Error("external-μ signature differs from the pure one")
	}
	if err := Verify(sk.PublicKey(), mu, pure, crypto.MLDSAMu); err != nil {
		t.Errorf("external-μ verify: %v", err)
	}
	if err := v.Verify(mu, pure, &Options{Hash: crypto.MLDSAMu}); err != nil {
		t.Errorf("external-μ Verifier: %v", err)
	}
	if _, err := sk.Sign(nil, mu[1:], crypto.MLDSAMu); err == nil {
		t.Error("63-byte μ accepted")
	}
	// stdlib accepts our μ signatures and we accept its.
	stdSig, err := sk.Sign(nil, mu, crypto.MLDSAMu)
	if err != nil {
		t.Fatal(err)
	}
	if err := mldsa.Verify(sk.PublicKey(), msg, stdSig, &mldsa.Options{Context: "c"}); err != nil {
		t.Errorf("crypto/mldsa rejects our external-μ signature: %v", err)
	}
}

// externalMu computes μ = H(H(pk)‖0‖|ctx|‖ctx‖M) with crypto/sha3 alone.
func externalMu(t *testing.T, pk *mldsa.PublicKey, msg []byte, ctx string) []byte {
	tr := sha3.SumSHAKE256(pk.Bytes(), 64)
	h := sha3.NewSHAKE256()
	h.Write(tr)
	h.Write([]byte{0, byte(len(ctx))})
	h.Write([]byte(ctx))
	h.Write(msg)
	mu := make([]byte, 64)
	h.Read(mu)
	return mu
}

func hashMessage(h crypto.Hash, msg []byte) []byte {
	switch h {
	case SHAKE128:
		return sha3.SumSHAKE128(msg, 32)
	case SHAKE256:
		return sha3.SumSHAKE256(msg, 64)
	}
	hh := h.New()
	hh.Write(msg)
	return hh.Sum(nil)
}

func TestBadInput(t *testing.T) {
	params := mldsa.MLDSA44()
	sk, err := NewPrivateKey(params, seedFor(4))
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, err error, want string) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: no error", name)
		} else if !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %q does not mention %q", name, err, want)
		}
	}
	_, err = NewPrivateKey(params, make([]byte, 31))
	check("short seed", err, "seed is 31 bytes, want 32")
	_, err = NewPrivateKey(params, make([]byte, 64))
	check("long seed", err, "seed is 64 bytes, want 32")
	k65, _ := NewPrivateKey(mldsa.MLDSA65(), seedFor(4))
	_, err = NewPrivateKeyFromExpanded(params, k65.ExpandedBytes())
	check("ML-DSA-65 key as ML-DSA-44", err, "the size of an ML-DSA-65 key")
	exp := sk.ExpandedBytes()
	bad := bytes.Clone(exp)
	bad[70] ^= 1
	_, err = NewPrivateKeyFromExpanded(params, bad)
	check("inconsistent tr", err, "tr does not match")
	bad = bytes.Clone(exp)
	bad[len(bad)-5] ^= 1
	_, err = NewPrivateKeyFromExpanded(params, bad)
	check("inconsistent t0", err, "t0 does not match")
	bad = bytes.Clone(exp)
	bad[128] = 0xff
	_, err = NewPrivateKeyFromExpanded(params, bad)
	check("s1 out of range", err, "s1 coefficient out of range")
	bad = bytes.Clone(exp)
	bad[128+4*96] = 0xff
	_, err = NewPrivateKeyFromExpanded(params, bad)
	check("s2 out of range", err, "s2 coefficient out of range")

	_, err = sk.Sign(nil, []byte("m"), &mldsa.Options{Context: strings.Repeat("x", 256)})
	check("long context", err, "at most 255")
	_, err = sk.Sign(nil, make([]byte, 20), &Options{Hash: crypto.SHA1})
	check("SHA-1", err, "not allowed")
	_, err = sk.Sign(nil, make([]byte, 16), &Options{Hash: crypto.MD5})
	check("MD5", err, "not allowed")
	// A plain crypto.Hash never selects HashML-DSA, as with crypto/mldsa.
	_, err = sk.Sign(nil, make([]byte, 32), crypto.SHA256)
	check("plain SHA-256", err, "*signer.Options")
	std, _ := mldsa.NewPrivateKey(params, seedFor(4))
	if _, err := std.Sign(nil, make([]byte, 32), crypto.SHA256); err == nil {
		t.Error("crypto/mldsa now accepts a plain crypto.SHA256: revisit parseOptions")
	}
	err = Verify(sk.PublicKey(), make([]byte, 32), make([]byte, params.SignatureSize()), crypto.SHA256)
	check("verify plain SHA-256", err, "*signer.Options")
	_, err = sk.Sign(nil, make([]byte, 64), &Options{Hash: crypto.MLDSAMu, Context: "c"})
	check("μ with context", err, "context")
	err = sk.SignTo(make([]byte, 10), []byte("m"), nil)
	check("short buffer", err, "signature buffer")

	sig, err := sk.Sign(nil, []byte("m"), nil)
	if err != nil {
		t.Fatal(err)
	}
	err = Verify(sk.PublicKey(), []byte("m"), sig[:100], nil)
	check("short signature", err, "signature is 100 bytes, want 2420")
	err = Verify(sk.PublicKey(), []byte("m"), sig, &mldsa.Options{Context: strings.Repeat("x", 256)})
	check("verify long context", err, "at most 255")
	err = Verify(nil, []byte("m"), sig, nil)
	check("nil key", err, "nil public key")

	// Issue 16's panics: zero keys now answer with ErrZeroKey or zero results.
	if err := Verify(&mldsa.PublicKey{}, []byte("m"), sig, nil); !errors.Is(err, ErrZeroKey) {
		t.Errorf("Verify with a zero public key: %v", err)
	}
	if _, err := new(PrivateKey).Sign(nil, []byte("m"), nil); !errors.Is(err, ErrZeroKey) {
		t.Errorf("zero PrivateKey.Sign: %v", err)
	}
	if err := new(Verifier).Verify([]byte("m"), sig, nil); !errors.Is(err, ErrZeroKey) {
		t.Errorf("zero Verifier.Verify: %v", err)
	}
	if NewVerifier(&mldsa.PublicKey{}) != nil || NewVerifier(nil) != nil {
		t.Error("NewVerifier of a zero or nil key is not nil")
	}
	if sk.Equal(nil) || sk.Equal((*PrivateKey)(nil)) || sk.Equal(new(PrivateKey)) || sk.Equal(&mldsa.PrivateKey{}) {
		t.Error("a key equals a nil or zero key")
	}
	// An engine error keeps one prefix.
	if err := Verify(sk.PublicKey(), []byte("other"), sig, nil); err == nil || strings.Contains(err.Error(), "mldsa:") {
		t.Errorf("wrong message: %v", err)
	}
	if err := Verify(sk.PublicKey(), []byte("m"), sig, nil); err != nil {
		t.Fatal(err)
	}
}

func TestKeys(t *testing.T) {
	for _, params := range allParams {
		sk, err := GenerateKey(params)
		if err != nil {
			t.Fatal(err)
		}
		seed, err := sk.Seed()
		if err != nil || !bytes.Equal(seed, sk.Bytes()) {
			t.Fatalf("Seed/Bytes: %v", err)
		}
		std, err := mldsa.NewPrivateKey(params, seed)
		if err != nil {
			t.Fatal(err)
		}
		if !sk.Equal(std) || !std.PublicKey().Equal(sk.Public()) {
			t.Error("key differs from crypto/mldsa's for the same seed")
		}
		exp, err := NewPrivateKeyFromExpanded(params, sk.ExpandedBytes())
		if err != nil {
			t.Fatal(err)
		}
		if !exp.Equal(sk) || !sk.Equal(exp) {
			t.Error("expanded round trip is not Equal")
		}
		if _, err := exp.Seed(); !errors.Is(err, ErrNoSeed) {
			t.Errorf("Seed of an expanded key: %v, want ErrNoSeed", err)
		}
		if exp.Bytes() != nil {
			t.Error("Bytes of an expanded key is not nil")
		}
		if exp.Parameters() != params || !exp.PublicKey().Equal(sk.PublicKey()) {
			t.Error("expanded key lost its parameters or public key")
		}
		other, _ := GenerateKey(params)
		if sk.Equal(other) {
			t.Error("two generated keys are Equal")
		}
	}
}

// TestNoAllocations checks that signing into a buffer, verifying with a
// Verifier and verifying from the key's encoding allocate nothing.
func TestNoAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	for _, params := range allParams {
		sk, _ := NewPrivateKey(params, seedFor(5))
		v := NewVerifier(sk.PublicKey())
		vb, _ := NewVerifierFromBytes(params, sk.PublicKeyBytes())
		pkBytes := sk.PublicKeyBytes()
		sig := make([]byte, params.SignatureSize())
		msg := []byte("message")
		opts := &Options{Context: "context"}
		digest := sha256.Sum256(msg)
		hashOpts := &Options{Hash: crypto.SHA256}
		allocs := testing.AllocsPerRun(5, func() {
			if err := sk.SignTo(sig, msg, opts); err != nil {
				t.Fatal(err)
			}
			if err := v.Verify(msg, sig, opts); err != nil {
				t.Fatal(err)
			}
			if err := sk.SignTo(sig, digest[:], hashOpts); err != nil {
				t.Fatal(err)
			}
			if err := v.Verify(digest[:], sig, hashOpts); err != nil {
				t.Fatal(err)
			}
			if err := vb.Verify(digest[:], sig, hashOpts); err != nil {
				t.Fatal(err)
			}
			if err := VerifyBytes(params, pkBytes, digest[:], sig, hashOpts); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per SignTo + Verifier.Verify + VerifyBytes", params, allocs)
		}
	}
}

// TestConcurrentUse shares one PrivateKey and one Verifier among many
// goroutines; run it under -race.
func TestConcurrentUse(t *testing.T) {
	sk, err := NewPrivateKey(mldsa.MLDSA65(), seedFor(6))
	if err != nil {
		t.Fatal(err)
	}
	v := NewVerifier(sk.PublicKey())
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			msg := []byte(fmt.Sprintf("goroutine %d", g))
			for range 5 {
				sig, err := sk.SignMessage(nil, msg, &Options{Context: "c"})
				if err != nil {
					t.Error(err)
					return
				}
				if err := v.Verify(msg, sig, &mldsa.Options{Context: "c"}); err != nil {
					t.Error(err)
				}
				if err := Verify(sk.PublicKey(), msg, sig, &mldsa.Options{Context: "c"}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
}
