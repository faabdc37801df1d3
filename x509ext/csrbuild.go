package x509ext

import (
	"crypto"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"io"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// oidExtensionRequest is PKCS #9's extensionRequest attribute (RFC 2985).
var oidExtensionRequest = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 14}

// buildCSR creates a DER CertificationRequest (RFC 2986) for template,
// signed by key, encoded as crypto/x509.CreateCertificateRequest encodes
// it: version 0, the subject, the key's SubjectPublicKeyInfo and one
// extensionRequest attribute holding the subject alternative names (unless
// ExtraExtensions carries them) and ExtraExtensions. The deprecated
// template.Attributes are refused.
func buildCSR(rand io.Reader, template *x509.CertificateRequest, key crypto.Signer) ([]byte, error) {
	//lint:ignore SA1019 the deprecated field is read only to refuse it
	if len(template.Attributes) > 0 {
		return nil, errors.New("x509ext: CertificateRequest.Attributes is deprecated and not encoded; use ExtraExtensions")
	}
	sig, err := signatureAlgorithmFor(key, template.SignatureAlgorithm)
	if err != nil {
		return nil, err
	}
	spki, err := MarshalPKIXPublicKey(key.Public())
	if err != nil {
		return nil, err
	}
	subject, err := nameDER(&x509.Certificate{Subject: template.Subject, RawSubject: template.RawSubject})
	if err != nil {
		return nil, err
	}
	e := &extensionBuilder{extra: template.ExtraExtensions}
	if len(template.DNSNames) > 0 || len(template.EmailAddresses) > 0 || len(template.IPAddresses) > 0 || len(template.URIs) > 0 {
		e.add(oidExtSubjectAltName, false, func(b *cryptobyte.Builder) {
			addGeneralNames(b, template.DNSNames, template.EmailAddresses, template.IPAddresses, template.URIs)
		})
	}
	if e.err != nil {
		return nil, e.err
	}
	exts := append(e.list, template.ExtraExtensions...)
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(0)
		b.AddBytes(subject)
		b.AddBytes(spki)
		b.AddASN1(cbasn1.Tag(0).ContextSpecific().Constructed(), func(b *cryptobyte.Builder) {
			if len(exts) == 0 {
				return
			}
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1ObjectIdentifier(oidExtensionRequest)
				b.AddASN1(cbasn1.SET, func(b *cryptobyte.Builder) { addExtensions(b, exts) })
			})
		})
	})
	info, err := builderBytes(&b, "CertificationRequestInfo")
	if err != nil {
		return nil, err
	}
	return sig.signed(rand, key, info, "CertificationRequest")
}
