package circlsign

import (
	"bytes"
	"crypto"
	"crypto/mldsa"
	"fmt"
	"testing"

	"github.com/cloudflare/circl/pki"
	"github.com/cloudflare/circl/sign"

	"github.com/crystals-go/crystals/internal/circltest"
	"github.com/crystals-go/crystals/signer"
)

var allParams = []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()}

func seedFor(i int) []byte {
	seed := make([]byte, signer.SeedSize)
	seed[0], seed[1] = byte(i), 0x5e
	return seed
}

// TestAgainstCircl signs with the adapter and with circl's own scheme from
// the same seed, with and without a context, and verifies each with the
// other.
func TestAgainstCircl(t *testing.T) {
	msg := []byte("cross-verification message")
	for _, params := range allParams {
		for _, ctx := range []string{"", "a context string"} {
			t.Run(fmt.Sprintf("%s/ctx=%q", params, ctx), func(t *testing.T) {
				seed := seedFor(1)
				circlPK, circlSK := circltest.Scheme(params).DeriveKey(seed)
				circlOpts := &sign.SignatureOpts{Context: ctx}
				circlSig := circltest.Scheme(params).Sign(circlSK, msg, circlOpts)
				// Our circl adapter against circl itself.
				adapter := Scheme(params)
				aPK, aSK := adapter.DeriveKey(seed)
				if !aPK.Equal(aPK) || !aSK.Equal(aSK) {
					t.Error("adapter keys are not Equal to themselves")
				}
				aSig := adapter.Sign(aSK, msg, circlOpts)
				if !circltest.Scheme(params).Verify(circlPK, msg, aSig, circlOpts) {
					t.Error("circl rejects the adapter's signature")
				}
				if !adapter.Verify(aPK, msg, circlSig, circlOpts) {
					t.Error("the adapter rejects circl's signature")
				}
				if adapter.Verify(aPK, msg[1:], circlSig, circlOpts) {
					t.Error("the adapter accepts a signature of another message")
				}
			})
		}
	}
}

func TestShape(t *testing.T) {
	for _, params := range allParams {
		ours, theirs := Scheme(params), circltest.Scheme(params)
		if ours.Name() != theirs.Name() || ours.PublicKeySize() != theirs.PublicKeySize() ||
			ours.PrivateKeySize() != theirs.PrivateKeySize() || ours.SignatureSize() != theirs.SignatureSize() ||
			ours.SeedSize() != theirs.SeedSize() || ours.SupportsContext() != theirs.SupportsContext() {
			t.Errorf("%s: adapter sizes or name differ from circl's", params)
		}
		ourOID := ours.(pki.CertificateScheme).Oid()
		if !ourOID.Equal(theirs.(pki.CertificateScheme).Oid()) {
			t.Errorf("%s: OID %v differs from circl's", params, ourOID)
		}
		if pki.SchemeByOid(ourOID).Name() != ours.Name() {
			t.Errorf("%s: circl maps our OID to %s", params, pki.SchemeByOid(ourOID).Name())
		}
	}
}

// TestPKI marshals our adapter keys with circl/pki, loads them as
// circl's own keys, and checks signatures cross over.
func TestPKI(t *testing.T) {
	msg := []byte("pki round trip")
	for _, params := range allParams {
		pk, sk := Scheme(params).DeriveKey(seedFor(2))
		pkPEM, err := pki.MarshalPEMPublicKey(pk)
		if err != nil {
			t.Fatal(err)
		}
		skPEM, err := pki.MarshalPEMPrivateKey(sk)
		if err != nil {
			t.Fatal(err)
		}
		theirPK, err := pki.UnmarshalPEMPublicKey(pkPEM)
		if err != nil {
			t.Fatalf("%s: circl cannot load our public key: %v", params, err)
		}
		theirSK, err := pki.UnmarshalPEMPrivateKey(skPEM)
		if err != nil {
			t.Fatalf("%s: circl cannot load our private key: %v", params, err)
		}
		a, _ := theirPK.MarshalBinary()
		b, _ := pk.MarshalBinary()
		if !bytes.Equal(a, b) {
			t.Errorf("%s: public key changed through circl/pki", params)
		}
		c, _ := theirSK.MarshalBinary()
		d, _ := sk.MarshalBinary()
		if !bytes.Equal(c, d) {
			t.Errorf("%s: private key changed through circl/pki", params)
		}
		theirSig, err := theirSK.Sign(nil, msg, crypto.Hash(0))
		if err != nil {
			t.Fatal(err)
		}
		if !Scheme(params).Verify(pk, msg, theirSig, nil) {
			t.Errorf("%s: our adapter rejects the circl key's signature", params)
		}
		ourSig, err := sk.Sign(nil, msg, crypto.Hash(0))
		if err != nil {
			t.Fatal(err)
		}
		if !circltest.Scheme(params).Verify(theirPK, msg, ourSig, nil) {
			t.Errorf("%s: circl rejects our adapter's signature", params)
		}
		// A key loaded from the expanded encoding has no seed: circl/pki
		// must refuse to marshal it, as it does for its own such keys.
		expanded, err := Scheme(params).UnmarshalBinaryPrivateKey(d)
		if err != nil {
			t.Fatal(err)
		}
		if expanded.(sign.Seeded).Seed() != nil {
			t.Error("expanded key reports a seed")
		}
		if _, err := pki.MarshalPEMPrivateKey(expanded); err == nil {
			t.Error("circl/pki marshalled a key without seed")
		}
	}
}

// TestBadInput: the adapter reports short encodings as errors.
func TestBadInput(t *testing.T) {
	for _, params := range allParams {
		if _, err := Scheme(params).UnmarshalBinaryPublicKey(make([]byte, 5)); err == nil {
			t.Error("circl adapter accepted a 5-byte public key")
		}
		if _, err := Scheme(params).UnmarshalBinaryPrivateKey(make([]byte, 5)); err == nil {
			t.Error("circl adapter accepted a 5-byte private key")
		}
	}
}
