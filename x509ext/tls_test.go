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
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
)

// selfSigned returns a PEM self-signed server certificate for localhost.
func selfSigned(t *testing.T, key crypto.Signer) []byte {
	t.Helper()
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "localhost"},
		DNSNames:     []string{"localhost"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:         true, BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	return EncodePEM(pemCertificate, der)
}

// handshake runs a TLS 1.3 handshake over a pipe with cert on the server and
// a client that trusts only cert's leaf, and fails t unless it completes.
func handshake(t *testing.T, cert tls.Certificate) {
	t.Helper()
	roots := x509.NewCertPool()
	roots.AddCert(cert.Leaf)
	cc, sc := net.Pipe()
	defer cc.Close()
	defer sc.Close()
	srv := tls.Server(sc, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS13})
	done := make(chan error, 1)
	go func() { done <- srv.Handshake() }()
	cli := tls.Client(cc, &tls.Config{RootCAs: roots, ServerName: "localhost", MinVersion: tls.VersionTLS13})
	if err := cli.Handshake(); err != nil {
		t.Fatalf("client handshake: %v", err)
	}
	if err := <-done; err != nil {
		t.Fatalf("server handshake: %v", err)
	}
	if !cli.ConnectionState().PeerCertificates[0].Equal(cert.Leaf) {
		t.Fatal("client saw another certificate")
	}
}

// TestX509KeyPairForms loads ML-DSA keys in every PKCS#8 form, plain and
// encrypted, and classical keys in the encodings crypto/tls reads; each
// gives a tls.Certificate that completes a handshake, with the crystals
// signer for ML-DSA.
func TestX509KeyPairForms(t *testing.T) {
	password := []byte("correct horse")
	mldsaKey, err := signer.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		t.Fatal(err)
	}
	mldsaCert := selfSigned(t, mldsaKey)
	for _, form := range []PrivateKeyForm{FormSeed, FormExpanded, FormBoth} {
		plain, err := MarshalPrivateKeyPEM(mldsaKey, form)
		if err != nil {
			t.Fatal(err)
		}
		enc, err := MarshalEncryptedPrivateKeyPEM(rand.Reader, mldsaKey, password, nil, form)
		if err != nil {
			t.Fatal(err)
		}
		for name, load := range map[string]func() (tls.Certificate, error){
			"plain":     func() (tls.Certificate, error) { return X509KeyPair(mldsaCert, plain) },
			"encrypted": func() (tls.Certificate, error) { return X509KeyPairWithPassword(mldsaCert, enc, password) },
			"plain with password": func() (tls.Certificate, error) {
				return X509KeyPairWithPassword(mldsaCert, plain, password)
			},
		} {
			t.Run(form.String()+"/"+name, func(t *testing.T) {
				cert, err := load()
				if err != nil {
					t.Fatal(err)
				}
				k, ok := cert.PrivateKey.(*signer.PrivateKey)
				if !ok {
					t.Fatalf("PrivateKey is %T, want *signer.PrivateKey", cert.PrivateKey)
				}
				if !k.PublicKey().Equal(mldsaKey.PublicKey()) {
					t.Fatal("loaded another key")
				}
				handshake(t, cert)
			})
		}
	}

	ecKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	rsaKey, _ := rsa.GenerateKey(rand.Reader, 2048)
	_, edKey, _ := ed25519.GenerateKey(rand.Reader)
	ecSEC1, _ := x509.MarshalECPrivateKey(ecKey)
	for name, c := range map[string]struct {
		key crypto.Signer
		pem []byte
	}{
		"ECDSA PKCS#8":   {ecKey, mustPEM(t, ecKey)},
		"ECDSA SEC 1":    {ecKey, EncodePEM("EC PRIVATE KEY", ecSEC1)},
		"RSA PKCS#1":     {rsaKey, EncodePEM("RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rsaKey))},
		"Ed25519 PKCS#8": {edKey, mustPEM(t, edKey)},
	} {
		t.Run(name, func(t *testing.T) {
			certPEM := selfSigned(t, c.key)
			// One file holding both, as crypto/tls allows.
			both := append(append([]byte(nil), certPEM...), c.pem...)
			cert, err := X509KeyPair(both, both)
			if err != nil {
				t.Fatal(err)
			}
			if len(cert.Certificate) != 1 {
				t.Fatalf("%d certificates, want 1", len(cert.Certificate))
			}
			handshake(t, cert)
		})
	}
}

func mustPEM(t *testing.T, key any) []byte {
	t.Helper()
	b, err := MarshalPrivateKeyPEM(key)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestX509KeyPairChain keeps the intermediates after the leaf, in order.
func TestX509KeyPairChain(t *testing.T) {
	rootKey, leafKey := mustMLDSA(t, mldsa.MLDSA87()), mustMLDSA(t, mldsa.MLDSA44())
	rootPEM := selfSigned(t, rootKey)
	root, err := ParseCertificatesPEM(rootPEM)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "leaf"}, DNSNames: []string{"localhost"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, root[0], leafKey.Public(), rootKey)
	if err != nil {
		t.Fatal(err)
	}
	chain := append(EncodePEM(pemCertificate, der), rootPEM...)
	cert, err := X509KeyPair(chain, mustPEM(t, leafKey))
	if err != nil {
		t.Fatal(err)
	}
	if len(cert.Certificate) != 2 || !bytes.Equal(cert.Certificate[0], der) || !bytes.Equal(cert.Certificate[1], root[0].Raw) {
		t.Fatal("chain not kept in order")
	}
	if cert.Leaf.Subject.CommonName != "leaf" {
		t.Fatalf("Leaf is %q", cert.Leaf.Subject.CommonName)
	}
	// The leaf's key, not the root's, must be the one given.
	if _, err := X509KeyPair(chain, mustPEM(t, rootKey)); err == nil || !strings.Contains(err.Error(), "does not match") {
		t.Fatalf("the root's key for the leaf: %v", err)
	}
}

// TestX509KeyPairErrors: each bad input gets an error that says what is
// wrong.
func TestX509KeyPairErrors(t *testing.T) {
	key := mustMLDSA(t, mldsa.MLDSA65())
	other := mustMLDSA(t, mldsa.MLDSA65())
	certPEM := selfSigned(t, key)
	keyPEM := mustPEM(t, key)
	encPEM, err := MarshalEncryptedPrivateKeyPEM(rand.Reader, key, []byte("pw"), nil)
	if err != nil {
		t.Fatal(err)
	}
	kemKey, _ := kem.GenerateKey768()
	legacy := []byte("-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00000000000000000000000000000000\n\nAAAA\n-----END RSA PRIVATE KEY-----\n")
	badCert := EncodePEM(pemCertificate, []byte{0x30, 0x03, 0x02, 0x01, 0x01})
	for _, c := range []struct {
		name           string
		cert, key, pw  []byte
		want           string
		withoutPrivate bool
	}{
		{name: "no certificate", cert: keyPEM, key: keyPEM, want: `no "CERTIFICATE" PEM block`},
		{name: "malformed leaf", cert: badCert, key: keyPEM, want: "leaf certificate"},
		{name: "malformed chain", cert: append(append([]byte(nil), certPEM...), badCert...), key: keyPEM, want: "chain certificate 2"},
		{name: "no key", cert: certPEM, key: certPEM, want: "no private-key PEM block"},
		{name: "other key", cert: certPEM, key: mustPEM(t, other), want: "does not match"},
		{name: "encrypted without password", cert: certPEM, key: encPEM, want: "X509KeyPairWithPassword"},
		{name: "wrong password", cert: certPEM, key: encPEM, pw: []byte("wrong"), want: "x509ext:"},
		{name: "KEM key", cert: certPEM, key: mustPEM(t, kemKey), want: "cannot sign"},
		{name: "legacy encryption", cert: certPEM, key: legacy, want: "legacy OpenSSL encryption"},
		{name: "garbage key", cert: certPEM, key: EncodePEM(pemPrivateKey, []byte{1, 2, 3}), want: ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			if c.pw != nil {
				_, err = X509KeyPairWithPassword(c.cert, c.key, c.pw)
			} else {
				_, err = X509KeyPair(c.cert, c.key)
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error containing %q", err, c.want)
			}
			if strings.Count(err.Error(), "x509ext:") > 1 {
				t.Errorf("doubled prefix: %v", err)
			}
		})
	}
	if _, err := LoadX509KeyPair(filepath.Join(t.TempDir(), "missing.pem"), "x"); err == nil || !strings.Contains(err.Error(), "certificate file") {
		t.Errorf("missing file: %v", err)
	}
}

// TestLoadX509KeyPairOpenSSL loads the files `openssl genpkey -algorithm
// ML-DSA-65` (OpenSSL's default "both" form, which crypto/tls rejects) and
// `openssl req -x509` write, plain and encrypted, and serves a TLS 1.3
// handshake with them.
func TestLoadX509KeyPairOpenSSL(t *testing.T) {
	openssl := openssl35(t)
	dir := t.TempDir()
	keyPath, encPath := filepath.Join(dir, "key.pem"), filepath.Join(dir, "enc.pem")
	certPath, encCertPath := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "enc-cert.pem")
	openssl("genpkey", "-algorithm", "ML-DSA-65", "-out", keyPath)
	openssl("genpkey", "-algorithm", "ML-DSA-65", "-aes-256-cbc", "-pass", "pass:correct horse", "-out", encPath)
	req := []string{"req", "-x509", "-new", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-days", "1"}
	openssl(append(req, "-key", keyPath, "-out", certPath)...)
	openssl(append(req, "-key", encPath, "-passin", "pass:correct horse", "-out", encCertPath)...)

	if _, err := tls.LoadX509KeyPair(certPath, keyPath); err != nil {
		t.Logf("crypto/tls.LoadX509KeyPair on OpenSSL's default file: %v", err)
	}
	keyPEM, _ := os.ReadFile(keyPath)
	der, err := DecodePEM(keyPEM, pemPrivateKey)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := ParsePrivateKeyInfo(der); err != nil || info.Form != FormBoth {
		t.Fatalf("OpenSSL's key: %v, form %v; expected the both form", err, info)
	}

	for name, load := range map[string]func() (tls.Certificate, error){
		"plain": func() (tls.Certificate, error) { return LoadX509KeyPair(certPath, keyPath) },
		"encrypted": func() (tls.Certificate, error) {
			return LoadX509KeyPairWithPassword(encCertPath, encPath, []byte("correct horse"))
		},
	} {
		t.Run(name, func(t *testing.T) {
			cert, err := load()
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := cert.PrivateKey.(*signer.PrivateKey); !ok {
				t.Fatalf("PrivateKey is %T, want *signer.PrivateKey", cert.PrivateKey)
			}
			handshake(t, cert)
		})
	}
	if _, err := LoadX509KeyPair(certPath, encPath); err == nil {
		t.Error("encrypted key loaded without a password")
	}
	if _, err := LoadX509KeyPair(encCertPath, keyPath); err == nil || !strings.Contains(err.Error(), "does not match") {
		t.Errorf("key of another certificate: %v", err)
	}
}
