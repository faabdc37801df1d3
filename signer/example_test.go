package signer_test

import (
	"crypto/mldsa"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"log"
	"math/big"
	"time"

	"github.com/crystals-go/crystals/signer"
)

func Example() {
	key, err := signer.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		log.Fatal(err)
	}
	msg := []byte("hello, post-quantum world")
	opts := &mldsa.Options{Context: "example"}
	sig, err := key.SignMessage(rand.Reader, msg, opts)
	if err != nil {
		log.Fatal(err)
	}

	// Anyone holding the standard library's public key can verify, with
	// crypto/mldsa or with this package.
	fmt.Println(mldsa.Verify(key.PublicKey(), msg, sig, opts) == nil)
	fmt.Println(signer.Verify(key.PublicKey(), msg, sig, opts) == nil)
	// Output:
	// true
	// true
}

func ExampleNewVerifier() {
	key, _ := signer.GenerateKey(mldsa.MLDSA44())
	sig, _ := key.Sign(rand.Reader, []byte("request 1"), nil)

	// A server that verifies many signatures under one key prepares it once.
	v := signer.NewVerifier(key.PublicKey())
	fmt.Println(v.Verify([]byte("request 1"), sig, nil) == nil)
	fmt.Println(v.Verify([]byte("request 2"), sig, nil) == nil)
	// Output:
	// true
	// false
}

// A self-signed ML-DSA certificate from crypto/x509, with the key as its
// crypto.Signer.
func Example_certificate() {
	key, err := signer.GenerateKey(mldsa.MLDSA87())
	if err != nil {
		log.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "Example ML-DSA Root"},
		NotBefore:             time.Now(),
		NotAfter:              time.Now().Add(24 * time.Hour),
		IsCA:                  true,
		BasicConstraintsValid: true,
		KeyUsage:              x509.KeyUsageCertSign,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		log.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(cert.SignatureAlgorithm, cert.CheckSignatureFrom(cert) == nil)
	// Output: ML-DSA-87 true
}

// The key as a crypto/tls server key: tls.Certificate.PrivateKey takes it
// unchanged.
func Example_tls() {
	key, _ := signer.GenerateKey(mldsa.MLDSA44())
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2),
		DNSNames:     []string{"localhost"},
		NotBefore:    time.Now(),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, _ := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	cert, _ := x509.ParseCertificate(der)

	ln, err := tls.Listen("tcp", "127.0.0.1:0", &tls.Config{
		Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err == nil {
			c.(*tls.Conn).Handshake()
			c.Close()
		}
	}()

	roots := x509.NewCertPool()
	roots.AddCert(cert)
	conn, err := tls.Dial("tcp", ln.Addr().String(), &tls.Config{RootCAs: roots, ServerName: "localhost"})
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()
	state := conn.ConnectionState()
	fmt.Println(tls.VersionName(state.Version), state.PeerCertificates[0].SignatureAlgorithm)
	// Output: TLS 1.3 ML-DSA-44
}

func ExampleVerifier_VerifyBatch() {
	key, _ := signer.GenerateKey(mldsa.MLDSA65())
	msgs := [][]byte{[]byte("token 1"), []byte("token 2"), []byte("token 3")}
	sigs, err := key.SignBatch(rand.Reader, msgs, nil)
	if err != nil {
		log.Fatal(err)
	}
	sigs[1][0] ^= 1 // tamper with one signature

	v := signer.NewVerifier(key.PublicKey())
	for i, err := range v.VerifyBatch(msgs, sigs, nil) {
		fmt.Println(i, err == nil)
	}
	// Output:
	// 0 true
	// 1 false
	// 2 true
}

// Keys that no constructor made never panic: the zero PrivateKey and a zero
// *mldsa.PublicKey answer with ErrZeroKey.
func ExampleErrZeroKey() {
	var sk signer.PrivateKey
	_, err := sk.Sign(nil, []byte("message"), nil)
	fmt.Println(errors.Is(err, signer.ErrZeroKey))

	err = signer.Verify(&mldsa.PublicKey{}, []byte("message"), nil, nil)
	fmt.Println(errors.Is(err, signer.ErrZeroKey))
	// Output:
	// true
	// true
}

// Code that generates many keys (provisioning, a test suite) can derive
// each into one object with SetSeed, which allocates nothing.
func ExamplePrivateKey_SetSeed() {
	key, err := signer.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		log.Fatal(err)
	}
	for i := range 3 {
		seed := make([]byte, signer.SeedSize)
		seed[0] = byte(i)
		if err := key.SetSeed(seed); err != nil {
			log.Fatal(err)
		}
		fresh, _ := signer.NewPrivateKey(mldsa.MLDSA65(), seed)
		fmt.Println(key.Equal(fresh), len(key.PublicKeyBytes()))
	}
	// Output:
	// true 1952
	// true 1952
	// true 1952
}
