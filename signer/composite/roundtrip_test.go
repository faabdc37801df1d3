package composite_test

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/mldsa"
	"errors"
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/hybrid/hybridtest"
	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/signer/composite"
)

func TestAlgorithmTable(t *testing.T) {
	all := composite.Algorithms()
	if len(all) != 18 {
		t.Fatalf("%d algorithms, want 18", len(all))
	}
	for i, a := range all {
		if a.OID().String() != "1.3.6.1.5.5.7.6."+itoa(37+i) {
			t.Errorf("%s: OID %v", a.Name(), a.OID())
		}
		if composite.AlgorithmByOID(a.OID()) != a || composite.AlgorithmByName("id-"+a.Name()) != a {
			t.Errorf("%s: lookups disagree", a.Name())
		}
		if !strings.HasPrefix(a.Label(), "COMPSIG-MLDSA") {
			t.Errorf("%s: label %q", a.Name(), a.Label())
		}
	}
	if l := composite.AlgorithmByName("MLDSA87-ECDSA-brainpoolP384r1-SHA512").Label(); l != "COMPSIG-MLDSA87-ECDSA-BP384-SHA512" {
		t.Errorf("brainpool label %q", l)
	}
	if composite.AlgorithmByName("MLDSA65-ECDSA-P256-SHA256") != nil {
		t.Error("lookup of a name that is not in the draft succeeded")
	}
}

func itoa(n int) string { return string(rune('0'+n/10)) + string(rune('0'+n%10)) }

// TestRoundTrip generates a key of every algorithm, passes both halves
// through the raw encodings, and signs and verifies through both entry
// points.
func TestRoundTrip(t *testing.T) {
	msg := []byte("composite round trip")
	for _, a := range hybridtest.Tested(composite.Algorithms()) {
		t.Run(a.Name(), func(t *testing.T) {
			sk, err := composite.GenerateKey(a)
			if err != nil {
				t.Fatal(err)
			}
			sk2, err := composite.ParsePrivateKey(a, sk.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if !sk2.Equal(sk) || !bytes.Equal(sk2.Bytes(), sk.Bytes()) {
				t.Fatal("private key does not survive its encoding")
			}
			pk, err := composite.ParsePublicKey(a, sk.PublicKey().Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if !pk.Equal(sk.Public()) || !sk2.PublicKey().Equal(pk) {
				t.Fatal("public key does not survive its encoding")
			}
			var signerIface crypto.MessageSigner = sk
			sig, err := signerIface.SignMessage(nil, msg, &composite.Options{Context: "ctx"})
			if err != nil {
				t.Fatal(err)
			}
			if err := composite.Verify(pk, msg, sig, &composite.Options{Context: "ctx"}); err != nil {
				t.Fatal(err)
			}
			checkHalves(t, a, pk, msg, "ctx", sig)

			ph := preHash(a, msg)
			dsig, err := sk.Sign(nil, ph, &composite.Options{Context: "ctx", Hash: a.PreHash()})
			if err != nil {
				t.Fatal(err)
			}
			if err := composite.Verify(pk, msg, dsig, &composite.Options{Context: "ctx"}); err != nil {
				t.Fatalf("signature over PH(M) does not verify for M: %v", err)
			}
			if err := composite.Verify(pk, ph, sig, &composite.Options{Context: "ctx", Hash: a.PreHash()}); err != nil {
				t.Fatalf("verification from the digest: %v", err)
			}
			if _, err := sk.Sign(nil, ph, nil); !errors.Is(err, composite.ErrPreHash) {
				t.Fatalf("Sign without the pre-hash: %v", err)
			}
			if _, err := sk.Sign(nil, ph, crypto.SHA3_256); !errors.Is(err, composite.ErrPreHash) {
				t.Fatalf("Sign with another hash: %v", err)
			}
			if _, err := sk.Sign(nil, ph[1:], a.PreHash()); !errors.Is(err, composite.ErrDigestLength) {
				t.Fatalf("Sign with a short digest: %v", err)
			}
			if _, err := sk.SignMessage(nil, msg, &composite.Options{Context: strings.Repeat("x", 256)}); !errors.Is(err, composite.ErrContextLength) {
				t.Fatalf("256-byte context: %v", err)
			}
			if err := composite.Verify(pk, msg, sig[:a.MLDSA().SignatureSize()], &composite.Options{Context: "ctx"}); !errors.Is(err, composite.ErrVerification) {
				t.Fatalf("ML-DSA half alone: %v", err)
			}
			// *mldsa.Options carries the context too.
			if err := composite.Verify(pk, msg, sig, &mldsa.Options{Context: "ctx"}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func preHash(a *composite.Algorithm, m []byte) []byte {
	if a.PreHash() == signer.SHAKE256 {
		return shake256x64(m)
	}
	return digestOf(a.PreHash(), m)
}

// TestKeyMismatch checks that keys of one algorithm are refused by another
// and that a traditional key of the wrong type is refused.
func TestKeyMismatch(t *testing.T) {
	a := composite.AlgorithmByName("MLDSA44-Ed25519-SHA512")
	b := composite.AlgorithmByName("MLDSA65-Ed25519-SHA512")
	p256 := composite.AlgorithmByName("MLDSA44-ECDSA-P256-SHA256")
	sk, err := composite.GenerateKey(a)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := composite.ParsePublicKey(b, sk.PublicKey().Bytes()); err == nil {
		t.Fatal("ML-DSA-44 key parsed as ML-DSA-65")
	}
	if _, err := composite.ParsePrivateKey(p256, sk.Bytes()); err == nil {
		t.Fatal("Ed25519 private key parsed as ECDSA")
	}
	_, ed, _ := ed25519.GenerateKey(nil)
	if _, err := composite.NewPrivateKey(p256, make([]byte, 32), ed); err == nil {
		t.Fatal("Ed25519 key accepted for ECDSA")
	}
	if _, err := composite.NewPrivateKey(nil, nil, nil); !errors.Is(err, composite.ErrNoAlgorithm) {
		t.Fatal(err)
	}
	if _, err := new(composite.PrivateKey).SignMessage(nil, nil, nil); !errors.Is(err, composite.ErrNoAlgorithm) {
		t.Fatal(err)
	}
	if _, err := new(composite.PrivateKey).Sign(nil, nil, nil); !errors.Is(err, composite.ErrNoAlgorithm) {
		t.Fatal(err)
	}
	if err := composite.Verify(new(composite.PublicKey), nil, nil, nil); !errors.Is(err, composite.ErrNoAlgorithm) {
		t.Fatal(err)
	}
	if _, err := composite.GenerateKey(new(composite.Algorithm)); !errors.Is(err, composite.ErrNoAlgorithm) {
		t.Fatalf("GenerateKey with a zero Algorithm: %v", err)
	}
	if zero := new(composite.PrivateKey); zero.Bytes() != nil || zero.PublicKey() != nil || zero.Equal(zero) {
		t.Fatal("the zero key has bytes, a public key, or equals itself")
	}
	sk2, err := composite.GenerateKey(b)
	if err != nil {
		t.Fatal(err)
	}
	if sk2.Equal(sk) || sk2.PublicKey().Equal(sk.PublicKey()) {
		t.Fatal("keys of different algorithms compare equal")
	}
}
