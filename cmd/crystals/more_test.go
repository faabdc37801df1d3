package main

import (
	"bytes"
	"crypto/mlkem"
	"crypto/x509"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/crystals-go/crystals/internal/openssltest"
	"github.com/crystals-go/crystals/x509ext"
)

// TestPanicIsOneLine checks the last-resort recovery: a command that panics
// still ends as one line on stderr and exit code 1.
func TestPanicIsOneLine(t *testing.T) {
	var stdout, stderr bytes.Buffer
	root := newRootCmd(&env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr})
	root.AddCommand(&cobra.Command{Use: "boom", RunE: func(*cobra.Command, []string) error { panic("index out of range\nwith a second line") }})
	if code := execute(root, []string{"boom"}, &stderr); code != exitFailure {
		t.Errorf("exit code %d", code)
	}
	if got := stderr.String(); got != "crystals: internal error: index out of range; with a second line\n" {
		t.Errorf("stderr %q", got)
	}
	stderr.Reset()
	root.AddCommand(&cobra.Command{Use: "fail", RunE: func(*cobra.Command, []string) error { return errors.New("first\nsecond") }})
	if code := execute(root, []string{"fail"}, &stderr); code != exitFailure || stderr.String() != "crystals: first; second\n" {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// TestVersion checks --version, which go install users ask first.
func TestVersion(t *testing.T) {
	out := ok(t, t.TempDir(), "--version")
	if !strings.HasPrefix(out, "crystals ") || !strings.Contains(out, "go1.") {
		t.Errorf("--version printed %q", out)
	}
}

// TestNoOverwrite checks --force and that private outputs never follow a
// symbolic link.
func TestNoOverwrite(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	writeFile(t, target, []byte("precious"))
	if err := os.Symlink(target, filepath.Join(dir, "link.pem")); err != nil {
		t.Fatal(err)
	}
	fails(t, dir, exitFailure, "link.pem already exists (use --force to overwrite)", "key", "generate", "--out", "link.pem")
	ok(t, dir, "key", "generate", "--out", "link.pem", "--force")
	if string(readFile(t, target)) != "precious" {
		t.Error("key generate --force wrote through a symbolic link")
	}
	fi, err := os.Lstat(filepath.Join(dir, "link.pem"))
	if err != nil || fi.Mode()&os.ModeSymlink != 0 || fi.Mode().Perm() != 0o600 {
		t.Errorf("link.pem: %v %v", fi.Mode(), err)
	}
	first := readFile(t, filepath.Join(dir, "link.pem"))
	ok(t, dir, "key", "generate", "--out", "link.pem", "--force")
	if bytes.Equal(first, readFile(t, filepath.Join(dir, "link.pem"))) {
		t.Error("--force did not replace the key")
	}
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	fails(t, dir, exitFailure, "d is a directory", "key", "generate", "--out", "d", "--force")
	// Standard output is an output too.
	if out := ok(t, dir, "key", "generate", "--alg", "ml-kem-512", "--out", "-"); !strings.HasPrefix(out, "-----BEGIN PRIVATE KEY-----") {
		t.Errorf("--out - wrote %q", out)
	}
}

// TestPasswordPrompt drives the no-echo prompt through a pseudo-terminal
// (util-linux script), for generation (asked twice) and for reading.
func TestPasswordPrompt(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("no script(1) to give the binary a terminal")
	}
	dir := t.TempDir()
	run := func(input, cmdline string) string {
		cmd := exec.Command(script, "-qec", binary+" "+cmdline, "/dev/null")
		cmd.Dir = dir
		cmd.Stdin = strings.NewReader(input)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", cmdline, err, out)
		}
		return string(out)
	}
	out := run("s3cret\ns3cret\n", "key generate --alg ML-DSA-44 --out k.pem --encrypt")
	// The terminal echoes input typed ahead of the prompt; the program
	// itself must not print the password after it.
	_, afterPrompt, found := strings.Cut(out, "Password for the new key: ")
	if !found || !strings.Contains(afterPrompt, "Again: ") || strings.Contains(afterPrompt, "s3cret") {
		t.Errorf("prompt output %q", out)
	}
	writeFile(t, filepath.Join(dir, "pw"), []byte("s3cret\n"))
	ok(t, dir, "key", "inspect", "k.pem", "--password-file", "pw")
	if out := run("s3cret\n", "key inspect k.pem"); !strings.Contains(out, "Encrypted:    yes") {
		t.Errorf("key inspect with a prompted password: %q", out)
	}
	cmd := exec.Command(script, "-qec", binary+" key generate --out k2.pem --encrypt", "/dev/null")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader("one\ntwo\n")
	out2, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out2), "crystals: the passwords do not match") {
		t.Errorf("mismatched passwords: %v %q", err, out2)
	}
}

// TestCAProfiles covers name overrides, name constraints, X-Wing KEM
// certificates, double revocation and what the standard library makes of
// the CSR, the CRL and an ML-KEM ciphertext.
func TestCAProfiles(t *testing.T) {
	dir := t.TempDir()
	ok(t, dir, "ca", "init", "--dir", "corp", "--name", "Corp CA", "--alg", "ML-DSA-65", "--permit-dns", "example.com", "--validity", "2y")
	ok(t, dir, "key", "generate", "--alg", "ML-DSA-44", "--out", "k.pem")
	ok(t, dir, "csr", "create", "--key", "k.pem", "--subject", "/CN=www/O=Example", "--dns", "www.example.com", "--out", "k.csr")
	ok(t, dir, "ca", "issue", "--dir", "corp", "--csr", "k.csr", "--dns", "api.example.com,cdn.example.com", "--out", "api.crt")
	out := ok(t, dir, "cert", "inspect", "api.crt")
	if !strings.Contains(out, "DNS:api.example.com, DNS:cdn.example.com") || strings.Contains(out, "www.example.com") || !strings.Contains(out, "CN=www,O=Example") {
		t.Errorf("--dns did not replace the CSR's names:\n%s", out)
	}
	fails(t, dir, exitFailure, "evil.org", "ca", "issue", "--dir", "corp", "--csr", "k.csr", "--dns", "evil.org", "--out", "evil.crt")
	if out := ok(t, dir, "cert", "inspect", "corp/ca.crt"); !strings.Contains(out, "Name Constraints:    permitted example.com") {
		t.Errorf("the CA has no name constraint:\n%s", out)
	}

	ok(t, dir, "key", "generate", "--alg", "X-Wing", "--out", "xw.pem", "--pub", "xw.pub")
	ok(t, dir, "ca", "issue", "--dir", "corp", "--csr", "k.csr", "--profile", "kem", "--kem-key", "xw.pub", "--out", "xw.crt")
	out = ok(t, dir, "cert", "inspect", "xw.crt")
	if !strings.Contains(out, "Subject Public Key:  X-Wing (1216 bytes") || !strings.Contains(out, "Key Usage:           keyEncipherment") {
		t.Errorf("X-Wing certificate:\n%s", out)
	}
	writeFile(t, filepath.Join(dir, "msg"), []byte("to the X-Wing certificate"))
	ok(t, dir, "hpke", "seal", "--key", "xw.crt", "--in", "msg", "--out", "msg.hpke")
	ok(t, dir, "hpke", "open", "--key", "xw.pem", "--in", "msg.hpke", "--out", "msg.out")
	if string(readFile(t, filepath.Join(dir, "msg.out"))) != "to the X-Wing certificate" {
		t.Error("HPKE to the X-Wing certificate failed")
	}
	ok(t, dir, "ca", "revoke", "--dir", "corp", "--cert", "api.crt", "--reason", "superseded")
	fails(t, dir, exitFailure, "is already revoked (superseded)", "ca", "revoke", "--dir", "corp", "--cert", "api.crt")
	ok(t, dir, "crl", "create", "--dir", "corp", "--out", "corp.crl")
	ok(t, dir, "crl", "create", "--dir", "corp", "--out", "corp2.crl")
	if n := strings.TrimSpace(string(readFile(t, filepath.Join(dir, "corp", "crlnumber")))); n != "3" {
		t.Errorf("crlnumber is %s after two CRLs", n)
	}
	index := string(readFile(t, filepath.Join(dir, "corp", "index.txt")))
	if strings.Count(index, "\n") != 2 || !strings.Contains(index, "\tsuperseded\t") {
		t.Errorf("index.txt:\n%s", index)
	}

	// The standard library's view of the same files.
	csrDER, _ := x509ext.DecodePEM(readFile(t, filepath.Join(dir, "k.csr")), "CERTIFICATE REQUEST")
	csr, err := x509.ParseCertificateRequest(csrDER)
	if err != nil {
		t.Fatal(err)
	}
	if err := csr.CheckSignature(); err != nil {
		t.Errorf("crypto/x509 rejects the CSR's ML-DSA signature: %v", err)
	}
	crlDER, _ := x509ext.DecodePEM(readFile(t, filepath.Join(dir, "corp2.crl")), "X509 CRL")
	crl, err := x509.ParseRevocationList(crlDER)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509ext.ParseCertificatesPEM(readFile(t, filepath.Join(dir, "corp", "ca.crt")))
	if err := crl.CheckSignatureFrom(ca[0]); err != nil {
		t.Errorf("crypto/x509 rejects the CRL: %v", err)
	}
	api, _ := x509ext.ParseCertificatesPEM(readFile(t, filepath.Join(dir, "api.crt")))
	if len(crl.RevokedCertificateEntries) != 1 || crl.RevokedCertificateEntries[0].SerialNumber.Cmp(api[0].SerialNumber) != 0 || crl.Number.Int64() != 2 {
		t.Errorf("CRL entries %+v, number %v", crl.RevokedCertificateEntries, crl.Number)
	}

	ok(t, dir, "key", "generate", "--alg", "ML-KEM-1024", "--out", "kem.pem", "--pub", "kem.pub")
	ok(t, dir, "kem", "encapsulate", "--key", "kem.pub", "--out", "kem.ct", "--secret", "kem.ss")
	lk, err := (&env{}).loadPrivateKey(filepath.Join(dir, "kem.pem"), "")
	if err != nil {
		t.Fatal(err)
	}
	std, err := mlkem.NewDecapsulationKey1024(lk.info.Seed)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := std.Decapsulate(readFile(t, filepath.Join(dir, "kem.ct")))
	if err != nil || !bytes.Equal(ss, readFile(t, filepath.Join(dir, "kem.ss"))) {
		t.Errorf("crypto/mlkem decapsulates another secret: %v", err)
	}
}

// TestOpenSSLDER reads OpenSSL's DER files: a key, a certificate and a CSR.
func TestOpenSSLDER(t *testing.T) {
	o := openssltest.Get(t)
	dir := t.TempDir()
	o.Run(t, dir, "genpkey", "-algorithm", "ML-DSA-65", "-outform", "DER", "-out", "k.der")
	o.Run(t, dir, "req", "-x509", "-new", "-key", "k.der", "-subj", "/CN=DER Root", "-days", "3", "-outform", "DER", "-out", "c.der")
	o.Run(t, dir, "req", "-new", "-key", "k.der", "-subj", "/CN=der.example", "-addext", "subjectAltName=DNS:der.example", "-outform", "DER", "-out", "r.der")
	if out := ok(t, dir, "key", "inspect", "k.der"); !strings.Contains(out, "Form:         both") {
		t.Errorf("key inspect k.der:\n%s", out)
	}
	if out := ok(t, dir, "cert", "inspect", "c.der"); !strings.Contains(out, "CN=DER Root") {
		t.Errorf("cert inspect c.der:\n%s", out)
	}
	o.Run(t, dir, "pkey", "-in", "k.der", "-pubout", "-outform", "DER", "-out", "p.der")
	if out := ok(t, dir, "key", "inspect", "p.der"); !strings.Contains(out, "Public key file") || !strings.Contains(out, "1952 bytes") {
		t.Errorf("key inspect p.der:\n%s", out)
	}
	writeFile(t, filepath.Join(dir, "pw"), []byte("der password\n"))
	o.Run(t, dir, "pkcs8", "-topk8", "-in", "k.der", "-v2", "aes-256-cbc", "-passout", "file:pw", "-outform", "DER", "-out", "enc.der")
	if out := ok(t, dir, "key", "inspect", "enc.der", "--password-file", "pw"); !strings.Contains(out, "Encrypted:    yes") {
		t.Errorf("key inspect enc.der:\n%s", out)
	}
	if got, want := ok(t, dir, "key", "public", "k.der"), string(o.Run(t, dir, "pkey", "-in", "k.der", "-pubout")); got != want {
		t.Errorf("key public k.der:\n%s\nwant\n%s", got, want)
	}
	if got, want := ok(t, dir, "key", "public", "c.der"), string(o.Run(t, dir, "pkey", "-in", "k.der", "-pubout")); got != want {
		t.Errorf("key public c.der:\n%s", got)
	}
	ok(t, dir, "ca", "init", "--dir", "ca", "--name", "CA")
	ok(t, dir, "ca", "issue", "--dir", "ca", "--csr", "r.der", "--out", "leaf.crt")
	ok(t, dir, "cert", "verify", "leaf.crt", "--roots", "ca/ca.crt", "--dns", "der.example")
}
