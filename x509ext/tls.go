package x509ext

import (
	"crypto"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
)

// This file loads a certificate chain and its private key into a
// tls.Certificate, as crypto/tls.X509KeyPair does, but with this package's
// PKCS#8 parser, so that an ML-DSA key becomes a *signer.PrivateKey (the
// crystals engine signs the handshakes) and OpenSSL's default "both" files
// load.

// LoadX509KeyPair reads a certificate chain and a private key from PEM files
// and returns them as [X509KeyPair] does. certFile and keyFile may name the
// same file. An encrypted key needs [LoadX509KeyPairWithPassword].
func LoadX509KeyPair(certFile, keyFile string) (tls.Certificate, error) {
	return loadX509KeyPair(certFile, keyFile, nil)
}

// LoadX509KeyPairWithPassword is [LoadX509KeyPair] for a key that may be an
// "ENCRYPTED PRIVATE KEY" (PKCS#8 with PBES2, as `openssl genpkey -aes-256-cbc`
// writes); password decrypts it. A plain key loads as with LoadX509KeyPair.
func LoadX509KeyPairWithPassword(certFile, keyFile string, password []byte) (tls.Certificate, error) {
	return loadX509KeyPair(certFile, keyFile, password)
}

func loadX509KeyPair(certFile, keyFile string, password []byte) (tls.Certificate, error) {
	certPEM, err := os.ReadFile(certFile)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("x509ext: reading the certificate file: %w", err)
	}
	keyPEM, err := os.ReadFile(keyFile)
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("x509ext: reading the key file: %w", err)
	}
	defer clear(keyPEM)
	return x509KeyPair(certPEM, keyPEM, password)
}

// X509KeyPair parses a certificate chain and a private key from PEM data into
// a [tls.Certificate], like crypto/tls.X509KeyPair, with these differences:
//
//   - The key is read by [ParsePKCS8PrivateKey]: ML-DSA keys in every RFC 9881
//     form (seed, expandedKey, or OpenSSL's default "both", which crypto/tls
//     rejects) become *signer.PrivateKey, so the crystals engine signs the
//     handshakes; classical keys ("PRIVATE KEY", "RSA PRIVATE KEY",
//     "EC PRIVATE KEY") load as crypto/tls loads them.
//   - An "ENCRYPTED PRIVATE KEY" block is an error that names
//     [X509KeyPairWithPassword]; keys that cannot sign (ML-KEM, X-Wing) are
//     errors too.
//
// certPEM holds the leaf first, then its intermediates; blocks that are not
// "CERTIFICATE" are skipped, so certPEM and keyPEM may be the same data. The
// key must match the leaf's public key. Leaf is set to the parsed leaf.
func X509KeyPair(certPEM, keyPEM []byte) (tls.Certificate, error) {
	return x509KeyPair(certPEM, keyPEM, nil)
}

// X509KeyPairWithPassword is [X509KeyPair] for a key that may be an
// "ENCRYPTED PRIVATE KEY" block, decrypted with password
// ([DecryptPKCS8PrivateKey]). A plain key loads as with X509KeyPair.
func X509KeyPairWithPassword(certPEM, keyPEM, password []byte) (tls.Certificate, error) {
	return x509KeyPair(certPEM, keyPEM, password)
}

func x509KeyPair(certPEM, keyPEM, password []byte) (tls.Certificate, error) {
	var cert tls.Certificate
	// One iteration per PEM block of the certificate data.
	for rest := certPEM; ; {
		var block *pem.Block
		block, rest = pem.Decode(rest)
		if block == nil {
			break
		}
		if block.Type == pemCertificate {
			cert.Certificate = append(cert.Certificate, block.Bytes)
		}
	}
	if len(cert.Certificate) == 0 {
		return tls.Certificate{}, fmt.Errorf("x509ext: no %q PEM block in the certificate data", pemCertificate)
	}
	leaf, err := x509.ParseCertificate(cert.Certificate[0])
	if err != nil {
		return tls.Certificate{}, fmt.Errorf("x509ext: leaf certificate: %w", err)
	}
	for i, der := range cert.Certificate[1:] {
		if _, err := x509.ParseCertificate(der); err != nil {
			return tls.Certificate{}, fmt.Errorf("x509ext: chain certificate %d: %w", i+2, err)
		}
	}

	key, err := parseTLSKey(keyPEM, password)
	if err != nil {
		return tls.Certificate{}, err
	}
	if err := keyMatchesLeaf(key, leaf); err != nil {
		return tls.Certificate{}, err
	}
	cert.PrivateKey, cert.Leaf = key, leaf
	return cert, nil
}

// parseTLSKey returns the signer in the first private-key PEM block of data.
func parseTLSKey(data, password []byte) (crypto.Signer, error) {
	var block *pem.Block
	// One iteration per PEM block of the key data, until the first key.
	for rest := data; ; {
		block, rest = pem.Decode(rest)
		if block == nil {
			return nil, errors.New("x509ext: no private-key PEM block in the key data (want \"PRIVATE KEY\" or \"ENCRYPTED PRIVATE KEY\")")
		}
		if block.Type == pemPrivateKey || block.Type == pemEncryptedPrivateKey ||
			block.Type == "RSA PRIVATE KEY" || block.Type == "EC PRIVATE KEY" {
			break
		}
	}
	if len(block.Headers) != 0 {
		return nil, fmt.Errorf("x509ext: PEM block %q has headers (legacy OpenSSL encryption is not supported; convert it with `openssl pkcs8 -topk8`)", block.Type)
	}
	var key any
	var err error
	switch block.Type {
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(block.Bytes)
	case pemEncryptedPrivateKey:
		if password == nil {
			return nil, errors.New("x509ext: the private key is encrypted; use X509KeyPairWithPassword or LoadX509KeyPairWithPassword")
		}
		var der []byte
		if der, err = DecryptPKCS8PrivateKey(block.Bytes, password); err != nil {
			return nil, err
		}
		defer clear(der)
		key, err = ParsePKCS8PrivateKey(der)
	default:
		key, err = ParsePKCS8PrivateKey(block.Bytes)
	}
	if err != nil {
		return nil, err
	}
	s, ok := key.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("x509ext: a %T cannot sign TLS handshakes", key)
	}
	return s, nil
}

// keyMatchesLeaf checks that key is the private key of leaf's public key.
func keyMatchesLeaf(key crypto.Signer, leaf *x509.Certificate) error {
	pub := leaf.PublicKey
	if pub == nil {
		// crypto/x509 leaves algorithms it does not know unparsed.
		var err error
		if pub, err = ParsePKIXPublicKey(leaf.RawSubjectPublicKeyInfo); err != nil {
			return err
		}
	}
	own, ok := key.Public().(interface{ Equal(crypto.PublicKey) bool })
	if !ok {
		return fmt.Errorf("x509ext: cannot compare a %T with the leaf's public key", key.Public())
	}
	if !own.Equal(pub) {
		return fmt.Errorf("x509ext: the private key (%T) does not match the leaf certificate's public key (%T)", key.Public(), pub)
	}
	return nil
}
