package signer

import (
	"crypto/mldsa"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"testing"
	"time"
)

// newCert issues a certificate for pub signed by parent/signer, or a
// self-signed one when parent is nil.
func newCert(t *testing.T, name string, isCA bool, pub any, parent *x509.Certificate, signer *PrivateKey) *x509.Certificate {
	t.Helper()
	serial, _ := rand.Int(rand.Reader, big.NewInt(1<<62))
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{CommonName: name},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		BasicConstraintsValid: true,
		IsCA:                  isCA,
		DNSNames:              []string{name},
	}
	if isCA {
		tmpl.KeyUsage = x509.KeyUsageCertSign | x509.KeyUsageCRLSign
	} else {
		tmpl.KeyUsage = x509.KeyUsageDigitalSignature
		tmpl.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}
	}
	if parent == nil {
		parent = tmpl
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, pub, signer)
	if err != nil {
		t.Fatalf("CreateCertificate(%s): %v", name, err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return cert
}

// TestX509Chain issues root → intermediate → leaf with our signers at each
// ML-DSA level and has crypto/x509 check every signature and the chain.
func TestX509Chain(t *testing.T) {
	for _, params := range allParams {
		t.Run(params.String(), func(t *testing.T) {
			rootKey, _ := GenerateKey(params)
			interKey, _ := GenerateKey(params)
			leafKey, _ := GenerateKey(params)
			root := newCert(t, "root.example", true, rootKey.Public(), nil, rootKey)
			inter := newCert(t, "intermediate.example", true, interKey.Public(), root, rootKey)
			leaf := newCert(t, "leaf.example", false, leafKey.Public(), inter, interKey)

			if err := root.CheckSignatureFrom(root); err != nil {
				t.Errorf("root self-signature: %v", err)
			}
			if err := inter.CheckSignatureFrom(root); err != nil {
				t.Errorf("intermediate signature: %v", err)
			}
			if err := leaf.CheckSignatureFrom(inter); err != nil {
				t.Errorf("leaf signature: %v", err)
			}
			if err := root.CheckSignature(leaf.SignatureAlgorithm, leaf.RawTBSCertificate, leaf.Signature); err == nil {
				t.Error("leaf verifies under the root key")
			}
			if err := inter.CheckSignature(leaf.SignatureAlgorithm, leaf.RawTBSCertificate, leaf.Signature); err != nil {
				t.Errorf("CheckSignature: %v", err)
			}
			if pk, ok := leaf.PublicKey.(*mldsa.PublicKey); !ok || !pk.Equal(leafKey.Public()) {
				t.Errorf("leaf public key is %T, not our key", leaf.PublicKey)
			}
			roots, inters := x509.NewCertPool(), x509.NewCertPool()
			roots.AddCert(root)
			inters.AddCert(inter)
			chains, err := leaf.Verify(x509.VerifyOptions{DNSName: "leaf.example", Roots: roots, Intermediates: inters})
			if err != nil {
				t.Fatalf("x509 Verify: %v", err)
			}
			if len(chains) != 1 || len(chains[0]) != 3 {
				t.Errorf("got chains %v, want one of length 3", chains)
			}
			// Our Verify agrees with x509 on the certificate signature.
			if err := Verify(interKey.PublicKey(), leaf.RawTBSCertificate, leaf.Signature, nil); err != nil {
				t.Errorf("signer.Verify of the leaf signature: %v", err)
			}

			// A CSR and a CRL signed by our keys.
			csrDER, err := x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{
				Subject: pkix.Name{CommonName: "csr.example"},
			}, leafKey)
			if err != nil {
				t.Fatal(err)
			}
			csr, err := x509.ParseCertificateRequest(csrDER)
			if err != nil {
				t.Fatal(err)
			}
			if err := csr.CheckSignature(); err != nil {
				t.Errorf("CSR signature: %v", err)
			}
			crlDER, err := x509.CreateRevocationList(rand.Reader, &x509.RevocationList{
				Number:     big.NewInt(1),
				ThisUpdate: time.Now(),
				NextUpdate: time.Now().Add(time.Hour),
				RevokedCertificateEntries: []x509.RevocationListEntry{
					{SerialNumber: leaf.SerialNumber, RevocationTime: time.Now()},
				},
			}, inter, interKey)
			if err != nil {
				t.Fatal(err)
			}
			crl, err := x509.ParseRevocationList(crlDER)
			if err != nil {
				t.Fatal(err)
			}
			if err := crl.CheckSignatureFrom(inter); err != nil {
				t.Errorf("CRL signature: %v", err)
			}
		})
	}
}
