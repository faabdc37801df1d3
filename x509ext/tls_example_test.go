package x509ext_test

import (
	"crypto/mldsa"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"time"

	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/x509ext"
)

// X509KeyPair turns a certificate and a PKCS#8 key (here in OpenSSL's
// default "both" form) into a tls.Certificate whose PrivateKey is the
// crystals signer; LoadX509KeyPair does the same from files.
func ExampleX509KeyPair() {
	key, err := signer.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		panic(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "localhost"},
		DNSNames: []string{"localhost"}, NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		panic(err)
	}
	certPEM := x509ext.EncodePEM("CERTIFICATE", der)
	keyPEM, err := x509ext.MarshalPrivateKeyPEM(key, x509ext.FormBoth)
	if err != nil {
		panic(err)
	}

	cert, err := x509ext.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%T for %s\n", cert.PrivateKey, cert.Leaf.Subject.CommonName)
	// Output: *signer.PrivateKey for localhost
}
