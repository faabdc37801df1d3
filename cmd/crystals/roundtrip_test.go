package main

import (
	"bytes"
	"crypto/hpke"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/x509ext"
)

// TestStdlibReadsOurFiles checks the binary's output with the standard
// library: crypto/x509 parses the seed-form keys and verifies the chain,
// crypto/mldsa verifies the signatures, crypto/hpke seals to our ML-KEM
// certificate and the binary opens it.
func TestStdlibReadsOurFiles(t *testing.T) {
	dir := t.TempDir()
	testPKI(t, dir)
	der, err := x509ext.DecodePEM(readFile(t, filepath.Join(dir, "server.key")), "PRIVATE KEY")
	if err != nil {
		t.Fatal(err)
	}
	key, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		t.Fatalf("crypto/x509 does not read the seed-form key: %v", err)
	}
	std, isStd := key.(*mldsa.PrivateKey)
	if !isStd {
		t.Fatalf("crypto/x509 returned %T", key)
	}
	root, _ := x509ext.ParseCertificatesPEM(readFile(t, filepath.Join(dir, "root", "ca.crt")))
	inter, _ := x509ext.ParseCertificatesPEM(readFile(t, filepath.Join(dir, "issuing", "ca.crt")))
	leaf, err := x509ext.ParseCertificatesPEM(readFile(t, filepath.Join(dir, "server.crt")))
	if err != nil {
		t.Fatal(err)
	}
	roots, inters := x509.NewCertPool(), x509.NewCertPool()
	roots.AddCert(root[0])
	inters.AddCert(inter[0])
	if _, err := leaf[0].Verify(x509.VerifyOptions{Roots: roots, Intermediates: inters, DNSName: "example.com"}); err != nil {
		t.Errorf("crypto/x509 does not verify the chain: %v", err)
	}
	if !std.PublicKey().Equal(leaf[0].PublicKey) {
		t.Error("the certificate does not hold the key")
	}
	msg := []byte("checked by crypto/mldsa")
	writeFile(t, filepath.Join(dir, "msg"), msg)
	ok(t, dir, "sign", "--key", "server.key", "--in", "msg", "--context", "ctx", "--out", "msg.sig")
	if err := mldsa.Verify(std.PublicKey(), msg, readFile(t, filepath.Join(dir, "msg.sig")), &mldsa.Options{Context: "ctx"}); err != nil {
		t.Errorf("crypto/mldsa rejects the signature: %v", err)
	}
	// And the other way: crypto/mldsa signs, the binary verifies.
	sig, err := std.Sign(nil, msg, &mldsa.Options{Context: "std"})
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "std.sig"), sig)
	ok(t, dir, "verify", "--key", "server.crt", "--in", "msg", "--sig", "std.sig", "--context", "std")

	// A KEM certificate: crypto/hpke seals to its key, the binary opens.
	ok(t, dir, "key", "generate", "--alg", "ML-KEM-768", "--out", "kem.pem", "--pub", "kem.pub")
	ok(t, dir, "ca", "issue", "--dir", "issuing", "--csr", "server.csr", "--profile", "kem", "--kem-key", "kem.pub", "--out", "kem.crt")
	kc, _ := x509ext.ParseCertificatesPEM(readFile(t, filepath.Join(dir, "kem.crt")))
	pub, err := x509ext.ParsePKIXPublicKey(kc[0].RawSubjectPublicKeyInfo)
	if err != nil {
		t.Fatal(err)
	}
	hpub, err := hpke.MLKEM768().NewPublicKey(pub.(*kem.EncapsulationKey768).Bytes())
	if err != nil {
		t.Fatal(err)
	}
	sealed, err := hpke.Seal(hpub, hpke.HKDFSHA256(), hpke.AES128GCM(), []byte("info"), []byte("sealed by crypto/hpke"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "std.hpke"), sealed)
	ok(t, dir, "hpke", "open", "--key", "kem.pem", "--in", "std.hpke", "--out", "std.txt", "--info", "info")
	if got := string(readFile(t, filepath.Join(dir, "std.txt"))); got != "sealed by crypto/hpke" {
		t.Errorf("hpke open: %q", got)
	}
}

// TestOurBinaryReadsStdlibFiles has the binary read what the standard
// library writes: an ML-DSA PKCS#8 key from crypto/x509 and a root
// certificate it created and signed with that key.
func TestOurBinaryReadsStdlibFiles(t *testing.T) {
	dir := t.TempDir()
	key, err := mldsa.GenerateKey(mldsa.MLDSA87())
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "std.key"), x509ext.EncodePEM("PRIVATE KEY", der))
	if out := ok(t, dir, "key", "inspect", "std.key"); !strings.Contains(out, "ML-DSA-87") || !strings.Contains(out, "Form:         seed") {
		t.Errorf("key inspect of crypto/x509's key:\n%s", out)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "Stdlib Root"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
	certDER, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "std.crt"), x509ext.EncodePEM("CERTIFICATE", certDER))
	// The binary runs a CA on the standard library's certificate and key.
	if err := os.Mkdir(filepath.Join(dir, "ca"), 0o700); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"ca.crt": readFile(t, filepath.Join(dir, "std.crt")), "ca.key": readFile(t, filepath.Join(dir, "std.key")), "index.txt": nil, "crlnumber": []byte("1\n")} {
		writeFile(t, filepath.Join(dir, "ca", name), data)
	}
	ok(t, dir, "key", "generate", "--alg", "ML-DSA-44", "--out", "leaf.key")
	ok(t, dir, "csr", "create", "--key", "leaf.key", "--subject", "CN=leaf", "--dns", "leaf.test", "--out", "leaf.csr")
	ok(t, dir, "ca", "issue", "--dir", "ca", "--csr", "leaf.csr", "--out", "leaf.crt")
	if out := ok(t, dir, "cert", "verify", "leaf.crt", "--roots", "std.crt", "--dns", "leaf.test"); !strings.Contains(out, "CN=Stdlib Root") {
		t.Errorf("cert verify:\n%s", out)
	}
}

// TestRoundTrips runs the binary against itself: every KEM, HPKE with every
// KEM it has, every signature variant, encryption and form conversions,
// revocation state, file modes and --force.
func TestRoundTrips(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "pw"), []byte("pw1\n"))
	writeFile(t, filepath.Join(dir, "pw2"), []byte("pw2\n"))
	writeFile(t, filepath.Join(dir, "msg"), []byte("round trip"))
	for _, alg := range []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024", "X-Wing"} {
		ok(t, dir, "key", "generate", "--alg", alg, "--out", alg+".pem", "--pub", alg+".pub", "--password-file", "pw")
		ok(t, dir, "kem", "encapsulate", "--key", alg+".pub", "--out", alg+".ct", "--secret", alg+".ss1")
		ok(t, dir, "kem", "decapsulate", "--key", alg+".pem", "--password-file", "pw", "--in", alg+".ct", "--secret", alg+".ss2")
		if !bytes.Equal(readFile(t, filepath.Join(dir, alg+".ss1")), readFile(t, filepath.Join(dir, alg+".ss2"))) {
			t.Errorf("%s: secrets differ", alg)
		}
		if alg == "ML-KEM-512" {
			fails(t, dir, exitFailure, "HPKE has no KEM for ML-KEM-512", "hpke", "seal", "--key", alg+".pub", "--in", "msg", "--out", alg+".hpke")
			continue
		}
		ok(t, dir, "hpke", "seal", "--key", alg+".pub", "--in", "msg", "--out", alg+".hpke", "--aead", "ChaCha20-Poly1305")
		ok(t, dir, "hpke", "open", "--key", alg+".pem", "--password-file", "pw", "--in", alg+".hpke", "--out", alg+".txt", "--aead", "ChaCha20-Poly1305")
		if string(readFile(t, filepath.Join(dir, alg+".txt"))) != "round trip" {
			t.Errorf("%s: HPKE round trip failed", alg)
		}
		fails(t, dir, exitFailure, "opening "+alg+".hpke", "hpke", "open", "--key", alg+".pem", "--password-file", "pw", "--in", alg+".hpke", "--out", alg+".bad", "--info", "other")
	}
	if out := ok(t, dir, "key", "inspect", "X-Wing.pub"); !strings.Contains(out, "Public key file") || !strings.Contains(out, "Algorithm:    X-Wing") || !strings.Contains(out, "1216 bytes") {
		t.Errorf("key inspect of a PUBLIC KEY file:\n%s", out)
	}
	if out := ok(t, dir, "key", "inspect", "X-Wing.pem", "--password-file", "pw"); !strings.Contains(out, "Form:         raw seed") {
		t.Errorf("key inspect of an X-Wing key:\n%s", out)
	}
	for _, f := range []string{"ML-KEM-768.pem", "ML-KEM-768.ss1"} {
		fi, err := os.Stat(filepath.Join(dir, f))
		if err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: mode %v, want 0600 (%v)", f, fi.Mode().Perm(), err)
		}
	}

	ok(t, dir, "key", "generate", "--alg", "ML-DSA-87", "--form", "both", "--out", "sig.pem")
	for _, variant := range [][]string{nil, {"--context", "c"}, {"--hash", "SHA-512"}, {"--hash", "SHAKE128"}, {"--hash", "sha3-256", "--context", "c"}} {
		ok(t, dir, append([]string{"sign", "--key", "sig.pem", "--in", "msg", "--out", "v.sig", "--force"}, variant...)...)
		ok(t, dir, append([]string{"verify", "--key", "sig.pem", "--in", "msg", "--sig", "v.sig"}, variant...)...)
		if variant != nil {
			fails(t, dir, exitFailure, "signature verification failed", "verify", "--key", "sig.pem", "--in", "msg", "--sig", "v.sig")
		}
	}
	writeFile(t, filepath.Join(dir, "mu"), bytes.Repeat([]byte{7}, 64))
	ok(t, dir, "sign", "--key", "sig.pem", "--in", "mu", "--mu", "--out", "mu.sig")
	ok(t, dir, "verify", "--key", "sig.pem", "--in", "mu", "--mu", "--sig", "mu.sig")
	fails(t, dir, exitFailure, "--mu input must be 64 bytes", "sign", "--key", "sig.pem", "--in", "msg", "--mu", "--out", "x.sig")

	// Conversions keep the key: both → seed → expanded → encrypted → plain.
	pub := ok(t, dir, "key", "public", "sig.pem")
	ok(t, dir, "key", "convert", "sig.pem", "--form", "seed", "--out", "seed.pem")
	ok(t, dir, "key", "convert", "seed.pem", "--form", "expanded", "--out", "exp.pem")
	ok(t, dir, "key", "convert", "exp.pem", "--form", "expanded", "--out", "exp-enc.pem", "--new-password-file", "pw")
	ok(t, dir, "key", "convert", "exp-enc.pem", "--form", "expanded", "--out", "exp-enc2.pem", "--password-file", "pw")
	fails(t, dir, exitFailure, "wrong password", "key", "inspect", "exp-enc2.pem", "--password-file", "pw2")
	ok(t, dir, "key", "convert", "exp-enc2.pem", "--form", "expanded", "--password-file", "pw", "--decrypt", "--out", "plain.pem")
	for _, f := range []string{"seed.pem", "exp.pem", "plain.pem"} {
		if got := ok(t, dir, "key", "public", f); got != pub {
			t.Errorf("%s holds another key", f)
		}
	}
	if out := ok(t, dir, "key", "inspect", "exp.pem"); !strings.Contains(out, "Form:         expandedKey") || !strings.Contains(out, "Expanded key: 4896 bytes") {
		t.Errorf("key inspect exp.pem:\n%s", out)
	}
}
