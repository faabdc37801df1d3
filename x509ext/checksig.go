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
// validation, with those rules, is [Verify]'s job; Verify does not yet
// accept composite certificates.
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
	sigOID, err := certificateSignatureOID(child.Raw)
	if err != nil {
		return err
	}
	keyAlg, keyIsComposite := compositeOf(parent.RawSubjectPublicKeyInfo, false)
	sigAlg := composite.AlgorithmByOID(sigOID)
	switch {
	case sigAlg != nil && !keyIsComposite:
		return fmt.Errorf("the signature algorithm is the composite %s, but the issuer's key is not a composite key", sigAlg.Name())
	case keyIsComposite && keyAlg.sig == nil:
		return fmt.Errorf("the issuer's key is the composite KEM %s, which cannot sign", keyAlg)
	case keyIsComposite && keyAlg.sig != sigAlg:
		return fmt.Errorf("signature algorithm %s does not match the issuer's %s key", describeSigOID(child, sigOID), keyAlg)
	case keyIsComposite:
		key, err := parseCompositePublicKey(keyAlg, parent.RawSubjectPublicKeyInfo)
		if err != nil {
			return err
		}
		if err := composite.Verify(key.(*composite.PublicKey), child.RawTBSCertificate, child.Signature, nil); err != nil {
			return fmt.Errorf("%s signature is invalid: %w", sigAlg.Name(), err)
		}
		return nil
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

// certificateSignatureOID reads the signatureAlgorithm of a DER
// Certificate (RFC 5280 Section 4.1.1.2) and checks that it equals the
// TBSCertificate's signature field, as Section 4.1.1.2 requires. For the
// composite algorithms the parameters must also be absent.
func certificateSignatureOID(der []byte) (asn1.ObjectIdentifier, error) {
	in := cryptobyte.String(der)
	var cert, tbs, outer cryptobyte.String
	if !in.ReadASN1(&cert, cbasn1.SEQUENCE) || !cert.ReadASN1(&tbs, cbasn1.SEQUENCE) ||
		!cert.ReadASN1Element(&outer, cbasn1.SEQUENCE) {
		return nil, errors.New("malformed Certificate: no TBSCertificate and signatureAlgorithm")
	}
	var inner cryptobyte.String
	version := cbasn1.Tag(0).ContextSpecific().Constructed()
	if !tbs.SkipOptionalASN1(version) || !tbs.SkipASN1(cbasn1.INTEGER) || !tbs.ReadASN1Element(&inner, cbasn1.SEQUENCE) {
		return nil, errors.New("malformed TBSCertificate: no signature AlgorithmIdentifier")
	}
	if !bytes.Equal(inner, outer) {
		return nil, errors.New("the signatureAlgorithm differs from the TBSCertificate's signature field")
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

// describeSigOID names child's signature algorithm: crypto/x509's name, or
// the composite's, or the OID.
func describeSigOID(child *x509.Certificate, oid asn1.ObjectIdentifier) string {
	if a := composite.AlgorithmByOID(oid); a != nil {
		return a.Name()
	}
	if child.SignatureAlgorithm != x509.UnknownSignatureAlgorithm {
		return child.SignatureAlgorithm.String()
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
