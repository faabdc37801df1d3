package x509ext

import (
	"bytes"
	"crypto"
	"crypto/mldsa"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
)

// CreateCSR creates a DER certificate signing request for template, signed
// by priv. A composite key (a crypto.Signer whose Public is a
// *composite.PublicKey of package signer/composite) signs a request this
// package builds, with the same fields and encoding as crypto/x509 (subject,
// key, the subject alternative names and ExtraExtensions in an
// extensionRequest attribute; the deprecated Attributes are refused) and
// the empty context the composite draft requires. Other keys, ML-DSA
// included, go to crypto/x509.CreateCertificateRequest; the function is
// here so that a CA's users find both halves in one package.
func CreateCSR(rand io.Reader, template *x509.CertificateRequest, priv crypto.Signer) ([]byte, error) {
	switch {
	case template == nil:
		return nil, errors.New("x509ext: CreateCSR: the template is nil")
	case priv == nil || priv.Public() == nil:
		return nil, errors.New("x509ext: CreateCSR: the signing key is nil")
	case isCompositeSigner(priv):
		return buildCSR(rand, template, priv)
	}
	return x509.CreateCertificateRequest(rand, template, priv)
}

// VerifyCSR checks the self-signature of a certificate request. ML-DSA
// signatures are checked with this package's verifier (and the signature
// algorithm must be the key's own ML-DSA level); composite ones (read from
// csr.Raw, as crypto/x509 reports an unknown algorithm) with package
// signer/composite, empty context, the signature algorithm being the key's
// own; others by crypto/x509.
func VerifyCSR(csr *x509.CertificateRequest) error {
	if csr == nil {
		return errors.New("x509ext: VerifyCSR: the certificate request is nil")
	}
	if handled, err := checkCompositeSignedDER(csr.Raw, signedCSR, csr.RawSubjectPublicKeyInfo, csr.RawTBSCertificateRequest, csr.Signature); handled {
		if err != nil {
			return fmt.Errorf("x509ext: certificate request: %w", err)
		}
		return nil
	}
	pk, ok := csr.PublicKey.(*mldsa.PublicKey)
	if !ok {
		if err := csr.CheckSignature(); err != nil {
			return fmt.Errorf("x509ext: certificate request signature is invalid: %w", err)
		}
		return nil
	}
	if err := checkMLDSASignature(pk, csr.SignatureAlgorithm, csr.RawTBSCertificateRequest, csr.Signature); err != nil {
		return fmt.Errorf("x509ext: certificate request: %w", err)
	}
	return nil
}

// checkMLDSASignature checks that sigAlg is the ML-DSA level of pk and that
// signature verifies.
func checkMLDSASignature(pk *mldsa.PublicKey, sigAlg x509.SignatureAlgorithm, signed, signature []byte) error {
	if pk == nil {
		return fmt.Errorf("the ML-DSA public key is nil")
	}
	alg := algorithmOfMLDSA(pk.Parameters())
	if sigAlg.String() != alg.String() {
		return fmt.Errorf("signature algorithm %v does not match the %s key", sigAlg, alg)
	}
	if err := verifyMLDSA(pk, signed, signature); err != nil {
		return fmt.Errorf("%s signature is invalid: %w", alg, err)
	}
	return nil
}

// VerifyCRL checks that crl was signed by issuer. The issuer must be what
// crypto/x509's RevocationList.CheckSignatureFrom requires: a CA (a version
// 3 certificate must carry basicConstraints with cA set) whose keyUsage, if
// present, includes cRLSign (RFC 5280 Section 4.2.1.3), with a key of a
// known algorithm. Beyond crypto/x509, the CRL's issuer name must be the
// issuer's subject. ML-DSA signatures are checked with this package's
// verifier, composite ones (from crl.Raw and the issuer's
// RawSubjectPublicKeyInfo) with package signer/composite, others by
// crypto/x509.
func VerifyCRL(crl *x509.RevocationList, issuer *x509.Certificate) error {
	switch {
	case crl == nil:
		return errors.New("x509ext: VerifyCRL: the CRL is nil")
	case issuer == nil:
		return errors.New("x509ext: VerifyCRL: the issuer certificate is nil")
	}
	if !bytes.Equal(crl.RawIssuer, issuer.RawSubject) {
		return fmt.Errorf("x509ext: CRL issuer %q is not %q", crl.Issuer, issuer.Subject)
	}
	if err := checkIssuerKey(issuer, x509.KeyUsageCRLSign, "cRLSign"); err != nil {
		return fmt.Errorf("%w; it may not sign CRLs", err)
	}
	if handled, err := checkCompositeSignedDER(crl.Raw, signedCRL, issuer.RawSubjectPublicKeyInfo, crl.RawTBSRevocationList, crl.Signature); handled {
		if err != nil {
			return fmt.Errorf("x509ext: CRL: %w", err)
		}
		return nil
	}
	pk, ok := issuer.PublicKey.(*mldsa.PublicKey)
	if !ok {
		if err := crl.CheckSignatureFrom(issuer); err != nil {
			return fmt.Errorf("x509ext: CRL signature is invalid: %w", err)
		}
		return nil
	}
	if err := checkMLDSASignature(pk, crl.SignatureAlgorithm, crl.RawTBSRevocationList, crl.Signature); err != nil {
		return fmt.Errorf("x509ext: CRL: %w", err)
	}
	return nil
}
