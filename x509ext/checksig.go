package x509ext

import (
	"bytes"
	"crypto/mldsa"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/crystals-go/crystals/signer/composite"
)

// CheckSignatureFrom checks that child's signature is valid under parent's
// public key: the counterpart of crypto/x509's Certificate.CheckSignatureFrom
// for every signature algorithm this package knows, on certificates that
// crypto/x509.ParseCertificate parsed even when it did not know their
// algorithms.
//
//   - ML-DSA (RFC 9881) is checked with the crystals verifier, empty context.
//   - The 18 composite signatures (draft-ietf-lamps-pq-composite-sigs,
//     OIDs 1.3.6.1.5.5.7.6.37–54), which crypto/x509 reports as unknown, are
//     read from the certificate's Raw: the outer signatureAlgorithm must
//     equal the TBSCertificate's signature field and have absent
//     parameters, and parent's key (from RawSubjectPublicKeyInfo) must be a
//     composite key of that same algorithm. The signature over
//     RawTBSCertificate is checked with [composite.Verify] and an empty
//     context, as the draft requires in certificates; both halves must hold.
//   - Every other algorithm is checked by crypto/x509 (RSA, RSA-PSS, ECDSA,
//     Ed25519); SHA-1 signatures are refused.
//
// Unlike crypto/x509's method it checks the signature only: it does not
// require parent to be a CA or to have the keyCertSign usage, so that a
// self-signed end-entity certificate (such as the composite drafts' test
// certificates) can be checked with CheckSignatureFrom(cert, cert). Path
// validation, with those rules, is [Verify]'s job; it checks composite
// signatures by this function's code path.
func CheckSignatureFrom(child, parent *x509.Certificate) error {
	switch {
	case child == nil:
		return errors.New("x509ext: CheckSignatureFrom: the child certificate is nil")
	case parent == nil:
		return errors.New("x509ext: CheckSignatureFrom: the parent certificate is nil")
	case len(child.Raw) == 0 || len(parent.RawSubjectPublicKeyInfo) == 0:
		return errors.New("x509ext: CheckSignatureFrom: the certificates must come from crypto/x509.ParseCertificate (Raw and RawSubjectPublicKeyInfo are empty)")
	}
	if err := checkSignatureFrom(child, parent); err != nil {
		return fmt.Errorf("x509ext: certificate %q: signature by %q: %w", child.Subject, parent.Subject, err)
	}
	return nil
}

func checkSignatureFrom(child, parent *x509.Certificate) error {
	sigOID, err := signatureOID(child.Raw, signedCertificate)
	if err != nil {
		return err
	}
	if handled, err := checkCompositeSigned(sigOID, parent.RawSubjectPublicKeyInfo, child.RawTBSCertificate, child.Signature); handled {
		return err
	}
	if pk, ok := parent.PublicKey.(*mldsa.PublicKey); ok {
		return checkMLDSASignature(pk, child.SignatureAlgorithm, child.RawTBSCertificate, child.Signature)
	}
	switch {
	case parent.PublicKeyAlgorithm == x509.UnknownPublicKeyAlgorithm || parent.PublicKey == nil:
		return fmt.Errorf("the issuer's key is of an algorithm that cannot verify signatures here (%s)", describeKeyOID(parent))
	case child.SignatureAlgorithm == x509.UnknownSignatureAlgorithm:
		return fmt.Errorf("unknown signature algorithm %s", sigOID)
	case child.SignatureAlgorithm == x509.SHA1WithRSA || child.SignatureAlgorithm == x509.ECDSAWithSHA1:
		return fmt.Errorf("%v signatures are insecure and refused", child.SignatureAlgorithm)
	}
	if err := parent.CheckSignature(child.SignatureAlgorithm, child.RawTBSCertificate, child.Signature); err != nil {
		return wrapError(child.SignatureAlgorithm.String(), err)
	}
	return nil
}

// signedKind names the signed structures whose signature this package
// checks: they differ in whether, and where, their body repeats the
// signature algorithm.
type signedKind int

const (
	signedCertificate signedKind = iota // TBSCertificate: [0] version, serial, then signature
	signedCRL                           // TBSCertList: optional version, then signature
	signedCSR                           // CertificationRequestInfo: no signature field
)

// signatureOID reads the signatureAlgorithm of a DER Certificate (RFC 5280
// Section 4.1.1.2), CertificateList (Section 5.1.1.2) or
// CertificationRequest (RFC 2986) and, for the first two, checks that it
// equals the signature field of the signed body, as RFC 5280 requires. For
// the composite algorithms the parameters must also be absent.
func signatureOID(der []byte, kind signedKind) (asn1.ObjectIdentifier, error) {
	in := cryptobyte.String(der)
	var outerSeq, body, outer cryptobyte.String
	if !in.ReadASN1(&outerSeq, cbasn1.SEQUENCE) || !outerSeq.ReadASN1(&body, cbasn1.SEQUENCE) ||
		!outerSeq.ReadASN1Element(&outer, cbasn1.SEQUENCE) {
		return nil, errors.New("malformed signed structure: no body and signatureAlgorithm")
	}
	if kind != signedCSR {
		var inner cryptobyte.String
		ok := true
		if kind == signedCertificate {
			ok = body.SkipOptionalASN1(cbasn1.Tag(0).ContextSpecific().Constructed()) && body.SkipASN1(cbasn1.INTEGER)
		} else {
			ok = body.SkipOptionalASN1(cbasn1.INTEGER)
		}
		if !ok || !body.ReadASN1Element(&inner, cbasn1.SEQUENCE) {
			return nil, errors.New("malformed signed body: no signature AlgorithmIdentifier")
		}
		if !bytes.Equal(inner, outer) {
			return nil, errors.New("the signatureAlgorithm differs from the signed body's signature field")
		}
	}
	var ai cryptobyte.String
	var oid asn1.ObjectIdentifier
	if !outer.ReadASN1(&ai, cbasn1.SEQUENCE) || !ai.ReadASN1ObjectIdentifier(&oid) {
		return nil, errors.New("malformed signatureAlgorithm")
	}
	if composite.AlgorithmByOID(oid) != nil && !ai.Empty() {
		return nil, fmt.Errorf("the composite signatureAlgorithm %s has parameters; they must be absent", oid)
	}
	return oid, nil
}

// checkCompositeSigned checks a composite signature over signed: the
// signature algorithm sigOID and the signer's key (the DER
// SubjectPublicKeyInfo keySPKI) must be the same composite algorithm, and
// the signature must hold with an empty context. handled is false when
// neither is composite (the caller checks the signature then).
func checkCompositeSigned(sigOID asn1.ObjectIdentifier, keySPKI, signed, signature []byte) (handled bool, err error) {
	keyAlg, keyIsComposite := compositeOf(keySPKI, false)
	sigAlg := composite.AlgorithmByOID(sigOID)
	switch {
	case sigAlg == nil && !keyIsComposite:
		return false, nil
	case sigAlg != nil && !keyIsComposite:
		return true, fmt.Errorf("the signature algorithm is the composite %s, but the signer's key is not a composite key", sigAlg.Name())
	case keyAlg.sig == nil:
		return true, fmt.Errorf("the signer's key is the composite KEM %s, which cannot sign", keyAlg)
	case keyAlg.sig != sigAlg:
		return true, fmt.Errorf("signature algorithm %s does not match the signer's %s key", describeOID(sigOID), keyAlg)
	}
	key, err := parseCompositePublicKey(keyAlg, keySPKI)
	if err != nil {
		return true, err
	}
	if err := composite.Verify(key.(*composite.PublicKey), signed, signature, nil); err != nil {
		return true, fmt.Errorf("%s signature is invalid: %w", sigAlg.Name(), err)
	}
	return true, nil
}

// checkCompositeSignedDER is checkCompositeSigned for the signed structure
// der of the given kind (its signature OID read from der).
func checkCompositeSignedDER(der []byte, kind signedKind, keySPKI, signed, signature []byte) (handled bool, err error) {
	if len(der) == 0 {
		return false, nil
	}
	oid, err := signatureOID(der, kind)
	if err != nil {
		_, keyIsComposite := compositeOf(keySPKI, false)
		return keyIsComposite, err
	}
	return checkCompositeSigned(oid, keySPKI, signed, signature)
}

// describeOID names a signature algorithm OID: the composite's name, or
// the OID.
func describeOID(oid asn1.ObjectIdentifier) string {
	if a := composite.AlgorithmByOID(oid); a != nil {
		return a.Name()
	}
	return oid.String()
}

// describeKeyOID names the algorithm of parent's key by its OID.
func describeKeyOID(parent *x509.Certificate) string {
	oid, ok := leadingOID(parent.RawSubjectPublicKeyInfo, false)
	if !ok {
		return "malformed SubjectPublicKeyInfo"
	}
	if alg, err := AlgorithmFromOID(oid); err == nil {
		return alg.String()
	}
	return oid.String()
}

// SignatureAlgorithmName names the algorithm that signed cert: crypto/x509's
// name when it knows the algorithm (such as "ECDSA-SHA256" or "ML-DSA-65"),
// the composite algorithm's name (such as "MLDSA65-ECDSA-P256-SHA512") for
// the composite signatures it reports as unknown, and otherwise the OID
// read from cert.Raw ("" when there is none to read).
func SignatureAlgorithmName(cert *x509.Certificate) string {
	if cert == nil {
		return ""
	}
	if cert.SignatureAlgorithm != x509.UnknownSignatureAlgorithm {
		return cert.SignatureAlgorithm.String()
	}
	oid, err := signatureOID(cert.Raw, signedCertificate)
	if err != nil {
		return ""
	}
	return describeOID(oid)
}
