package x509ext

import (
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/crystals-go/crystals/signer/composite"
)

// TestOpenSSLParsesCompositeStructures: OpenSSL 3.5, which has no
// composite algorithms and so cannot check their signatures, parses the
// composite certificate, CSR and CRL that x509ext builds and reads the
// fields this package wrote: a second DER parser's view of the builders'
// output, beside the byte-for-byte comparisons with crypto/x509.
func TestOpenSSLParsesCompositeStructures(t *testing.T) {
	openssl := openssl35(t)
	_, inter, err := DefaultCompositeProfile().NewCAs(pkix.Name{CommonName: "Composite Root"}, pkix.Name{CommonName: "Composite Issuing"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	key := must(composite.GenerateKey(composite.AlgorithmByName("MLDSA44-Ed25519-SHA512")))
	csrDER := must(CreateCSR(rand.Reader, &x509.CertificateRequest{Subject: pkix.Name{CommonName: "www.example.com"}, DNSNames: []string{"www.example.com"}}, key))
	csr := must(x509.ParseCertificateRequest(csrDER))
	leaf := must(inter.IssueFromCSR(csr, ProfileServer, nil))
	crl := must(inter.IssueCRL([]x509.RevocationListEntry{{SerialNumber: big.NewInt(0x4242), RevocationTime: time.Now(), ReasonCode: 1}}, big.NewInt(9), time.Hour))

	certText := string(openssl("x509", "-in", writeFile(t, "leaf.crt", EncodePEM("CERTIFICATE", leaf.Raw)), "-noout", "-text", "-certopt", "no_pubkey"))
	for _, want := range []string{
		"Signature Algorithm: 1.3.6.1.5.5.7.6.45", // MLDSA65-ECDSA-P256-SHA512, the intermediate's
		"Issuer: CN=Composite Issuing", "Subject: CN=www.example.com",
		"X509v3 Key Usage: critical", "Digital Signature", "TLS Web Server Authentication",
		"DNS:www.example.com", "X509v3 Authority Key Identifier",
	} {
		if !strings.Contains(certText, want) {
			t.Errorf("openssl x509 -text lacks %q:\n%s", want, certText)
		}
	}
	csrText := string(openssl("req", "-in", writeFile(t, "leaf.csr", EncodePEM("CERTIFICATE REQUEST", csrDER)), "-noout", "-text", "-reqopt", "no_pubkey"))
	for _, want := range []string{"Subject: CN=www.example.com", "Requested Extensions", "DNS:www.example.com", "1.3.6.1.5.5.7.6.39"} {
		if !strings.Contains(csrText, want) {
			t.Errorf("openssl req -text lacks %q:\n%s", want, csrText)
		}
	}
	crlText := string(openssl("crl", "-in", writeFile(t, "inter.crl", EncodePEM("X509 CRL", crl.Raw)), "-noout", "-text"))
	for _, want := range []string{"Signature Algorithm: 1.3.6.1.5.5.7.6.45", "Issuer: CN=Composite Issuing", "X509v3 CRL Number", "Serial Number: 4242", "Key Compromise"} {
		if !strings.Contains(crlText, want) {
			t.Errorf("openssl crl -text lacks %q:\n%s", want, crlText)
		}
	}
}
