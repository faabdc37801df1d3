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

// burstRounds is how many rounds the burst is cut into: each round runs its
// share of the handshakes in every configuration in turn, so that a slow
// phase of a shared machine falls on all of them alike.
const burstRounds = 4

// burstCase is one configuration of the burst: a server and the client
// config that connects to it.
type burstCase struct {
	label   string
	addr    string
	client  *tls.Config
	elapsed time.Duration
	cpu     time.Duration // process CPU time, both sides; zero if unknown
	done    int
}

// compareBursts times o.n full handshakes (mTLS with -mtls) in each of three
// configurations, interleaved in rounds, and prints the rates: crystals keys
// with the peers' chains checked by x509ext.Verify, crystals keys with
// crypto/tls's own chain verification, and crypto/mldsa keys with crypto/tls's
// verification (the standard library alone). In all three crypto/tls checks
// the handshake signatures and runs the key exchange itself.
func compareBursts(ctx context.Context, o options, group tls.CurveID, params mldsa.Parameters, p *pki, w io.Writer) error {
	fmt.Fprintf(w, "\nburst of %d full handshakes per configuration (sequential, new connection each, no resumption, %d interleaved rounds):\n", o.n, burstRounds)
	stdPKI, err := newPKI(stdlibKeys, params, []string{"localhost", "127.0.0.1"})
	if err != nil {
		return fmt.Errorf("building the PKI with crypto/mldsa keys: %w", err)
	}
	configs := []struct {
		label  string
		p      *pki
		verify string
	}{
		{"crystals keys, x509ext.Verify", p, verifyX509ext},
		{"crystals keys, crypto/tls verify", p, verifyStdlib},
		{"crypto/mldsa keys", stdPKI, verifyStdlib},
	}
	var cases []*burstCase
	for _, c := range configs {
		srv, ccfg, err := startLoopback(ctx, c.p, group, o.mtls, c.verify, nil)
		if err != nil {
			return err
		}
		defer srv.close()
		cases = append(cases, &burstCase{label: c.label, addr: srv.addr(), client: ccfg})
	}
	for round := range burstRounds {
		count := o.n/burstRounds + btoi(round < o.n%burstRounds)
		for _, c := range cases {
			if err := c.run(ctx, count, o); err != nil {
				return err
			}
		}
	}
	if o.progress != nil {
		fmt.Fprintf(o.progress, "\r%60s\r", "")
	}
	rates := make([]float64, len(cases))
	cpuRates := make([]float64, len(cases))
	for i, c := range cases {
		rates[i] = float64(c.done) / c.elapsed.Seconds()
		fmt.Fprintf(w, "  %-32s %d handshakes in %v: %.0f handshakes/s", c.label, c.done, c.elapsed.Round(time.Millisecond), rates[i])
		if c.cpu > 0 {
			cpuRates[i] = float64(c.done) / c.cpu.Seconds()
			fmt.Fprintf(w, ", %.2f ms CPU each (client and server)", c.cpu.Seconds()*1000/float64(c.done))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "  crystals signers and x509ext.Verify: %.2f× the standard library's rate (%.2f× with crypto/tls's verification)\n", rates[0]/rates[2], rates[1]/rates[2])
	if cpuRates[0] > 0 && cpuRates[2] > 0 {
		fmt.Fprintf(w, "  by CPU time per handshake: %.2f× the standard library (%.2f× with crypto/tls's verification)\n", cpuRates[0]/cpuRates[2], cpuRates[1]/cpuRates[2])
	}
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// run makes count handshakes to c's server and adds their time to c.
func (c *burstCase) run(ctx context.Context, count int, o options) error {
	d := tls.Dialer{NetDialer: &net.Dialer{Timeout: 5 * time.Second}, Config: c.client}
	cpuStart, cpuOK := processCPU()
	start := time.Now()
	for range count {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		conn, err := d.DialContext(hctx, "tcp", c.addr)
		cancel()
		if err != nil {
			return fmt.Errorf("%s, handshake %d: %w", c.label, c.done+1, explainDialError(c.addr, err))
		}
		// A TLS 1.3 client finishes before the server has checked its
		// certificate; one byte of echo makes the server's side part of the
		// measured handshake.
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		_, err = conn.Write([]byte("\n"))
		if err == nil {
			var b [64]byte
			_, err = conn.Read(b[:])
		}
		conn.Close()
		if err != nil {
			return fmt.Errorf("%s, handshake %d: no answer from the server at %s (did it refuse the client certificate?): %w", c.label, c.done+1, c.addr, err)
		}
		c.done++
		if o.progress != nil && (c.done%10 == 0 || c.done == o.n) {
			fmt.Fprintf(o.progress, "\r  %-32s %4d/%d", c.label, c.done, o.n)
		}
	}
	c.elapsed += time.Since(start)
	// The server's last handler may still be finishing its echo; what it
	// has left is a close, noise beside a handshake.
	if cpuEnd, ok := processCPU(); ok && cpuOK {
		c.cpu += cpuEnd - cpuStart
	}
	return nil
}
