package main

import (
	"context"
	"crypto/mldsa"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"

	"github.com/crystals-go/crystals/internal/keyfile"
)

// serve builds a crystals PKI, writes its certificates (and the client's key)
// to o.out so other clients can trust and use them, and serves an echo over
// TLS 1.3 until ctx is cancelled (Ctrl-C).
func serve(ctx context.Context, o options, group tls.CurveID, params mldsa.Parameters, w io.Writer) error {
	host, _, err := net.SplitHostPort(o.serve)
	if err != nil {
		return fmt.Errorf("-serve %q: %w", o.serve, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		fmt.Fprintf(w, "note: %q is not a loopback address; the server is reachable from other hosts as you asked\n", o.serve)
	}
	names := []string{"localhost", "127.0.0.1", "::1"}
	if host != "" && host != "localhost" && host != "127.0.0.1" && host != "::1" {
		names = append([]string{host}, names...)
	}
	p, err := newPKI(crystalsKeys, params, names)
	if err != nil {
		return fmt.Errorf("building the PKI: %w", err)
	}
	if err := writePKI(o.out, p); err != nil {
		return err
	}
	cfg, err := verifyClientsWith(serverConfig(p, group, o.mtls, nil), o.verify, []*x509.Certificate{p.root.cert})
	if err != nil {
		return err
	}
	srv, err := startServer(ctx, o.serve, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "serving TLS 1.3 (%v, %s leaf, mTLS %v) on %s; certificates in %s\n", group, params, o.mtls, srv.addr(), o.out)
	fmt.Fprintf(w, "try: %s\n", sClientHint(srv.addr(), group, o.out, o.mtls))
	fmt.Fprintf(w, "Ctrl-C stops the server\n")
	for {
		select {
		case <-ctx.Done():
			srv.close()
			fmt.Fprintln(w, "\nserver stopped")
			return nil
		case err := <-srv.errs:
			fmt.Fprintln(w, "refused:", err)
		}
	}
}

// sClientHint is an openssl s_client command line that completes a handshake
// with the server: with mtls it presents -serve's client certificate, key and
// intermediate, which the server requires.
func sClientHint(addr string, group tls.CurveID, dir string, mtls bool) string {
	hint := fmt.Sprintf("openssl s_client -connect %s -servername localhost -groups %v -CAfile %s", addr, group, filepath.Join(dir, "root.pem"))
	if mtls {
		hint += fmt.Sprintf(" -cert %s -key %s -cert_chain %s",
			filepath.Join(dir, "client.pem"), filepath.Join(dir, "client-key.pem"), filepath.Join(dir, "intermediate.pem"))
	}
	return hint
}

// writePKI writes root.pem, intermediate.pem, server.pem (leaf and
// intermediate), client.pem (leaf and intermediate) and client-key.pem.
func writePKI(dir string, p *pki) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	certs := map[string][]*x509.Certificate{
		"root.pem":         {p.root.cert},
		"intermediate.pem": {p.intermediate.cert},
		"server.pem":       {p.server.cert, p.intermediate.cert},
		"client.pem":       {p.client.cert, p.intermediate.cert},
	}
	for name, chain := range certs {
		var b []byte
		for _, c := range chain {
			b = append(b, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Raw})...)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	keyDER, err := marshalPrivateKey(p.client.key)
	if err != nil {
		return fmt.Errorf("encoding the client key: %w", err)
	}
	// A new file of mode 0600 each run, never written through a planted link.
	return keyfile.Replace(filepath.Join(dir, "client-key.pem"), pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}))
}
