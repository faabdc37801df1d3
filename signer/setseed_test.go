package signer

import (
	"bytes"
	"crypto/mldsa"
	"errors"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/internal/vectors/mldsavectors"
)

// TestSetSeed holds PrivateKey.SetSeed to NewPrivateKey: a key in use, and a
// key loaded from its expanded encoding, set from a seed are the key
// NewPrivateKey derives from it (seed, expanded encoding, public key,
// deterministic signatures); PublicKey follows the new key while the
// public key taken before keeps the old one; SetSeed allocates nothing; and
// a nil or zero key, or a seed of the wrong size, is an error that leaves
// the key as it was.
func TestSetSeed(t *testing.T) {
	msg := []byte("set in place")
	for _, params := range allParams {
		name := params.String()
		seed1 := bytes.Repeat([]byte{1}, SeedSize)
		seed2 := bytes.Repeat([]byte{2}, SeedSize)
		k, err := NewPrivateKey(params, seed1)
		if err != nil {
			t.Fatal(err)
		}
		first, err := NewPrivateKey(params, seed1)
		if err != nil {
			t.Fatal(err)
		}
		expanded, err := NewPrivateKeyFromExpanded(params, first.ExpandedBytes())
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range []*PrivateKey{k, expanded} {
			oldPub := key.PublicKey()
			for _, seed := range [][]byte{seed2, seed1, seed2} {
				if err := key.SetSeed(seed); err != nil {
					t.Fatalf("%s: SetSeed: %v", name, err)
				}
				want, err := NewPrivateKey(params, seed)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(key.Bytes(), seed) || !bytes.Equal(key.ExpandedBytes(), want.ExpandedBytes()) ||
					!key.Equal(want) || !want.Equal(key) {
					t.Errorf("%s: SetSeed's private key differs from NewPrivateKey's", name)
				}
				if !bytes.Equal(key.PublicKeyBytes(), want.PublicKeyBytes()) || !key.PublicKey().Equal(want.PublicKey()) {
					t.Errorf("%s: SetSeed's public key differs from NewPrivateKey's", name)
				}
				got, err := key.SignDeterministic(msg, nil)
				if err != nil {
					t.Fatal(err)
				}
				wantSig, err := want.SignDeterministic(msg, nil)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, wantSig) {
					t.Errorf("%s: SetSeed's key signs differently from NewPrivateKey's", name)
				}
				if err := mldsa.Verify(key.PublicKey(), msg, got, nil); err != nil {
					t.Errorf("%s: crypto/mldsa rejects a signature after SetSeed: %v", name, err)
				}
			}
			if !oldPub.Equal(first.PublicKey()) {
				t.Errorf("%s: the public key taken before SetSeed changed", name)
			}
		}

		before := k.ExpandedBytes()
		for _, n := range []int{0, SeedSize - 1, SeedSize + 1, 64} {
			if err := k.SetSeed(make([]byte, n)); err == nil {
				t.Errorf("%s: SetSeed of a %d-byte seed succeeded", name, n)
			}
		}
		if !bytes.Equal(k.ExpandedBytes(), before) {
			t.Errorf("%s: a rejected seed changed the key", name)
		}
		if !raceEnabled {
			if a := testing.AllocsPerRun(20, func() { _ = k.SetSeed(seed1) }); a != 0 {
				t.Errorf("%s: SetSeed makes %v allocations, want 0", name, a)
			}
		}
	}
	for _, k := range []*PrivateKey{nil, new(PrivateKey)} {
		if err := k.SetSeed(make([]byte, SeedSize)); !errors.Is(err, ErrZeroKey) {
			t.Errorf("SetSeed on %#v: %v, want ErrZeroKey", k, err)
		}
	}
}

// TestACVPKeyGenSetSeed runs the ACVP keyGen cases through the public API:
// one key per parameter set, set in place from each case's seed, must have
// the expected public key and expanded encoding.
func TestACVPKeyGenSetSeed(t *testing.T) {
	const dir = "ML-DSA-keyGen-FIPS204"
	c := vectors.NewCounter(t)
	c.File(dir)
	groups, want := mldsavectors.Read(t, dir)
	for _, g := range groups {
		params := acvpParams(t, g.ParameterSet)
		k, err := NewPrivateKey(params, make([]byte, SeedSize))
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range g.Tests {
			exp, ok := want[tc.TcID]
			if !ok {
				t.Fatalf("tcId %d: no expected result", tc.TcID)
			}
			if err := k.SetSeed(tc.Seed); err != nil {
				t.Fatalf("tcId %d: %v", tc.TcID, err)
			}
			if !bytes.Equal(k.PublicKeyBytes(), exp.PK) || !bytes.Equal(k.PublicKey().Bytes(), exp.PK) {
				t.Errorf("tcId %d: public key mismatch", tc.TcID)
			}
			if !bytes.Equal(k.ExpandedBytes(), exp.SK) {
				t.Errorf("tcId %d: expanded private key mismatch", tc.TcID)
			}
			c.Add(dir)
		}
	}
}
