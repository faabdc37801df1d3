package vectors

import (
	"bytes"
	"encoding/asn1"
	"testing"

	"github.com/crystals-go/crystals/internal/hybrid"
)

// SPKI splits a vector's SubjectPublicKeyInfo (absent parameters), failing t
// if it is malformed.
func SPKI(t testing.TB, der []byte) (asn1.ObjectIdentifier, []byte) {
	t.Helper()
	oid, key, err := hybrid.SplitSPKI(der)
	if err != nil {
		t.Fatalf("vectors: SubjectPublicKeyInfo: %v", err)
	}
	return oid, key
}

// PKCS8 splits a vector's plain PrivateKeyInfo, failing t if it is malformed.
func PKCS8(t testing.TB, der []byte) (asn1.ObjectIdentifier, []byte) {
	t.Helper()
	oid, key, err := hybrid.SplitPKCS8(der)
	if err != nil {
		t.Fatalf("vectors: PrivateKeyInfo: %v", err)
	}
	return oid, key
}

type encoded interface{ Bytes() []byte }

// KeyPair parses a vector's raw public and private keys, checks that each
// re-encodes to its input and that match accepts them as one pair, and
// returns both.
func KeyPair[Pub, Priv encoded](t testing.TB, pub, priv []byte,
	parsePub func([]byte) (Pub, error), parsePriv func([]byte) (Priv, error), match func(Priv, Pub) bool) (Pub, Priv) {
	t.Helper()
	pk, err := parsePub(pub)
	if err != nil {
		t.Fatalf("public key: %v", err)
	}
	if !bytes.Equal(pk.Bytes(), pub) {
		t.Fatal("public key does not re-encode to its input")
	}
	sk, err := parsePriv(priv)
	if err != nil {
		t.Fatalf("private key: %v", err)
	}
	if !bytes.Equal(sk.Bytes(), priv) {
		t.Fatal("private key does not re-encode to its input")
	}
	if !match(sk, pk) {
		t.Fatal("public key derived from the private key differs from the public key")
	}
	return pk, sk
}
