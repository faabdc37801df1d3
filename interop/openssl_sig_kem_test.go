package interop

import (
	"bytes"
	"crypto/mldsa"
	"crypto/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/crystals-go/crystals/internal/openssltest"
	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/x509ext"
)

var mldsaLevels = []struct {
	name   string
	params mldsa.Parameters
}{{"ML-DSA-44", mldsa.MLDSA44()}, {"ML-DSA-65", mldsa.MLDSA65()}, {"ML-DSA-87", mldsa.MLDSA87()}}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func readFile(t *testing.T, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestOpenSSLSignatures: OpenSSL pkeyutl signatures (with a context) verify
// with crystals, crystals signatures verify with OpenSSL, every level; a
// wrong context fails on both sides.
func TestOpenSSLSignatures(t *testing.T) {
	ossl := openssltest.Get(t)
	t.Logf("using %s", ossl.Version)
	msg := []byte("a message signed across implementations")
	const ctx = "crystals interop"
	for _, lv := range mldsaLevels {
		t.Run(lv.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFile(t, dir, "msg", msg)

			// OpenSSL signs; crystals verifies.
			ossl.Run(t, dir, "genpkey", "-algorithm", lv.name, "-out", "ossl.key")
			ossl.Run(t, dir, "pkeyutl", "-sign", "-inkey", "ossl.key", "-rawin", "-in", "msg",
				"-pkeyopt", "context-string:"+ctx, "-out", "ossl.sig")
			pubPEM := ossl.Run(t, dir, "pkey", "-in", "ossl.key", "-pubout")
			pub, err := x509ext.ParsePublicKeyPEM(pubPEM)
			if err != nil {
				t.Fatalf("reading OpenSSL's public key: %v", err)
			}
			pk, ok := pub.(*mldsa.PublicKey)
			if !ok {
				t.Fatalf("OpenSSL's %s public key parsed as %T", lv.name, pub)
			}
			sig := readFile(t, dir, "ossl.sig")
			if err := signer.Verify(pk, msg, sig, &signer.Options{Context: ctx}); err != nil {
				t.Errorf("crystals rejects OpenSSL's signature: %v", err)
			}
			if err := signer.Verify(pk, msg, sig, &signer.Options{Context: "other"}); err == nil {
				t.Errorf("crystals accepts OpenSSL's signature under the wrong context")
			}
			if err := signer.NewVerifier(pk).Verify(msg, sig, &signer.Options{Context: ctx}); err != nil {
				t.Errorf("prepared crystals Verifier rejects OpenSSL's signature: %v", err)
			}

			// crystals signs; OpenSSL verifies.
			key, err := signer.GenerateKey(lv.params)
			if err != nil {
				t.Fatal(err)
			}
			ourSig, err := key.SignMessage(rand.Reader, msg, &signer.Options{Context: ctx})
			if err != nil {
				t.Fatal(err)
			}
			ourPub, err := x509ext.MarshalPublicKeyPEM(key.Public())
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, dir, "ours.pub", ourPub)
			writeFile(t, dir, "ours.sig", ourSig)
			verify := []string{"pkeyutl", "-verify", "-pubin", "-inkey", "ours.pub", "-rawin", "-in", "msg", "-sigfile", "ours.sig"}
			if out, err := ossl.RunInput(dir, nil, append(verify, "-pkeyopt", "context-string:"+ctx)...); err != nil || !bytes.Contains(out, []byte("Signature Verified Successfully")) {
				t.Errorf("OpenSSL rejects the crystals signature: %v\n%s", err, out)
			}
			if _, err := ossl.RunInput(dir, nil, append(verify, "-pkeyopt", "context-string:other")...); err == nil {
				t.Errorf("OpenSSL accepts the crystals signature under the wrong context")
			}
		})
	}
}

// TestOpenSSLKEM: OpenSSL encapsulates to a crystals ML-KEM key and crystals
// decapsulates, and the reverse, every level.
func TestOpenSSLKEM(t *testing.T) {
	ossl := openssltest.Get(t)
	t.Logf("using %s", ossl.Version)
	for _, name := range []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			scheme := kem.SchemeByName(name)
			if scheme == nil {
				t.Fatalf("kem has no scheme %s", name)
			}

			// OpenSSL encapsulates to our key; we decapsulate.
			dk, err := scheme.GenerateKey()
			if err != nil {
				t.Fatal(err)
			}
			pubPEM, err := x509ext.MarshalPublicKeyPEM(dk.PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, dir, "ours.pub", pubPEM)
			ossl.Run(t, dir, "pkeyutl", "-encap", "-pubin", "-inkey", "ours.pub", "-out", "ct", "-secret", "ss")
			got, err := dk.Decapsulate(readFile(t, dir, "ct"))
			if err != nil {
				t.Fatalf("crystals cannot decapsulate OpenSSL's ciphertext: %v", err)
			}
			if want := readFile(t, dir, "ss"); !bytes.Equal(got, want) {
				t.Errorf("shared secrets differ: crystals %x, OpenSSL %x", got, want)
			}

			// We encapsulate to OpenSSL's key; OpenSSL decapsulates.
			ossl.Run(t, dir, "genpkey", "-algorithm", name, "-out", "ossl.key")
			theirPub, err := x509ext.ParsePublicKeyPEM(ossl.Run(t, dir, "pkey", "-in", "ossl.key", "-pubout"))
			if err != nil {
				t.Fatalf("reading OpenSSL's %s public key: %v", name, err)
			}
			ek, ok := theirPub.(kem.EncapsulationKey)
			if !ok {
				t.Fatalf("OpenSSL's %s public key parsed as %T", name, theirPub)
			}
			ss, ct := ek.Encapsulate()
			writeFile(t, dir, "ours.ct", ct)
			ossl.Run(t, dir, "pkeyutl", "-decap", "-inkey", "ossl.key", "-in", "ours.ct", "-secret", "ours.ss")
			if want := readFile(t, dir, "ours.ss"); !bytes.Equal(ss, want) {
				t.Errorf("shared secrets differ: crystals %x, OpenSSL %x", ss, want)
			}
		})
	}
}
