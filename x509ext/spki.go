package x509ext

import (
	"crypto/x509"
	"errors"
	"fmt"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// PublicKeyInfo is a decoded SubjectPublicKeyInfo (RFC 5280 Section
// 4.1.2.7) of one of this package's algorithms: the algorithm and the raw
// public key of the BIT STRING (FIPS 204 pk, FIPS 203 ek, X-Wing pk).
type PublicKeyInfo struct {
	Algorithm Algorithm
	PublicKey []byte
}

// ParsePublicKeyInfo decodes a DER SubjectPublicKeyInfo of an ML-DSA, ML-KEM
// or X-Wing key. It checks the structure, that the parameters are absent and
// the key length, but not the key's contents (see [ParsePKIXPublicKey]).
func ParsePublicKeyInfo(der []byte) (*PublicKeyInfo, error) {
	alg, pk, err := parsePublicKeyInfo(der)
	if err != nil {
		return nil, err
	}
	return &PublicKeyInfo{Algorithm: alg, PublicKey: append([]byte(nil), pk...)}, nil
}

// parsePublicKeyInfo is ParsePublicKeyInfo without the copy: pk aliases der.
func parsePublicKeyInfo(der []byte) (Algorithm, []byte, error) {
	const what = "SubjectPublicKeyInfo"
	in := cryptobyte.String(der)
	var spki cryptobyte.String
	if !in.ReadASN1(&spki, cbasn1.SEQUENCE) {
		return 0, nil, parseError(what, "bad tag or length (want SEQUENCE)")
	}
	if !in.Empty() {
		return 0, nil, parseError(what, "%d bytes of trailing data", len(in))
	}
	alg, err := readAlgorithmIdentifier(&spki, what)
	if err != nil {
		return 0, nil, err
	}
	pk, err := readBitStringBytes(&spki, cbasn1.BIT_STRING, what+" subjectPublicKey")
	if err != nil {
		return 0, nil, err
	}
	if !spki.Empty() {
		return 0, nil, parseError(what, "unexpected data after subjectPublicKey")
	}
	if err := checkLen("public key", alg, pk, alg.PublicKeySize()); err != nil {
		return 0, nil, err
	}
	return alg, pk, nil
}

// validate checks that p names a known algorithm and has a key of its
// length. Every function taking a caller's PublicKeyInfo runs it first.
func (p *PublicKeyInfo) validate() error {
	if p == nil {
		return errors.New("x509ext: nil PublicKeyInfo")
	}
	if p.Algorithm.info() == nil {
		return fmt.Errorf("x509ext: public key of unknown algorithm %s", p.Algorithm)
	}
	return checkLen("public key", p.Algorithm, p.PublicKey, p.Algorithm.PublicKeySize())
}

// Marshal encodes p as a DER SubjectPublicKeyInfo with absent parameters.
func (p *PublicKeyInfo) Marshal() ([]byte, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		addAlgorithmIdentifier(b, p.Algorithm)
		addBitString(b, cbasn1.BIT_STRING, p.PublicKey)
	})
	return builderBytes(&b, "SubjectPublicKeyInfo")
}

// ParsePKIXPublicKey parses a DER SubjectPublicKeyInfo. For ML-DSA it
// returns the standard library's *mldsa.PublicKey; for ML-KEM and X-Wing the
// key types described at [NewPublicKey]; for the composite signatures
// (OIDs 1.3.6.1.5.5.7.6.37–54) a *composite.PublicKey of package
// signer/composite, and for the composite KEMs (.55–66) a
// *composite.EncapsulationKey of package kem/composite, after both halves'
// checks. Any other algorithm is handed to crypto/x509.ParsePKIXPublicKey,
// so this function is a drop-in replacement.
func ParsePKIXPublicKey(der []byte) (any, error) {
	if alg, ok := compositeOf(der, false); ok {
		return parseCompositePublicKey(alg, der)
	}
	if !isOurs(der, false) {
		return x509.ParsePKIXPublicKey(der)
	}
	// The key constructors copy what they keep, so no copy is made here.
	alg, pk, err := parsePublicKeyInfo(der)
	if err != nil {
		return nil, err
	}
	return NewPublicKey(alg, pk)
}

// MarshalPKIXPublicKey encodes a public key as a DER SubjectPublicKeyInfo.
// It takes the keys [ParsePKIXPublicKey] returns, a *[PublicKeyInfo], and
// anything crypto/x509.MarshalPKIXPublicKey takes. A composite key is
// written as its draft defines: its OID with absent parameters and its raw
// encoding (mldsaPK ‖ tradPK, mlkemEK ‖ tradPK) as the BIT STRING.
func MarshalPKIXPublicKey(pub any) ([]byte, error) {
	if oid, raw, ok, err := compositePublicKeyOf(pub); ok {
		if err != nil {
			return nil, err
		}
		return marshalCompositeSPKI(oid, raw)
	}
	info, ok, err := publicKeyInfoOf(pub)
	if err != nil {
		return nil, err
	}
	if !ok {
		return x509.MarshalPKIXPublicKey(pub)
	}
	return info.Marshal()
}

// isOurs reports whether der is a SEQUENCE whose AlgorithmIdentifier
// (after a leading INTEGER version when withVersion) names one of our
// algorithms or a HashML-DSA OID (which our parsers reject with a precise
// error). Anything else, including garbage, goes to crypto/x509.
func isOurs(der []byte, withVersion bool) bool {
	oid, ok := leadingOID(der, withVersion)
	if !ok {
		return false
	}
	if _, ok := HashMLDSAName(oid); ok {
		return true
	}
	_, err := AlgorithmFromOID(oid)
	return err == nil
}

// CertificatePublicKeyInfo decodes the subject key of a certificate that
// crypto/x509 parsed (for ML-KEM and X-Wing keys it reports
// UnknownPublicKeyAlgorithm and leaves PublicKey nil).
func CertificatePublicKeyInfo(cert *x509.Certificate) (*PublicKeyInfo, error) {
	if cert == nil {
		return nil, errors.New("x509ext: nil certificate")
	}
	return ParsePublicKeyInfo(cert.RawSubjectPublicKeyInfo)
}
