package x509ext

import (
	"bytes"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"io"
)

// PEM block types.
const (
	pemPrivateKey          = "PRIVATE KEY"
	pemEncryptedPrivateKey = "ENCRYPTED PRIVATE KEY"
	pemPublicKey           = "PUBLIC KEY"
	pemCertificate         = "CERTIFICATE"
	pemCSR                 = "CERTIFICATE REQUEST"
	pemCRL                 = "X509 CRL"
)

// DecodePEM returns the DER bytes of the one PEM block of type typ in data.
// Text before the block is ignored, as by encoding/pem; a missing block, a
// block of another type, headers, or another block after it are errors.
func DecodePEM(data []byte, typ string) ([]byte, error) {
	block, rest := pem.Decode(data)
	if block == nil {
		return nil, fmt.Errorf("x509ext: no PEM block found (want %q)", typ)
	}
	if block.Type != typ {
		return nil, fmt.Errorf("x509ext: PEM block is %q, want %q", block.Type, typ)
	}
	if len(block.Headers) != 0 {
		return nil, fmt.Errorf("x509ext: PEM block %q has headers (legacy OpenSSL encryption is not supported; use PKCS#8 %q)", typ, pemEncryptedPrivateKey)
	}
	if next, _ := pem.Decode(rest); next != nil {
		return nil, fmt.Errorf("x509ext: more than one PEM block (a second %q block follows)", next.Type)
	}
	return block.Bytes, nil
}

// EncodePEM returns der as a PEM block of type typ.
func EncodePEM(typ string, der []byte) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})
}

// ParsePrivateKeyPEM parses a "PRIVATE KEY" PEM block with
// [ParsePKCS8PrivateKey].
func ParsePrivateKeyPEM(data []byte) (any, error) {
	der, err := DecodePEM(data, pemPrivateKey)
	if err != nil {
		return nil, err
	}
	return ParsePKCS8PrivateKey(der)
}

// MarshalPrivateKeyPEM encodes a private key as a "PRIVATE KEY" PEM block
// with [MarshalPKCS8PrivateKey].
func MarshalPrivateKeyPEM(key any, opts ...MarshalOption) ([]byte, error) {
	der, err := MarshalPKCS8PrivateKey(key, opts...)
	if err != nil {
		return nil, err
	}
	return EncodePEM(pemPrivateKey, der), nil
}

// ParseEncryptedPrivateKeyPEM decrypts an "ENCRYPTED PRIVATE KEY" PEM block
// with password ([DecryptPKCS8PrivateKey]) and parses the key inside.
func ParseEncryptedPrivateKeyPEM(data, password []byte) (any, error) {
	der, err := DecodePEM(data, pemEncryptedPrivateKey)
	if err != nil {
		return nil, err
	}
	pkcs8, err := DecryptPKCS8PrivateKey(der, password)
	if err != nil {
		return nil, err
	}
	defer clear(pkcs8)
	return ParsePKCS8PrivateKey(pkcs8)
}

// MarshalEncryptedPrivateKeyPEM encodes a private key as PKCS#8, encrypts it
// under password ([EncryptPKCS8PrivateKey]) and returns an "ENCRYPTED
// PRIVATE KEY" PEM block, the format of `openssl genpkey -aes-256-cbc`.
func MarshalEncryptedPrivateKeyPEM(rand io.Reader, key any, password []byte, opts *EncryptOptions, forms ...MarshalOption) ([]byte, error) {
	pkcs8, err := MarshalPKCS8PrivateKey(key, forms...)
	if err != nil {
		return nil, err
	}
	defer clear(pkcs8)
	der, err := EncryptPKCS8PrivateKey(rand, pkcs8, password, opts)
	if err != nil {
		return nil, err
	}
	return EncodePEM(pemEncryptedPrivateKey, der), nil
}

// ParsePublicKeyPEM parses a "PUBLIC KEY" PEM block with
// [ParsePKIXPublicKey].
func ParsePublicKeyPEM(data []byte) (any, error) {
	der, err := DecodePEM(data, pemPublicKey)
	if err != nil {
		return nil, err
	}
	return ParsePKIXPublicKey(der)
}

// MarshalPublicKeyPEM encodes a public key as a "PUBLIC KEY" PEM block with
// [MarshalPKIXPublicKey].
func MarshalPublicKeyPEM(pub any) ([]byte, error) {
	der, err := MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, err
	}
	return EncodePEM(pemPublicKey, der), nil
}

// ParseCertificatesPEM parses every "CERTIFICATE" block in data, in order.
// A block of another type, or data that holds no certificate, is an error.
func ParseCertificatesPEM(data []byte) ([]*x509.Certificate, error) {
	var certs []*x509.Certificate
	// One iteration per PEM block of the (public) input.
	for {
		block, rest := pem.Decode(data)
		if block == nil {
			break
		}
		if block.Type != pemCertificate {
			return nil, fmt.Errorf("x509ext: PEM block %d is %q, want %q", len(certs)+1, block.Type, pemCertificate)
		}
		c, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, wrapError(fmt.Sprintf("certificate %d", len(certs)+1), err)
		}
		certs = append(certs, c)
		data = rest
	}
	if len(certs) == 0 {
		return nil, fmt.Errorf("x509ext: no %q PEM block found", pemCertificate)
	}
	if len(bytes.TrimSpace(data)) != 0 {
		return nil, fmt.Errorf("x509ext: data after the last PEM block is not PEM")
	}
	return certs, nil
}
