package main

import (
	"crypto/x509"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crystals-go/crystals/signer/composite"
	"github.com/crystals-go/crystals/x509ext"
)

// TestCompositePKI runs a composite hierarchy through the binary: an
// MLDSA87-ECDSA-P384 root, an MLDSA65-ECDSA-P256 intermediate, a composite
// server key with its CSR and certificate, a composite KEM certificate,
// revocation and the CRL check; the files are then read back with x509ext.
func TestCompositePKI(t *testing.T) {
	dir := t.TempDir()
	ok(t, dir, "ca", "init", "--dir", "root", "--name", "Composite Root", "--alg", "MLDSA87-ECDSA-P384-SHA512")
	ok(t, dir, "ca", "init", "--dir", "inter", "--parent", "root", "--name", "Composite Issuing", "--alg", "id-MLDSA65-ECDSA-P256-SHA512", "--path-len", "0")
	ok(t, dir, "key", "generate", "--alg", "mldsa44-ed25519-sha512", "--out", "leaf.key")
	if out := ok(t, dir, "key", "inspect", "leaf.key"); !strings.Contains(out, "MLDSA44-Ed25519-SHA512 (OID 1.3.6.1.5.5.7.6.39, composite)") {
		t.Errorf("key inspect:\n%s", out)
	}
	ok(t, dir, "csr", "create", "--key", "leaf.key", "--subject", "CN=www.example.com", "--dns", "www.example.com", "--out", "leaf.csr")
	ok(t, dir, "ca", "issue", "--dir", "inter", "--csr", "leaf.csr", "--profile", "server", "--out", "leaf.crt")
	if out := ok(t, dir, "cert", "inspect", "leaf.crt"); !strings.Contains(out, "Signature Algorithm: MLDSA65-ECDSA-P256-SHA512") {
		t.Errorf("cert inspect:\n%s", out)
	}
	out := ok(t, dir, "cert", "verify", "leaf.crt", "--roots", "root/ca.crt", "--intermediates", "inter/ca.crt", "--dns", "www.example.com")
	if strings.Count(out, "verified by crystals composite.Verify") != 2 {
		t.Errorf("cert verify:\n%s", out)
	}

	ok(t, dir, "key", "generate", "--alg", "MLKEM768-X25519-SHA3-256", "--out", "kem.key", "--pub", "kem.pub")
	ok(t, dir, "ca", "issue", "--dir", "inter", "--csr", "leaf.csr", "--profile", "kem", "--kem-key", "kem.pub", "--out", "kem.crt")
	if out := ok(t, dir, "cert", "inspect", "kem.crt"); !strings.Contains(out, "MLKEM768-X25519-SHA3-256") || !strings.Contains(out, "keyEncipherment") {
		t.Errorf("cert inspect of the KEM certificate:\n%s", out)
	}

	ok(t, dir, "ca", "revoke", "--dir", "inter", "--cert", "leaf.crt", "--reason", "keyCompromise")
	ok(t, dir, "crl", "create", "--dir", "inter", "--out", "inter.crl")
	fails(t, dir, 1, "is revoked by CRL", "cert", "verify", "leaf.crt", "--roots", "root/ca.crt", "--intermediates", "inter/ca.crt", "--crl", "inter.crl")

	leaf := must(x509ext.ParseCertificatesPEM(readFile(t, filepath.Join(dir, "leaf.crt"))))[0]
	inter := must(x509ext.ParseCertificatesPEM(readFile(t, filepath.Join(dir, "inter", "ca.crt"))))[0]
	if err := x509ext.CheckSignatureFrom(leaf, inter); err != nil {
		t.Errorf("the binary's certificate: %v", err)
	}
	key := must(x509ext.ParsePrivateKeyPEM(readFile(t, filepath.Join(dir, "leaf.key"))))
	pub := must(x509ext.ParsePKIXPublicKey(leaf.RawSubjectPublicKeyInfo))
	if !key.(*composite.PrivateKey).PublicKey().Equal(pub) {
		t.Error("the certificate does not hold the generated key")
	}
	if leaf.SignatureAlgorithm != x509.UnknownSignatureAlgorithm {
		t.Errorf("crypto/x509 claims to know the composite signature: %v", leaf.SignatureAlgorithm)
	}

	fails(t, dir, 2, "keys have one PKCS#8 form", "key", "generate", "--alg", "MLDSA44-Ed25519-SHA512", "--form", "both", "--out", "x.key")
	fails(t, dir, 2, "a CA needs a signature algorithm", "ca", "init", "--dir", "kemca", "--name", "x", "--alg", "MLKEM768-X25519-SHA3-256")
	fails(t, dir, 2, "composite algorithm", "bench", "--alg", "MLDSA44-Ed25519-SHA512")
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
