package main

import (
	"crypto/mldsa"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"sort"
	"strings"
	"sync"
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
