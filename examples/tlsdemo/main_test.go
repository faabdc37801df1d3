package main

import (
	"bytes"
	"context"
	"crypto/mldsa"
	"encoding/pem"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func defaultOptions() options {
	return options{group: "X25519MLKEM768", level: 65, n: 4, mtls: true, out: "unused", verify: verifyX509ext}
}

// TestDemo runs the no-flag demonstration with a small burst and checks the
// report names what was negotiated and verified.
func TestDemo(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), defaultOptions(), &out); err != nil {
		t.Fatalf("demo: %v\n%s", err, out.String())
	}
	t.Log(out.String())
	for _, want := range []string{
		"protocol        TLS 1.3",
		"key exchange    X25519MLKEM768",
		"server signed   MLDSA65",
		"client signed   MLDSA44",
		`"crystals demo root (ML-DSA-87)": ML-DSA-87 key, signed with ML-DSA-87`,
		`"crystals demo intermediate (ML-DSA-65)": ML-DSA-65 key, signed with ML-DSA-87`,
		`round trip      "crystals server echoes: hello, post-quantum world"`,
		"crystals keys, x509ext.Verify    4 handshakes",
		"crystals keys, crypto/tls verify 4 handshakes",
		"crypto/mldsa keys                4 handshakes",
		"the standard library's rate",
		"chain 1 verified by the client (x509ext.Verify",
		"the server verified the client's chain to the same root (x509ext.Verify",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

func TestGroupsAndLevels(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: one group is enough")
	}
	for _, g := range []string{"SecP256r1MLKEM768", "SecP384r1MLKEM1024", "MLKEM1024"} {
		for _, level := range []int{44, 87} {
			o := defaultOptions()
			o.group, o.level, o.n = g, level, 0
			var out bytes.Buffer
			if err := run(context.Background(), o, &out); err != nil {
				t.Fatalf("-group %s -level %d: %v", g, level, err)
			}
			if !strings.Contains(out.String(), "key exchange    "+g) {
				t.Errorf("-group %s: report says\n%s", g, out.String())
			}
		}
	}
}

func TestBadFlags(t *testing.T) {
	for _, tc := range []struct {
		edit func(*options)
		want string
	}{
		{func(o *options) { o.group = "X25519" }, `unknown group "X25519"`},
		{func(o *options) { o.level = 66 }, "unknown ML-DSA level 66"},
		{func(o *options) { o.n = -1 }, "burst size"},
		{func(o *options) { o.verify = "openssl" }, `unknown -verify "openssl"`},
		{func(o *options) { o.connect = "127.0.0.1:1" }, "-connect needs -ca"},
		{func(o *options) { o.connect, o.serve = "127.0.0.1:1", "127.0.0.1:0" }, "exclusive"},
	} {
		o := defaultOptions()
		tc.edit(&o)
		err := run(context.Background(), o, new(bytes.Buffer))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("got error %v, want one containing %q", err, tc.want)
		}
	}
}

// TestUnreachablePeer: a closed port is reported as unreachable.
func TestUnreachablePeer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now

	ca := filepath.Join(t.TempDir(), "root.pem")
	p, err := newPKI(stdlibKeys, levelMust(t, 44), []string{"localhost"})
	if err != nil {
		t.Fatal(err)
	}
	if err := writePKI(filepath.Dir(ca), p); err != nil {
		t.Fatal(err)
	}
	o := defaultOptions()
	o.connect, o.ca, o.mtls = addr, ca, false
	err = run(context.Background(), o, new(bytes.Buffer))
	if err == nil || !strings.Contains(err.Error(), "cannot reach") {
		t.Fatalf("got %v, want a 'cannot reach' error", err)
	}
}

// TestServeConnect runs -serve and -connect against each other with mutual
// TLS, a client that trusts the wrong root (the client refuses), and a client
// certificate from another PKI (the server refuses), then stops the server.
func TestServeConnect(t *testing.T) {
	dir := t.TempDir()
	addr, _, stop := startServe(t, dir)

	co := defaultOptions()
	co.connect, co.ca, co.out = addr, filepath.Join(dir, "root.pem"), dir
	var out bytes.Buffer
	if err := run(context.Background(), co, &out); err != nil {
		t.Fatalf("-connect with mTLS: %v", err)
	}
	if !strings.Contains(out.String(), "crystals server echoes: hello from the crystals client") {
		t.Errorf("-connect output:\n%s", out.String())
	}

	// A root the server's chain does not lead to: the client refuses.
	other := t.TempDir()
	p, err := newPKI(stdlibKeys, levelMust(t, 44), []string{"localhost"})
	if err != nil {
		t.Fatal(err)
	}
	if err := writePKI(other, p); err != nil {
		t.Fatal(err)
	}
	co2 := co
	co2.ca = filepath.Join(other, "root.pem")
	if err := run(context.Background(), co2, new(bytes.Buffer)); err == nil || !strings.Contains(err.Error(), "client refused the server's certificate") {
		t.Errorf("wrong root: got %v", err)
	}

	// A client certificate from the other PKI: the server refuses it.
	co3 := co
	co3.out = other
	if err := run(context.Background(), co3, new(bytes.Buffer)); err == nil || !strings.Contains(err.Error(), "server at "+addr) || !strings.Contains(err.Error(), "our client certificate") {
		t.Errorf("foreign client certificate: got %v", err)
	}

	if err := stop(); err != nil {
		t.Fatalf("-serve: %v", err)
	}
}

// startServe runs -serve on a free loopback port, writing its PKI to dir,
// and waits until it listens. stop cancels it and returns run's result; it
// fails the test if the server has not stopped within ten seconds, and runs
// at the end of the test if the test has not called it.
func startServe(t *testing.T, dir string) (addr string, out *syncWriter, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr = ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	so := defaultOptions()
	so.serve, so.out = addr, dir
	out = &syncWriter{w: new(bytes.Buffer)}
	done := make(chan error, 1)
	go func() { done <- run(ctx, so, out) }()
	var once sync.Once
	var result error
	stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case result = <-done:
			case <-time.After(10 * time.Second):
				result = errors.New("-serve did not stop after cancellation")
			}
		})
		return result
	}
	t.Cleanup(func() { stop() })
	waitForFile(t, filepath.Join(dir, "client-key.pem"))
	waitForListener(t, addr)
	return addr, out, stop
}

func levelMust(t *testing.T, level int) (p paramsT) {
	t.Helper()
	p, err := levelParams(level)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func waitForFile(t *testing.T, path string) {
	t.Helper()
	for i := 0; i < 200; i++ {
		if _, err := os.Stat(path); err == nil {
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("%s never appeared", path)
}

func waitForListener(t *testing.T, addr string) {
	t.Helper()
	for i := 0; i < 200; i++ {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
		time.Sleep(25 * time.Millisecond)
	}
	t.Fatalf("nothing listens on %s", addr)
}

type paramsT = mldsa.Parameters

// syncWriter serialises writes from the server goroutine.
type syncWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// TestConnectWithoutClientCertificate: -connect to a server that asks for no
// client certificate works without -serve's files unless -mtls is given.
func TestConnectWithoutClientCertificate(t *testing.T) {
	o := serveWithoutMTLS(t, "localhost", "127.0.0.1")
	var out bytes.Buffer
	if err := run(context.Background(), o, &out); err != nil {
		t.Fatalf("-connect without client files: %v", err)
	}
	if !strings.Contains(out.String(), "connecting without one") || !strings.Contains(out.String(), "crystals server echoes") {
		t.Errorf("output:\n%s", out.String())
	}
	o.mtlsSet = true
	if err := run(context.Background(), o, new(bytes.Buffer)); err == nil || !strings.Contains(err.Error(), "-mtls needs the client certificate") {
		t.Errorf("-mtls given without client files: got %v", err)
	}
}

func pemCert(der []byte) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}
