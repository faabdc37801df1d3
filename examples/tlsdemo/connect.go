package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"

	"github.com/crystals-go/crystals/x509ext"
)

// connect acts as a TLS 1.3 client to any peer, trusting the roots in o.ca,
// and reports the handshake.
func connect(ctx context.Context, o options, group tls.CurveID, w io.Writer) error {
	pemBytes, err := os.ReadFile(o.ca)
	if err != nil {
		return fmt.Errorf("-ca: %w", err)
	}
	rootCerts, err := x509ext.ParseCertificatesPEM(pemBytes)
	if err != nil || len(rootCerts) == 0 {
		return fmt.Errorf("-ca %s: no PEM certificate found (%v)", o.ca, err)
	}
	roots := x509.NewCertPool()
	for _, c := range rootCerts {
		roots.AddCert(c)
	}
	host, _, err := net.SplitHostPort(o.connect)
	if err != nil {
		return fmt.Errorf("-connect %q: %w", o.connect, err)
	}
	serverName := o.serverName
	if serverName == "" {
		serverName = host
	}
	cfg, err := verifyServersWith(clientConfig(roots, serverName, group, nil, nil), o.verify, rootCerts)
	if err != nil {
		return err
	}
	if o.mtls {
		cert, err := loadClientCert(o.out)
		switch {
		case err == nil:
			cfg.Certificates = []tls.Certificate{cert}
		case o.mtlsSet || !errors.Is(err, fs.ErrNotExist):
			return err
		default:
			// Any TLS 1.3 peer: without -serve's files there is no client
			// certificate to present, and most servers ask for none.
			fmt.Fprintf(w, "note: no client certificate in %s; connecting without one (-mtls insists)\n", o.out)
		}
	}
	st, reply, err := roundTrip(ctx, o.connect, cfg, "hello from the crystals client")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "connected to %s: %s, %s, key exchange %v\n", o.connect, tls.VersionName(st.Version), tls.CipherSuiteName(st.CipherSuite), st.CurveID)
	// With x509ext.Verify, crypto/tls knows no verified chain: the
	// certificates the server sent are what was verified.
	chain := st.PeerCertificates
	if o.verify == verifyStdlib {
		chain = st.VerifiedChains[0]
	}
	fmt.Fprintf(w, "  chain checked by %s\n", verifierName(o.verify))
	for _, c := range chain {
		fmt.Fprintf(w, "  verified %s\n", describeCert(c))
	}
	fmt.Fprintf(w, "  round trip %q\n", reply)
	return nil
}

// loadClientCert reads client.pem and client-key.pem written by -serve, with
// x509ext.LoadX509KeyPair: the key becomes a crystals signer (whatever
// PKCS#8 form it is in) and must match the certificate.
func loadClientCert(dir string) (tls.Certificate, error) {
	cert, err := x509ext.LoadX509KeyPair(filepath.Join(dir, "client.pem"), filepath.Join(dir, "client-key.pem"))
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("-mtls needs the client certificate and key written by -serve: %w", err)
	}
	return cert, nil
}
