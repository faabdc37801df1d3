package signer

import (
	"bytes"
	"crypto/mldsa"
	"math/rand/v2"
	"testing"
)

// TestExpandedKeyMutations changes bytes of an expanded key of every set to
// other values (every byte; every seventh under -short) and requires
// NewPrivateKeyFromExpanded to reject the result, or to give a key that
// re-encodes to exactly the mutated bytes and signs honestly. Only K, the
// 32-byte signing secret, can be changed without detection: s1 and s2 are
// range-checked, and t0 and tr are recomputed from ρ, s1 and s2.
func TestExpandedKeyMutations(t *testing.T) {
	stride := 1
	if testing.Short() {
		stride = 7
	}
	rng := rand.New(rand.NewPCG(16, 7))
	msg := []byte("mutated key")
	for i, params := range []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()} {
		sk, err := NewPrivateKey(params, seedFor(40+i))
		if err != nil {
			t.Fatal(err)
		}
		orig := sk.ExpandedBytes()
		const kStart, kEnd = 32, 64 // ρ‖K‖tr‖s1‖s2‖t0
		var tried, rejected, accepted int
		for pos := 0; pos < len(orig); pos += stride {
			mutated := bytes.Clone(orig)
			mutated[pos] ^= byte(1 + rng.IntN(255))
			tried++
			k, err := NewPrivateKeyFromExpanded(params, mutated)
			inK := pos >= kStart && pos < kEnd
			if err != nil {
				rejected++
				if inK {
					t.Errorf("%s: a change of K at byte %d was rejected: %v", params, pos, err)
				}
				continue
			}
			accepted++
			if !inK {
				t.Errorf("%s: a change at byte %d (outside K) was accepted", params, pos)
			}
			if !bytes.Equal(k.ExpandedBytes(), mutated) {
				t.Errorf("%s: byte %d: the accepted key re-encodes differently", params, pos)
			}
			sig, err := k.Sign(nil, msg, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := mldsa.Verify(k.PublicKey(), msg, sig, nil); err != nil {
				t.Errorf("%s: byte %d: crypto/mldsa rejects the accepted key's signature: %v", params, pos, err)
			}
		}
		t.Logf("%s: %d single-byte mutations of a %d-byte key: %d rejected, %d accepted (all in K)",
			params, tried, len(orig), rejected, accepted)
		if tried == 0 {
			t.Fatalf("%s: no mutations tried", params)
		}
	}
}
