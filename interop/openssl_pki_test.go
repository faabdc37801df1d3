package interop

import (
	"bytes"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/crystals-go/crystals/internal/openssltest"
	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/x509ext"
)

// TestOpenSSLReadsOurPKI: certificates, a CSR, a CRL and keys in every
// PKCS#8 form made by crystals are read by openssl x509/req/crl/pkey -text,
// and their signatures verify there.
func TestOpenSSLReadsOurPKI(t *testing.T) {
	ossl := openssltest.Get(t)
	t.Logf("using %s", ossl.Version)
	dir := t.TempDir()

	rootKey := mustKey(t, mldsa.MLDSA87())
	root, err := x509ext.NewRootCA(pkix.Name{CommonName: "crystals interop root"}, rootKey, nil)
	if err != nil {
		t.Fatal(err)
	}
	leafKey := mustKey(t, mldsa.MLDSA65())
	csrDER, err := x509ext.CreateCSR(rand.Reader, &x509.CertificateRequest{
		Subject: pkix.Name{CommonName: "interop.example"}, DNSNames: []string{"interop.example"},
	}, leafKey)
	if err != nil {
		t.Fatal(err)
	}
	csr, err := x509.ParseCertificateRequest(csrDER)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := root.IssueFromCSR(csr, x509ext.ProfileServer, nil)
	if err != nil {
		t.Fatal(err)
	}
	dk, err := kem.GenerateKey768()
	if err != nil {
		t.Fatal(err)
	}
	kemCert, err := root.IssueFromCSR(csr, x509ext.ProfileKEM, &x509ext.IssueOptions{PublicKey: dk.EncapsulationKey()})
	if err != nil {
		t.Fatal(err)
	}
	crl, err := root.IssueCRL([]x509.RevocationListEntry{{SerialNumber: leaf.SerialNumber, RevocationTime: time.Now()}}, big.NewInt(7), 24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "root.pem", x509ext.EncodePEM("CERTIFICATE", root.Certificate.Raw))
	writeFile(t, dir, "leaf.pem", x509ext.EncodePEM("CERTIFICATE", leaf.Raw))
	writeFile(t, dir, "kem.pem", x509ext.EncodePEM("CERTIFICATE", kemCert.Raw))
	writeFile(t, dir, "csr.pem", x509ext.EncodePEM("CERTIFICATE REQUEST", csrDER))
	writeFile(t, dir, "crl.pem", x509ext.EncodePEM("X509 CRL", crl.Raw))

	expect := func(what string, out []byte, wants ...string) {
		t.Helper()
		for _, w := range wants {
			if !bytes.Contains(out, []byte(w)) {
				t.Errorf("%s: OpenSSL output lacks %q:\n%s", what, w, out)
			}
		}
	}
	expect("x509 -text (leaf)", ossl.Run(t, dir, "x509", "-in", "leaf.pem", "-noout", "-text"),
		"Signature Algorithm: ML-DSA-87", "Public Key Algorithm: ML-DSA-65", "DNS:interop.example")
	expect("x509 -text (KEM)", ossl.Run(t, dir, "x509", "-in", "kem.pem", "-noout", "-text"),
		"Public Key Algorithm: ML-KEM-768", "Key Encipherment")
	expect("verify", ossl.Run(t, dir, "verify", "-CAfile", "root.pem", "leaf.pem", "kem.pem"), "leaf.pem: OK", "kem.pem: OK")
	reqOut, err := ossl.RunInput(dir, nil, "req", "-in", "csr.pem", "-noout", "-text", "-verify")
	if err != nil {
		t.Fatalf("openssl req -verify: %v", err)
	}
	expect("req -text -verify", reqOut, "Public Key Algorithm: ML-DSA-65", "CN=interop.example")
	crlOut, err := ossl.RunInput(dir, nil, "crl", "-in", "crl.pem", "-CAfile", "root.pem", "-noout", "-text")
	if err != nil {
		t.Fatalf("openssl crl: %v", err)
	}
	expect("crl -text", crlOut, "Signature Algorithm: ML-DSA-87", strings.ToUpper(leaf.SerialNumber.Text(16)))
	// openssl crl -verify exits non-zero when the signature does not verify.
	if _, err := ossl.RunInput(dir, nil, "crl", "-in", "crl.pem", "-CAfile", "root.pem", "-noout", "-verify"); err != nil {
		t.Errorf("openssl crl -verify: %v", err)
	}
	if _, err := ossl.RunInput(dir, nil, "crl", "-in", "crl.pem", "-CAfile", "leaf.pem", "-noout", "-verify"); err == nil {
		t.Errorf("openssl crl -verify accepts our CRL against the wrong issuer: the check above proves nothing")
	}

	// Keys in every form, ML-DSA and ML-KEM, read by openssl pkey -text,
	// which must print the same public key as ours.
	for _, form := range []x509ext.PrivateKeyForm{x509ext.FormSeed, x509ext.FormExpanded, x509ext.FormBoth} {
		for _, key := range []any{leafKey, dk} {
			pemBytes, err := x509ext.MarshalPrivateKeyPEM(key, form)
			if err != nil {
				t.Fatalf("%T %v: %v", key, form, err)
			}
			writeFile(t, dir, "key.pem", pemBytes)
			pubFromOpenSSL := ossl.Run(t, dir, "pkey", "-in", "key.pem", "-pubout")
			var ours []byte
			switch k := key.(type) {
			case *signer.PrivateKey:
				ours, err = x509ext.MarshalPublicKeyPEM(k.Public())
			case *kem.DecapsulationKey768:
				ours, err = x509ext.MarshalPublicKeyPEM(k.EncapsulationKey())
			}
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(pubFromOpenSSL, ours) {
				t.Errorf("%T in %v form: OpenSSL derives a different public key", key, form)
			}
			ossl.Run(t, dir, "pkey", "-in", "key.pem", "-noout", "-text")
		}
	}
}

// TestWeReadOpenSSLPKI: a CSR and a CRL made by OpenSSL (with a revoked
// certificate) are read and verified by crystals.
func TestWeReadOpenSSLPKI(t *testing.T) {
	ossl := openssltest.Get(t)
	t.Logf("using %s", ossl.Version)
	dir := t.TempDir()
	ossl.Run(t, dir, "genpkey", "-algorithm", "ML-DSA-87", "-out", "root.key")
	ossl.Run(t, dir, "req", "-x509", "-new", "-key", "root.key", "-subj", "/CN=OpenSSL CRL root", "-days", "2",
		"-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign", "-out", "root.pem")
	ossl.Run(t, dir, "genpkey", "-algorithm", "ML-DSA-44", "-out", "leaf.key")
	ossl.Run(t, dir, "req", "-new", "-key", "leaf.key", "-subj", "/CN=revoked.example", "-out", "leaf.csr")
	ossl.Run(t, dir, "x509", "-req", "-in", "leaf.csr", "-CA", "root.pem", "-CAkey", "root.key", "-days", "2", "-out", "leaf.pem")
	writeFile(t, dir, "index.txt", nil)
	writeFile(t, dir, "crlnumber", []byte("01\n"))
	writeFile(t, dir, "ca.cnf", []byte("[ca]\ndefault_ca = d\n[d]\ndatabase = index.txt\ncrlnumber = crlnumber\ndefault_md = default\ndefault_crl_days = 7\n"))
	ossl.Run(t, dir, "ca", "-config", "ca.cnf", "-keyfile", "root.key", "-cert", "root.pem", "-revoke", "leaf.pem")
	ossl.Run(t, dir, "ca", "-config", "ca.cnf", "-keyfile", "root.key", "-cert", "root.pem", "-gencrl", "-out", "crl.pem")

	csrDER, err := x509ext.DecodePEM(readFile(t, dir, "leaf.csr"), "CERTIFICATE REQUEST")
	if err != nil {
		t.Fatal(err)
	}
	csr, err := x509.ParseCertificateRequest(csrDER)
	if err != nil {
		t.Fatal(err)
	}
	if err := x509ext.VerifyCSR(csr); err != nil {
		t.Errorf("OpenSSL's ML-DSA-44 CSR does not verify here: %v", err)
	}
	certs, err := x509ext.ParseCertificatesPEM(append(readFile(t, dir, "root.pem"), readFile(t, dir, "leaf.pem")...))
	if err != nil || len(certs) != 2 {
		t.Fatalf("reading OpenSSL's certificates: %v", err)
	}
	crlDER, err := x509ext.DecodePEM(readFile(t, dir, "crl.pem"), "X509 CRL")
	if err != nil {
		t.Fatal(err)
	}
	crl, err := x509.ParseRevocationList(crlDER)
	if err != nil {
		t.Fatal(err)
	}
	if err := x509ext.VerifyCRL(crl, certs[0]); err != nil {
		t.Errorf("OpenSSL's ML-DSA-87 CRL does not verify here: %v", err)
	}
	if len(crl.RevokedCertificateEntries) != 1 || crl.RevokedCertificateEntries[0].SerialNumber.Cmp(certs[1].SerialNumber) != 0 {
		t.Errorf("CRL revokes %v, want the leaf's serial %v", crl.RevokedCertificateEntries, certs[1].SerialNumber)
	}
	crl.Signature[len(crl.Signature)/2] ^= 1
	if err := x509ext.VerifyCRL(crl, certs[0]); err == nil {
		t.Errorf("a CRL with a flipped signature bit verifies")
	}
}

func mustKey(t *testing.T, p mldsa.Parameters) *signer.PrivateKey {
	t.Helper()
	k, err := signer.GenerateKey(p)
	if err != nil {
		t.Fatal(err)
	}
	return k
}
