package x509ext_test

import (
	"crypto/mldsa"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"log"
	"math/big"
	"net"
	"time"

	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/x509ext"
)

// A client and a server whose tls.Configs check each other's chains with
// x509ext.Verify (crystals' ML-DSA verifier) rather than crypto/tls's.
func ExampleConfigureTLSClient() {
	// A root that issues one certificate for each side.
	rootKey, _ := signer.GenerateKey(mldsa.MLDSA65())
	rootTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "example root"},
		NotBefore: time.Now().Add(-time.Minute), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageCertSign, IsCA: true, BasicConstraintsValid: true,
	}
	rootDER, _ := x509.CreateCertificate(rand.Reader, rootTmpl, rootTmpl, rootKey.Public(), rootKey)
	root, _ := x509.ParseCertificate(rootDER)
	issue := func(serial int64, name string, eku x509.ExtKeyUsage) tls.Certificate {
		key, _ := signer.GenerateKey(mldsa.MLDSA44())
		tmpl := &x509.Certificate{
			SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: name}, DNSNames: []string{name},
			NotBefore: time.Now().Add(-time.Minute), NotAfter: time.Now().Add(time.Hour),
			KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{eku},
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, root, key.Public(), rootKey)
		if err != nil {
			log.Fatal(err)
		}
		return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	}
	trust := x509ext.VerifyOptions{Roots: []*x509.Certificate{root}}

	server := &tls.Config{
		MinVersion:   tls.VersionTLS13,
		Certificates: []tls.Certificate{issue(2, "localhost", x509.ExtKeyUsageServerAuth)},
		ClientAuth:   tls.RequireAndVerifyClientCert,
	}
	if err := x509ext.ConfigureTLSServer(server, trust); err != nil {
		log.Fatal(err)
	}
	client := &tls.Config{
		MinVersion:   tls.VersionTLS13,
		ServerName:   "localhost",
		Certificates: []tls.Certificate{issue(3, "client", x509.ExtKeyUsageClientAuth)},
	}
	if err := x509ext.ConfigureTLSClient(client, trust); err != nil {
		log.Fatal(err)
	}

	ln, err := tls.Listen("tcp", "127.0.0.1:0", server)
	if err != nil {
		log.Fatal(err)
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		var b [5]byte
		if n, err := c.Read(b[:]); err == nil {
			c.Write(b[:n])
		}
	}()
	conn, err := tls.DialWithDialer(&net.Dialer{Timeout: 10 * time.Second}, "tcp", ln.Addr().String(), client)
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close()
	conn.Write([]byte("hello"))
	var b [5]byte
	n, err := conn.Read(b[:]) // the server has checked the client's chain
	fmt.Println(string(b[:n]), err, conn.ConnectionState().PeerCertificates[0].Subject.CommonName)
	// Output: hello <nil> localhost
}
