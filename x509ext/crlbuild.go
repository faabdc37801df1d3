package x509ext

import (
	"crypto"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"io"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// CreateRevocationList works like crypto/x509.CreateRevocationList and
// also signs with composite CA keys (a crypto.Signer whose Public is a
// *composite.PublicKey of package signer/composite), which crypto/x509
// cannot. For those this package builds the TBSCertList itself, from the
// same template fields and in the same encoding (version 2, the issuer's
// subject, thisUpdate and nextUpdate, the revoked entries with their reason
// codes and extensions, then the authorityKeyIdentifier, cRLNumber and
// ExtraExtensions; the deprecated RevokedCertificates are refused), and
// signs it with the empty context the composite draft requires. The issuer must have the cRLSign key usage and a subject key
// identifier, and priv must be its key.
func CreateRevocationList(rand io.Reader, template *x509.RevocationList, issuer *x509.Certificate, priv crypto.Signer) ([]byte, error) {
	switch {
	case template == nil:
		return nil, errors.New("x509ext: CreateRevocationList: the template is nil")
	case issuer == nil:
		return nil, errors.New("x509ext: CreateRevocationList: the issuer is nil")
	case priv == nil || priv.Public() == nil:
		return nil, errors.New("x509ext: CreateRevocationList: the signing key is nil")
	}
	if !isCompositeSigner(priv) {
		return x509.CreateRevocationList(rand, template, issuer, priv)
	}
	return buildCRL(rand, template, issuer, priv)
}

// buildCRL encodes and signs the CertificateList (RFC 5280 Section 5) of
// template as crypto/x509.CreateRevocationList does.
func buildCRL(rand io.Reader, template *x509.RevocationList, issuer *x509.Certificate, key crypto.Signer) ([]byte, error) {
	switch {
	case issuer.KeyUsage&x509.KeyUsageCRLSign == 0:
		return nil, errors.New("x509ext: the CRL issuer must have the cRLSign key usage")
	case len(issuer.SubjectKeyId) == 0:
		return nil, errors.New("x509ext: the CRL issuer's certificate has no subject key identifier")
	case template.NextUpdate.Before(template.ThisUpdate):
		return nil, errors.New("x509ext: the CRL's ThisUpdate is after its NextUpdate")
	case template.Number == nil:
		return nil, errors.New("x509ext: the CRL template has no Number")
	case template.Number.Sign() < 0 || len(template.Number.Bytes()) > 20 || len(template.Number.Bytes()) == 20 && template.Number.Bytes()[0]&0x80 != 0:
		return nil, errors.New("x509ext: the CRL number must be non-negative and fit in 20 octets")
	}
	sig, err := signatureAlgorithmFor(key, template.SignatureAlgorithm)
	if err != nil {
		return nil, err
	}
	if err := checkIssuerMatches(key, issuer); err != nil {
		return nil, err
	}
	entries, err := revokedEntries(template)
	if err != nil {
		return nil, err
	}
	issuerName, err := nameDER(issuer)
	if err != nil {
		return nil, err
	}
	exts := []pkix.Extension{}
	for _, x := range []struct {
		add func(b *cryptobyte.Builder)
		ext *pkix.Extension
	}{
		{func(b *cryptobyte.Builder) {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1(cbasn1.Tag(0).ContextSpecific(), func(b *cryptobyte.Builder) { b.AddBytes(issuer.SubjectKeyId) })
			})
		}, &pkix.Extension{Id: oidExtAuthorityKeyID}},
		{func(b *cryptobyte.Builder) { b.AddASN1BigInt(template.Number) }, &pkix.Extension{Id: oidExtCRLNumber}},
	} {
		var b cryptobyte.Builder
		x.add(&b)
		if x.ext.Value, err = builderBytes(&b, "CRL extension"); err != nil {
			return nil, err
		}
		exts = append(exts, *x.ext)
	}
	exts = append(exts, template.ExtraExtensions...)
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(1) // v2
		b.AddBytes(sig.algID)
		b.AddBytes(issuerName)
		addTime(b, template.ThisUpdate)
		if !template.NextUpdate.IsZero() {
			addTime(b, template.NextUpdate)
		}
		if len(entries) > 0 {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
				for _, e := range entries {
					b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
						b.AddASN1BigInt(e.SerialNumber)
						addTime(b, e.RevocationTime)
						if len(e.Extensions) > 0 {
							addExtensions(b, e.Extensions)
						}
					})
				}
			})
		}
		b.AddASN1(cbasn1.Tag(0).ContextSpecific().Constructed(), func(b *cryptobyte.Builder) { addExtensions(b, exts) })
	})
	tbs, err := builderBytes(&b, "TBSCertList")
	if err != nil {
		return nil, err
	}
	return sig.signed(rand, key, tbs, "CertificateList")
}

// revokedEntries returns the entries of template as crypto/x509 takes
// them from RevokedCertificateEntries, with a reasonCode extension after
// the entry's ExtraExtensions when ReasonCode is set. The deprecated
// RevokedCertificates are refused rather than ignored.
func revokedEntries(template *x509.RevocationList) ([]pkix.RevokedCertificate, error) {
	//lint:ignore SA1019 the deprecated field is read only to refuse it
	if len(template.RevokedCertificates) > 0 {
		return nil, errors.New("x509ext: RevocationList.RevokedCertificates is deprecated and not encoded here; use RevokedCertificateEntries")
	}
	out := make([]pkix.RevokedCertificate, 0, len(template.RevokedCertificateEntries))
	for _, e := range template.RevokedCertificateEntries {
		switch {
		case e.SerialNumber == nil:
			return nil, errors.New("x509ext: a revoked certificate entry has no serial number")
		case e.RevocationTime.IsZero():
			return nil, fmt.Errorf("x509ext: revoked certificate entry %v has no revocation time", e.SerialNumber)
		case extensionIn(oidExtReasonCode, e.ExtraExtensions):
			return nil, errors.New("x509ext: a revoked certificate entry has a reasonCode ExtraExtension; use ReasonCode")
		}
		rc := pkix.RevokedCertificate{SerialNumber: e.SerialNumber, RevocationTime: e.RevocationTime}
		rc.Extensions = append(rc.Extensions, e.ExtraExtensions...)
		if e.ReasonCode != 0 {
			var b cryptobyte.Builder
			b.AddASN1Enum(int64(e.ReasonCode))
			value, err := builderBytes(&b, "reasonCode")
			if err != nil {
				return nil, err
			}
			rc.Extensions = append(rc.Extensions, pkix.Extension{Id: oidExtReasonCode, Value: value})
		}
		out = append(out, rc)
	}
	return out, nil
}
