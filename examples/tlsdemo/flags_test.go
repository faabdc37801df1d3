package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"flag"
	"io"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crystals-go/crystals/internal/openssltest"
)

// TestParseFlags: -h describes the demo, positional arguments are refused,
// -servername and -mtls are read.
func TestParseFlags(t *testing.T) {
	var help bytes.Buffer
	if _, err := parseFlags([]string{"-h"}, &help); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v", err)
	}
	for _, want := range []string{"builds a post-quantum PKI", "crypto/hpke", "-serve 127.0.0.1:8443", "-servername", "-mtls"} {
		if !strings.Contains(help.String(), want) {
			t.Errorf("-h output lacks %q:\n%s", want, help.String())
		}
	}

	var errOut bytes.Buffer
	if _, err := parseFlags([]string{"-n", "5", "serve"}, &errOut); err == nil || !strings.Contains(err.Error(), `unexpected argument "serve"`) {
		t.Errorf("positional argument: %v", err)
	}
	if !strings.Contains(errOut.String(), "unexpected argument") {
		t.Errorf("the refusal is not printed: %q", errOut.String())
	}
	if _, err := parseFlags([]string{"-nope"}, io.Discard); err == nil {
		t.Error("unknown flag accepted")
	}

	o, err := parseFlags([]string{"-connect", "127.0.0.1:1", "-ca", "root.pem", "-servername", "example.test", "-mtls=false"}, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if o.serverName != "example.test" || o.mtls || !o.mtlsSet || o.connect != "127.0.0.1:1" {
		t.Errorf("parsed %+v", o)
	}
	if o, _ := parseFlags(nil, io.Discard); o.mtlsSet || !o.mtls || o.n != 200 || o.progress != nil {
		t.Errorf("defaults %+v", o)
	}
}

// TestProgressOnlyToATerminal: the burst's \r progress goes to o.progress
// only; the report never carries a carriage return, and a file is not a
// terminal.
func TestProgressOnlyToATerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: TestDemo covers the burst")
	}
	o := defaultOptions()
	o.n = 10
	var out, progress bytes.Buffer
	o.progress = &progress
	if err := run(context.Background(), o, &out); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "\r") {
		t.Error("the report contains a carriage return")
	}
	if !strings.Contains(progress.String(), "\r  crystals keys, x509ext.Verify      10/10") {
		t.Errorf("progress: %q", progress.String())
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("a regular file counts as a terminal")
	}
}

// serveWithoutMTLS starts a server for a fresh PKI naming names, asking for
// no client certificate, until the test ends; it returns -connect options
// that trust its root.
func serveWithoutMTLS(t *testing.T, names ...string) options {
	t.Helper()
	p, err := newPKI(stdlibKeys, levelMust(t, 44), names)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "root.pem"), pemCert(p.root.cert.Raw), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	srv, err := startServer(ctx, "127.0.0.1:0", serverConfig(p, groups["X25519MLKEM768"], false, nil))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.close)
	o := defaultOptions()
	o.connect, o.ca, o.out = srv.addr(), filepath.Join(dir, "root.pem"), t.TempDir()
	return o
}

// TestServerNameFlag: -servername chooses the name the client verifies.
func TestServerNameFlag(t *testing.T) {
	o := serveWithoutMTLS(t, "localhost")
	o.mtls = false
	ctx := context.Background()
	// The certificate names only localhost, not 127.0.0.1.
	if err := run(ctx, o, io.Discard); err == nil || !strings.Contains(err.Error(), "refused the server's certificate") {
		t.Errorf("without -servername: %v", err)
	}
	o.serverName = "localhost"
	var out bytes.Buffer
	if err := run(ctx, o, &out); err != nil {
		t.Fatalf("-servername localhost: %v", err)
	}
	// -verify stdlib: crypto/tls checks the chain, and says so.
	std := o
	std.verify = verifyStdlib
	var stdOut bytes.Buffer
	if err := run(ctx, std, &stdOut); err != nil || !strings.Contains(stdOut.String(), "chain checked by crypto/tls") || !strings.Contains(stdOut.String(), "verified \"localhost\"") {
		t.Errorf("-verify stdlib: %v\n%s", err, stdOut.String())
	}
	o.serverName = "other.test"
	if err := run(ctx, o, io.Discard); err == nil || !strings.Contains(err.Error(), "other.test") {
		t.Errorf("-servername other.test: %v", err)
	}
}

// TestDescribeKey: the chain report names classical keys, not "unknown".
func TestDescribeKey(t *testing.T) {
	ec, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	rk, _ := rsa.GenerateKey(rand.Reader, 2048)
	_, ed, _ := ed25519.GenerateKey(rand.Reader)
	for want, key := range map[string]crypto.Signer{"ECDSA P-384 key": ec, "RSA 2048-bit key": rk, "Ed25519 key": ed} {
		tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "c"}, NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour)}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := x509.ParseCertificate(der)
		if got := describeCert(c); !strings.Contains(got, want) {
			t.Errorf("%s: %s", want, got)
		}
	}
}

// dialEcho completes a TLS handshake with the demo server at addr and one
// echo, and returns the connection and its reader.
func dialEcho(t *testing.T, addr string, cfg *tls.Config, timeout time.Duration) (*tls.Conn, *bufio.Reader, error) {
	t.Helper()
	d := tls.Dialer{Config: cfg}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	nc, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, nil, err
	}
	c := nc.(*tls.Conn)
	c.SetDeadline(time.Now().Add(timeout))
	r := bufio.NewReader(c)
	if _, err := io.WriteString(c, "ping\n"); err != nil {
		c.Close()
		return nil, nil, err
	}
	if line, err := r.ReadString('\n'); err != nil || line != "crystals server echoes: ping\n" {
		c.Close()
		return nil, nil, errors.Join(err, errors.New("echo: "+line))
	}
	c.SetDeadline(time.Time{})
	return c, r, nil
}

// TestEchoServerLimits: a line longer than maxLine closes the connection
// with a message, and over the connection cap new clients wait until a slot
// is free.
func TestEchoServerLimits(t *testing.T) {
	p, err := newPKI(crystalsKeys, levelMust(t, 44), []string{"localhost"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv, err := startServerLimit(ctx, "127.0.0.1:0", serverConfig(p, tls.X25519MLKEM768, false, nil), 2)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.close()
	cfg := clientConfig(p.roots, "localhost", tls.X25519MLKEM768, nil, nil)

	first, r, err := dialEcho(t, srv.addr(), cfg, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	first.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := first.Write(append(bytes.Repeat([]byte("a"), maxLine+1), '\n')); err != nil {
		t.Fatal(err)
	}
	if line, _ := r.ReadString('\n'); !strings.Contains(line, "line longer than 4096 bytes") {
		t.Errorf("over-long line: got %q", line)
	}
	if _, err := r.ReadString('\n'); err == nil {
		t.Error("connection still open after an over-long line")
	}
	first.Close()

	a, _, err := dialEcho(t, srv.addr(), cfg, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := dialEcho(t, srv.addr(), cfg, 30*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if c, _, err := dialEcho(t, srv.addr(), cfg, 2*time.Second); err == nil {
		c.Close()
		t.Fatal("a third connection was served over a cap of two")
	}
	a.Close()
	c, _, err := dialEcho(t, srv.addr(), cfg, 30*time.Second)
	if err != nil {
		t.Fatalf("no slot after a connection closed: %v", err)
	}
	c.Close()
}

// TestSClientHint runs the openssl s_client command -serve prints, with
// mutual TLS (the default), and reads the server's echo through it.
func TestSClientHint(t *testing.T) {
	if !strings.Contains(sClientHint("a:1", tls.X25519MLKEM768, "d", false), "-CAfile d/root.pem") ||
		strings.Contains(sClientHint("a:1", tls.X25519MLKEM768, "d", false), "-cert ") {
		t.Error("hint without -mtls")
	}
	ossl := openssltest.Get(t)
	_, serveOut, _ := startServe(t, t.TempDir())

	var hint string
	for i := 0; i < 400 && hint == ""; i++ {
		for _, line := range strings.Split(serveOut.String(), "\n") {
			if rest, ok := strings.CutPrefix(line, "try: openssl "); ok {
				hint = rest
			}
		}
		time.Sleep(25 * time.Millisecond)
	}
	if !strings.Contains(hint, "-cert ") || !strings.Contains(hint, "-key ") || !strings.Contains(hint, "-cert_chain ") {
		t.Fatalf("hint %q lacks the client certificate flags", hint)
	}
	runCtx, stop := context.WithTimeout(context.Background(), 2*time.Minute)
	defer stop()
	cmd := ossl.Command(runCtx, "", strings.Fields(hint)...)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Process.Kill(); cmd.Wait() }()
	io.WriteString(stdin, "hello from s_client\n")
	found := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "crystals server echoes: hello from s_client") {
				found <- true
				return
			}
		}
		found <- false
	}()
	select {
	case ok := <-found:
		if !ok {
			t.Fatalf("s_client ended without the echo; stderr:\n%s", stderr.String())
		}
	case <-runCtx.Done():
		t.Fatalf("no echo through s_client; stderr:\n%s", stderr.String())
	}
	t.Logf("openssl %s: echo received", hint)
}

// String returns what was written so far.
func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.String()
}
