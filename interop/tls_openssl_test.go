package interop

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/crystals-go/crystals/internal/openssltest"
)

// waitForLine reads r until a line matches re or the deadline passes, and
// returns the submatches; everything read is appended to log.
func waitForLine(t *testing.T, r *bufio.Reader, re *regexp.Regexp, log *strings.Builder, within time.Duration) []string {
	t.Helper()
	found := make(chan []string, 1)
	go func() {
		for {
			line, err := r.ReadString('\n')
			log.WriteString(line)
			if m := re.FindStringSubmatch(line); m != nil {
				found <- m
				return
			}
			if err != nil {
				found <- nil
				return
			}
		}
	}()
	select {
	case m := <-found:
		if m == nil {
			t.Fatalf("output ended before a line matching %q:\n%s", re, log.String())
		}
		return m
	case <-time.After(within):
		t.Fatalf("no line matching %q within %v:\n%s", re, within, log.String())
	}
	return nil
}

// TestOpenSSLServerDemoClient: openssl s_server with an OpenSSL-made ML-DSA
// chain and only X25519MLKEM768; the demo's client connects and verifies.
func TestOpenSSLServerDemoClient(t *testing.T) {
	ossl := openssltest.Get(t)
	t.Logf("using %s", ossl.Version)
	dir := t.TempDir()
	ossl.Run(t, dir, "genpkey", "-algorithm", "ML-DSA-87", "-out", "root.key")
	ossl.Run(t, dir, "req", "-x509", "-new", "-key", "root.key", "-subj", "/CN=OpenSSL test root", "-days", "2",
		"-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign", "-out", "root.pem")
	ossl.Run(t, dir, "genpkey", "-algorithm", "ML-DSA-65", "-out", "leaf.key")
	ossl.Run(t, dir, "req", "-new", "-key", "leaf.key", "-subj", "/CN=localhost", "-out", "leaf.csr")
	ext := "subjectAltName=DNS:localhost,IP:127.0.0.1\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n"
	if err := os.WriteFile(filepath.Join(dir, "ext.cnf"), []byte(ext), 0o644); err != nil {
		t.Fatal(err)
	}
	ossl.Run(t, dir, "x509", "-req", "-in", "leaf.csr", "-CA", "root.pem", "-CAkey", "root.key", "-days", "2",
		"-extfile", "ext.cnf", "-out", "leaf.pem")

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	srv := ossl.Command(ctx, dir, "s_server", "-accept", "127.0.0.1:0", "-cert", "leaf.pem", "-key", "leaf.key",
		"-tls1_3", "-groups", "X25519MLKEM768", "-rev")
	stdout, err := srv.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	srv.Stderr = srv.Stdout
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { srv.Process.Kill(); srv.Wait() }()
	var log strings.Builder
	m := waitForLine(t, bufio.NewReader(stdout), regexp.MustCompile(`ACCEPT (127\.0\.0\.1:\d+)`), &log, 30*time.Second)
	addr := m[1]

	out, err := exec.CommandContext(ctx, demoBin, "-connect", addr, "-ca", filepath.Join(dir, "root.pem"), "-mtls=false").CombinedOutput()
	if err != nil {
		t.Fatalf("demo client against openssl s_server: %v\n%s", err, out)
	}
	t.Logf("demo client:\n%s", out)
	for _, want := range []string{
		"TLS 1.3", "key exchange X25519MLKEM768",
		`verified "localhost": ML-DSA-65 key, signed with ML-DSA-87 by "OpenSSL test root"`,
		reverse("hello from the crystals client"),
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("demo client output lacks %q", want)
		}
	}
}

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// TestDemoServerOpenSSLClient: the demo's server with a crystals chain (and
// mutual TLS); openssl s_client offers only X25519MLKEM768 and ML-DSA-65,
// verifies the chain against the demo's root, presents the demo's client
// certificate and key (PKCS#8 written by crystals), and exchanges data.
func TestDemoServerOpenSSLClient(t *testing.T) {
	ossl := openssltest.Get(t)
	t.Logf("using %s", ossl.Version)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	demo := exec.CommandContext(ctx, demoBin, "-serve", "127.0.0.1:0", "-out", dir)
	demoOut, err := demo.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	demo.Stderr = os.Stderr
	if err := demo.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { demo.Process.Kill(); demo.Wait() }()
	var demoLog strings.Builder
	demoReader := bufio.NewReader(demoOut)
	m := waitForLine(t, demoReader, regexp.MustCompile(` on (127\.0\.0\.1:\d+);`), &demoLog, 30*time.Second)
	addr := m[1]

	cli := ossl.Command(ctx, dir, "s_client", "-connect", addr, "-servername", "localhost",
		"-groups", "X25519MLKEM768", "-sigalgs", "mldsa65:mldsa44", "-CAfile", "root.pem",
		"-cert", "client.pem", "-cert_chain", "intermediate.pem", "-key", "client-key.pem", "-verify_return_error", "-verify_hostname", "localhost")
	stdin, err := cli.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	cliOut, err := cli.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cli.Stderr = cli.Stdout
	if err := cli.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cli.Process.Kill(); cli.Wait() }()
	var cliLog strings.Builder
	r := bufio.NewReader(cliOut)
	// s_client prints the negotiated group, then the verification result.
	waitForLine(t, r, regexp.MustCompile(`Negotiated TLS1.3 group: X25519MLKEM768`), &cliLog, 30*time.Second)
	waitForLine(t, r, regexp.MustCompile(`^Verification: OK`), &cliLog, 30*time.Second)
	if _, err := io.WriteString(stdin, "hello from openssl\n"); err != nil {
		t.Fatal(err)
	}
	waitForLine(t, r, regexp.MustCompile(`crystals server echoes: hello from openssl`), &cliLog, 30*time.Second)
	for _, line := range strings.Split(cliLog.String(), "\n") {
		for _, key := range []string{"Peer signature type", "Negotiated TLS1.3 group", "Verification:", "Protocol:", "echoes"} {
			if strings.Contains(line, key) {
				t.Logf("openssl s_client: %s", strings.TrimSpace(line))
			}
		}
	}
	if !strings.Contains(cliLog.String(), "Peer signature type: mldsa65") {
		t.Errorf("s_client output does not name ML-DSA-65 as the server's signature type")
	}
	stdin.Close()

	// Ctrl-C: the demo server shuts down cleanly and says so.
	if err := demo.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	waitForLine(t, demoReader, regexp.MustCompile(`server stopped`), &demoLog, 30*time.Second)
	if err := demo.Wait(); err != nil {
		t.Errorf("demo server exit after interrupt: %v\n%s", err, demoLog.String())
	}
}
