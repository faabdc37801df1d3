package x509ext

import (
	"crypto"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"math/big"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/crystals-go/crystals/signer"
)

// tlsPKI is a root and intermediate CA with leaves for the handshake tests,
// good and bad ones, all ML-DSA keys signed by crystals signers.
type tlsPKI struct {
	root, inter, otherRoot *x509.Certificate
	rootKey                *signer.PrivateKey
	server, client         tls.Certificate // [leaf, intermediate]
	foreignServer          tls.Certificate // chains to otherRoot only
	expiredServer          tls.Certificate
	clientAuthServer       tls.Certificate // a "server" certificate with clientAuth only
	serverAuthClient       tls.Certificate // a client certificate with serverAuth only
	foreignClient          tls.Certificate
}

// issueTLSCert signs a certificate for pub with the issuer's key (a
// self-signed one when issuer is nil).
func issueTLSCert(t *testing.T, tmpl *x509.Certificate, issuer *x509.Certificate, issuerKey crypto.Signer, pub crypto.PublicKey) *x509.Certificate {
	t.Helper()
	parent := issuer
	if parent == nil {
		parent = tmpl
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, pub, issuerKey)
	if err != nil {
		t.Fatal(err)
	}
	c, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var tlsSerial atomic.Int64

func tlsCATemplate(name string) *x509.Certificate {
	return &x509.Certificate{
		SerialNumber: big.NewInt(tlsSerial.Add(1)), Subject: pkix.Name{CommonName: name},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageCertSign, IsCA: true, BasicConstraintsValid: true,
	}
}

func tlsLeafTemplate(name string, eku x509.ExtKeyUsage, notAfter time.Time) *x509.Certificate {
	return &x509.Certificate{
		SerialNumber: big.NewInt(tlsSerial.Add(1)), Subject: pkix.Name{CommonName: name},
		DNSNames:  []string{name},
		NotBefore: time.Now().Add(-2 * time.Hour), NotAfter: notAfter,
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{eku},
	}
}

func newTLSPKI(t *testing.T) *tlsPKI {
	t.Helper()
	key := func() *signer.PrivateKey {
		k, err := signer.GenerateKey(mldsa.MLDSA44())
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	rootKey, interKey, otherKey := key(), key(), key()
	var p tlsPKI
	p.rootKey = rootKey
	p.root = issueTLSCert(t, tlsCATemplate("root"), nil, rootKey, rootKey.Public())
	p.inter = issueTLSCert(t, tlsCATemplate("intermediate"), p.root, rootKey, interKey.Public())
	p.otherRoot = issueTLSCert(t, tlsCATemplate("other root"), nil, otherKey, otherKey.Public())
	later := time.Now().Add(time.Hour)
	leaf := func(name string, eku x509.ExtKeyUsage, notAfter time.Time, issuer *x509.Certificate, issuerKey crypto.Signer) tls.Certificate {
		k := key()
		c := issueTLSCert(t, tlsLeafTemplate(name, eku, notAfter), issuer, issuerKey, k.Public())
		chain := [][]byte{c.Raw}
		if issuer == p.inter {
			chain = append(chain, p.inter.Raw)
		}
		return tls.Certificate{Certificate: chain, PrivateKey: k, Leaf: c}
	}
	p.server = leaf("localhost", x509.ExtKeyUsageServerAuth, later, p.inter, interKey)
	p.client = leaf("client", x509.ExtKeyUsageClientAuth, later, p.inter, interKey)
	p.foreignServer = leaf("localhost", x509.ExtKeyUsageServerAuth, later, p.otherRoot, otherKey)
	p.expiredServer = leaf("localhost", x509.ExtKeyUsageServerAuth, time.Now().Add(-time.Hour), p.inter, interKey)
	p.clientAuthServer = leaf("localhost", x509.ExtKeyUsageClientAuth, later, p.inter, interKey)
	p.serverAuthClient = leaf("client", x509.ExtKeyUsageServerAuth, later, p.inter, interKey)
	p.foreignClient = leaf("client", x509.ExtKeyUsageClientAuth, later, p.otherRoot, otherKey)
	return &p
}

// tlsResult is what each side of one connection saw.
type tlsResult struct {
	state             tls.ConnectionState
	client, serverErr error
}

// runTLS makes one TLS 1.3 connection over loopback TCP and exchanges a byte
// each way, so that the client's handshake error, the server's verdict on
// the client (which a TLS 1.3 client learns only when it reads) and session
// tickets all arrive.
func runTLS(t *testing.T, server, client *tls.Config) tlsResult {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	serverDone := make(chan error, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			serverDone <- err
			return
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(20 * time.Second))
		s := tls.Server(c, server)
		if err := s.Handshake(); err != nil {
			serverDone <- err
			return
		}
		var b [1]byte
		if _, err := s.Read(b[:]); err != nil {
			serverDone <- err
			return
		}
		_, err = s.Write(b[:])
		serverDone <- err
	}()
	var r tlsResult
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	conn.SetDeadline(time.Now().Add(20 * time.Second))
	c := tls.Client(conn, client)
	r.client = c.Handshake()
	if r.client == nil {
		_, r.client = c.Write([]byte{'x'})
	}
	if r.client == nil {
		var b [1]byte
		_, r.client = c.Read(b[:])
	}
	r.state = c.ConnectionState()
	c.Close()
	r.serverErr = <-serverDone
	return r
}

func tls13(cert tls.Certificate) *tls.Config {
	return &tls.Config{MinVersion: tls.VersionTLS13, Certificates: []tls.Certificate{cert}}
}

// clientVerifyingWithX509ext is a client config for serverName whose chain
// verification is Verify's, with roots.
func clientVerifyingWithX509ext(t *testing.T, serverName string, opts VerifyOptions) *tls.Config {
	t.Helper()
	cfg := &tls.Config{MinVersion: tls.VersionTLS13, ServerName: serverName}
	if err := ConfigureTLSClient(cfg, opts); err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestTLSVerifyServerChains runs real handshakes in which the client checks
// the server's chain with Verify: a good chain passes (as it does for
// crypto/tls's own verifier), and a foreign chain, a wrong host, an expired
// leaf, a leaf without serverAuth and a missing intermediate are refused.
func TestTLSVerifyServerChains(t *testing.T) {
	p := newTLSPKI(t)
	roots := VerifyOptions{Roots: []*x509.Certificate{p.root}}

	pool := x509.NewCertPool()
	pool.AddCert(p.root)
	if r := runTLS(t, tls13(p.server), &tls.Config{MinVersion: tls.VersionTLS13, ServerName: "localhost", RootCAs: pool}); r.client != nil {
		t.Fatalf("crypto/tls's own verifier refuses the test chain: %v", r.client)
	}

	r := runTLS(t, tls13(p.server), clientVerifyingWithX509ext(t, "localhost", roots))
	if r.client != nil || r.serverErr != nil {
		t.Fatalf("good chain: client %v, server %v", r.client, r.serverErr)
	}
	if len(r.state.PeerCertificates) != 2 || !r.state.PeerCertificates[0].Equal(p.server.Leaf) {
		t.Error("the client saw another chain")
	}

	onlyLeaf := p.server
	onlyLeaf.Certificate = onlyLeaf.Certificate[:1]
	withInter := roots
	withInter.Intermediates = []*x509.Certificate{p.inter}
	if r := runTLS(t, tls13(onlyLeaf), clientVerifyingWithX509ext(t, "localhost", withInter)); r.client != nil {
		t.Errorf("leaf alone with the intermediate in VerifyOptions: %v", r.client)
	}
	// An IP address, which crypto/tls sends no server_name for: the name
	// comes from tls.Config.ServerName, and a certificate without that IP
	// is refused.
	if r := runTLS(t, tls13(p.server), clientVerifyingWithX509ext(t, "127.0.0.1", roots)); r.client == nil || !strings.Contains(r.client.Error(), "127.0.0.1") {
		t.Errorf("a certificate without the IP address: %v", r.client)
	}
	ipKey, err := signer.GenerateKey(mldsa.MLDSA44())
	if err != nil {
		t.Fatal(err)
	}
	ipTmpl := tlsLeafTemplate("localhost", x509.ExtKeyUsageServerAuth, time.Now().Add(time.Hour))
	ipTmpl.IPAddresses = []net.IP{net.IPv4(127, 0, 0, 1)}
	ipCert := issueTLSCert(t, ipTmpl, p.root, p.rootKey, ipKey.Public())
	ipLeaf := tls.Certificate{Certificate: [][]byte{ipCert.Raw}, PrivateKey: ipKey, Leaf: ipCert}
	if r := runTLS(t, tls13(ipLeaf), clientVerifyingWithX509ext(t, "127.0.0.1", roots)); r.client != nil {
		t.Errorf("a certificate for the IP address: %v", r.client)
	}

	for _, tc := range []struct {
		name       string
		cert       tls.Certificate
		serverName string
		want       string
	}{
		{"foreign chain", p.foreignServer, "localhost", "trusted root"},
		{"wrong host", p.server, "example.com", "example.com"},
		{"expired leaf", p.expiredServer, "localhost", "expired"},
		{"clientAuth-only leaf", p.clientAuthServer, "localhost", "usage"},
		{"missing intermediate", onlyLeaf, "localhost", "trusted root"},
	} {
		r := runTLS(t, tls13(tc.cert), clientVerifyingWithX509ext(t, tc.serverName, roots))
		if r.client == nil {
			t.Errorf("%s: the client accepted the server", tc.name)
			continue
		}
		if !strings.Contains(r.client.Error(), tc.want) {
			t.Errorf("%s: client error %q, want one mentioning %q", tc.name, r.client, tc.want)
		}
		if verr := (*tls.CertificateVerificationError)(nil); !errors.As(r.client, &verr) || len(verr.UnverifiedCertificates) == 0 {
			t.Errorf("%s: client error %T is not crypto/tls's CertificateVerificationError", tc.name, r.client)
		}
		if r.serverErr == nil {
			t.Errorf("%s: the server's handshake did not fail", tc.name)
		}
	}
}

// TestTLSVerifyClientChains runs mutual-TLS handshakes in which the server
// checks the client's chain with Verify.
func TestTLSVerifyClientChains(t *testing.T) {
	p := newTLSPKI(t)
	roots := VerifyOptions{Roots: []*x509.Certificate{p.root}}
	server := func(auth tls.ClientAuthType) *tls.Config {
		cfg := tls13(p.server)
		cfg.ClientAuth = auth
		if err := ConfigureTLSServer(cfg, roots); err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	client := func(cert *tls.Certificate) *tls.Config {
		cfg := clientVerifyingWithX509ext(t, "localhost", roots)
		if cert != nil {
			cfg.Certificates = []tls.Certificate{*cert}
		}
		return cfg
	}
	if r := runTLS(t, server(tls.RequireAndVerifyClientCert), client(&p.client)); r.client != nil || r.serverErr != nil {
		t.Fatalf("good client chain: client %v, server %v", r.client, r.serverErr)
	}
	if r := runTLS(t, server(tls.VerifyClientCertIfGiven), client(nil)); r.client != nil || r.serverErr != nil {
		t.Errorf("optional client certificate, none given: client %v, server %v", r.client, r.serverErr)
	}
	if r := runTLS(t, server(tls.VerifyClientCertIfGiven), client(&p.foreignClient)); r.serverErr == nil {
		t.Error("optional client certificate: a foreign chain was accepted")
	}
	for _, tc := range []struct {
		name string
		cert *tls.Certificate
		want string
	}{
		{"no certificate", nil, "certificate"},
		{"foreign chain", &p.foreignClient, "trusted root"},
		{"serverAuth-only leaf", &p.serverAuthClient, "usage"},
	} {
		r := runTLS(t, server(tls.RequireAndVerifyClientCert), client(tc.cert))
		if r.serverErr == nil {
			t.Errorf("%s: the server accepted the client", tc.name)
			continue
		}
		if !strings.Contains(r.serverErr.Error(), tc.want) {
			t.Errorf("%s: server error %q, want one mentioning %q", tc.name, r.serverErr, tc.want)
		}
		if r.client == nil {
			t.Errorf("%s: the client did not learn of the refusal", tc.name)
		}
	}
}

// TestTLSVerifyResumption checks that a resumed connection is verified
// again: the callback runs on it, and a client whose roots no longer include
// the server's refuses to resume.
func TestTLSVerifyResumption(t *testing.T) {
	p := newTLSPKI(t)
	cache := tls.NewLRUClientSessionCache(4)
	var calls atomic.Int32
	counting := func(opts VerifyOptions) *tls.Config {
		cfg := clientVerifyingWithX509ext(t, "localhost", opts)
		verify := cfg.VerifyConnection
		cfg.VerifyConnection = func(cs tls.ConnectionState) error {
			calls.Add(1)
			return verify(cs)
		}
		cfg.ClientSessionCache = cache
		return cfg
	}
	server := tls13(p.server)
	good := VerifyOptions{Roots: []*x509.Certificate{p.root}}
	if r := runTLS(t, server, counting(good)); r.client != nil || r.state.DidResume {
		t.Fatalf("first connection: %v (resumed %v)", r.client, r.state.DidResume)
	}
	r := runTLS(t, server, counting(good))
	if r.client != nil || !r.state.DidResume {
		t.Fatalf("second connection: %v (resumed %v), want a resumption", r.client, r.state.DidResume)
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("the verifier ran %d times for a full handshake and a resumption, want 2", n)
	}
	r = runTLS(t, server, counting(VerifyOptions{Roots: []*x509.Certificate{p.otherRoot}}))
	if r.client == nil {
		t.Errorf("a resumption with roots that no longer trust the server succeeded (resumed %v)", r.state.DidResume)
	}
}

// TestConfigureTLSRefusals checks that the Configure functions refuse
// configurations in which they would not be the only verifier or would
// verify nothing.
func TestConfigureTLSRefusals(t *testing.T) {
	p := newTLSPKI(t)
	roots := VerifyOptions{Roots: []*x509.Certificate{p.root}}
	noop := func(tls.ConnectionState) error { return nil }
	for name, cfg := range map[string]*tls.Config{
		"RootCAs":               {RootCAs: x509.NewCertPool()},
		"InsecureSkipVerify":    {InsecureSkipVerify: true},
		"VerifyConnection":      {VerifyConnection: noop},
		"VerifyPeerCertificate": {VerifyPeerCertificate: func([][]byte, [][]*x509.Certificate) error { return nil }},
	} {
		if err := ConfigureTLSClient(cfg, roots); err == nil {
			t.Errorf("ConfigureTLSClient accepts a config with %s", name)
		}
	}
	if err := ConfigureTLSClient(&tls.Config{}, VerifyOptions{}); err == nil {
		t.Error("ConfigureTLSClient accepts no roots")
	}
	if err := ConfigureTLSClient(nil, roots); err == nil {
		t.Error("ConfigureTLSClient accepts a nil config")
	}
	for name, cfg := range map[string]*tls.Config{
		"NoClientCert":     {ClientAuth: tls.NoClientCert},
		"ClientCAs":        {ClientAuth: tls.RequireAndVerifyClientCert, ClientCAs: x509.NewCertPool()},
		"VerifyConnection": {ClientAuth: tls.RequireAndVerifyClientCert, VerifyConnection: noop},
	} {
		if err := ConfigureTLSServer(cfg, roots); err == nil {
			t.Errorf("ConfigureTLSServer accepts a config with %s", name)
		}
	}
	cfg := &tls.Config{ClientAuth: tls.RequireAndVerifyClientCert}
	if err := ConfigureTLSServer(cfg, roots); err != nil || cfg.ClientAuth != tls.RequireAnyClientCert || cfg.VerifyConnection == nil {
		t.Errorf("ConfigureTLSServer: %v, ClientAuth %v", err, cfg.ClientAuth)
	}
	// The callback copied opts: a later change of the caller's slice
	// does not reach it.
	opts := VerifyOptions{Roots: []*x509.Certificate{p.root}}
	verify := VerifyServerConnection(opts)
	opts.Roots[0] = p.otherRoot
	cs := tls.ConnectionState{ServerName: "localhost", PeerCertificates: []*x509.Certificate{p.server.Leaf, p.inter}}
	if err := verify(cs); err != nil {
		t.Errorf("the callback saw the caller's later change of Roots: %v", err)
	}
	cs.ServerName = ""
	if err := verify(cs); err == nil || !strings.Contains(err.Error(), "host name") {
		t.Errorf("no server name: %v", err)
	}
}
