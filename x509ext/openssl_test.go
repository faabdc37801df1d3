package x509ext

import (
	"bytes"
	"crypto"
	"crypto/mldsa"
	"crypto/mlkem"
	"crypto/rand"
	"crypto/x509"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crystals-go/crystals/internal/openssltest"
	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/kem"
)

// openssl35 returns a runner for OpenSSL 3.5 (internal/openssltest), which
// skips the test with the reason when the tool cannot run here (and fails it
// under CI, where the interop tests must run).
func openssl35(t *testing.T) func(args ...string) []byte {
	t.Helper()
	ossl := openssltest.Get(t)
	t.Logf("using %s", ossl.Version)
	return func(args ...string) []byte {
		t.Helper()
		return ossl.Run(t, "", args...)
	}
}

// toolPath is $OPENSSL35, or ../shared/tools/openssl35 beside the vectors.
func toolPath(t *testing.T) string {
	if tool := os.Getenv("OPENSSL35"); tool != "" {
		return tool
	}
	return filepath.Join(vectors.Dir(t), "..", "tools", "openssl35")
}

func writeFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

var opensslNames = []Algorithm{MLDSA44, MLDSA65, MLDSA87, MLKEM512, MLKEM768, MLKEM1024}

// TestOpenSSLKeysLoad: keys `openssl genpkey` writes (default "both" form,
// and password-encrypted) load here and derive the public key OpenSSL
// prints.
func TestOpenSSLKeysLoad(t *testing.T) {
	openssl := openssl35(t)
	for _, alg := range opensslNames {
		t.Run(alg.String(), func(t *testing.T) {
			dir := t.TempDir()
			keyPath := filepath.Join(dir, "key.pem")
			openssl("genpkey", "-algorithm", alg.String(), "-out", keyPath)
			keyPEM, _ := os.ReadFile(keyPath)
			pubDER := openssl("pkey", "-in", keyPath, "-pubout", "-outform", "DER")
			der, err := DecodePEM(keyPEM, "PRIVATE KEY")
			if err != nil {
				t.Fatal(err)
			}
			info, err := ParsePrivateKeyInfo(der)
			if err != nil {
				t.Fatal(err)
			}
			if info.Form != FormBoth {
				t.Errorf("OpenSSL wrote the %s form, expected both", info.Form)
			}
			pub, err := ParsePublicKeyInfo(pubDER)
			if err != nil {
				t.Fatal(err)
			}
			// The seed alone must give OpenSSL's public key.
			seedOnly, _ := info.inForm(FormSeed)
			derived, err := seedOnly.Check()
			if err != nil || !bytes.Equal(derived, pub.PublicKey) {
				t.Fatalf("public key from the seed differs from OpenSSL's (err %v)", err)
			}
			if _, err := info.Check(); err != nil {
				t.Fatalf("both-form consistency: %v", err)
			}
			// OpenSSL's other output forms load too and give the same key.
			param := "ml-dsa.output_formats"
			if !alg.isMLDSA() {
				param = "ml-kem.output_formats"
			}
			for format, want := range map[string]PrivateKeyForm{"seed-only": FormSeed, "priv-only": FormExpanded} {
				der := openssl("pkey", "-in", keyPath, "-provparam", param+"="+format, "-outform", "DER")
				other, err := ParsePrivateKeyInfo(der)
				if err != nil || other.Form != want {
					t.Fatalf("%s: %v (form %v)", format, err, other)
				}
				key, err := ParsePKCS8PrivateKey(der)
				if err != nil {
					t.Fatalf("%s: %v", format, err)
				}
				if again, _, _ := privateKeyInfoOf(key); again == nil {
					t.Fatalf("%s: %T is not a key this package encodes", format, key)
				}
				if got, err := other.Check(); err != nil || !bytes.Equal(got, pub.PublicKey) {
					t.Errorf("%s: another public key (err %v)", format, err)
				}
			}

			encPath := filepath.Join(dir, "enc.pem")
			openssl("genpkey", "-algorithm", alg.String(), "-aes-256-cbc", "-pass", "pass:correct horse", "-out", encPath)
			encPEM, _ := os.ReadFile(encPath)
			encDER, err := DecodePEM(encPEM, "ENCRYPTED PRIVATE KEY")
			if err != nil {
				t.Fatal(err)
			}
			plain, err := DecryptPKCS8PrivateKey(encDER, []byte("correct horse"))
			if err != nil {
				t.Fatal(err)
			}
			want := openssl("pkcs8", "-in", encPath, "-passin", "pass:correct horse", "-outform", "DER")
			if !bytes.Equal(plain, want) {
				t.Error("decrypted key differs from what OpenSSL decrypts")
			}
			if _, err := DecryptPKCS8PrivateKey(encDER, []byte("wrong")); err == nil {
				t.Error("wrong password accepted")
			}
		})
	}
}

// TestOpenSSLLoadsOurKeys: our seed-form, both-form and encrypted keys load
// in OpenSSL, which derives the same public key.
func TestOpenSSLLoadsOurKeys(t *testing.T) {
	openssl := openssl35(t)
	for _, alg := range opensslNames {
		t.Run(alg.String(), func(t *testing.T) {
			seed := make([]byte, alg.SeedSize())
			rand.Read(seed)
			info := &PrivateKeyInfo{Algorithm: alg, Form: FormSeed, Seed: seed}
			pub, err := info.Check()
			if err != nil {
				t.Fatal(err)
			}
			for _, form := range []PrivateKeyForm{FormSeed, FormExpanded, FormBoth} {
				out, err := info.inForm(form)
				if err != nil {
					t.Fatal(err)
				}
				der, err := out.Marshal()
				if err != nil {
					t.Fatal(err)
				}
				p := writeFile(t, "key.pem", EncodePEM("PRIVATE KEY", der))
				got, err := ParsePublicKeyInfo(openssl("pkey", "-in", p, "-pubout", "-outform", "DER"))
				if err != nil || !bytes.Equal(got.PublicKey, pub) {
					t.Errorf("%s form: OpenSSL derives another public key (err %v)", form, err)
				}
			}
			der, _ := info.Marshal()
			enc, err := EncryptPKCS8PrivateKey(rand.Reader, der, []byte("pw"), &EncryptOptions{Iterations: 1000})
			if err != nil {
				t.Fatal(err)
			}
			p := writeFile(t, "enc.pem", EncodePEM("ENCRYPTED PRIVATE KEY", enc))
			// OpenSSL re-encodes what it loads in its own default form, so
			// compare the public key it derives after decrypting.
			got, err := ParsePublicKeyInfo(openssl("pkey", "-in", p, "-passin", "pass:pw", "-pubout", "-outform", "DER"))
			if err != nil || !bytes.Equal(got.PublicKey, pub) {
				t.Errorf("OpenSSL decrypts our encrypted key to another key (err %v)", err)
			}
		})
	}
}

// TestOpenSSLVerifiesOurChain: OpenSSL verifies root -> intermediate ->
// {server, ML-KEM} certificates made by the CA toolkit, and parses the
// ML-KEM subject key.
func TestOpenSSLVerifiesOurChain(t *testing.T) {
	openssl := openssl35(t)
	pki := newTestPKI(t, mldsa.MLDSA87(), mldsa.MLDSA65(), nil)
	leafKey := mustMLDSA(t, mldsa.MLDSA44())
	server, err := pki.inter.IssueFromCSR(mustCSR(t, leafKey, "server", "www.example.com"), ProfileServer, nil)
	if err != nil {
		t.Fatal(err)
	}
	dk, _ := mlkem.GenerateKey1024()
	kemCert, err := pki.inter.IssueFromCSR(mustCSR(t, leafKey, "kem", "kem.example.com"), ProfileKEM, &IssueOptions{PublicKey: dk.EncapsulationKey()})
	if err != nil {
		t.Fatal(err)
	}
	root := writeFile(t, "root.pem", EncodePEM("CERTIFICATE", pki.root.Certificate.Raw))
	inter := writeFile(t, "inter.pem", EncodePEM("CERTIFICATE", pki.inter.Certificate.Raw))
	for _, leaf := range []*x509.Certificate{server, kemCert} {
		p := writeFile(t, "leaf.pem", EncodePEM("CERTIFICATE", leaf.Raw))
		out := openssl("verify", "-CAfile", root, "-untrusted", inter, p)
		if !strings.Contains(string(out), ": OK") {
			t.Errorf("%s: openssl verify: %s", leaf.Subject, out)
		}
	}
	crl, err := pki.inter.IssueCRL([]x509.RevocationListEntry{{SerialNumber: server.SerialNumber, RevocationTime: time.Now()}}, big.NewInt(1), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	crlPath := writeFile(t, "crl.pem", EncodePEM("X509 CRL", crl.Raw))
	if out, err := exec.Command(toolPath(t), "crl", "-in", crlPath, "-CAfile", inter, "-noout").CombinedOutput(); err != nil || !strings.Contains(string(out), "verify OK") {
		t.Errorf("openssl crl: %v: %s", err, out)
	}
	p := writeFile(t, "kem.pem", EncodePEM("CERTIFICATE", kemCert.Raw))
	spki := openssl("x509", "-in", p, "-pubkey", "-noout")
	pub, err := ParsePublicKeyPEM(spki)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(dk.EncapsulationKey().Bytes(), pub.(*kem.EncapsulationKey1024).Bytes()) {
		t.Error("OpenSSL reads another ML-KEM key from our certificate")
	}
}

// TestOpenSSLChainVerifiesHere: a chain made by OpenSSL (ML-DSA root, ML-KEM
// leaf through `openssl x509 -force_pubkey`) verifies with our Verify.
func TestOpenSSLChainVerifiesHere(t *testing.T) {
	openssl := openssl35(t)
	dir := t.TempDir()
	f := func(n string) string { return filepath.Join(dir, n) }
	openssl("genpkey", "-algorithm", "ML-DSA-65", "-out", f("ca.key"))
	openssl("req", "-x509", "-new", "-key", f("ca.key"), "-subj", "/CN=OpenSSL Root", "-days", "30", "-out", f("ca.pem"),
		"-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign")
	openssl("genpkey", "-algorithm", "ML-KEM-768", "-out", f("kem.key"))
	openssl("pkey", "-in", f("kem.key"), "-pubout", "-out", f("kem.pub"))
	openssl("genpkey", "-algorithm", "ML-DSA-44", "-out", f("req.key"))
	openssl("req", "-new", "-key", f("req.key"), "-subj", "/CN=kem leaf", "-out", f("req.csr"))
	os.WriteFile(f("ext.cnf"), []byte("keyUsage=critical,keyEncipherment\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n"), 0o600)
	openssl("x509", "-req", "-in", f("req.csr"), "-CA", f("ca.pem"), "-CAkey", f("ca.key"), "-force_pubkey", f("kem.pub"),
		"-days", "7", "-extfile", f("ext.cnf"), "-out", f("leaf.pem"))
	rootPEM, _ := os.ReadFile(f("ca.pem"))
	leafPEM, _ := os.ReadFile(f("leaf.pem"))
	roots, err := ParseCertificatesPEM(rootPEM)
	if err != nil {
		t.Fatal(err)
	}
	leaves, err := ParseCertificatesPEM(leafPEM)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Verify(leaves[0], VerifyOptions{Roots: roots, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("checks: %q", res.Checks)
	info, err := CertificatePublicKeyInfo(leaves[0])
	if err != nil || info.Algorithm != MLKEM768 {
		t.Fatalf("leaf key: %v %v", info, err)
	}
	// The root key loads here too, and matches the certificate.
	keyPEM, _ := os.ReadFile(f("ca.key"))
	key, err := ParsePrivateKeyPEM(keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		t.Fatalf("%T is not a crypto.Signer", key)
	}
	ca, err := LoadCA(roots[0], signer)
	if err != nil {
		t.Fatal(err)
	}
	// OpenSSL's ML-DSA-44 CSR verifies here, and our CA (on OpenSSL's key)
	// issues from it a certificate OpenSSL verifies.
	csrPEM, _ := os.ReadFile(f("req.csr"))
	csrDER, err := DecodePEM(csrPEM, "CERTIFICATE REQUEST")
	if err != nil {
		t.Fatal(err)
	}
	csr, err := x509.ParseCertificateRequest(csrDER)
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyCSR(csr); err != nil {
		t.Fatalf("OpenSSL's CSR: %v", err)
	}
	client, err := ca.IssueFromCSR(csr, ProfileClient, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := openssl("verify", "-CAfile", f("ca.pem"), writeFile(t, "client.pem", EncodePEM("CERTIFICATE", client.Raw)))
	if !strings.Contains(string(out), ": OK") {
		t.Errorf("openssl verify: %s", out)
	}
}
