package main

import (
	"crypto"
	"crypto/x509"
	"encoding/asn1"
	"fmt"

	"github.com/crystals-go/crystals/kem"
	kemcomposite "github.com/crystals-go/crystals/kem/composite"
	"github.com/crystals-go/crystals/signer/composite"
	"github.com/crystals-go/crystals/x509ext"
)

// loadedKey is a private key read from a file, with what the file said
// about it.
type loadedKey struct {
	key       any
	der       []byte                  // the PKCS#8 DER, decrypted
	info      *x509ext.PrivateKeyInfo // nil for algorithms crypto/x509 handles
	encrypted bool
	pemType   string
}

// loadPrivateKey reads a PKCS#8 private key, PEM or DER, plain or
// password-encrypted.
func (e *env) loadPrivateKey(path, passwordFile string) (*loadedKey, error) {
	b, err := e.readBlock(path)
	if err != nil {
		return nil, err
	}
	lk := &loadedKey{pemType: b.typ}
	switch b.typ {
	case "ENCRYPTED PRIVATE KEY":
		lk.encrypted = true
	case "PRIVATE KEY":
	case "":
		lk.encrypted = isEncryptedPKCS8(b.der)
	default:
		return nil, fmt.Errorf("%s holds a %q PEM block, not a PKCS#8 private key", path, b.typ)
	}
	lk.der = b.der
	if lk.encrypted {
		pw, err := e.password(passwordFile, path, false)
		if err != nil {
			return nil, err
		}
		if lk.der, err = x509ext.DecryptPKCS8PrivateKey(b.der, pw); err != nil {
			return nil, fmt.Errorf("%s: %s", path, trimLib(err))
		}
	}
	if info, err := x509ext.ParsePrivateKeyInfo(lk.der); err == nil {
		lk.info = info
	}
	if lk.key, err = x509ext.ParsePKCS8PrivateKey(lk.der); err != nil {
		return nil, fmt.Errorf("%s: not a valid private key: %s", path, trimLib(err))
	}
	return lk, nil
}

// isEncryptedPKCS8 tells an EncryptedPrivateKeyInfo (SEQUENCE {
// AlgorithmIdentifier, OCTET STRING }) from a PrivateKeyInfo (which starts
// with the version INTEGER) and a SubjectPublicKeyInfo (whose second element
// is a BIT STRING).
func isEncryptedPKCS8(der []byte) bool {
	var outer asn1.RawValue
	if _, err := asn1.Unmarshal(der, &outer); err != nil || outer.Tag != asn1.TagSequence {
		return false
	}
	var alg, data asn1.RawValue
	rest, err := asn1.Unmarshal(outer.Bytes, &alg)
	if err != nil || alg.Tag != asn1.TagSequence {
		return false
	}
	if _, err := asn1.Unmarshal(rest, &data); err != nil {
		return false
	}
	return data.Class == asn1.ClassUniversal && data.Tag == asn1.TagOctetString
}

// publicOf returns the public key of a private key object.
func publicOf(key any) (any, error) {
	switch k := key.(type) {
	case kem.DecapsulationKey:
		return k.PublicKey(), nil
	case *kemcomposite.DecapsulationKey:
		return k.EncapsulationKey(), nil
	case crypto.Signer:
		return k.Public(), nil
	}
	return nil, fmt.Errorf("no public key for a %T", key)
}

// loadPublicKey reads a public key from a PUBLIC KEY file, a certificate, or
// a private key file (whose public half it takes).
func (e *env) loadPublicKey(path, passwordFile string) (any, error) {
	blocks, err := e.readBlocks(path)
	if err != nil {
		return nil, err
	}
	b, err := onlyBlockOrFirstCert(path, blocks)
	if err != nil {
		return nil, err
	}
	switch b.typ {
	case "PUBLIC KEY":
		return parsePublic(path, b.der)
	case "CERTIFICATE":
		return certificatePublicKey(path, b.der)
	case "PRIVATE KEY", "ENCRYPTED PRIVATE KEY":
		lk, err := e.loadPrivateKey(path, passwordFile)
		if err != nil {
			return nil, err
		}
		return publicOf(lk.key)
	case "":
		if pub, err := x509ext.ParsePKIXPublicKey(b.der); err == nil {
			return pub, nil
		}
		if _, err := x509.ParseCertificate(b.der); err == nil {
			return certificatePublicKey(path, b.der)
		}
		// Neither: read it as a private key, whose errors say why not.
		lk, err := e.loadPrivateKey(path, passwordFile)
		if err != nil {
			return nil, err
		}
		return publicOf(lk.key)
	}
	return nil, fmt.Errorf("%s holds a %q PEM block, not a public key or certificate", path, b.typ)
}

// onlyBlockOrFirstCert is onlyBlock, except that a certificate chain file
// stands for its first certificate.
func onlyBlockOrFirstCert(path string, blocks []block) (block, error) {
	if len(blocks) > 1 && blocks[0].typ == "CERTIFICATE" {
		return blocks[0], nil
	}
	if len(blocks) != 1 {
		return block{}, fmt.Errorf("%s holds %d PEM blocks, expected one", path, len(blocks))
	}
	return blocks[0], nil
}

func parsePublic(path string, der []byte) (any, error) {
	pub, err := x509ext.ParsePKIXPublicKey(der)
	if err != nil {
		return nil, fmt.Errorf("%s: not a valid public key: %s", path, trimLib(err))
	}
	return pub, nil
}

// certificatePublicKey returns a certificate's subject key, ML-KEM and
// X-Wing keys included (which crypto/x509 does not decode).
func certificatePublicKey(path string, der []byte) (any, error) {
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, fmt.Errorf("%s: not a valid certificate: %s", path, trimLib(err))
	}
	return parsePublic(path, cert.RawSubjectPublicKeyInfo)
}

// publicKeyInfo returns the raw public key and its algorithm for the
// algorithms of the table, or nil for others.
func publicKeyInfo(pub any) *x509ext.PublicKeyInfo {
	der, err := x509ext.MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil
	}
	info, err := x509ext.ParsePublicKeyInfo(der)
	if err != nil {
		return nil
	}
	return info
}

// compositeKeyName returns the algorithm name and OID of a composite key
// (private or public, signature or KEM), ok=false for any other key.
func compositeKeyName(key any) (name string, oid asn1.ObjectIdentifier, ok bool) {
	switch k := key.(type) {
	case *composite.PrivateKey:
		return k.Algorithm().Name(), k.Algorithm().OID(), k.Algorithm() != nil
	case *composite.PublicKey:
		return k.Algorithm().Name(), k.Algorithm().OID(), k.Algorithm() != nil
	case *kemcomposite.DecapsulationKey:
		return k.Algorithm().Name(), k.Algorithm().OID(), k.Algorithm() != nil
	case *kemcomposite.EncapsulationKey:
		return k.Algorithm().Name(), k.Algorithm().OID(), k.Algorithm() != nil
	}
	return "", nil, false
}
