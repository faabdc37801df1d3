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

	serverCSR := &x509.CertificateRequest{Subject: pkix.Name{Organization: org, CommonName: hosts[0]}}
	for _, h := range hosts {
		if ip := net.ParseIP(h); ip != nil {
			serverCSR.IPAddresses = append(serverCSR.IPAddresses, ip)
		} else {
			serverCSR.DNSNames = append(serverCSR.DNSNames, h)
		}
	}
	if p.server, err = issueLeaf(km, leafParams, inter, serverCSR, x509ext.ProfileServer, nil); err != nil {
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
