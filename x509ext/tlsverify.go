package x509ext

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
)

// This file lets a tls.Config check peer certificate chains with [Verify],
// whose ML-DSA signatures run in the crystals engine, instead of crypto/tls's
// own verifier (crypto/x509 with crypto/mldsa). crypto/tls has no hook that
// replaces its chain verification, so the way in is the documented one: turn
// its verification off (InsecureSkipVerify on a client, RequireAnyClientCert
// or RequestClientCert on a server) and verify in VerifyConnection, which
// crypto/tls calls on every connection, resumptions included, and whose
// error aborts the handshake. The handshake signature (CertificateVerify)
// is crypto/tls's in every case: it proves the peer holds the leaf's key
// and no configuration turns it off.

// ConfigureTLSClient makes the client configuration cfg verify the server's
// chain with [Verify] under opts instead of with crypto/tls's verifier. It
// sets cfg.InsecureSkipVerify and cfg.VerifyConnection to
// [VerifyServerConnection](opts), with opts.DNSName defaulting to
// cfg.ServerName; see there for what is checked. It refuses
// a cfg whose RootCAs is set (crypto/tls would ignore it: the roots belong in
// opts.Roots), whose VerifyConnection or VerifyPeerCertificate is already
// set (it would be replaced, or run on unverified chains), or whose
// InsecureSkipVerify is already set (which says no verification was wanted),
// and an opts with no Roots.
func ConfigureTLSClient(cfg *tls.Config, opts VerifyOptions) error {
	if cfg == nil {
		return errors.New("x509ext: ConfigureTLSClient: nil tls.Config")
	}
	if err := checkTLSConfig(cfg, opts); err != nil {
		return fmt.Errorf("x509ext: ConfigureTLSClient: %w", err)
	}
	if cfg.RootCAs != nil {
		return errors.New("x509ext: ConfigureTLSClient: tls.Config.RootCAs is set, but crypto/tls does not verify here: give the roots in VerifyOptions.Roots")
	}
	if cfg.InsecureSkipVerify {
		return errors.New("x509ext: ConfigureTLSClient: tls.Config.InsecureSkipVerify is already set, so this configuration verifies nothing; clear it to verify with x509ext.Verify")
	}
	if opts.DNSName == "" {
		// For an IP address, the one name crypto/tls sends no SNI for and
		// so does not report in ConnectionState.ServerName.
		opts.DNSName = cfg.ServerName
	}
	cfg.InsecureSkipVerify = true // crypto/tls's chain check only: VerifyConnection replaces it
	cfg.VerifyConnection = VerifyServerConnection(opts)
	return nil
}

// ConfigureTLSServer makes the server configuration cfg verify client
// chains with [Verify] under opts instead of with crypto/tls's verifier.
// cfg.ClientAuth says whether a client certificate is required:
// RequireAndVerifyClientCert and RequireAnyClientCert become
// RequireAnyClientCert, VerifyClientCertIfGiven and RequestClientCert
// become RequestClientCert (a client without a certificate is let through,
// as with VerifyClientCertIfGiven, and its ConnectionState has no
// PeerCertificates); NoClientCert is refused, as there is nothing to
// verify. It sets cfg.VerifyConnection to [VerifyClientConnection](opts,
// required). It refuses a cfg whose ClientCAs is set (the roots belong in
// opts.Roots) or whose VerifyConnection or VerifyPeerCertificate is already
// set, and an opts with no Roots.
func ConfigureTLSServer(cfg *tls.Config, opts VerifyOptions) error {
	if cfg == nil {
		return errors.New("x509ext: ConfigureTLSServer: nil tls.Config")
	}
	if err := checkTLSConfig(cfg, opts); err != nil {
		return fmt.Errorf("x509ext: ConfigureTLSServer: %w", err)
	}
	if cfg.ClientCAs != nil {
		return errors.New("x509ext: ConfigureTLSServer: tls.Config.ClientCAs is set, but crypto/tls does not verify here: give the roots in VerifyOptions.Roots")
	}
	var required bool
	switch cfg.ClientAuth {
	case tls.RequireAndVerifyClientCert, tls.RequireAnyClientCert:
		required = true
		cfg.ClientAuth = tls.RequireAnyClientCert
	case tls.VerifyClientCertIfGiven, tls.RequestClientCert:
		cfg.ClientAuth = tls.RequestClientCert
	default:
		return fmt.Errorf("x509ext: ConfigureTLSServer: tls.Config.ClientAuth is %v, which requests no client certificate: set RequireAndVerifyClientCert or VerifyClientCertIfGiven", cfg.ClientAuth)
	}
	cfg.VerifyConnection = VerifyClientConnection(opts, required)
	return nil
}

// checkTLSConfig refuses what both Configure functions refuse.
func checkTLSConfig(cfg *tls.Config, opts VerifyOptions) error {
	if cfg.VerifyConnection != nil {
		return errors.New("tls.Config.VerifyConnection is already set")
	}
	if cfg.VerifyPeerCertificate != nil {
		return errors.New("tls.Config.VerifyPeerCertificate is set; it would see chains nobody verified")
	}
	if len(opts.Roots) == 0 {
		return errors.New("VerifyOptions.Roots is empty (the system roots are not used)")
	}
	return nil
}

// VerifyServerConnection returns a tls.Config.VerifyConnection callback for
// a client, which checks the server's chain with [Verify]: the leaf
// (cs.PeerCertificates[0]) must chain to opts.Roots through
// opts.Intermediates and the other certificates the server sent, be valid
// at opts.CurrentTime (zero: the time of each handshake), allow the key
// usages opts.KeyUsages (empty: serverAuth) and carry the host name
// opts.DNSName or, if that is empty, cs.ServerName, the name the client
// asked for in its server_name extension (crypto/tls.Dial sets it from the
// address); a connection with neither is refused, since no host would be
// checked. crypto/tls sends no server_name for an IP address, so a client
// that connects to one must name it in opts.DNSName or, with
// [ConfigureTLSClient], in tls.Config.ServerName.
//
// The callback is only safe with InsecureSkipVerify set on the same Config
// — use [ConfigureTLSClient], which sets both —, and only on a client.
// InsecureSkipVerify turns off crypto/tls's whole chain and host-name check,
// so that without this callback every server would be accepted. crypto/tls
// calls VerifyConnection on resumed connections too (with the chain the
// session was established with), so a resumption is checked again at its
// own time: an expired or no longer trusted chain ends it; it does not call
// VerifyPeerCertificate on them, which is why this is not that callback.
func VerifyServerConnection(opts VerifyOptions) func(tls.ConnectionState) error {
	opts = cloneVerifyOptions(opts)
	return func(cs tls.ConnectionState) error {
		o := opts
		if o.DNSName == "" {
			o.DNSName = cs.ServerName
		}
		if o.DNSName == "" {
			return errors.New("x509ext: the server's certificate cannot be checked against a host name: set tls.Config.ServerName before ConfigureTLSClient, or VerifyOptions.DNSName (crypto/tls reports no server name for an IP address)")
		}
		if len(o.KeyUsages) == 0 {
			o.KeyUsages = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
		}
		return verifyPeer(cs, o, "server")
	}
}

// VerifyClientConnection returns a tls.Config.VerifyConnection callback for
// a server, which checks the client's chain with [Verify]: the leaf must
// chain to opts.Roots through opts.Intermediates and the other
// certificates the client sent, be valid at opts.CurrentTime (zero: the
// time of each handshake) and allow the key usages opts.KeyUsages (empty:
// clientAuth); opts.DNSName, if set, must be a name of the leaf. A client
// without a certificate is refused when required is set and let through
// otherwise.
//
// The callback is only safe with ClientAuth set to RequireAnyClientCert
// (required) or RequestClientCert on the same Config — use
// [ConfigureTLSServer], which sets both —, and only on a server: with those
// settings crypto/tls checks no client chain itself (with
// RequireAndVerifyClientCert it would verify each chain twice, the second
// time here). crypto/tls calls VerifyConnection before it checks the
// client's CertificateVerify signature, and on resumed connections too,
// with the certificates of the session's original handshake.
func VerifyClientConnection(opts VerifyOptions, required bool) func(tls.ConnectionState) error {
	opts = cloneVerifyOptions(opts)
	return func(cs tls.ConnectionState) error {
		if len(cs.PeerCertificates) == 0 {
			if required {
				return errors.New("x509ext: the client sent no certificate")
			}
			return nil
		}
		o := opts
		if len(o.KeyUsages) == 0 {
			o.KeyUsages = []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}
		}
		return verifyPeer(cs, o, "client")
	}
}

// verifyPeer runs Verify on the peer's leaf, with the rest of what the peer
// sent as intermediates beside opts.Intermediates. A refused chain is a
// *tls.CertificateVerificationError, as crypto/tls's verifier returns.
func verifyPeer(cs tls.ConnectionState, opts VerifyOptions, peer string) error {
	certs := cs.PeerCertificates
	if len(certs) == 0 {
		return fmt.Errorf("x509ext: the %s sent no certificate", peer)
	}
	if len(certs) > 1 {
		inters := make([]*x509.Certificate, 0, len(opts.Intermediates)+len(certs)-1)
		opts.Intermediates = append(append(inters, opts.Intermediates...), certs[1:]...)
	}
	if _, err := Verify(certs[0], opts); err != nil {
		// crypto/tls's own error type for a chain it refuses, so that code
		// testing for it keeps working.
		return &tls.CertificateVerificationError{
			UnverifiedCertificates: certs,
			Err:                    fmt.Errorf("x509ext: the %s's certificate chain: %w", peer, err),
		}
	}
	return nil
}

// cloneVerifyOptions copies the slices of opts, so that a callback is not
// changed by later edits of the caller's.
func cloneVerifyOptions(opts VerifyOptions) VerifyOptions {
	opts.Roots = append([]*x509.Certificate(nil), opts.Roots...)
	opts.Intermediates = append([]*x509.Certificate(nil), opts.Intermediates...)
	opts.KeyUsages = append([]x509.ExtKeyUsage(nil), opts.KeyUsages...)
	return opts
}
