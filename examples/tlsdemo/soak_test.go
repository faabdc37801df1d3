package main

import (
	"context"
	"crypto/mldsa"
	"crypto/tls"
	"fmt"
	"net"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSoak: 64 concurrent clients make 1000 mutual-TLS handshakes over
// X25519MLKEM768 to one server with crystals keys; none may fail, and no
// goroutine may outlive the server. CI runs it under -race.
func TestSoak(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the soak test runs in CI")
	}
	const clients, total = 64, 1000
	before := runtime.NumGoroutine()

	p, err := newPKI(crystalsKeys, mldsa.MLDSA65(), []string{"localhost"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	srv, err := startServer(ctx, "127.0.0.1:0", serverConfig(p, tls.X25519MLKEM768, true, nil))
	if err != nil {
		t.Fatal(err)
	}
	cfg := clientConfig(p.roots, "localhost", tls.X25519MLKEM768, p, nil)

	var next, failures atomic.Int64
	var firstErr sync.Once
	var wg sync.WaitGroup
	start := time.Now()
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= total && ctx.Err() == nil {
				if err := soakOnce(ctx, srv.addr(), cfg); err != nil {
					failures.Add(1)
					firstErr.Do(func() { t.Errorf("first failure: %v", err) })
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	srv.close()
	if n := failures.Load(); n != 0 {
		t.Fatalf("%d of %d handshakes failed", n, total)
	}
	t.Logf("%d handshakes from %d clients in %v (%.0f/s), 0 failures", total, clients, elapsed.Round(time.Millisecond), total/elapsed.Seconds())

	// Everything the server and clients started must be gone.
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after > before {
		buf := make([]byte, 1<<20)
		t.Fatalf("goroutine leak: %d before, %d after\n%s", before, after, buf[:runtime.Stack(buf, true)])
	}
}

func soakOnce(ctx context.Context, addr string, cfg *tls.Config) error {
	// Generous deadlines: under -race on a loaded 2-core machine one
	// handshake among 64 concurrent ones can take tens of seconds; the soak
	// asserts that none fails, not how fast each one is.
	d := tls.Dialer{NetDialer: &net.Dialer{Timeout: time.Minute}, Config: cfg}
	hctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	c, err := d.DialContext(hctx, "tcp", addr)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Minute))
	if _, err := c.Write([]byte("soak\n")); err != nil {
		return err
	}
	buf := make([]byte, 64)
	n, err := c.Read(buf)
	if err != nil {
		return err
	}
	if want := "crystals server echoes: soak\n"; string(buf[:n]) != want {
		return fmt.Errorf("reply %q, want %q", buf[:n], want)
	}
	return nil
}
