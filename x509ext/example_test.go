package x509ext_test

import (
	"crypto/mldsa"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"log"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/x509ext"
)

// A post-quantum PKI: an ML-DSA-87 root, an ML-DSA-65 intermediate, and an
// ML-KEM-768 end-entity certificate issued from a CSR, then verified.
func Example_kemCertificate() {
	rootKey, _ := signer.GenerateKey(mldsa.MLDSA87())
	root, err := x509ext.NewRootCA(pkix.Name{CommonName: "Example Root"}, rootKey, nil)
	if err != nil {
		log.Fatal(err)
	}
	interKey, _ := signer.GenerateKey(mldsa.MLDSA65())
	inter, err := root.NewIntermediate(pkix.Name{CommonName: "Example Intermediate"}, interKey, nil)
	if err != nil {
		log.Fatal(err)
	}

	// The requester signs a CSR with its ML-DSA key; the certificate is
	// for its ML-KEM key.
	reqKey, _ := signer.GenerateKey(mldsa.MLDSA44())
	csrDER, _ := x509ext.CreateCSR(rand.Reader, &x509.CertificateRequest{
		Subject: pkix.Name{CommonName: "kem.example.com"}, DNSNames: []string{"kem.example.com"},
	}, reqKey)
	csr, _ := x509.ParseCertificateRequest(csrDER)
	dk, _ := kem.GenerateKey768()
	cert, err := inter.IssueFromCSR(csr, x509ext.ProfileKEM, &x509ext.IssueOptions{PublicKey: dk.EncapsulationKey()})
	if err != nil {
		log.Fatal(err)
	}

	res, err := x509ext.Verify(cert, x509ext.VerifyOptions{
		Roots:         []*x509.Certificate{root.Certificate},
		Intermediates: []*x509.Certificate{inter.Certificate},
		KeyUsages:     []x509.ExtKeyUsage{x509.ExtKeyUsageAny},
	})
	if err != nil {
		log.Fatal(err)
	}
	info, _ := x509ext.CertificatePublicKeyInfo(cert)
	fmt.Println("chain length:", len(res.Chain))
	fmt.Println("subject key:", info.Algorithm)
	fmt.Println("key usage keyEncipherment only:", cert.KeyUsage == x509.KeyUsageKeyEncipherment)
	// Output:
	// chain length: 3
	// subject key: ML-KEM-768
	// key usage keyEncipherment only: true
}

// Private keys in the three RFC 9881 forms, and encrypted at rest.
func ExampleMarshalPKCS8PrivateKey() {
	key, _ := signer.GenerateKey(mldsa.MLDSA65())
	der, err := x509ext.MarshalPKCS8PrivateKey(key) // seed form, the default
	if err != nil {
		log.Fatal(err)
	}
	info, _ := x509ext.ParsePrivateKeyInfo(der)
	fmt.Println(info.Algorithm, info.Form, len(der), "bytes")

	pemBytes, err := x509ext.MarshalEncryptedPrivateKeyPEM(rand.Reader, key, []byte("correct horse"), nil)
	if err != nil {
		log.Fatal(err)
	}
	back, err := x509ext.ParseEncryptedPrivateKeyPEM(pemBytes, []byte("correct horse"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("same key after decryption:", key.Equal(back))
	// Output:
	// ML-DSA-65 seed 54 bytes
	// same key after decryption: true
}

// OpenSSL 3.5 writes ML-DSA and ML-KEM keys in the "both" form, which
// crypto/x509 refuses; ParsePKCS8PrivateKey checks that the seed expands to
// the stored expanded key and returns a usable key.
func ExampleParsePKCS8PrivateKey() {
	dk, _ := kem.GenerateKey768()
	der, _ := x509ext.MarshalPKCS8PrivateKey(dk, x509ext.FormBoth)

	key, err := x509ext.ParsePKCS8PrivateKey(der)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%T\n", key)

	// Corrupt one byte of the expanded key: the seed no longer matches.
	der[len(der)-1] ^= 1
	_, err = x509ext.ParsePKCS8PrivateKey(der)
	fmt.Println(err)
	// Output:
	// *kem.DecapsulationKey768
	// x509ext: ML-KEM-768 private key: seed and expandedKey disagree (the seed does not expand to this expanded key)
}
