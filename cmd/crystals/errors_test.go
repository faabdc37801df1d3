package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestErrors checks that every failure exits non-zero with one line on
// stderr that says what went wrong.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	testPKI(t, dir)
	writeFile(t, filepath.Join(dir, "pw"), []byte("right\n"))
	writeFile(t, filepath.Join(dir, "wrongpw"), []byte("wrong\n"))
	writeFile(t, filepath.Join(dir, "empty"), nil)
	ok(t, dir, "key", "generate", "--alg", "ML-DSA-65", "--out", "enc.pem", "--password-file", "pw")
	ok(t, dir, "key", "generate", "--alg", "ML-KEM-768", "--form", "expanded", "--out", "expanded.pem", "--pub", "kem.pub")
	ok(t, dir, "ca", "init", "--dir", "other", "--name", "Unrelated Root")
	key := readFile(t, filepath.Join(dir, "server.key"))
	writeFile(t, filepath.Join(dir, "truncated.pem"), key[:len(key)/2])
	corrupted := append([]byte(nil), key...)
	corrupted[40] ^= 0x01 // inside the base64 of the key
	writeFile(t, filepath.Join(dir, "corrupted.pem"), corrupted)
	cert := readFile(t, filepath.Join(dir, "server.crt"))
	writeFile(t, filepath.Join(dir, "truncated.crt"), cert[:len(cert)-200])
	writeFile(t, filepath.Join(dir, "msg"), []byte("message"))
	ok(t, dir, "sign", "--key", "server.key", "--in", "msg", "--out", "msg.sig")
	sig := readFile(t, filepath.Join(dir, "msg.sig"))
	sig[100] ^= 1
	writeFile(t, filepath.Join(dir, "bad.sig"), sig)
	writeFile(t, filepath.Join(dir, "short.ct"), []byte("too short"))
	ok(t, dir, "crl", "create", "--dir", "issuing", "--out", "clean.crl")
	out := ok(t, dir, "cert", "verify", "server.crt", "--roots", "root/ca.crt", "--intermediates", "issuing/ca.crt", "--crl", "clean.crl")
	if !strings.Contains(out, "not revoked: CRL clean.crl (number 1") {
		t.Errorf("cert verify --crl before revocation:\n%s", out)
	}
	ok(t, dir, "ca", "revoke", "--dir", "issuing", "--cert", "server.crt", "--reason", "keyCompromise")
	ok(t, dir, "crl", "create", "--dir", "issuing", "--out", "issuing.crl")
	ok(t, dir, "crl", "create", "--dir", "other", "--out", "other.crl")
	writeFile(t, filepath.Join(dir, "random.bin"), []byte{0x30, 0x0b, 0x16, 0x09, 'n', 'o', 't', ' ', 'a', ' ', 'k', 'e', 'y'})

	cases := []struct {
		name string
		code int
		want string
		args []string
	}{
		{"unknown algorithm", exitUsage, `unknown algorithm "RSA-2048"`, []string{"key", "generate", "--alg", "RSA-2048", "--out", "x.pem"}},
		{"unknown form", exitUsage, `unknown key form "raw"`, []string{"key", "generate", "--form", "raw", "--out", "x.pem"}},
		{"X-Wing form", exitUsage, "X-Wing keys have one PKCS#8 form", []string{"key", "generate", "--alg", "X-Wing", "--form", "both", "--out", "x.pem"}},
		{"existing file", exitFailure, "server.key already exists (use --force to overwrite)", []string{"key", "generate", "--out", "server.key"}},
		{"no password", exitUsage, "needs a password: give --password-file", []string{"key", "inspect", "enc.pem"}},
		{"wrong password", exitFailure, "wrong password or corrupted data", []string{"key", "inspect", "enc.pem", "--password-file", "wrongpw"}},
		{"empty password file", exitFailure, "password file empty is empty", []string{"key", "inspect", "enc.pem", "--password-file", "empty"}},
		{"truncated key", exitFailure, "truncated.pem: truncated or corrupted PEM", []string{"key", "inspect", "truncated.pem"}},
		{"corrupted key", exitFailure, "corrupted.pem", []string{"key", "inspect", "corrupted.pem"}},
		{"random bytes", exitFailure, "random.bin: not a valid private key: malformed DER (the file is corrupted, truncated or of another kind)", []string{"key", "inspect", "random.bin"}},
		{"empty file", exitFailure, "empty is empty", []string{"cert", "inspect", "empty"}},
		{"missing file", exitFailure, "reading nothere.pem: no such file or directory", []string{"key", "inspect", "nothere.pem"}},
		{"truncated certificate", exitFailure, "truncated.crt: truncated or corrupted PEM", []string{"cert", "inspect", "truncated.crt"}},
		{"key as certificate", exitFailure, `server.key holds a "PRIVATE KEY" PEM block, not a CERTIFICATE`, []string{"cert", "inspect", "server.key"}},
		{"expanded to seed", exitFailure, "has no seed", []string{"key", "convert", "expanded.pem", "--form", "seed", "--out", "seed.pem"}},
		{"expired certificate", exitFailure, "has expired", []string{"cert", "verify", "server.crt", "--roots", "root/ca.crt", "--intermediates", "issuing/ca.crt", "--dns", "example.com", "--time", "2099-01-01"}},
		{"not yet valid", exitFailure, "is not valid yet", []string{"cert", "verify", "server.crt", "--roots", "root/ca.crt", "--intermediates", "issuing/ca.crt", "--time", "2001-01-01"}},
		{"wrong root", exitFailure, "no chain from", []string{"cert", "verify", "server.crt", "--roots", "other/ca.crt", "--intermediates", "issuing/ca.crt"}},
		{"missing intermediate", exitFailure, "no chain from", []string{"cert", "verify", "server.crt", "--roots", "root/ca.crt"}},
		{"wrong host name", exitFailure, "wrong.example", []string{"cert", "verify", "server.crt", "--roots", "root/ca.crt", "--intermediates", "issuing/ca.crt", "--dns", "wrong.example"}},
		{"wrong key usage", exitFailure, "does not allow the extended key usage", []string{"cert", "verify", "server.crt", "--roots", "root/ca.crt", "--intermediates", "issuing/ca.crt", "--usage", "client"}},
		{"revoked", exitFailure, "is revoked by CRL issuing.crl", []string{"cert", "verify", "server.crt", "--roots", "root/ca.crt", "--intermediates", "issuing/ca.crt", "--crl", "issuing.crl"}},
		{"CRL of another CA", exitFailure, "CRL other.crl", []string{"cert", "verify", "server.crt", "--roots", "root/ca.crt", "--intermediates", "issuing/ca.crt", "--crl", "other.crl"}},
		{"CRL expired", exitFailure, "CRL issuing.crl is not current", []string{"cert", "verify", "server.crt", "--roots", "root/ca.crt", "--intermediates", "issuing/ca.crt", "--crl", "issuing.crl", "--time", time.Now().Add(30 * 24 * time.Hour).Format(time.RFC3339)}},
		{"bad signature", exitFailure, "signature verification failed", []string{"verify", "--key", "server.crt", "--in", "msg", "--sig", "bad.sig"}},
		{"wrong context", exitFailure, "signature verification failed", []string{"verify", "--key", "server.key", "--in", "msg", "--sig", "msg.sig", "--context", "x"}},
		{"unknown hash", exitUsage, `unknown --hash "MD5"`, []string{"sign", "--key", "server.key", "--in", "msg", "--hash", "MD5", "--out", "x.sig"}},
		{"sign with KEM key", exitFailure, "sign needs an ML-DSA key", []string{"sign", "--key", "expanded.pem", "--in", "msg", "--out", "x.sig"}},
		{"short ciphertext", exitFailure, "decapsulating short.ct", []string{"kem", "decapsulate", "--key", "expanded.pem", "--in", "short.ct", "--secret", "x.ss"}},
		{"encapsulate to ML-DSA", exitFailure, "not an ML-KEM or X-Wing key", []string{"kem", "encapsulate", "--key", "server.crt", "--out", "x.ct", "--secret", "x.ss"}},
		{"CA dir missing", exitFailure, "nodir is not a CA directory", []string{"ca", "issue", "--dir", "nodir", "--csr", "server.csr", "--out", "x.crt"}},
		{"CA exists", exitFailure, "root already holds a CA", []string{"ca", "init", "--dir", "root", "--name", "Again"}},
		{"KEM CA", exitUsage, "a CA needs a signature algorithm", []string{"ca", "init", "--dir", "kemca", "--name", "K", "--alg", "ML-KEM-768"}},
		{"path length", exitFailure, "path length", []string{"ca", "issue", "--dir", "issuing", "--csr", "server.csr", "--profile", "ca", "--out", "sub.crt"}},
		{"unknown profile", exitUsage, `unknown profile "web"`, []string{"ca", "issue", "--dir", "issuing", "--csr", "server.csr", "--profile", "web", "--out", "x.crt"}},
		{"KEM profile without key", exitUsage, "--profile kem needs --kem-key", []string{"ca", "issue", "--dir", "issuing", "--csr", "server.csr", "--profile", "kem", "--out", "x.crt"}},
		{"CSR is a certificate", exitFailure, `not a CERTIFICATE REQUEST`, []string{"ca", "issue", "--dir", "issuing", "--csr", "server.crt", "--out", "x.crt"}},
		{"revoke unknown serial", exitFailure, "has not issued a certificate with serial ABCDEF", []string{"ca", "revoke", "--dir", "issuing", "ABCDEF"}},
		{"unknown reason", exitUsage, `unknown revocation reason "bored"`, []string{"ca", "revoke", "--dir", "issuing", "--cert", "server.crt", "--reason", "bored"}},
		{"bad validity", exitUsage, `--validity "ten years"`, []string{"ca", "issue", "--dir", "issuing", "--csr", "server.csr", "--validity", "ten years", "--out", "x.crt"}},
		{"bad subject", exitUsage, "is not ATTRIBUTE=value", []string{"csr", "create", "--key", "server.key", "--subject", "example.com", "--out", "x.csr"}},
		{"unknown command", exitUsage, `unknown command "frobnicate"`, []string{"frobnicate"}},
		{"unknown subcommand", exitUsage, `unknown command "explode" for "crystals key"`, []string{"key", "explode"}},
		{"missing subcommand", exitUsage, `"crystals ca" needs a command`, []string{"ca"}},
		{"unknown flag", exitUsage, "unknown flag: --colour", []string{"key", "inspect", "--colour", "server.key"}},
		{"missing argument", exitUsage, "takes one key file", []string{"key", "inspect"}},
		{"unknown group", exitUsage, `unknown --group "X25519"`, []string{"tls", "connect", "127.0.0.1:1", "--ca", "root/ca.crt", "--group", "X25519"}},
		{"connection refused", exitFailure, "connecting to 127.0.0.1:1", []string{"tls", "connect", "127.0.0.1:1", "--ca", "root/ca.crt"}},
		{"key does not match certificate", exitFailure, "does not match the certificate", []string{"tls", "serve", "--cert", "server.crt", "--key", "enc.pem", "--password-file", "pw"}},
		{"hpke wrong key kind", exitFailure, "not an ML-KEM or X-Wing key", []string{"hpke", "seal", "--key", "server.crt", "--in", "msg", "--out", "x.hpke"}},
		{"bench unknown algorithm", exitUsage, `unknown algorithm "SHA-1"`, []string{"bench", "--alg", "SHA-1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { fails(t, dir, c.code, c.want, c.args...) })
	}
	t.Logf("%d error cases", len(cases))
	for _, f := range []string{"x.pem", "x.crt", "x.csr", "x.sig", "x.ss", "seed.pem", "sub.crt"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("a failed command left %s behind", f)
		}
	}
}
