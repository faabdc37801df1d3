package x509ext

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	mrand "math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/crystals-go/crystals/internal/fuzzedit"
	"github.com/crystals-go/crystals/signer/composite"
)

var (
	fuzzIssuerOnce sync.Once
	fuzzIssuers    []tbsIssuer
	fuzzComposite  *composite.PrivateKey
)

// fuzzBuilderKeys are quick signers for the builder fuzz targets.
func fuzzBuilderKeys() ([]tbsIssuer, *composite.PrivateKey) {
	fuzzIssuerOnce.Do(func() {
		ec := must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader))
		_, ed := must2(ed25519.GenerateKey(rand.Reader))
		fuzzIssuers = []tbsIssuer{{"P-256", ec, 0}, {"Ed25519", ed, 0}}
		fuzzComposite = must(composite.GenerateKey(composite.AlgorithmByName("MLDSA44-Ed25519-SHA512")))
	})
	return fuzzIssuers, fuzzComposite
}

// FuzzCertificateBuilder draws templates from the fuzzer's seed and holds
// the builder to crypto/x509 on them (same verdict, byte-identical TBS), as
// TestTBSMatchesCryptoX509 does on its fixed seed.
func FuzzCertificateBuilder(f *testing.F) {
	for _, s := range []uint64{0, 1, 22, 1 << 40} {
		f.Add(s, uint8(0), false)
	}
	f.Fuzz(func(t *testing.T, seed uint64, which uint8, selfSigned bool) {
		issuers, _ := fuzzBuilderKeys()
		iss := issuers[int(which)%len(issuers)]
		tmpl := randomTemplate(mrand.New(mrand.NewPCG(seed, seed>>32)))
		parent := tmpl
		if !selfSigned {
			parent = &x509.Certificate{Subject: pkix.Name{CommonName: "fuzz issuer"}, SubjectKeyId: []byte{1}, PublicKey: iss.key.Public()}
		}
		sub := issuers[int(which/2)%len(issuers)].key.Public()
		stdDER, stdErr := x509.CreateCertificate(rand.Reader, tmpl, parent, sub, iss.key)
		ourDER, ourErr := buildCertificate(rand.Reader, tmpl, parent, must(MarshalPKIXPublicKey(sub)), iss.key)
		sameEncoding(t, "TBSCertificate", stdErr, ourErr, func() ([]byte, []byte) {
			return must(x509.ParseCertificate(stdDER)).RawTBSCertificate, must(x509.ParseCertificate(ourDER)).RawTBSCertificate
		})
	})
}

// FuzzCompositeSigned feeds edited certificates, CSRs and CRLs signed by a
// composite key to the parsers of the new paths (signatureOID and the
// composite checks of CheckSignatureFrom, VerifyCSR and VerifyCRL): no
// panic, and an edit that still parses must not verify unless it left the
// signed bytes, the signature and the algorithm as they were.
func FuzzCompositeSigned(f *testing.F) {
	_, key := fuzzBuilderKeys()
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	tmpl := mixedTemplate("fuzz CA", 1, true)
	tmpl.SubjectKeyId = []byte{1, 2}
	caDER := must(CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key))
	ca := must(x509.ParseCertificate(caDER))
	csrDER := must(CreateCSR(rand.Reader, &x509.CertificateRequest{Subject: pkix.Name{CommonName: "fuzz"}, DNSNames: []string{"a.example"}}, key))
	crlDER := must(CreateRevocationList(rand.Reader, &x509.RevocationList{Number: big.NewInt(1), ThisUpdate: now, NextUpdate: now.Add(time.Hour)}, ca, key))
	valid := [][]byte{caDER, csrDER, crlDER}
	for i := range valid {
		f.Add(uint8(i), []byte{})
		f.Add(uint8(i), []byte{0, 7, 1})
	}
	f.Fuzz(func(t *testing.T, which uint8, edits []byte) {
		orig := valid[int(which)%len(valid)]
		der := fuzzedit.Apply(orig, edits)
		switch int(which) % len(valid) {
		case 0:
			if c, err := x509.ParseCertificate(der); err == nil {
				if CheckSignatureFrom(c, ca) == nil && !bytes.Equal(c.RawTBSCertificate, ca.RawTBSCertificate) {
					t.Fatal("an edited certificate verifies")
				}
			}
		case 1:
			if c, err := x509.ParseCertificateRequest(der); err == nil {
				if VerifyCSR(c) == nil && !bytes.Equal(c.RawTBSCertificateRequest, must(x509.ParseCertificateRequest(orig)).RawTBSCertificateRequest) {
					t.Fatal("an edited CSR verifies")
				}
			}
		default:
			if c, err := x509.ParseRevocationList(der); err == nil {
				if VerifyCRL(c, ca) == nil && !bytes.Equal(c.RawTBSRevocationList, must(x509.ParseRevocationList(orig)).RawTBSRevocationList) {
					t.Fatal("an edited CRL verifies")
				}
			}
		}
	})
}
