package x509ext

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"
	"io"
	"math/big"
	"time"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// This file builds and signs certificates without crypto/x509, for the
// keys and signatures it cannot handle (ML-KEM, X-Wing and composite
// subject keys, composite issuers). It reads the same template fields as
// crypto/x509.CreateCertificate and encodes them the same way, byte for
// byte (TestTBSMatchesCryptoX509 compares the two).

// buildCertificate creates the DER certificate of template with subject
// key spki (a DER SubjectPublicKeyInfo), issued by parent and signed by
// key.
func buildCertificate(rand io.Reader, template, parent *x509.Certificate, spki []byte, key crypto.Signer) ([]byte, error) {
	sig, err := signatureAlgorithmFor(key, template.SignatureAlgorithm)
	if err != nil {
		return nil, err
	}
	if err := checkIssuerMatches(key, parent); err != nil {
		return nil, err
	}
	tbs, err := buildTBSCertificate(rand, template, parent, spki, sig)
	if err != nil {
		return nil, err
	}
	return sig.signed(rand, key, tbs, "Certificate")
}

// buildTBSCertificate encodes the TBSCertificate (RFC 5280 Section 4.1) of
// template: version 3, the serial (a fresh positive 159-bit one when
// template has none, as crypto/x509 makes), the signature algorithm, the
// names, the validity, spki and the extensions.
func buildTBSCertificate(rand io.Reader, template, parent *x509.Certificate, spki []byte, sig *sigAlgorithm) ([]byte, error) {
	serial := template.SerialNumber
	if serial == nil {
		var b [20]byte
		if _, err := io.ReadFull(rand, b[:]); err != nil {
			return nil, fmt.Errorf("x509ext: reading serial number: %w", err)
		}
		b[0] &= 0x7f
		serial = new(big.Int).SetBytes(b[:])
	}
	if serial.Sign() < 0 {
		return nil, errors.New("x509ext: serial number must be positive")
	}
	issuer, err := nameDER(parent)
	if err != nil {
		return nil, err
	}
	subject, err := nameDER(template)
	if err != nil {
		return nil, err
	}
	aki := template.AuthorityKeyId
	if !bytes.Equal(issuer, subject) && len(parent.SubjectKeyId) > 0 {
		aki = parent.SubjectKeyId
	}
	ski := template.SubjectKeyId
	if len(ski) == 0 && template.IsCA {
		if ski, err = keyIdentifierOfSPKI(spki); err != nil {
			return nil, err
		}
	}
	exts, err := certificateExtensions(template, bytes.Equal(subject, emptyName), aki, ski)
	if err != nil {
		return nil, err
	}
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1(cbasn1.Tag(0).ContextSpecific().Constructed(), func(b *cryptobyte.Builder) { b.AddASN1Int64(2) })
		b.AddASN1BigInt(serial)
		b.AddBytes(sig.algID)
		b.AddBytes(issuer)
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
			addTime(b, template.NotBefore)
			addTime(b, template.NotAfter)
		})
		b.AddBytes(subject)
		b.AddBytes(spki)
		if len(exts) > 0 {
			b.AddASN1(cbasn1.Tag(3).ContextSpecific().Constructed(), func(b *cryptobyte.Builder) { addExtensions(b, exts) })
		}
	})
	return builderBytes(&b, "TBSCertificate")
}

// emptyName is the DER of an empty Name (an empty SEQUENCE).
var emptyName = []byte{0x30, 0}

// nameDER returns c's subject as DER: RawSubject when set, else Subject.
func nameDER(c *x509.Certificate) ([]byte, error) {
	if len(c.RawSubject) > 0 {
		return c.RawSubject, nil
	}
	der, err := asn1.Marshal(c.Subject.ToRDNSequence())
	if err != nil {
		return nil, fmt.Errorf("x509ext: encoding name %q: %w", c.Subject, err)
	}
	return der, nil
}

// addTime writes t in UTC as RFC 5280 Section 4.1.2.5 says: UTCTime
// through 2049, GeneralizedTime from 2050 (and before 1950), whole seconds.
func addTime(b *cryptobyte.Builder, t time.Time) {
	t = t.UTC().Truncate(time.Second)
	if y := t.Year(); y >= 1950 && y < 2050 {
		b.AddASN1UTCTime(t)
		return
	}
	b.AddASN1GeneralizedTime(t)
}

// keyIdentifierOfSPKI is the leftmost 160 bits of SHA-256 of the
// subjectPublicKey BIT STRING contents of a DER SubjectPublicKeyInfo
// (RFC 7093 Section 2, method 1), as crypto/x509 computes it.
func keyIdentifierOfSPKI(der []byte) ([]byte, error) {
	in := cryptobyte.String(der)
	var spki cryptobyte.String
	if !in.ReadASN1(&spki, cbasn1.SEQUENCE) || !spki.SkipASN1(cbasn1.SEQUENCE) {
		return nil, errors.New("x509ext: malformed SubjectPublicKeyInfo")
	}
	key, err := readBitStringBytes(&spki, cbasn1.BIT_STRING, "SubjectPublicKeyInfo")
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(key)
	return sum[:20], nil
}

// checkIssuerMatches refuses a signing key that is not parent's key, when
// parent has one (a self-signed template has none).
func checkIssuerMatches(key crypto.Signer, parent *x509.Certificate) error {
	if len(parent.RawSubjectPublicKeyInfo) == 0 && parent.PublicKey == nil {
		return nil
	}
	mine, err := MarshalPKIXPublicKey(key.Public())
	if err != nil {
		return err
	}
	theirs := parent.RawSubjectPublicKeyInfo
	if len(theirs) == 0 {
		if theirs, err = MarshalPKIXPublicKey(parent.PublicKey); err != nil {
			return err
		}
	}
	if !bytes.Equal(mine, theirs) {
		return fmt.Errorf("x509ext: the signing key does not match the public key of issuer %q", parent.Subject)
	}
	return nil
}
