package main

import (
	"context"
	"crypto/mldsa"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"time"
)

// compareBursts times o.n full handshakes against the crystals server, then
// the same number against a server whose PKI uses crypto/mldsa keys, and
// prints both rates. Both servers sign with their leaf key and the client signs
// with its key (mTLS); certificate-chain verification is crypto/x509's in both.
func compareBursts(ctx context.Context, o options, group tls.CurveID, params mldsa.Parameters, crystalsPKI *pki, crystalsSrv *server, w io.Writer) error {
	fmt.Fprintf(w, "\nburst of %d full handshakes (sequential, new connection each, no resumption):\n", o.n)
	crystalsRate, err := burst(ctx, "crystals keys", crystalsSrv.addr(), crystalsPKI, group, o, w)
	if err != nil {
		return err
	}

	stdPKI, err := newPKI(stdlibKeys, params, []string{"localhost", "127.0.0.1"})
	if err != nil {
		return fmt.Errorf("building the PKI with crypto/mldsa keys: %w", err)
	}
	stdSrv, err := startServer(ctx, "127.0.0.1:0", serverConfig(stdPKI, group, o.mtls, nil))
	if err != nil {
		return err
	}
	defer stdSrv.close()
	stdRate, err := burst(ctx, "crypto/mldsa keys", stdSrv.addr(), stdPKI, group, o, w)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "  crystals signers: %.0f handshakes/s, %.2f× the standard library's rate\n", crystalsRate, crystalsRate/stdRate)
	return nil
}

// burst runs o.n handshakes against addr and returns handshakes per second.
func burst(ctx context.Context, label, addr string, p *pki, group tls.CurveID, o options, w io.Writer) (float64, error) {
	var clientPKI *pki
	if o.mtls {
		clientPKI = p
	}
	cfg := clientConfig(p.roots, "localhost", group, clientPKI, nil)
	d := tls.Dialer{NetDialer: &net.Dialer{Timeout: 5 * time.Second}, Config: cfg}
	start := time.Now()
	for i := 0; i < o.n; i++ {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		c, err := d.DialContext(hctx, "tcp", addr)
		cancel()
		if err != nil {
			return 0, fmt.Errorf("%s, handshake %d: %w", label, i+1, explainDialError(addr, err))
		}
		// A TLS 1.3 client finishes before the server has checked its
		// certificate; one byte of echo makes the server's side part of the
		// measured handshake.
		c.SetDeadline(time.Now().Add(10 * time.Second))
		_, err = c.Write([]byte("\n"))
		if err == nil {
			var b [64]byte
			_, err = c.Read(b[:])
		}
		c.Close()
		if err != nil {
			return 0, fmt.Errorf("%s, handshake %d: no answer from the server at %s (did it refuse the client certificate?): %w", label, i+1, addr, err)
		}
		if o.progress != nil && ((i+1)%10 == 0 || i+1 == o.n) {
			fmt.Fprintf(o.progress, "\r  %-18s %4d/%d", label, i+1, o.n)
		}
	}
	elapsed := time.Since(start)
	if o.progress != nil {
		fmt.Fprintf(o.progress, "\r%40s\r", "")
	}
	rate := float64(o.n) / elapsed.Seconds()
	fmt.Fprintf(w, "  %-18s %d handshakes in %v: %.0f handshakes/s\n", label, o.n, elapsed.Round(time.Millisecond), rate)
	return rate, nil
}
