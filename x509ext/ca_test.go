package x509ext

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/mldsa"
	"crypto/mlkem"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
)

// mustMLDSA returns a crystals ML-DSA key, the issuer the CA toolkit is for.
func mustMLDSA(t testing.TB, p mldsa.Parameters) crypto.Signer {
	t.Helper()
	k, err := signer.GenerateKey(p)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func mustCSR(t testing.TB, key crypto.Signer, cn string, dns ...string) *x509.CertificateRequest {
	t.Helper()
	der, err := CreateCSR(rand.Reader, &x509.CertificateRequest{Subject: pkix.Name{CommonName: cn}, DNSNames: dns}, key)
	if err != nil {
		t.Fatal(err)
	}
	csr, err := x509.ParseCertificateRequest(der)
	if err != nil {
		t.Fatal(err)
	}
	return csr
}

// testPKI is root -> intermediate, both ML-DSA.
type testPKI struct {
	root, inter *CA
}

func newTestPKI(t testing.TB, rootParams, interParams mldsa.Parameters, opts *CAOptions) testPKI {
	t.Helper()
	root, err := NewRootCA(pkix.Name{CommonName: "Test Root"}, mustMLDSA(t, rootParams), nil)
	if err != nil {
		t.Fatal(err)
	}
	inter, err := root.NewIntermediate(pkix.Name{CommonName: "Test Intermediate"}, mustMLDSA(t, interParams), opts)
	if err != nil {
		t.Fatal(err)
	}
	return testPKI{root, inter}
}

func (p testPKI) stdlibVerify(leaf *x509.Certificate, usages ...x509.ExtKeyUsage) error {
	roots, inters := x509.NewCertPool(), x509.NewCertPool()
	roots.AddCert(p.root.Certificate)
	inters.AddCert(p.inter.Certificate)
	_, err := leaf.Verify(x509.VerifyOptions{Roots: roots, Intermediates: inters, KeyUsages: usages})
	return err
}

func (p testPKI) ourVerify(leaf *x509.Certificate, usages ...x509.ExtKeyUsage) (*VerifyResult, error) {
	return Verify(leaf, VerifyOptions{Roots: []*x509.Certificate{p.root.Certificate}, Intermediates: []*x509.Certificate{p.inter.Certificate}, KeyUsages: usages})
}

// TestCAAllLevels issues server, client and KEM certificates under an
// ML-DSA root and intermediate at every level; stdlib x509.Verify and our
// Verify both accept each chain.
func TestCAAllLevels(t *testing.T) {
	levels := []struct {
		p   mldsa.Parameters
		kem func() (any, error)
	}{
		{mldsa.MLDSA44(), func() (any, error) { k, err := kem.GenerateKey512(); return k.EncapsulationKey(), err }},
		{mldsa.MLDSA65(), func() (any, error) { k, err := kem.GenerateKey768(); return k.EncapsulationKey(), err }},
		{mldsa.MLDSA87(), func() (any, error) { k, err := kem.GenerateKey1024(); return k.EncapsulationKey(), err }},
		{mldsa.MLDSA65(), func() (any, error) { k, err := kem.GenerateKeyXWing(); return k.EncapsulationKey(), err }},
		{mldsa.MLDSA44(), func() (any, error) { k, err := mlkem.GenerateKey768(); return k.EncapsulationKey(), err }}, // a stdlib key
	}
	for _, lv := range levels {
		ek, err := lv.kem()
		if err != nil {
			t.Fatal(err)
		}
		t.Run(fmt.Sprintf("%s/%T", lv.p, ek), func(t *testing.T) {
			pki := newTestPKI(t, lv.p, lv.p, nil)
			leafKey := mustMLDSA(t, lv.p)
			server, err := pki.inter.IssueFromCSR(mustCSR(t, leafKey, "server", "www.example.com"), ProfileServer, nil)
			if err != nil {
				t.Fatal(err)
			}
			client, err := pki.inter.IssueFromCSR(mustCSR(t, leafKey, "client"), ProfileClient, nil)
			if err != nil {
				t.Fatal(err)
			}
			kemCert, err := pki.inter.IssueFromCSR(mustCSR(t, leafKey, "kem", "kem.example.com"), ProfileKEM, &IssueOptions{PublicKey: ek})
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				cert *x509.Certificate
				eku  x509.ExtKeyUsage
			}{{server, x509.ExtKeyUsageServerAuth}, {client, x509.ExtKeyUsageClientAuth}, {kemCert, x509.ExtKeyUsageAny}} {
				if err := pki.stdlibVerify(c.cert, c.eku); err != nil {
					t.Errorf("%s: stdlib Verify: %v", c.cert.Subject, err)
				}
				res, err := pki.ourVerify(c.cert, c.eku)
				if err != nil {
					t.Errorf("%s: Verify: %v", c.cert.Subject, err)
					continue
				}
				if len(res.Chain) != 3 || !strings.Contains(strings.Join(res.Checks, "\n"), "signature of") {
					t.Errorf("%s: chain %d, checks %q", c.cert.Subject, len(res.Chain), res.Checks)
				}
			}
			if kemCert.KeyUsage != x509.KeyUsageKeyEncipherment || kemCert.PublicKeyAlgorithm != x509.UnknownPublicKeyAlgorithm {
				t.Errorf("KEM certificate: key usage %v, algorithm %v", kemCert.KeyUsage, kemCert.PublicKeyAlgorithm)
			}
			info, err := CertificatePublicKeyInfo(kemCert)
			if err != nil {
				t.Fatal(err)
			}
			if want, _, _ := publicKeyInfoOf(ek); string(info.PublicKey) != string(want.PublicKey) {
				t.Error("KEM certificate does not carry the KEM key")
			}
			if back, err := ParsePKIXPublicKey(kemCert.RawSubjectPublicKeyInfo); err != nil {
				t.Errorf("KEM certificate key does not parse to a key object: %v", err)
			} else if got, _, _ := publicKeyInfoOf(back); got.Algorithm != info.Algorithm {
				t.Errorf("KEM certificate key parses as %s", got.Algorithm)
			}
			if string(kemCert.AuthorityKeyId) != string(pki.inter.Certificate.SubjectKeyId) || len(kemCert.SubjectKeyId) != 20 {
				t.Error("KEM certificate: SKID/AKID not set as expected")
			}
			crl, err := pki.inter.IssueCRL([]x509.RevocationListEntry{{SerialNumber: server.SerialNumber, RevocationTime: time.Now()}}, big.NewInt(1), 24*time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			if err := crl.CheckSignatureFrom(pki.inter.Certificate); err != nil {
				t.Errorf("CRL signature (crypto/x509): %v", err)
			}
			if err := VerifyCRL(crl, pki.inter.Certificate); err != nil {
				t.Errorf("CRL signature: %v", err)
			}
			if err := VerifyCRL(crl, pki.root.Certificate); err == nil {
				t.Error("CRL accepted from the wrong issuer")
			}
			crl.Signature = bytes.Clone(crl.Signature)
			crl.Signature[0] ^= 1
			if err := VerifyCRL(crl, pki.inter.Certificate); err == nil || !strings.Contains(err.Error(), "signature is invalid") {
				t.Errorf("tampered CRL: %v", err)
			}
		})
	}
}

// TestCARefusals: each bad request is refused with an error naming why.
func TestCARefusals(t *testing.T) {
	p := mldsa.MLDSA44()
	pki := newTestPKI(t, p, p, &CAOptions{MaxPathLen: 0, MaxPathLenSet: true, PermittedDNSDomains: []string{"example.com"}})
	key := mustMLDSA(t, p)

	tampered := mustCSR(t, key, "x", "a.example.com")
	tampered.Signature[10] ^= 1
	expired := &CA{Certificate: pki.inter.Certificate, Chain: pki.inter.Chain, signer: pki.inter.signer,
		Clock: func() time.Time { return time.Now().Add(20 * 365 * 24 * time.Hour) }}
	early := &CA{Certificate: pki.inter.Certificate, Chain: pki.inter.Chain, signer: pki.inter.signer,
		Clock: func() time.Time { return time.Now().Add(-24 * time.Hour) }}
	ek, _ := mlkem.GenerateKey768()
	cases := []struct {
		name, want string
		run        func() error
	}{
		{"bad CSR signature", "signature is invalid", func() error {
			_, err := pki.inter.IssueFromCSR(tampered, ProfileServer, nil)
			return err
		}},
		{"name constraint", "name constraint violation", func() error {
			_, err := pki.inter.IssueFromCSR(mustCSR(t, key, "x", "www.other.org"), ProfileServer, nil)
			return err
		}},
		{"path length", "path length violation", func() error {
			_, err := pki.inter.NewIntermediate(pkix.Name{CommonName: "too deep"}, mustMLDSA(t, p), nil)
			return err
		}},
		{"expired issuer", "has expired", func() error {
			_, err := expired.IssueFromCSR(mustCSR(t, key, "x", "a.example.com"), ProfileServer, nil)
			return err
		}},
		{"not-yet-valid issuer", "not valid yet", func() error {
			_, err := early.IssueFromCSR(mustCSR(t, key, "x", "a.example.com"), ProfileServer, nil)
			return err
		}},
		{"key mismatch", "does not match", func() error {
			_, err := LoadCA(pki.inter.Certificate, mustMLDSA(t, p))
			return err
		}},
		{"server without names", "at least one DNS name", func() error {
			_, err := pki.inter.IssueFromCSR(mustCSR(t, key, "x"), ProfileServer, nil)
			return err
		}},
		{"bad DNS name", "not a valid host name", func() error {
			_, err := pki.inter.IssueFromCSR(mustCSR(t, key, "x", "bad..example.com"), ProfileServer, nil)
			return err
		}},
		{"KEM without key", "needs IssueOptions.PublicKey", func() error {
			_, err := pki.inter.IssueFromCSR(mustCSR(t, key, "x"), ProfileKEM, nil)
			return err
		}},
		{"KEM key usage", "keyEncipherment only", func() error {
			_, err := CreateCertificate(rand.Reader, &x509.Certificate{SerialNumber: big.NewInt(1), KeyUsage: x509.KeyUsageDigitalSignature},
				pki.inter.Certificate, ek.EncapsulationKey(), pki.inter.signer)
			return err
		}},
		{"KEM CA", "cannot be a CA", func() error {
			_, err := CreateCertificate(rand.Reader, &x509.Certificate{SerialNumber: big.NewInt(1), IsCA: true, BasicConstraintsValid: true},
				pki.inter.Certificate, ek.EncapsulationKey(), pki.inter.signer)
			return err
		}},
	}
	for _, c := range cases {
		err := c.run()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// TestVerifyMatchesStdlib: on good and bad chains, our Verify accepts
// exactly when crypto/x509's does.
func TestVerifyMatchesStdlib(t *testing.T) {
	p := mldsa.MLDSA65()
	pki := newTestPKI(t, p, p, &CAOptions{MaxPathLen: 0, MaxPathLenSet: true, ExcludedDNSDomains: []string{"bad.example.com"}})
	leafKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	// Certificates made with crypto/x509 directly, bypassing the CA's checks.
	issue := func(mod func(*x509.Certificate)) *x509.Certificate {
		tmpl := &x509.Certificate{
			SerialNumber: big.NewInt(7), Subject: pkix.Name{CommonName: "leaf"},
			NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
			DNSNames: []string{"ok.example.com"}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
			KeyUsage: x509.KeyUsageDigitalSignature,
		}
		mod(tmpl)
		der, err := x509.CreateCertificate(rand.Reader, tmpl, pki.inter.Certificate, leafKey.Public(), pki.inter.signer)
		if err != nil {
			t.Fatal(err)
		}
		c, _ := x509.ParseCertificate(der)
		return c
	}
	tampered := issue(func(*x509.Certificate) {})
	tampered.Signature = append([]byte(nil), tampered.Signature...)
	tampered.Signature[5] ^= 0x40
	scenarios := map[string]*x509.Certificate{
		"good":            issue(func(*x509.Certificate) {}),
		"expired":         issue(func(c *x509.Certificate) { c.NotAfter = time.Now().Add(-time.Minute) }),
		"not yet valid":   issue(func(c *x509.Certificate) { c.NotBefore = time.Now().Add(time.Minute) }),
		"excluded name":   issue(func(c *x509.Certificate) { c.DNSNames = []string{"x.bad.example.com"} }),
		"client EKU only": issue(func(c *x509.Certificate) { c.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth} }),
		"CA below pathlen 0": issue(func(c *x509.Certificate) {
			c.IsCA, c.BasicConstraintsValid, c.KeyUsage = true, true, x509.KeyUsageCertSign
		}),
		"tampered signature": tampered,
		"IP name":            issue(func(c *x509.Certificate) { c.IPAddresses = []net.IP{net.IPv4(192, 0, 2, 1)} }),
	}
	for name, leaf := range scenarios {
		stdErr := pki.stdlibVerify(leaf)
		_, ourErr := pki.ourVerify(leaf)
		if (stdErr == nil) != (ourErr == nil) {
			t.Errorf("%s: stdlib %v, ours %v", name, stdErr, ourErr)
		}
		if name == "good" && ourErr != nil {
			t.Errorf("good chain refused: %v", ourErr)
		}
	}
	// A leaf below a sub-CA issued despite pathlen 0 fails in both.
	subKey := mustMLDSA(t, p)
	subDER, err := x509.CreateCertificate(rand.Reader, &x509.Certificate{
		SerialNumber: big.NewInt(9), Subject: pkix.Name{CommonName: "sub"}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
	}, pki.inter.Certificate, subKey.Public(), pki.inter.signer)
	if err != nil {
		t.Fatal(err)
	}
	sub, _ := x509.ParseCertificate(subDER)
	leafDER, _ := x509.CreateCertificate(rand.Reader, &x509.Certificate{
		SerialNumber: big.NewInt(10), Subject: pkix.Name{CommonName: "deep"}, DNSNames: []string{"deep.example.com"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
	}, sub, leafKey.Public(), subKey)
	deep, _ := x509.ParseCertificate(leafDER)
	roots, inters := x509.NewCertPool(), x509.NewCertPool()
	roots.AddCert(pki.root.Certificate)
	inters.AddCert(pki.inter.Certificate)
	inters.AddCert(sub)
	_, stdErr := deep.Verify(x509.VerifyOptions{Roots: roots, Intermediates: inters})
	_, ourErr := Verify(deep, VerifyOptions{Roots: []*x509.Certificate{pki.root.Certificate}, Intermediates: []*x509.Certificate{pki.inter.Certificate, sub}})
	if stdErr == nil || ourErr == nil || !strings.Contains(ourErr.Error(), "path length violation") {
		t.Errorf("path length: stdlib %v, ours %v", stdErr, ourErr)
	}
}

// TestCreateCertificateFromPublicKeyInfo: a subject key given as bytes
// works for every algorithm, ML-DSA included (crypto/x509 encodes those).
func TestCreateCertificateFromPublicKeyInfo(t *testing.T) {
	pki := newTestPKI(t, mldsa.MLDSA44(), mldsa.MLDSA44(), nil)
	subject := mustMLDSA(t, mldsa.MLDSA65())
	dk, _ := kem.GenerateKey512()
	for _, pub := range []any{subject.Public(), dk.EncapsulationKey()} {
		info, _, _ := publicKeyInfoOf(pub)
		tmpl := &x509.Certificate{SerialNumber: big.NewInt(3), Subject: pkix.Name{CommonName: info.Algorithm.String()},
			NotBefore: time.Now().Add(-time.Minute), NotAfter: time.Now().Add(time.Hour)}
		der, err := CreateCertificate(rand.Reader, tmpl, pki.inter.Certificate, info, pki.inter.signer)
		if err != nil {
			t.Fatalf("%s: %v", info.Algorithm, err)
		}
		cert, err := x509.ParseCertificate(der)
		if err != nil {
			t.Fatal(err)
		}
		got, err := CertificatePublicKeyInfo(cert)
		if err != nil || !bytes.Equal(got.PublicKey, info.PublicKey) {
			t.Errorf("%s: certificate carries another key (err %v)", info.Algorithm, err)
		}
	}
}
