package x509ext

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	mrand "math/rand/v2"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/crystals-go/crystals/internal/vectors"
	kemcomposite "github.com/crystals-go/crystals/kem/composite"
	"github.com/crystals-go/crystals/signer/composite"
)

// TestCompositeIssueRoundTrip: with the key of every composite-sigs vector
// (21: the 18 composites and the 3 pure ML-DSA references), a self-signed CA
// certificate, a CSR and a CRL are built, parsed back and verified; the
// certificate's SPKI is the vector certificate's byte for byte; a flipped
// bit of each signature is caught; and the CA issues a leaf that Verify
// accepts.
func TestCompositeIssueRoundTrip(t *testing.T) {
	var v vectors.CompositeSigs
	vectors.ReadJSON(t, compositeSigFile, &v)
	leafKey := must(composite.GenerateKey(composite.AlgorithmByName("MLDSA44-Ed25519-SHA512")))
	now := time.Now()
	n := 0
	for _, tc := range v.Tests {
		key := must(ParsePKCS8PrivateKey(tc.SKPKCS8)).(crypto.Signer)
		vectorCert := must(x509.ParseCertificate(tc.X5C))

		tmpl := mixedTemplate(tc.TcID+" CA", 1, true)
		tmpl.NotBefore, tmpl.NotAfter = now.Add(-time.Hour), now.Add(time.Hour)
		der, err := CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
		if err != nil {
			t.Fatalf("%s: self-signed certificate: %v", tc.TcID, err)
		}
		ca := must(x509.ParseCertificate(der))
		if !bytes.Equal(ca.RawSubjectPublicKeyInfo, vectorCert.RawSubjectPublicKeyInfo) {
			t.Errorf("%s: our SPKI differs from the vector certificate's", tc.TcID)
		}
		if err := CheckSignatureFrom(ca, ca); err != nil {
			t.Errorf("%s: self-signature: %v", tc.TcID, err)
		}
		for what, bad := range tampered(ca, 0, -1) {
			if CheckSignatureFrom(bad, ca) == nil {
				t.Errorf("%s: tampered certificate (%s) verifies", tc.TcID, what)
			}
		}

		if _, ok := key.Public().(*composite.PublicKey); ok {
			enc := mixedTemplate("enciphering", 3, false)
			enc.KeyUsage |= x509.KeyUsageKeyEncipherment
			if _, err := CreateCertificate(rand.Reader, enc, ca, key.Public(), key); err == nil || !strings.Contains(err.Error(), "only signs") {
				t.Errorf("%s: a composite certificate with keyEncipherment: %v", tc.TcID, err)
			}
		}

		csrDER, err := CreateCSR(rand.Reader, &x509.CertificateRequest{
			Subject: pkix.Name{CommonName: tc.TcID}, DNSNames: []string{"csr.example"},
			IPAddresses: []net.IP{net.IPv4(192, 0, 2, 9)}, URIs: []*url.URL{must(url.Parse("urn:x:y"))},
		}, key)
		if err != nil {
			t.Fatalf("%s: CSR: %v", tc.TcID, err)
		}
		csr := must(x509.ParseCertificateRequest(csrDER))
		if err := VerifyCSR(csr); err != nil {
			t.Errorf("%s: VerifyCSR: %v", tc.TcID, err)
		}
		if csr.DNSNames[0] != "csr.example" || !bytes.Equal(csr.RawSubjectPublicKeyInfo, vectorCert.RawSubjectPublicKeyInfo) {
			t.Errorf("%s: the CSR lost its names or its key", tc.TcID)
		}
		badCSR := *csr
		badCSR.Signature = bytes.Clone(csr.Signature)
		badCSR.Signature[len(badCSR.Signature)-1] ^= 1
		if VerifyCSR(&badCSR) == nil {
			t.Errorf("%s: a tampered CSR verifies", tc.TcID)
		}

		crlDER, err := CreateRevocationList(rand.Reader, &x509.RevocationList{
			Number: big.NewInt(7), ThisUpdate: now, NextUpdate: now.Add(time.Hour),
			RevokedCertificateEntries: []x509.RevocationListEntry{{SerialNumber: big.NewInt(99), RevocationTime: now, ReasonCode: 1}},
		}, ca, key)
		if err != nil {
			t.Fatalf("%s: CRL: %v", tc.TcID, err)
		}
		crl := must(x509.ParseRevocationList(crlDER))
		if err := VerifyCRL(crl, ca); err != nil {
			t.Errorf("%s: VerifyCRL: %v", tc.TcID, err)
		}
		if len(crl.RevokedCertificateEntries) != 1 || crl.RevokedCertificateEntries[0].ReasonCode != 1 {
			t.Errorf("%s: the CRL lost its entry", tc.TcID)
		}
		badCRL := *crl
		badCRL.Signature = bytes.Clone(crl.Signature)
		badCRL.Signature[0] ^= 1
		if VerifyCRL(&badCRL, ca) == nil {
			t.Errorf("%s: a tampered CRL verifies", tc.TcID)
		}

		leafTmpl := mixedTemplate("Leaf", 2, false)
		leafTmpl.NotBefore, leafTmpl.NotAfter = tmpl.NotBefore, tmpl.NotAfter
		leaf := must(x509.ParseCertificate(must(CreateCertificate(rand.Reader, leafTmpl, ca, leafKey.Public(), key))))
		if _, err := Verify(leaf, VerifyOptions{Roots: []*x509.Certificate{ca}, DNSName: "leaf.example.com"}); err != nil {
			t.Errorf("%s: a leaf under the CA: %v", tc.TcID, err)
		}
		n++
	}
	requireCount(t, compositeSigFile, "keys through certificate, CSR and CRL", n, 21)
}

// TestCompositeKEMCertificates: the key of every composite-kem vector gets
// a certificate from a composite CA (KEM keys cannot sign, so no
// self-signed one and no CSR); its SPKI is the vector certificate's, it is
// keyEncipherment only, and it verifies under the CA. A KEM certificate
// cannot be a CA.
func TestCompositeKEMCertificates(t *testing.T) {
	var v vectors.CompositeKEM
	vectors.ReadJSON(t, compositeKEMFile, &v)
	caKey := must(composite.GenerateKey(composite.AlgorithmByName("MLDSA65-ECDSA-P256-SHA512")))
	now := time.Now()
	caTmpl := mixedTemplate("KEM CA", 1, true)
	caTmpl.NotBefore, caTmpl.NotAfter = now.Add(-time.Hour), now.Add(time.Hour)
	ca := must(x509.ParseCertificate(must(CreateCertificate(rand.Reader, caTmpl, caTmpl, caKey.Public(), caKey))))
	n := 0
	for _, tc := range v.Tests {
		vectorCert := must(x509.ParseCertificate(tc.X5C))
		pub := must(ParsePKIXPublicKey(vectorCert.RawSubjectPublicKeyInfo))
		tmpl := &x509.Certificate{SerialNumber: big.NewInt(int64(n + 2)), Subject: pkix.Name{CommonName: tc.TcID}, NotBefore: caTmpl.NotBefore, NotAfter: caTmpl.NotAfter}
		der, err := CreateCertificate(rand.Reader, tmpl, ca, pub, caKey)
		if err != nil {
			t.Fatalf("%s: %v", tc.TcID, err)
		}
		cert := must(x509.ParseCertificate(der))
		if !bytes.Equal(cert.RawSubjectPublicKeyInfo, vectorCert.RawSubjectPublicKeyInfo) || cert.KeyUsage != x509.KeyUsageKeyEncipherment {
			t.Errorf("%s: SPKI or key usage wrong", tc.TcID)
		}
		if err := CheckSignatureFrom(cert, ca); err != nil {
			t.Errorf("%s: %v", tc.TcID, err)
		}
		if _, err := Verify(cert, VerifyOptions{Roots: []*x509.Certificate{ca}, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}}); err != nil {
			t.Errorf("%s: Verify: %v", tc.TcID, err)
		}
		if _, ok := pub.(*kemcomposite.EncapsulationKey); ok {
			bad := *tmpl
			bad.IsCA, bad.BasicConstraintsValid = true, true
			if _, err := CreateCertificate(rand.Reader, &bad, ca, pub, caKey); err == nil || !strings.Contains(err.Error(), "cannot be a CA") {
				t.Errorf("%s: a KEM CA certificate: %v", tc.TcID, err)
			}
		}
		n++
	}
	requireCount(t, compositeKEMFile, "KEM keys certified by a composite CA", n, 14)
}

// TestCSRMatchesCryptoX509 and TestCRLMatchesCryptoX509 hold the CSR and
// CRL builders to crypto/x509's encodings, as TestTBSMatchesCryptoX509 does
// for certificates: the signed bodies are byte-identical for classical and
// ML-DSA keys.
func TestCSRMatchesCryptoX509(t *testing.T) {
	r := mrand.New(mrand.NewPCG(22, 2))
	n := 0
	for _, iss := range tbsIssuers(t) {
		for i := 0; i < 6; i++ {
			c := randomTemplate(r)
			tmpl := &x509.CertificateRequest{Subject: c.Subject, RawSubject: c.RawSubject, DNSNames: c.DNSNames, EmailAddresses: c.EmailAddresses,
				IPAddresses: c.IPAddresses, URIs: c.URIs, ExtraExtensions: c.ExtraExtensions, SignatureAlgorithm: iss.alg}
			stdDER, stdErr := x509.CreateCertificateRequest(rand.Reader, tmpl, iss.key)
			ourDER, ourErr := buildCSR(rand.Reader, tmpl, iss.key)
			if !sameEncoding(t, fmt.Sprintf("%s #%d: CertificationRequestInfo", iss.name, i), stdErr, ourErr, func() ([]byte, []byte) {
				return must(x509.ParseCertificateRequest(stdDER)).RawTBSCertificateRequest, must(x509.ParseCertificateRequest(ourDER)).RawTBSCertificateRequest
			}) {
				continue
			}
			ours := must(x509.ParseCertificateRequest(ourDER))
			if err := VerifyCSR(ours); err != nil {
				t.Fatalf("%s #%d: %v", iss.name, i, err)
			}
			n++
		}
	}
	t.Logf("%d CSR bodies byte-identical to crypto/x509's", n)
}

func TestCRLMatchesCryptoX509(t *testing.T) {
	r := mrand.New(mrand.NewPCG(22, 3))
	n := 0
	times := []time.Time{time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC), time.Date(2051, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 3600))}
	for _, iss := range tbsIssuers(t) {
		issuer := parsedIssuer(t, iss.key)
		issuer.KeyUsage, issuer.SubjectKeyId = x509.KeyUsageCRLSign, []byte{1, 2, 3}
		for i := 0; i < 4; i++ {
			tmpl := &x509.RevocationList{Number: big.NewInt(r.Int64()), ThisUpdate: times[0], NextUpdate: times[r.IntN(2)], SignatureAlgorithm: iss.alg}
			for j := r.IntN(3); j > 0; j-- {
				e := x509.RevocationListEntry{SerialNumber: big.NewInt(r.Int64()), RevocationTime: times[r.IntN(2)], ReasonCode: r.IntN(3)}
				if r.IntN(2) == 0 {
					e.ExtraExtensions = []pkix.Extension{{Id: []int{1, 2, 3, 4}, Value: []byte{5, 0}}}
				}
				tmpl.RevokedCertificateEntries = append(tmpl.RevokedCertificateEntries, e)
			}
			if r.IntN(2) == 0 {
				tmpl.ExtraExtensions = []pkix.Extension{{Id: []int{1, 2, 3, 5}, Critical: true, Value: []byte{5, 0}}}
			}
			stdDER, stdErr := x509.CreateRevocationList(rand.Reader, tmpl, issuer, iss.key)
			ourDER, ourErr := buildCRL(rand.Reader, tmpl, issuer, iss.key)
			if !sameEncoding(t, fmt.Sprintf("%s #%d: TBSCertList", iss.name, i), stdErr, ourErr, func() ([]byte, []byte) {
				return must(x509.ParseRevocationList(stdDER)).RawTBSRevocationList, must(x509.ParseRevocationList(ourDER)).RawTBSRevocationList
			}) {
				continue
			}
			n++
		}
	}
	t.Logf("%d CRL bodies byte-identical to crypto/x509's", n)
	if n == 0 {
		t.Fatal("no CRL compared")
	}
}

// requireCount prints how many cases of file ran and fails unless all want
// did.
func requireCount(t *testing.T, file, what string, n, want int) {
	t.Helper()
	t.Logf("%s: %d %s", file, n, what)
	if n != want {
		t.Fatalf("%s: %d of %d vectors ran", file, n, want)
	}
}

// sameEncoding fails t unless crypto/x509 and the builder both refused
// (it returns false then) or both succeeded with identical signed bodies,
// which bodies returns (crypto/x509's first).
func sameEncoding(t *testing.T, what string, stdErr, ourErr error, bodies func() (std, ours []byte)) bool {
	t.Helper()
	if (stdErr == nil) != (ourErr == nil) {
		t.Fatalf("%s: crypto/x509 error %v, builder error %v", what, stdErr, ourErr)
	}
	if stdErr != nil {
		return false
	}
	if std, ours := bodies(); !bytes.Equal(std, ours) {
		t.Fatalf("%s differs\ncrypto/x509: %x\nbuilder:     %x", what, std, ours)
	}
	return true
}
