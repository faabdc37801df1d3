package x509ext

import (
	"crypto"
	"crypto/x509"
	"errors"
	"fmt"
	"io"

	kemcomposite "github.com/crystals-go/crystals/kem/composite"
	"github.com/crystals-go/crystals/signer/composite"
)

// CreateCertificate works like crypto/x509.CreateCertificate and also
// handles the keys and signatures the standard library cannot encode:
// subject keys that are ML-KEM or X-Wing keys (a key object of
// [NewPublicKey] or a *[PublicKeyInfo]), composite signature keys
// (*composite.PublicKey of package signer/composite) or composite KEM keys
// (*composite.EncapsulationKey of package kem/composite), and issuers whose
// key is a composite signature key (*composite.PrivateKey, or any
// crypto.Signer whose Public is a *composite.PublicKey).
//
// Such certificates are built by this package: it encodes the
// TBSCertificate from the same template fields crypto/x509 reads (listed
// at crypto/x509.CreateCertificate), in the same way, and refuses with an
// error the template fields it does not encode (policy mappings and policy
// constraints; put them in ExtraExtensions) rather than dropping them. A
// composite issuer signs with its own algorithm (template.SignatureAlgorithm
// must be zero), with the empty context the composite draft requires in
// certificates; the signature is checked before the certificate is
// returned. Everything else goes to crypto/x509.CreateCertificate.
//
// A composite signature subject key may not have the enciphering key usages
// (keyEncipherment, dataEncipherment, keyAgreement, encipherOnly,
// decipherOnly), as draft-ietf-lamps-pq-composite-sigs says. A KEM subject
// key (ML-KEM, X-Wing, composite KEM) follows
// draft-ietf-lamps-kyber-certificates and draft-ietf-lamps-pq-composite-kem:
// the key usage must be keyEncipherment alone (it is set when the template
// leaves it zero), the certificate cannot be a CA, and a KEM key cannot
// sign, so the certificate cannot be self-signed. When template.SubjectKeyId
// is empty it is the leftmost 160 bits of SHA-256 of the key (RFC 7093
// method 1, as crypto/x509 does for CAs).
func CreateCertificate(rand io.Reader, template, parent *x509.Certificate, pub, priv any) ([]byte, error) {
	if template == nil || parent == nil {
		return nil, errors.New("x509ext: CreateCertificate needs a template and a parent (the template itself for a self-signed certificate)")
	}
	signer, ok := priv.(crypto.Signer)
	if !ok {
		return nil, errors.New("x509ext: certificate private key does not implement crypto.Signer")
	}
	kind, err := subjectKeyKind(pub)
	if err != nil {
		return nil, err
	}
	if kind == keyStdlib && !isCompositeSigner(signer) {
		if info, ours, _ := publicKeyInfoOf(pub); ours {
			// crypto/x509 encodes ML-DSA keys itself; give it its key type.
			if pub, err = NewPublicKey(info.Algorithm, info.PublicKey); err != nil {
				return nil, err
			}
		}
		return x509.CreateCertificate(rand, template, parent, pub, priv)
	}
	tmpl := *template
	switch kind {
	case keyKEM:
		if err := kemTemplate(&tmpl, pub); err != nil {
			return nil, err
		}
	case keyComposite:
		if bad := tmpl.KeyUsage & encipheringUsages; bad != 0 {
			return nil, fmt.Errorf("x509ext: a %s key only signs; its certificate may not have the key usages %#x (keyEncipherment, dataEncipherment, keyAgreement, encipherOnly, decipherOnly; draft-ietf-lamps-pq-composite-sigs)", pub.(*composite.PublicKey).Algorithm().Name(), int(bad))
		}
	}
	spki, err := MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, err
	}
	return buildCertificate(rand, &tmpl, parent, spki, signer)
}

// encipheringUsages are the key usages a signature-only key must not have.
const encipheringUsages = x509.KeyUsageKeyEncipherment | x509.KeyUsageDataEncipherment |
	x509.KeyUsageKeyAgreement | x509.KeyUsageEncipherOnly | x509.KeyUsageDecipherOnly

// subjectKind says who can encode a subject key.
type subjectKind int

const (
	keyStdlib    subjectKind = iota // crypto/x509 encodes it (classical, ML-DSA)
	keyKEM                          // ML-KEM, X-Wing, composite KEM: this package, keyEncipherment only
	keyComposite                    // composite signature key: this package
)

func subjectKeyKind(pub any) (subjectKind, error) {
	switch pub.(type) {
	case *composite.PublicKey:
		return keyComposite, nil
	case *kemcomposite.EncapsulationKey:
		return keyKEM, nil
	}
	info, ours, err := publicKeyInfoOf(pub)
	switch {
	case err != nil:
		return 0, err
	case ours && !info.Algorithm.isMLDSA():
		return keyKEM, nil
	}
	return keyStdlib, nil
}

// isCompositeSigner reports whether key signs with a composite algorithm.
func isCompositeSigner(key crypto.Signer) bool {
	_, ok := key.Public().(*composite.PublicKey)
	return ok
}

// kemTemplate applies the KEM certificate rules to tmpl.
func kemTemplate(tmpl *x509.Certificate, pub any) error {
	name := kemName(pub)
	if tmpl.IsCA {
		return fmt.Errorf("x509ext: a %s key cannot be a CA's key (it cannot sign)", name)
	}
	if tmpl.KeyUsage != 0 && tmpl.KeyUsage != x509.KeyUsageKeyEncipherment {
		return fmt.Errorf("x509ext: a %s certificate's key usage must be keyEncipherment only (draft-ietf-lamps-kyber-certificates, draft-ietf-lamps-pq-composite-kem), got %#x", name, tmpl.KeyUsage)
	}
	tmpl.KeyUsage = x509.KeyUsageKeyEncipherment
	if len(tmpl.SubjectKeyId) == 0 {
		var err error
		if tmpl.SubjectKeyId, err = subjectKeyID(pub); err != nil {
			return err
		}
	}
	return nil
}

// kemName names the algorithm of a KEM key for errors.
func kemName(pub any) string {
	if ek, ok := pub.(*kemcomposite.EncapsulationKey); ok {
		return ek.Algorithm().Name()
	}
	if info, ok, err := publicKeyInfoOf(pub); ok && err == nil {
		return info.Algorithm.String()
	}
	return fmt.Sprintf("%T", pub)
}
