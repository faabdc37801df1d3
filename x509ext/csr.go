package x509ext

import (
	"bytes"
	"crypto"
	"crypto/mldsa"
	"crypto/x509"
	"fmt"
	"io"
)

// CreateCSR creates a DER certificate signing request for template, signed
// by priv. It is crypto/x509.CreateCertificateRequest, which signs with any
// crypto.Signer, ML-DSA keys included; it is here so that a CA's users find
// both halves in one package.
func CreateCSR(rand io.Reader, template *x509.CertificateRequest, priv crypto.Signer) ([]byte, error) {
	return x509.CreateCertificateRequest(rand, template, priv)
}

// VerifyCSR checks the self-signature of a certificate request. ML-DSA
// signatures are checked with this package's verifier (and the signature
// algorithm must be the key's own ML-DSA level); others by crypto/x509.
func VerifyCSR(csr *x509.CertificateRequest) error {
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
	alg := algorithmOfMLDSA(pk.Parameters())
	if sigAlg.String() != alg.String() {
		return fmt.Errorf("signature algorithm %v does not match the %s key", sigAlg, alg)
	}
	if err := verifyMLDSA(pk, signed, signature); err != nil {
		return fmt.Errorf("%s signature is invalid: %w", alg, err)
	}
	return nil
}

// VerifyCRL checks that crl was signed by issuer, whose certificate must
// allow CRL signing (RFC 5280 Section 4.2.1.3) and name the CRL's issuer.
// ML-DSA signatures are checked with this package's verifier, others by
// crypto/x509.
func VerifyCRL(crl *x509.RevocationList, issuer *x509.Certificate) error {
	if !bytes.Equal(crl.RawIssuer, issuer.RawSubject) {
		return fmt.Errorf("x509ext: CRL issuer %q is not %q", crl.Issuer, issuer.Subject)
	}
	if issuer.KeyUsage != 0 && issuer.KeyUsage&x509.KeyUsageCRLSign == 0 {
		return fmt.Errorf("x509ext: %q lacks the cRLSign key usage", issuer.Subject)
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
