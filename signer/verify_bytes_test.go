package signer

import (
	"crypto"
	"crypto/mldsa"
	"errors"
	"strings"
	"sync"
	"testing"
)

// TestVerifyBytes holds VerifyBytes and NewVerifierFromBytes to crypto/mldsa
// and to Verify on valid, tampered and foreign signatures, under every
// variant, and checks their errors for bad keys.
func TestVerifyBytes(t *testing.T) {
	msg := []byte("verified from the encoding")
	for i, params := range allParams {
		sk, err := NewPrivateKey(params, seedFor(70+i))
		if err != nil {
			t.Fatal(err)
		}
		other, _ := NewPrivateKey(params, seedFor(80+i))
		pkBytes := sk.PublicKeyBytes()
		if want := sk.PublicKey().Bytes(); string(pkBytes) != string(want) {
			t.Fatalf("%s: PublicKeyBytes differs from PublicKey().Bytes()", params)
		}
		v, err := NewVerifierFromBytes(params, pkBytes)
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range []crypto.SignerOpts{nil, &mldsa.Options{Context: "ctx"}, &Options{Hash: crypto.SHA3_256}} {
			input := msg
			if opts != nil && opts.HashFunc() == crypto.SHA3_256 {
				d := crypto.SHA3_256.New()
				d.Write(msg)
				input = d.Sum(nil)
			}
			sig, err := sk.Sign(nil, input, opts)
			if err != nil {
				t.Fatal(err)
			}
			if err := VerifyBytes(params, pkBytes, input, sig, opts); err != nil {
				t.Errorf("%s %T: VerifyBytes rejects a valid signature: %v", params, opts, err)
			}
			if err := v.Verify(input, sig, opts); err != nil {
				t.Errorf("%s %T: NewVerifierFromBytes rejects a valid signature: %v", params, opts, err)
			}
			if mo, ok := opts.(*mldsa.Options); ok || opts == nil {
				if err := mldsa.Verify(sk.PublicKey(), input, sig, mo); err != nil {
					t.Fatalf("%s: crypto/mldsa rejects the signature: %v", params, err)
				}
			}
			bad := append([]byte(nil), sig...)
			bad[len(bad)/2] ^= 1
			if VerifyBytes(params, pkBytes, input, bad, opts) == nil || v.Verify(input, bad, opts) == nil {
				t.Errorf("%s %T: a tampered signature verifies", params, opts)
			}
			if VerifyBytes(params, other.PublicKeyBytes(), input, sig, opts) == nil {
				t.Errorf("%s %T: the signature verifies under another key", params, opts)
			}
		}
		// μ given by the caller.
		mu := make([]byte, MuSize)
		mu[3] = 7
		sig, err := sk.Sign(nil, mu, crypto.MLDSAMu)
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyBytes(params, pkBytes, mu, sig, crypto.MLDSAMu); err != nil {
			t.Errorf("%s: external μ: %v", params, err)
		}

		if err := VerifyBytes(params, pkBytes[1:], msg, sig, nil); err == nil || !strings.Contains(err.Error(), "public key is") {
			t.Errorf("%s: short key: %v", params, err)
		}
		if _, err := NewVerifierFromBytes(params, pkBytes[1:]); err == nil {
			t.Errorf("%s: NewVerifierFromBytes accepts a short key", params)
		}
		if err := VerifyBytes(mldsa.Parameters{}, pkBytes, msg, sig, nil); err == nil {
			t.Errorf("%s: zero parameters accepted", params)
		}
		// Another set's key says which set it is.
		wrong := allParams[(i+1)%len(allParams)]
		err = VerifyBytes(wrong, pkBytes, msg, sig, nil)
		if err == nil || !strings.Contains(err.Error(), params.String()) {
			t.Errorf("%s key as %s: %v, want an error naming %s", params, wrong, err, params)
		}
	}
}

// TestLazyPublicKey checks that the standard library's key of a private key
// and of a verifier from bytes, built on first use, is one key for all
// callers, also when they race for it, and is the right key.
func TestLazyPublicKey(t *testing.T) {
	sk, err := NewPrivateKey(mldsa.MLDSA65(), seedFor(90))
	if err != nil {
		t.Fatal(err)
	}
	v, err := NewVerifierFromBytes(mldsa.MLDSA65(), sk.PublicKeyBytes())
	if err != nil {
		t.Fatal(err)
	}
	got := make([][2]*mldsa.PublicKey, 8)
	var wg sync.WaitGroup
	for g := range got {
		wg.Go(func() { got[g] = [2]*mldsa.PublicKey{sk.PublicKey(), v.PublicKey()} })
	}
	wg.Wait()
	for _, pair := range got {
		if pair[0] != got[0][0] || pair[1] != got[0][1] {
			t.Fatal("concurrent first calls returned different keys")
		}
	}
	if pub := got[0][0]; pub == nil || string(pub.Bytes()) != string(sk.PublicKeyBytes()) || !pub.Equal(got[0][1]) {
		t.Fatal("the lazily built public key is not the key's")
	}
	if sk.Public() != crypto.PublicKey(got[0][0]) {
		t.Error("Public and PublicKey disagree")
	}
	var zero *PrivateKey
	if zero.PublicKeyBytes() != nil || new(PrivateKey).PublicKeyBytes() != nil {
		t.Error("a zero key has public-key bytes")
	}
	var zv *Verifier
	if err := zv.Verify(nil, nil, nil); !errors.Is(err, ErrZeroKey) {
		t.Errorf("nil Verifier: %v", err)
	}
}

// TestKeyGenerationAllocations holds key generation to its two allocations,
// the engine's key block and the PrivateKey: the standard library's public
// key is built only when PublicKey is first called.
func TestKeyGenerationAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	seed := seedFor(91)
	for _, params := range allParams {
		allocs := testing.AllocsPerRun(5, func() {
			if _, err := NewPrivateKey(params, seed); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 2 {
			t.Errorf("%s: NewPrivateKey makes %v allocations, want 2", params, allocs)
		}
	}
}
