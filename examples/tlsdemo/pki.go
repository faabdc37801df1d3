package main

import (
	"crypto"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"net"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer/composite"
	"github.com/crystals-go/crystals/x509ext"
)

// keyMaker makes an ML-DSA private key for a parameter set. The demo runs the
// same PKI with crystals keys and with the standard library's, to compare them.
type keyMaker struct {
	name     string
	generate func(mldsa.Parameters) (crypto.Signer, error)
}

// issued is a certificate and the private key of its subject.
type issued struct {
	cert *x509.Certificate
	key  crypto.Signer
}

// pki is the demo's certificate hierarchy, built with the x509ext CA
// toolkit: an ML-DSA-87 root, an ML-DSA-65 intermediate, server and client
// leaves under the intermediate, and an ML-KEM-768 certificate for the server
// (keyEncipherment only) whose decapsulation key is kemKey.
type pki struct {
	root, intermediate, server, client issued
	kemCert                            *x509.Certificate
	kemKey                             *kem.DecapsulationKey768
	roots                              *x509.CertPool
}

// serverChain returns the server's certificate chain for tls.Certificate.
func (p *pki) serverChain() [][]byte {
	return [][]byte{p.server.cert.Raw, p.intermediate.cert.Raw}
}

// clientChain returns the client's certificate chain for tls.Certificate.
func (p *pki) clientChain() [][]byte {
	return [][]byte{p.client.cert.Raw, p.intermediate.cert.Raw}
}

// newPKI builds the hierarchy with keys from km; leafParams is the server
// leaf's parameter set (the -level flag), the client leaf is always ML-DSA-44.
func newPKI(km keyMaker, leafParams mldsa.Parameters, hosts []string) (*pki, error) {
	var p pki
	org := []string{"crystals demo"}
	rootKey, err := km.generate(mldsa.MLDSA87())
	if err != nil {
		return nil, err
	}
	root, err := x509ext.NewRootCA(pkix.Name{Organization: org, CommonName: "crystals demo root (ML-DSA-87)"}, rootKey, nil)
	if err != nil {
		return nil, fmt.Errorf("root CA: %w", err)
	}
	interKey, err := km.generate(mldsa.MLDSA65())
	if err != nil {
		return nil, err
	}
	inter, err := root.NewIntermediate(pkix.Name{Organization: org, CommonName: "crystals demo intermediate (ML-DSA-65)"}, interKey,
		&x509ext.CAOptions{MaxPathLen: 0, MaxPathLenSet: true})
	if err != nil {
		return nil, fmt.Errorf("intermediate CA: %w", err)
	}
	p.root = issued{root.Certificate, rootKey}
	p.intermediate = issued{inter.Certificate, interKey}

	if p.server, err = issueLeaf(km, leafParams, inter, serverRequest(org, hosts), x509ext.ProfileServer, nil); err != nil {
		return nil, fmt.Errorf("server leaf: %w", err)
	}
	clientCSR := &x509.CertificateRequest{Subject: pkix.Name{Organization: org, CommonName: "crystals demo client"}}
	if p.client, err = issueLeaf(km, mldsa.MLDSA44(), inter, clientCSR, x509ext.ProfileClient, nil); err != nil {
		return nil, fmt.Errorf("client leaf: %w", err)
	}

	// The server's ML-KEM-768 certificate: a KEM key cannot sign its own CSR,
	// so the server's signing key signs it and the CA certifies the KEM key.
	if p.kemKey, err = kem.GenerateKey768(); err != nil {
		return nil, err
	}
	kemCSR := &x509.CertificateRequest{Subject: pkix.Name{Organization: org, CommonName: hosts[0] + " (ML-KEM-768)"}}
	der, err := x509ext.CreateCSR(rand.Reader, kemCSR, p.server.key)
	if err != nil {
		return nil, fmt.Errorf("ML-KEM certificate request: %w", err)
	}
	csr, err := x509.ParseCertificateRequest(der)
	if err != nil {
		return nil, err
	}
	if p.kemCert, err = inter.IssueFromCSR(csr, x509ext.ProfileKEM, &x509ext.IssueOptions{PublicKey: p.kemKey.EncapsulationKey()}); err != nil {
		return nil, fmt.Errorf("ML-KEM certificate: %w", err)
	}

	p.roots = x509.NewCertPool()
	p.roots.AddCert(p.root.cert)
	return &p, nil
}

// serverRequest is the server leaf's CSR template: hosts[0] as the common
// name, every host as a DNS name or IP address.
func serverRequest(org []string, hosts []string) *x509.CertificateRequest {
	csr := &x509.CertificateRequest{Subject: pkix.Name{Organization: org, CommonName: hosts[0]}}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			csr.IPAddresses = append(csr.IPAddresses, ip)
		} else {
			csr.DNSNames = append(csr.DNSNames, h)
		}
	}
	return csr
}

// issueLeaf makes a key with km, a CSR for it from template, and has ca issue
// a certificate for it under profile.
func issueLeaf(km keyMaker, params mldsa.Parameters, ca *x509ext.CA, template *x509.CertificateRequest, profile x509ext.Profile, opts *x509ext.IssueOptions) (issued, error) {
	key, err := km.generate(params)
	if err != nil {
		return issued{}, err
	}
	der, err := x509ext.CreateCSR(rand.Reader, template, key)
	if err != nil {
		return issued{}, err
	}
	csr, err := x509.ParseCertificateRequest(der)
	if err != nil {
		return issued{}, err
	}
	cert, err := ca.IssueFromCSR(csr, profile, opts)
	if err != nil {
		return issued{}, err
	}
	return issued{cert: cert, key: key}, nil
}

// compositePKI is the -composite hierarchy: an MLDSA87-ECDSA-P384 root, an
// MLDSA65-ECDSA-P256 intermediate and an MLDSA65-ECDSA-P256 server leaf
// (x509ext.DefaultCompositeProfile), checked with x509ext.Verify. Go's TLS
// has no composite signature schemes, so the handshake keeps the ML-DSA
// PKI; this one shows the certificates a migrating PKI issues.
type compositePKI struct {
	root, intermediate, server *x509.Certificate
	verified                   *x509ext.VerifyResult
}

// newCompositePKI builds the composite hierarchy for hosts and verifies the
// server's chain for hosts[0].
func newCompositePKI(hosts []string) (*compositePKI, error) {
	org := []string{"crystals demo"}
	profile := x509ext.DefaultCompositeProfile()
	root, inter, err := profile.NewCAs(
		pkix.Name{Organization: org, CommonName: "crystals demo composite root (" + profile.Root.Name() + ")"},
		pkix.Name{Organization: org, CommonName: "crystals demo composite intermediate (" + profile.Intermediate.Name() + ")"},
		nil, &x509ext.CAOptions{MaxPathLen: 0, MaxPathLenSet: true})
	if err != nil {
		return nil, fmt.Errorf("composite CAs: %w", err)
	}
	key, err := composite.GenerateKey(profile.Intermediate)
	if err != nil {
		return nil, err
	}
	km := keyMaker{name: "composite", generate: func(mldsa.Parameters) (crypto.Signer, error) { return key, nil }}
	server, err := issueLeaf(km, mldsa.MLDSA65(), inter, serverRequest(org, hosts), x509ext.ProfileServer, nil)
	if err != nil {
		return nil, fmt.Errorf("composite server leaf: %w", err)
	}
	cp := &compositePKI{root: root.Certificate, intermediate: inter.Certificate, server: server.cert}
	cp.verified, err = x509ext.Verify(server.cert, x509ext.VerifyOptions{
		Roots:         []*x509.Certificate{cp.root},
		Intermediates: []*x509.Certificate{cp.intermediate},
		DNSName:       hosts[0],
	})
	if err != nil {
		return nil, fmt.Errorf("verifying the composite chain: %w", err)
	}
	return cp, nil
}
