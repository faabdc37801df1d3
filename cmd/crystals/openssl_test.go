package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/openssltest"
)

// TestOpenSSLReadsOurFiles has OpenSSL 3.5 read and check everything the
// binary writes: keys of every algorithm in every form, plain and encrypted;
// a root → intermediate → leaf chain; a CSR; a CRL; signatures with and
// without a context and of an external μ; a KEM ciphertext.
func TestOpenSSLReadsOurFiles(t *testing.T) {
	o := openssltest.Get(t)
	dir := t.TempDir()
	t.Logf("%s", o.Version)

	n := 0
	for _, a := range algorithms {
		forms := []string{"seed", "both", "expanded"}
		if a.seedOnly {
			forms = []string{"seed"}
		}
		for _, form := range forms {
			if a.name == "X-Wing" {
				continue // OpenSSL 3.5 has no X-Wing
			}
			file := a.name + "-" + form + ".pem"
			ok(t, dir, "key", "generate", "--alg", a.name, "--form", form, "--out", file, "--pub", file+".pub")
			text := string(o.Run(t, dir, "pkey", "-in", file, "-noout", "-text"))
			if !strings.Contains(text, a.name) {
				t.Errorf("openssl pkey -text of %s does not name %s:\n%.300s", file, a.name, text)
			}
			if form != "expanded" && !strings.Contains(text, "seed:") {
				t.Errorf("openssl sees no seed in %s", file)
			}
			// The public key OpenSSL derives is the one we wrote.
			pub := o.Run(t, dir, "pkey", "-in", file, "-pubout")
			if !bytes.Equal(pub, readFile(t, filepath.Join(dir, file+".pub"))) {
				t.Errorf("%s: OpenSSL derives another public key", file)
			}
			n++
		}
	}
	t.Logf("OpenSSL read %d key files", n)

	writeFile(t, filepath.Join(dir, "pw"), []byte("correct horse\n"))
	ok(t, dir, "key", "generate", "--alg", "ML-DSA-87", "--out", "enc.pem", "--password-file", "pw")
	if !strings.Contains(string(readFile(t, filepath.Join(dir, "enc.pem"))), "ENCRYPTED PRIVATE KEY") {
		t.Fatal("enc.pem is not encrypted")
	}
	o.Run(t, dir, "pkey", "-in", "enc.pem", "-passin", "file:pw", "-noout")

	testPKI(t, dir)
	text := string(o.Run(t, dir, "x509", "-in", "server.crt", "-text", "-noout"))
	for _, want := range []string{"ML-DSA-65", "ML-DSA-44", "DNS:example.com", "IP Address:127.0.0.1", "TLS Web Server Authentication", "CA:FALSE"} {
		if !strings.Contains(text, want) {
			t.Errorf("openssl x509 -text of server.crt lacks %q", want)
		}
	}
	o.Run(t, dir, "x509", "-in", "root/ca.crt", "-text", "-noout")
	out := string(o.Run(t, dir, "verify", "-CAfile", "root/ca.crt", "-untrusted", "issuing/ca.crt", "-verify_hostname", "example.com", "server.crt"))
	if !strings.Contains(out, "server.crt: OK") {
		t.Errorf("openssl verify: %s", out)
	}
	o.Run(t, dir, "req", "-in", "server.csr", "-verify", "-noout")

	ok(t, dir, "ca", "revoke", "--dir", "issuing", "--cert", "server.crt", "--reason", "keyCompromise")
	ok(t, dir, "crl", "create", "--dir", "issuing", "--out", "issuing.crl")
	crl := string(o.Run(t, dir, "crl", "-in", "issuing.crl", "-CAfile", "issuing/ca.crt", "-verify", "-noout", "-text"))
	if !strings.Contains(crl, "Key Compromise") || !strings.Contains(crl, "ML-DSA-65") {
		t.Errorf("openssl crl does not show the revocation:\n%s", crl)
	}
	// OpenSSL now refuses the revoked leaf.
	if _, err := o.RunInput(dir, nil, "verify", "-crl_check", "-CAfile", "root/ca.crt", "-untrusted", "issuing/ca.crt", "-CRLfile", "issuing.crl", "server.crt"); err == nil || !strings.Contains(err.Error(), "revoked") {
		t.Errorf("openssl verify -crl_check of the revoked leaf: %v", err)
	}

	writeFile(t, filepath.Join(dir, "msg"), []byte("a message to sign\n"))
	ok(t, dir, "key", "public", "server.key", "--out", "server.pub")
	ok(t, dir, "sign", "--key", "server.key", "--in", "msg", "--out", "msg.sig")
	o.Run(t, dir, "pkeyutl", "-verify", "-pubin", "-inkey", "server.pub", "-rawin", "-in", "msg", "-sigfile", "msg.sig")
	ok(t, dir, "sign", "--key", "server.key", "--in", "msg", "--context", "release", "--deterministic", "--out", "ctx.sig")
	o.Run(t, dir, "pkeyutl", "-verify", "-pubin", "-inkey", "server.pub", "-rawin", "-in", "msg", "-sigfile", "ctx.sig", "-pkeyopt", "context-string:release")
	if _, err := o.RunInput(dir, nil, "pkeyutl", "-verify", "-pubin", "-inkey", "server.pub", "-rawin", "-in", "msg", "-sigfile", "ctx.sig"); err == nil {
		t.Error("OpenSSL verified a context signature without the context")
	}
	o.Run(t, dir, "pkeyutl", "-verify", "-pubin", "-inkey", "server.crt", "-certin", "-rawin", "-in", "msg", "-sigfile", "msg.sig")
	// External μ: OpenSSL's mu:1 takes the 64-byte μ as its input too.
	writeFile(t, filepath.Join(dir, "mu"), bytes.Repeat([]byte{0x5a}, 64))
	ok(t, dir, "sign", "--key", "server.key", "--in", "mu", "--mu", "--out", "mu.sig")
	o.Run(t, dir, "pkeyutl", "-verify", "-pubin", "-inkey", "server.pub", "-rawin", "-in", "mu", "-sigfile", "mu.sig", "-pkeyopt", "mu:1")
	if _, err := o.RunInput(dir, nil, "pkeyutl", "-verify", "-pubin", "-inkey", "server.pub", "-rawin", "-in", "mu", "-sigfile", "mu.sig"); err == nil {
		t.Error("OpenSSL verified a μ signature as a signature of the μ bytes")
	}

	for _, alg := range []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"} {
		ok(t, dir, "kem", "encapsulate", "--key", alg+"-seed.pem.pub", "--out", alg+".ct", "--secret", alg+".ss")
		o.Run(t, dir, "pkeyutl", "-decap", "-inkey", alg+"-seed.pem", "-in", alg+".ct", "-secret", alg+".ss.openssl")
		if !bytes.Equal(readFile(t, filepath.Join(dir, alg+".ss")), readFile(t, filepath.Join(dir, alg+".ss.openssl"))) {
			t.Errorf("%s: OpenSSL decapsulates another secret", alg)
		}
	}
}

// TestOurBinaryReadsOpenSSLFiles has the binary read and check what OpenSSL
// 3.5 writes: its default ("both") ML-DSA and ML-KEM keys, an encrypted key,
// a self-signed ML-DSA CA, a CSR, signatures (with a context, of an external
// μ) and KEM ciphertexts.
func TestOurBinaryReadsOpenSSLFiles(t *testing.T) {
	o := openssltest.Get(t)
	dir := t.TempDir()
	for _, alg := range []string{"ML-DSA-44", "ML-DSA-65", "ML-DSA-87", "ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"} {
		file := "openssl-" + alg + ".pem"
		o.Run(t, dir, "genpkey", "-algorithm", alg, "-out", file)
		out := ok(t, dir, "key", "inspect", file)
		if !strings.Contains(out, "Form:         both") || !strings.Contains(out, alg) {
			t.Errorf("key inspect of OpenSSL's %s:\n%s", alg, out)
		}
		ok(t, dir, "key", "convert", file, "--form", "seed", "--out", alg+"-seed.pem")
		// Same key: OpenSSL derives the same public key from our seed file.
		if !bytes.Equal(o.Run(t, dir, "pkey", "-in", file, "-pubout"), o.Run(t, dir, "pkey", "-in", alg+"-seed.pem", "-pubout")) {
			t.Errorf("%s: the converted key is another key", alg)
		}
		if got := ok(t, dir, "key", "public", file); got != string(o.Run(t, dir, "pkey", "-in", file, "-pubout")) {
			t.Errorf("%s: key public differs from openssl pkey -pubout", alg)
		}
	}
	t.Logf("read 6 OpenSSL key files")

	writeFile(t, filepath.Join(dir, "pw"), []byte("openssl password\n"))
	o.Run(t, dir, "genpkey", "-algorithm", "ML-DSA-65", "-aes-256-cbc", "-pass", "file:pw", "-out", "enc.pem")
	if out := ok(t, dir, "key", "inspect", "enc.pem", "--password-file", "pw"); !strings.Contains(out, "Encrypted:    yes") {
		t.Errorf("key inspect of OpenSSL's encrypted key:\n%s", out)
	}

	// An OpenSSL root CA and a leaf it issued for an OpenSSL CSR: we inspect
	// and verify them, and our CA issues for the same CSR.
	o.Run(t, dir, "req", "-x509", "-new", "-key", "openssl-ML-DSA-87.pem", "-subj", "/CN=OpenSSL Root", "-days", "30",
		"-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign", "-out", "oroot.crt")
	o.Run(t, dir, "req", "-new", "-key", "openssl-ML-DSA-44.pem", "-subj", "/CN=leaf.example", "-addext", "subjectAltName=DNS:leaf.example", "-out", "leaf.csr")
	o.Run(t, dir, "x509", "-req", "-in", "leaf.csr", "-CA", "oroot.crt", "-CAkey", "openssl-ML-DSA-87.pem", "-days", "10", "-copy_extensions", "copyall",
		"-extfile", writeExt(t, dir, "extendedKeyUsage=serverAuth\nkeyUsage=digitalSignature\n"), "-out", "oleaf.crt")
	if out := ok(t, dir, "cert", "inspect", "oroot.crt"); !strings.Contains(out, "CN=OpenSSL Root") || !strings.Contains(out, "ML-DSA-87") {
		t.Errorf("cert inspect of OpenSSL's root:\n%s", out)
	}
	out := ok(t, dir, "cert", "verify", "oleaf.crt", "--roots", "oroot.crt", "--dns", "leaf.example")
	if !strings.Contains(out, "oleaf.crt: OK") || !strings.Contains(out, "CN=OpenSSL Root") {
		t.Errorf("cert verify of OpenSSL's chain:\n%s", out)
	}
	ok(t, dir, "ca", "init", "--dir", "ca", "--name", "Our CA")
	ok(t, dir, "ca", "issue", "--dir", "ca", "--csr", "leaf.csr", "--profile", "server", "--out", "ourleaf.crt")
	o.Run(t, dir, "verify", "-CAfile", "ca/ca.crt", "ourleaf.crt")

	writeFile(t, filepath.Join(dir, "msg"), []byte("signed by OpenSSL"))
	o.Run(t, dir, "pkeyutl", "-sign", "-inkey", "openssl-ML-DSA-65.pem", "-rawin", "-in", "msg", "-out", "msg.sig")
	if out := ok(t, dir, "verify", "--key", "openssl-ML-DSA-65.pem", "--in", "msg", "--sig", "msg.sig"); out != "Signature OK\n" {
		t.Errorf("verify printed %q", out)
	}
	o.Run(t, dir, "pkeyutl", "-sign", "-inkey", "openssl-ML-DSA-65.pem", "-rawin", "-in", "msg", "-out", "ctx.sig", "-pkeyopt", "context-string:ctx")
	ok(t, dir, "verify", "--key", "openssl-ML-DSA-65.pem", "--in", "msg", "--sig", "ctx.sig", "--context", "ctx")
	fails(t, dir, exitFailure, "signature verification failed", "verify", "--key", "openssl-ML-DSA-65.pem", "--in", "msg", "--sig", "ctx.sig")
	writeFile(t, filepath.Join(dir, "mu"), bytes.Repeat([]byte{0xa5}, 64))
	o.Run(t, dir, "pkeyutl", "-sign", "-inkey", "openssl-ML-DSA-65.pem", "-rawin", "-in", "mu", "-out", "mu.sig", "-pkeyopt", "mu:1")
	ok(t, dir, "verify", "--key", "openssl-ML-DSA-65.pem", "--in", "mu", "--mu", "--sig", "mu.sig")
	fails(t, dir, exitFailure, "signature verification failed", "verify", "--key", "openssl-ML-DSA-65.pem", "--in", "mu", "--sig", "mu.sig")

	for _, alg := range []string{"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"} {
		key := "openssl-" + alg + ".pem"
		o.Run(t, dir, "pkey", "-in", key, "-pubout", "-out", alg+".pub")
		o.Run(t, dir, "pkeyutl", "-encap", "-pubin", "-inkey", alg+".pub", "-out", alg+".ct", "-secret", alg+".ss")
		ok(t, dir, "kem", "decapsulate", "--key", key, "--in", alg+".ct", "--secret", alg+".ours")
		if !bytes.Equal(readFile(t, filepath.Join(dir, alg+".ss")), readFile(t, filepath.Join(dir, alg+".ours"))) {
			t.Errorf("%s: we decapsulate another secret than OpenSSL encapsulated", alg)
		}
	}
}

func writeExt(t *testing.T, dir, text string) string {
	t.Helper()
	f := filepath.Join(dir, "ext.cnf")
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}
