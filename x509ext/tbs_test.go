package x509ext

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"fmt"
	"math/big"
	mrand "math/rand/v2"
	"net"
	"net/url"
	"testing"
	"time"

	"github.com/crystals-go/crystals/signer"
)

// tbsIssuer is a signing key and the signature algorithm to request.
type tbsIssuer struct {
	name string
	key  crypto.Signer
	alg  x509.SignatureAlgorithm
}

func tbsIssuers(t *testing.T) []tbsIssuer {
	t.Helper()
	p256 := must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader))
	p384 := must(ecdsa.GenerateKey(elliptic.P384(), rand.Reader))
	p521 := must(ecdsa.GenerateKey(elliptic.P521(), rand.Reader))
	_, ed := must2(ed25519.GenerateKey(rand.Reader))
	rsaKey := must(rsa.GenerateKey(rand.Reader, 2048))
	out := []tbsIssuer{
		{"P-256", p256, 0}, {"P-384", p384, 0}, {"P-521", p521, 0},
		{"P-256/SHA-512", p256, x509.ECDSAWithSHA512},
		{"Ed25519", ed, 0},
		{"RSA", rsaKey, 0}, {"RSA/SHA-384", rsaKey, x509.SHA384WithRSA}, {"RSA/SHA-512", rsaKey, x509.SHA512WithRSA},
		{"RSA-PSS/SHA-256", rsaKey, x509.SHA256WithRSAPSS}, {"RSA-PSS/SHA-384", rsaKey, x509.SHA384WithRSAPSS}, {"RSA-PSS/SHA-512", rsaKey, x509.SHA512WithRSAPSS},
	}
	for _, p := range []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()} {
		k := must(signer.GenerateKey(p))
		out = append(out, tbsIssuer{p.String(), k, 0})
	}
	return out
}

// randomTemplate draws a template that uses a random subset of the fields
// crypto/x509.CreateCertificate reads, with edge cases in each.
func randomTemplate(r *mrand.Rand) *x509.Certificate {
	coin := func() bool { return r.IntN(2) == 0 }
	times := []time.Time{
		time.Date(2026, 3, 4, 5, 6, 7, 891011, time.UTC),
		time.Date(1950, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1949, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(2049, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(2050, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC),
		time.Date(2030, 6, 1, 12, 0, 0, 0, time.FixedZone("UTC+5:30", 5*3600+1800)),
	}
	tmpl := &x509.Certificate{
		SerialNumber: new(big.Int).Lsh(big.NewInt(int64(r.Uint32())), uint(r.IntN(150))),
		NotBefore:    times[r.IntN(len(times))],
		NotAfter:     times[r.IntN(len(times))],
	}
	switch r.IntN(4) {
	case 0:
		tmpl.Subject = pkix.Name{CommonName: "leaf.example", Organization: []string{"crystals", "ünïcode"}, Country: []string{"NL"}}
	case 1:
		tmpl.RawSubject = must(asn1.Marshal(pkix.Name{CommonName: "raw subject"}.ToRDNSequence()))
	case 2: // empty subject: the SAN becomes critical
	default:
		tmpl.Subject = pkix.Name{SerialNumber: "42", ExtraNames: []pkix.AttributeTypeAndValue{{Type: asn1.ObjectIdentifier{1, 2, 3, 4}, Value: "extra"}}}
	}
	if coin() {
		tmpl.KeyUsage = x509.KeyUsage(r.IntN(0x200))
	}
	if coin() {
		all := []x509.ExtKeyUsage{x509.ExtKeyUsageAny, x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth, x509.ExtKeyUsageCodeSigning,
			x509.ExtKeyUsageEmailProtection, x509.ExtKeyUsageTimeStamping, x509.ExtKeyUsageOCSPSigning, x509.ExtKeyUsageMicrosoftKernelCodeSigning}
		for _, u := range all {
			if coin() {
				tmpl.ExtKeyUsage = append(tmpl.ExtKeyUsage, u)
			}
		}
		if coin() {
			tmpl.UnknownExtKeyUsage = []asn1.ObjectIdentifier{{1, 3, 6, 1, 4, 1, 99999, 1}}
		}
	}
	if coin() {
		tmpl.BasicConstraintsValid = true
		tmpl.IsCA = coin()
		tmpl.MaxPathLen = []int{-1, 0, 0, 1, 7, 200}[r.IntN(6)]
		tmpl.MaxPathLenZero = coin()
	}
	if coin() {
		tmpl.SubjectKeyId = []byte{1, 2, 3, byte(r.IntN(256))}
	}
	if coin() {
		tmpl.AuthorityKeyId = []byte{9, 8, 7}
	}
	if coin() {
		tmpl.OCSPServer = []string{"http://ocsp.example/"}
	}
	if coin() {
		tmpl.IssuingCertificateURL = []string{"http://ca.example/ca.crt", "ldap://ca.example/"}
	}
	if coin() {
		tmpl.DNSNames = []string{"leaf.example", "*.leaf.example"}
	}
	if coin() {
		tmpl.EmailAddresses = []string{"someone@example.org"}
	}
	if coin() {
		tmpl.IPAddresses = []net.IP{net.ParseIP("192.0.2.1"), net.ParseIP("2001:db8::1"), net.IPv4(198, 51, 100, 7).To16()}
	}
	if coin() {
		tmpl.URIs = []*url.URL{must(url.Parse("spiffe://example.org/service")), must(url.Parse("https://example.org/a?b=c"))}
	}
	if coin() {
		tmpl.Policies = []x509.OID{must(x509.OIDFromInts([]uint64{2, 23, 140, 1, 2, 1})), must(x509.OIDFromInts([]uint64{1, 2, 1 << 40}))}
		tmpl.PolicyIdentifiers = []asn1.ObjectIdentifier{{2, 23, 140, 1, 2, 1}}
	}
	if coin() {
		tmpl.PermittedDNSDomainsCritical = coin()
		if coin() {
			tmpl.PermittedDNSDomains = []string{"example.org", ".example.net"}
		}
		if coin() {
			tmpl.ExcludedDNSDomains = []string{"secret.example.org"}
		}
		if coin() {
			_, v4, _ := net.ParseCIDR("10.0.0.0/8")
			_, v6, _ := net.ParseCIDR("2001:db8::/32")
			tmpl.PermittedIPRanges = []*net.IPNet{v4, v6}
		}
		if coin() {
			_, v4, _ := net.ParseCIDR("10.1.2.0/24")
			tmpl.ExcludedIPRanges = []*net.IPNet{v4}
		}
		if coin() {
			tmpl.PermittedEmailAddresses = []string{"example.org"}
			tmpl.ExcludedEmailAddresses = []string{"boss@example.org"}
		}
		if coin() {
			tmpl.PermittedURIDomains = []string{".example.org"}
			tmpl.ExcludedURIDomains = []string{"bad.example.org"}
		}
	}
	if coin() {
		tmpl.CRLDistributionPoints = []string{"http://crl.example/a.crl", "http://crl.example/b.crl"}
	}
	if coin() {
		tmpl.ExtraExtensions = append(tmpl.ExtraExtensions, pkix.Extension{Id: asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 99999, 2}, Critical: coin(), Value: []byte{5, 0}})
	}
	if coin() {
		// Overrides the keyUsage built from KeyUsage, as in crypto/x509.
		tmpl.ExtraExtensions = append(tmpl.ExtraExtensions, pkix.Extension{Id: oidExtKeyUsage, Critical: true, Value: []byte{3, 2, 7, 0x80}})
	}
	return tmpl
}

// TestTBSMatchesCryptoX509 is the proof that the certificate builder
// encodes like the standard library: for templates crypto/x509 can encode
// (classical and ML-DSA issuers and subjects, random combinations of every
// template field it reads), the builder's TBSCertificate is byte-identical
// to the one crypto/x509.CreateCertificate writes, and when crypto/x509
// refuses a template, so does the builder. The builder's whole certificate
// then verifies with crypto/x509, and for deterministic signatures
// (Ed25519, RSA PKCS#1 v1.5, ML-DSA's hedged mode aside) equals it.
func TestTBSMatchesCryptoX509(t *testing.T) {
	issuers := tbsIssuers(t)
	r := mrand.New(mrand.NewPCG(22, 1))
	perIssuer := 40
	if testing.Short() {
		perIssuer = 12
	}
	compared, refused := 0, 0
	for _, iss := range issuers {
		for i := 0; i < perIssuer; i++ {
			tmpl := randomTemplate(r)
			tmpl.SignatureAlgorithm = iss.alg
			subject := issuers[r.IntN(len(issuers))].key.Public()
			parent := tmpl
			if r.IntN(3) != 0 {
				parent = &x509.Certificate{Subject: pkix.Name{CommonName: "issuer " + iss.name}, PublicKey: iss.key.Public()}
				if r.IntN(2) == 0 {
					parent.SubjectKeyId = []byte{0xaa, 0xbb}
				}
			}
			stdDER, stdErr := x509.CreateCertificate(rand.Reader, tmpl, parent, subject, iss.key)
			spki := must(MarshalPKIXPublicKey(subject))
			ourDER, ourErr := buildCertificate(rand.Reader, tmpl, parent, spki, iss.key)
			if !sameEncoding(t, fmt.Sprintf("%s #%d: TBSCertificate", iss.name, i), stdErr, ourErr, func() ([]byte, []byte) {
				return must(x509.ParseCertificate(stdDER)).RawTBSCertificate, must(x509.ParseCertificate(ourDER)).RawTBSCertificate
			}) {
				refused++
				continue
			}
			ours := must(x509.ParseCertificate(ourDER))
			pc := &x509.Certificate{PublicKey: iss.key.Public()}
			if err := pc.CheckSignature(ours.SignatureAlgorithm, ours.RawTBSCertificate, ours.Signature); err != nil {
				if err := CheckSignatureFrom(ours, parsedIssuer(t, iss.key)); err != nil {
					t.Fatalf("%s #%d: builder's signature does not verify: %v", iss.name, i, err)
				}
			}
			if _, ok := iss.key.(ed25519.PrivateKey); ok && !bytes.Equal(stdDER, ourDER) {
				t.Fatalf("%s #%d: Ed25519 certificates differ", iss.name, i)
			}
			compared++
		}
	}
	t.Logf("%d TBSCertificates byte-identical to crypto/x509's, %d templates refused by both", compared, refused)
	if compared < len(issuers)*perIssuer/2 {
		t.Fatalf("only %d of %d templates compared", compared, len(issuers)*perIssuer)
	}
}

// parsedIssuer is a self-signed certificate of key, for CheckSignatureFrom.
func parsedIssuer(t *testing.T, key crypto.Signer) *x509.Certificate {
	t.Helper()
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour)}
	return must(x509.ParseCertificate(must(CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key))))
}

// TestTBSRefusals: what the builder cannot encode is an error, not a
// silently dropped field.
func TestTBSRefusals(t *testing.T) {
	key := must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader))
	spki := must(MarshalPKIXPublicKey(key.Public()))
	base := func() *x509.Certificate {
		return &x509.Certificate{SerialNumber: big.NewInt(1), NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour)}
	}
	cases := map[string]func(*x509.Certificate){
		"policy identifiers only": func(c *x509.Certificate) { c.PolicyIdentifiers = []asn1.ObjectIdentifier{{1, 2, 3}} },
		"policy mappings":         func(c *x509.Certificate) { c.PolicyMappings = []x509.PolicyMapping{{}} },
		"inhibit any policy":      func(c *x509.Certificate) { c.InhibitAnyPolicyZero = true },
		"require explicit policy": func(c *x509.Certificate) { c.RequireExplicitPolicy = 2 },
		"key usage bit 9":         func(c *x509.Certificate) { c.KeyUsage = 1 << 9 },
		"negative serial":         func(c *x509.Certificate) { c.SerialNumber = big.NewInt(-1) },
		"path length of a leaf":   func(c *x509.Certificate) { c.BasicConstraintsValid, c.MaxPathLen = true, 2 },
		"non-ASCII DNS name":      func(c *x509.Certificate) { c.DNSNames = []string{"bücher.example"} },
		"nil URI":                 func(c *x509.Certificate) { c.URIs = []*url.URL{nil} },
		"nil IP range":            func(c *x509.Certificate) { c.PermittedIPRanges = []*net.IPNet{nil} },
		"unknown EKU":             func(c *x509.Certificate) { c.ExtKeyUsage = []x509.ExtKeyUsage{999} },
		"year 10000":              func(c *x509.Certificate) { c.NotAfter = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC) },
		"P-256 with SHA-384 RSA":  func(c *x509.Certificate) { c.SignatureAlgorithm = x509.SHA384WithRSA },
	}
	for name, mutate := range cases {
		tmpl := base()
		mutate(tmpl)
		if _, err := buildCertificate(rand.Reader, tmpl, tmpl, spki, key); err == nil {
			t.Errorf("%s: the builder accepted the template", name)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
}
