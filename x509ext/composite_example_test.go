package x509ext_test

import (
	"crypto/mldsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"log"

	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/signer/composite"
	"github.com/crystals-go/crystals/x509ext"
)

// A composite ML-DSA key written to PEM files and read back: PKCS#8 holds
// the draft's raw private key, the SPKI its raw public key.
func Example_compositeKeys() {
	key, err := composite.GenerateKey(composite.AlgorithmByName("id-MLDSA65-ECDSA-P256-SHA512"))
	if err != nil {
		log.Fatal(err)
	}
	privPEM, err := x509ext.MarshalPrivateKeyPEM(key)
	if err != nil {
		log.Fatal(err)
	}
	pubPEM, err := x509ext.MarshalPublicKeyPEM(key.Public())
	if err != nil {
		log.Fatal(err)
	}

	priv, err := x509ext.ParsePrivateKeyPEM(privPEM)
	if err != nil {
		log.Fatal(err)
	}
	pub, err := x509ext.ParsePublicKeyPEM(pubPEM)
	if err != nil {
		log.Fatal(err)
	}
	loaded := priv.(*composite.PrivateKey)
	fmt.Println(loaded.Algorithm(), loaded.Equal(key), loaded.PublicKey().Equal(pub))
	// Output: MLDSA65-ECDSA-P256-SHA512 true true
}

// CheckSignatureFrom checks one certificate's signature under another's key,
// whatever algorithm x509ext knows signed it; here an ML-DSA root's
// self-signature.
func ExampleCheckSignatureFrom() {
	rootKey, err := signer.GenerateKey(mldsa.MLDSA87())
	if err != nil {
		log.Fatal(err)
	}
	root, err := x509ext.NewRootCA(pkix.Name{CommonName: "Example Root"}, rootKey, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(x509ext.CheckSignatureFrom(root.Certificate, root.Certificate))
	// Output: <nil>
}

// SignatureAlgorithmName names composite signatures, which crypto/x509
// reports as unknown.
func ExampleSignatureAlgorithmName() {
	root, inter, err := x509ext.DefaultCompositeProfile().NewCAs(pkix.Name{CommonName: "Root"}, pkix.Name{CommonName: "Intermediate"}, nil, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(inter.Certificate.SignatureAlgorithm == x509.UnknownSignatureAlgorithm)
	fmt.Println(x509ext.SignatureAlgorithmName(inter.Certificate))
	fmt.Println(x509ext.SignatureAlgorithmName(root.Certificate))
	// Output:
	// true
	// MLDSA87-ECDSA-P384-SHA512
	// MLDSA87-ECDSA-P384-SHA512
}
