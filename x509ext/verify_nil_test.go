package x509ext

import (
	"crypto/mldsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"testing"
	"time"
)

// TestVerifyNilInputs: nil and zero-value inputs of Verify, VerifyCSR,
// VerifyCRL and the CA toolkit give errors, never panics.
func TestVerifyNilInputs(t *testing.T) {
	f := newFixture(t)
	root := f.issue(f.caTmpl("Root"), 0, nil).cert
	leaf := f.issue(f.leafTmpl("www.example.com"), 4, &node{cert: root, key: f.keys[0]}).cert
	zeroCA, nilCA := &CA{}, (*CA)(nil)
	csr := mustCSR(t, f.keys[1], "leaf", "www.example.com")
	cases := map[string]func() error{
		"Verify(nil)": func() error { _, err := Verify(nil, VerifyOptions{Roots: []*x509.Certificate{root}}); return err },
		"Verify(unparsed leaf)": func() error {
			_, err := Verify(&x509.Certificate{}, VerifyOptions{Roots: []*x509.Certificate{root}})
			return err
		},
		"Verify without roots":   func() error { _, err := Verify(leaf, VerifyOptions{}); return err },
		"Verify with a nil root": func() error { _, err := Verify(leaf, VerifyOptions{Roots: []*x509.Certificate{root, nil}}); return err },
		"Verify with a nil inter": func() error {
			_, err := Verify(leaf, VerifyOptions{Roots: []*x509.Certificate{root}, Intermediates: []*x509.Certificate{nil}})
			return err
		},
		"Verify with a zero inter": func() error {
			_, err := Verify(leaf, VerifyOptions{Roots: []*x509.Certificate{root}, Intermediates: []*x509.Certificate{{}}})
			return err
		},
		"VerifyCSR(nil)":         func() error { return VerifyCSR(nil) },
		"VerifyCSR(zero)":        func() error { return VerifyCSR(&x509.CertificateRequest{}) },
		"VerifyCRL(nil, issuer)": func() error { return VerifyCRL(nil, root) },
		"VerifyCRL(crl, nil)":    func() error { return VerifyCRL(&x509.RevocationList{}, nil) },
		"VerifyCRL(zero, nil ML-DSA key)": func() error {
			return VerifyCRL(&x509.RevocationList{}, &x509.Certificate{PublicKeyAlgorithm: x509.MLDSA, PublicKey: (*mldsa.PublicKey)(nil)})
		},
		"VerifyCRL(zero, zero)":   func() error { return VerifyCRL(&x509.RevocationList{}, &x509.Certificate{}) },
		"NewRootCA(nil key)":      func() error { _, err := NewRootCA(pkix.Name{CommonName: "x"}, nil, nil); return err },
		"LoadCA(nil, nil)":        func() error { _, err := LoadCA(nil, nil); return err },
		"LoadCA(cert, nil)":       func() error { _, err := LoadCA(root, nil); return err },
		"LoadCA with a nil chain": func() error { _, err := LoadCA(root, f.keys[0], nil); return err },
		"zero CA NewIntermediate": func() error { _, err := zeroCA.NewIntermediate(pkix.Name{CommonName: "x"}, f.keys[1], nil); return err },
		"nil CA NewIntermediate":  func() error { _, err := nilCA.NewIntermediate(pkix.Name{CommonName: "x"}, f.keys[1], nil); return err },
		"zero CA IssueFromCSR":    func() error { _, err := zeroCA.IssueFromCSR(csr, ProfileServer, nil); return err },
		"nil CA IssueFromCSR":     func() error { _, err := nilCA.IssueFromCSR(csr, ProfileServer, nil); return err },
		"zero CA IssueCRL":        func() error { _, err := zeroCA.IssueCRL(nil, big.NewInt(1), time.Hour); return err },
		"nil CA IssueCRL":         func() error { _, err := nilCA.IssueCRL(nil, big.NewInt(1), time.Hour); return err },
		"IssueFromCSR(nil)": func() error {
			ca, _ := NewRootCA(pkix.Name{CommonName: "r"}, f.keys[0], nil)
			_, err := ca.IssueFromCSR(nil, ProfileServer, nil)
			return err
		},
		"NewIntermediate(nil key)": func() error {
			ca, _ := NewRootCA(pkix.Name{CommonName: "r"}, f.keys[0], nil)
			_, err := ca.NewIntermediate(pkix.Name{CommonName: "x"}, nil, nil)
			return err
		},
	}
	for name, call := range cases {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s panicked: %v", name, p)
				}
			}()
			if err := call(); err == nil {
				t.Errorf("%s: no error", name)
			} else {
				t.Logf("%s: %v", name, err)
			}
		}()
	}
	if zeroCA.Signer() != nil || nilCA.Signer() != nil {
		t.Error("Signer of a zero or nil CA is not nil")
	}
}
