package signer

import (
	"bytes"
	"testing"

	"github.com/crystals-go/crystals/internal/fuzzedit"
)

// The fuzz inputs are a parameter set and a program of edits (fuzzedit)
// applied to a valid encoding made once, outside f.Fuzz: every run costs one
// verification or one key import, and inputs stay short enough to minimize.

// fuzzKeys returns one key per parameter set, made once per fuzz target.
func fuzzKeys(f *testing.F) []*PrivateKey {
	keys := make([]*PrivateKey, len(allParams))
	for i, params := range allParams {
		k, err := NewPrivateKey(params, seedFor(40+i))
		if err != nil {
			f.Fatal(err)
		}
		keys[i] = k
	}
	return keys
}

// addEditSeeds adds, for every parameter set, the empty program (the valid
// encoding itself) and one edit at each of the given positions.
func addEditSeeds(f *testing.F, positions ...int) {
	for set := range allParams {
		f.Add(uint8(set), []byte{})
		for _, pos := range positions {
			f.Add(uint8(set), fuzzedit.Op(0, pos, 1))
		}
	}
}

// FuzzVerify checks that Verify, Verifier.Verify and VerifyBytes agree on every edited
// signature, accept the one that was made and reject every other: an edited
// signature that verifies would be a forgery, since the encoding is
// canonical.
func FuzzVerify(f *testing.F) {
	keys := fuzzKeys(f)
	msg := []byte("fuzzed message")
	sigs := make([][]byte, len(keys))
	verifiers := make([]*Verifier, len(keys))
	for i, k := range keys {
		sig, err := k.Sign(nil, msg, nil)
		if err != nil {
			f.Fatal(err)
		}
		sigs[i], verifiers[i] = sig, NewVerifier(k.PublicKey())
	}
	addEditSeeds(f, 0, 40, 1000, 2400)
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		i := int(set) % len(keys)
		sig := fuzzedit.Apply(sigs[i], prog)
		e1 := Verify(keys[i].PublicKey(), msg, sig, nil)
		e2 := verifiers[i].Verify(msg, sig, nil)
		e3 := VerifyBytes(allParams[i], keys[i].PublicKeyBytes(), msg, sig, nil)
		if (e1 == nil) != (e2 == nil) || (e1 == nil) != (e3 == nil) {
			t.Fatalf("Verify %v, Verifier.Verify %v, VerifyBytes %v", e1, e2, e3)
		}
		if valid := bytes.Equal(sig, sigs[i]); valid != (e1 == nil) {
			t.Fatalf("%s: signature edited %v, verification error %v", allParams[i], !valid, e1)
		}
	})
}

// FuzzNewPrivateKeyFromExpanded checks that an accepted expanded key
// re-encodes to its input and has the public key of the key it was edited
// from (ρ, s1, s2 and t0 determine it, and tr must match its hash), and that
// the unedited encoding is accepted.
func FuzzNewPrivateKeyFromExpanded(f *testing.F) {
	keys := fuzzKeys(f)
	encs := make([][]byte, len(keys))
	for i, k := range keys {
		encs[i] = k.ExpandedBytes()
	}
	addEditSeeds(f, 0, 32, 64, 128, 600, 2500)
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		i := int(set) % len(keys)
		b := fuzzedit.Apply(encs[i], prog)
		k, err := NewPrivateKeyFromExpanded(allParams[i], b)
		if err != nil {
			if bytes.Equal(b, encs[i]) {
				t.Fatalf("%s: the unedited expanded key is rejected: %v", allParams[i], err)
			}
			return
		}
		if !bytes.Equal(k.ExpandedBytes(), b) {
			t.Fatal("accepted key does not re-encode to its input")
		}
		if !k.PublicKey().Equal(keys[i].PublicKey()) {
			t.Fatal("accepted key has a public key other than the one its encoding implies")
		}
	})
}
