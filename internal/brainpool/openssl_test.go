package brainpool_test

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/asn1"
	"encoding/pem"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/crystals-go/crystals/internal/brainpool"
	"github.com/crystals-go/crystals/internal/openssltest"
)

var oidECPublicKey = asn1.ObjectIdentifier{1, 2, 840, 10045, 2, 1}

// writeKeys writes k as an "EC PRIVATE KEY" (with its public key) and its
// public key as a SubjectPublicKeyInfo, for OpenSSL.
func writeKeys(t *testing.T, dir, name string, k *brainpool.PrivateKey) (priv, pub string) {
	t.Helper()
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(1)
		b.AddASN1OctetString(k.Bytes())
		b.AddASN1(cbasn1.Tag(0).Constructed().ContextSpecific(), func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(k.Curve().OID)
		})
		b.AddASN1(cbasn1.Tag(1).Constructed().ContextSpecific(), func(b *cryptobyte.Builder) {
			b.AddASN1BitString(k.PublicKey().Bytes())
		})
	})
	var s cryptobyte.Builder
	s.AddASN1(cbasn1.SEQUENCE, func(s *cryptobyte.Builder) {
		s.AddASN1(cbasn1.SEQUENCE, func(s *cryptobyte.Builder) {
			s.AddASN1ObjectIdentifier(oidECPublicKey)
			s.AddASN1ObjectIdentifier(k.Curve().OID)
		})
		s.AddASN1BitString(k.PublicKey().Bytes())
	})
	priv, pub = filepath.Join(dir, name+".key"), filepath.Join(dir, name+".pub")
	for _, f := range []struct {
		path, typ string
		der       []byte
	}{{priv, "EC PRIVATE KEY", b.BytesOrPanic()}, {pub, "PUBLIC KEY", s.BytesOrPanic()}} {
		if err := os.WriteFile(f.path, pem.EncodeToMemory(&pem.Block{Type: f.typ, Bytes: f.der}), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return priv, pub
}

// TestOpenSSL checks both curves against OpenSSL 3.5: OpenSSL verifies our
// ECDSA signatures, we verify OpenSSL's, and ECDH agrees with OpenSSL's
// derivation.
func TestOpenSSL(t *testing.T) {
	ossl := openssltest.Get(t)
	dir := t.TempDir()
	msg := []byte("brainpool interop")
	msgPath := filepath.Join(dir, "msg")
	if err := os.WriteFile(msgPath, msg, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		curve  *brainpool.Curve
		dgst   string
		digest []byte
	}{
		{brainpool.P256r1, "-sha256", func() []byte { d := sha256.Sum256(msg); return d[:] }()},
		{brainpool.P384r1, "-sha384", func() []byte { d := sha512.Sum384(msg); return d[:] }()},
	} {
		for i := range 3 {
			a, err := c.curve.GenerateKey()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := c.curve.GenerateKey()
			aPriv, aPub := writeKeys(t, dir, "a", a)
			_, bPub := writeKeys(t, dir, "b", b)

			sig, err := a.Sign(nil, c.digest, nil)
			if err != nil {
				t.Fatal(err)
			}
			sigPath := filepath.Join(dir, "sig")
			if err := os.WriteFile(sigPath, sig, 0o600); err != nil {
				t.Fatal(err)
			}
			ossl.Run(t, dir, "dgst", c.dgst, "-verify", aPub, "-signature", sigPath, msgPath)

			theirs := filepath.Join(dir, "theirs")
			ossl.Run(t, dir, "dgst", c.dgst, "-sign", aPriv, "-out", theirs, msgPath)
			theirSig, err := os.ReadFile(theirs)
			if err != nil {
				t.Fatal(err)
			}
			if !brainpool.VerifyASN1(a.PublicKey(), c.digest, theirSig) {
				t.Fatalf("%s: OpenSSL's signature %d rejected", c.curve.Name, i)
			}

			z := ossl.Run(t, dir, "pkeyutl", "-derive", "-inkey", aPriv, "-peerkey", bPub)
			ours, err := a.ECDH(b.PublicKey())
			if err != nil || !bytes.Equal(z, ours) {
				t.Fatalf("%s: ECDH %x, OpenSSL %x (%v)", c.curve.Name, ours, z, err)
			}
		}
		t.Logf("%s: 3 keys: signatures both ways and ECDH agree with OpenSSL", c.curve.Name)
	}
}
