package main

import (
	"context"
	"crypto/mldsa"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/crystals-go/crystals/x509ext"
)

// groups are the key-exchange groups the demo offers with -group.
var groups = map[string]tls.CurveID{
	"X25519MLKEM768":     tls.X25519MLKEM768,
	"SecP256r1MLKEM768":  tls.SecP256r1MLKEM768,
	"SecP384r1MLKEM1024": tls.SecP384r1MLKEM1024,
	"MLKEM1024":          tls.MLKEM1024,
}

func groupByName(name string) (tls.CurveID, error) {
	if id, ok := groups[name]; ok {
		return id, nil
	}
	var names []string
	for n := range groups {
		names = append(names, n)
	}
	sort.Strings(names)
	return 0, fmt.Errorf("unknown group %q: choose one of %s", name, strings.Join(names, ", "))
}

// levels maps the -level flag to ML-DSA parameter sets.
func levelParams(level int) (mldsa.Parameters, error) {
	switch level {
	case 44:
		return mldsa.MLDSA44(), nil
	case 65:
		return mldsa.MLDSA65(), nil
	case 87:
		return mldsa.MLDSA87(), nil
	}
	return mldsa.Parameters{}, fmt.Errorf("unknown ML-DSA level %d: choose 44, 65 or 87", level)
}

// schemeFor is the TLS signature scheme an ML-DSA key signs with: each
// parameter set has exactly one (RFC 9881 / draft-ietf-tls-mldsa).
func schemeFor(pub any) tls.SignatureScheme {
	if pk, ok := pub.(*mldsa.PublicKey); ok {
		switch pk.Parameters() {
		case mldsa.MLDSA44():
			return tls.MLDSA44
		case mldsa.MLDSA65():
			return tls.MLDSA65
		case mldsa.MLDSA87():
			return tls.MLDSA87
		}
	}
	return 0
}

// offers records what each side offered during a handshake, seen from the
// other side's certificate callbacks, for the report.
type offers struct {
	mu            sync.Mutex
	clientSchemes []tls.SignatureScheme // signature_algorithms of the ClientHello
	serverSchemes []tls.SignatureScheme // signature_algorithms of the CertificateRequest
	clientCurves  []tls.CurveID
}

// serverConfig is a TLS 1.3-only server config presenting p's server chain and,
// with mtls, requiring a client certificate that chains to p's root.
func serverConfig(p *pki, group tls.CurveID, mtls bool, seen *offers) *tls.Config {
	cert := &tls.Certificate{Certificate: p.serverChain(), PrivateKey: p.server.key, Leaf: p.server.cert}
	cfg := &tls.Config{
		MinVersion:       tls.VersionTLS13,
		CurvePreferences: []tls.CurveID{group},
		GetCertificate: func(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
			if seen != nil {
				seen.mu.Lock()
				seen.clientSchemes = hello.SignatureSchemes
				seen.clientCurves = hello.SupportedCurves
				seen.mu.Unlock()
			}
			return cert, nil
		},
	}
	if mtls {
		cfg.ClientAuth = tls.RequireAndVerifyClientCert
		cfg.ClientCAs = p.roots
	}
	return cfg
}

// clientConfig is a TLS 1.3-only client config trusting roots, offering only
// group, and presenting p's client chain when the server asks (p may be nil).
func clientConfig(roots *x509.CertPool, serverName string, group tls.CurveID, p *pki, seen *offers) *tls.Config {
	cfg := &tls.Config{
		MinVersion:       tls.VersionTLS13,
		RootCAs:          roots,
		ServerName:       serverName,
		CurvePreferences: []tls.CurveID{group},
	}
	if p != nil {
		cert := &tls.Certificate{Certificate: p.clientChain(), PrivateKey: p.client.key, Leaf: p.client.cert}
		cfg.GetClientCertificate = func(req *tls.CertificateRequestInfo) (*tls.Certificate, error) {
			if seen != nil {
				seen.mu.Lock()
				seen.serverSchemes = req.SignatureSchemes
				seen.mu.Unlock()
			}
			return cert, nil
		}
	}
	return cfg
}

// The -verify choices: who checks the peer's certificate chain.
const (
	// verifyX509ext is x509ext.Verify, with crystals' ML-DSA verifier, set
	// up by x509ext.ConfigureTLSClient and ConfigureTLSServer.
	verifyX509ext = "x509ext"
	// verifyStdlib is crypto/tls's own verification (crypto/x509 with
	// crypto/mldsa).
	verifyStdlib = "stdlib"
)

// checkVerifier reports an unknown -verify value.
func checkVerifier(v string) error {
	if v != verifyX509ext && v != verifyStdlib {
		return fmt.Errorf("unknown -verify %q: choose %s or %s", v, verifyX509ext, verifyStdlib)
	}
	return nil
}

// verifyServersWith makes the client config cfg check the server's chain
// with verifier v, trusting roots: for stdlib it leaves cfg as it is (its
// RootCAs), for x509ext it hands verification to x509ext.Verify.
func verifyServersWith(cfg *tls.Config, v string, roots []*x509.Certificate) (*tls.Config, error) {
	if v == verifyStdlib {
		return cfg, nil
	}
	cfg.RootCAs = nil // x509ext.Verify takes the roots instead
	if err := x509ext.ConfigureTLSClient(cfg, x509ext.VerifyOptions{Roots: roots}); err != nil {
		return nil, err
	}
	return cfg, nil
}

// verifyClientsWith is verifyServersWith for a server config: with mTLS,
// the client's chain is checked by v.
func verifyClientsWith(cfg *tls.Config, v string, roots []*x509.Certificate) (*tls.Config, error) {
	if v == verifyStdlib || cfg.ClientAuth == tls.NoClientCert {
		return cfg, nil
	}
	cfg.ClientCAs = nil
	if err := x509ext.ConfigureTLSServer(cfg, x509ext.VerifyOptions{Roots: roots}); err != nil {
		return nil, err
	}
	return cfg, nil
}

// verifierName describes v in the report.
func verifierName(v string) string {
	if v == verifyX509ext {
		return "x509ext.Verify, crystals' ML-DSA verifier"
	}
	return "crypto/tls: crypto/x509 with crypto/mldsa"
}

// startLoopback starts a server on 127.0.0.1 for p's PKI and returns it with
// the config of a client for "localhost" that presents p's client chain when
// mtls is set; both sides check the other's chain with verifier v, trusting
// p's root. seen, if not nil, records what each side offered.
func startLoopback(ctx context.Context, p *pki, group tls.CurveID, mtls bool, v string, seen *offers) (*server, *tls.Config, error) {
	roots := []*x509.Certificate{p.root.cert}
	scfg, err := verifyClientsWith(serverConfig(p, group, mtls, seen), v, roots)
	if err != nil {
		return nil, nil, err
	}
	var clientPKI *pki
	if mtls {
		clientPKI = p
	}
	ccfg, err := verifyServersWith(clientConfig(p.roots, "localhost", group, clientPKI, seen), v, roots)
	if err != nil {
		return nil, nil, err
	}
	srv, err := startServer(ctx, "127.0.0.1:0", scfg)
	if err != nil {
		return nil, nil, err
	}
	return srv, ccfg, nil
}
