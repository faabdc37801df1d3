package x509ext_test

import (
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"log"
	"math/big"
	"time"

	"github.com/crystals-go/crystals/signer/composite"
	"github.com/crystals-go/crystals/x509ext"
)

// A composite chain: an MLDSA87-ECDSA-P384 root, an MLDSA65-ECDSA-P256
// intermediate, a server certificate for a composite key requested by a
// CSR, and a CRL, all checked with x509ext (crypto/x509 cannot parse
// composite signatures).
func ExampleCompositeProfile() {
	root, inter, err := x509ext.DefaultCompositeProfile().NewCAs(
		pkix.Name{CommonName: "Composite Root"}, pkix.Name{CommonName: "Composite Intermediate"}, nil, nil)
	if err != nil {
		log.Fatal(err)
	}

	serverKey, err := composite.GenerateKey(composite.AlgorithmByName("MLDSA65-ECDSA-P256-SHA512"))
	if err != nil {
		log.Fatal(err)
	}
	csrDER, err := x509ext.CreateCSR(rand.Reader, &x509.CertificateRequest{
		Subject: pkix.Name{CommonName: "www.example.com"}, DNSNames: []string{"www.example.com"},
	}, serverKey)
	if err != nil {
		log.Fatal(err)
	}
	csr, err := x509.ParseCertificateRequest(csrDER)
	if err != nil {
		log.Fatal(err)
	}
	leaf, err := inter.IssueFromCSR(csr, x509ext.ProfileServer, nil)
	if err != nil {
		log.Fatal(err)
	}

	res, err := x509ext.Verify(leaf, x509ext.VerifyOptions{
		Roots:         []*x509.Certificate{root.Certificate},
		Intermediates: []*x509.Certificate{inter.Certificate},
		DNSName:       "www.example.com",
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range res.Chain {
		key, _ := x509ext.ParsePKIXPublicKey(c.RawSubjectPublicKeyInfo)
		fmt.Printf("%s: %s\n", c.Subject.CommonName, key.(*composite.PublicKey).Algorithm())
	}

	crl, err := inter.IssueCRL([]x509.RevocationListEntry{{SerialNumber: big.NewInt(42), RevocationTime: time.Now()}}, big.NewInt(1), 24*time.Hour)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("CRL:", x509ext.VerifyCRL(crl, inter.Certificate))
	// Output:
	// www.example.com: MLDSA65-ECDSA-P256-SHA512
	// Composite Intermediate: MLDSA65-ECDSA-P256-SHA512
	// Composite Root: MLDSA87-ECDSA-P384-SHA512
	// CRL: <nil>
}
