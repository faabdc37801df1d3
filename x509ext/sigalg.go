package x509ext

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/mldsa"
	"crypto/rsa"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"
	"io"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/crystals-go/crystals/signer/composite"
)

// sigAlgorithm is how an issuer key signs a TBSCertificate, a
// CertificationRequestInfo or a TBSCertList: the AlgorithmIdentifier
// written into the structure and the signer options. It covers the keys the
// builders sign with: ML-DSA (pure, empty context, RFC 9881), the 18
// composites (empty context, as the composite draft requires in
// certificates), and the classical algorithms crypto/x509 signs with.
type sigAlgorithm struct {
	name  string
	algID []byte // DER AlgorithmIdentifier
	opts  crypto.SignerOpts
	// std is crypto/x509's name of a classical or ML-DSA algorithm, zero for
	// a composite.
	std  x509.SignatureAlgorithm
	comp *composite.Algorithm
}

// Signature algorithm OIDs (RFC 4055, RFC 5758, RFC 8410) and the hash
// OIDs of the RSASSA-PSS parameters.
var (
	oidSHA256WithRSA = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 11}
	oidSHA384WithRSA = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 12}
	oidSHA512WithRSA = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 13}
	oidRSAPSS        = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 10}
	oidMGF1          = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 1, 8}
	oidECDSAWithSHA2 = asn1.ObjectIdentifier{1, 2, 840, 10045, 4, 3}
	oidEd25519       = asn1.ObjectIdentifier{1, 3, 101, 112}
	oidSHA2          = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2}
)

// classicalAlgorithm describes one classical signature algorithm the
// builders can write.
type classicalAlgorithm struct {
	std  x509.SignatureAlgorithm
	kind x509.PublicKeyAlgorithm
	hash crypto.Hash
}

var classicalAlgorithms = []classicalAlgorithm{
	{x509.SHA256WithRSA, x509.RSA, crypto.SHA256},
	{x509.SHA384WithRSA, x509.RSA, crypto.SHA384},
	{x509.SHA512WithRSA, x509.RSA, crypto.SHA512},
	{x509.SHA256WithRSAPSS, x509.RSA, crypto.SHA256},
	{x509.SHA384WithRSAPSS, x509.RSA, crypto.SHA384},
	{x509.SHA512WithRSAPSS, x509.RSA, crypto.SHA512},
	{x509.ECDSAWithSHA256, x509.ECDSA, crypto.SHA256},
	{x509.ECDSAWithSHA384, x509.ECDSA, crypto.SHA384},
	{x509.ECDSAWithSHA512, x509.ECDSA, crypto.SHA512},
	{x509.PureEd25519, x509.Ed25519, 0},
}

// hashArc is the last arc of a SHA-2 hash OID (NIST CSOR).
func hashArc(h crypto.Hash) int {
	switch h {
	case crypto.SHA384:
		return 2
	case crypto.SHA512:
		return 3
	}
	return 1
}

// signatureAlgorithmFor picks the signature algorithm of key as
// crypto/x509 does: the key's default unless requested names another
// algorithm of the same key type. A composite or ML-DSA key has exactly one
// algorithm; requested must then be zero (or, for ML-DSA, its own level).
func signatureAlgorithmFor(key crypto.Signer, requested x509.SignatureAlgorithm) (*sigAlgorithm, error) {
	if key == nil {
		return nil, errors.New("x509ext: the signing key is nil")
	}
	switch pub := key.Public().(type) {
	case *composite.PublicKey:
		alg := pub.Algorithm()
		if alg == nil {
			return nil, zeroKeyError(pub)
		}
		if requested != 0 {
			return nil, fmt.Errorf("x509ext: a %s key signs only with its own algorithm; leave SignatureAlgorithm zero (it is %v)", alg.Name(), requested)
		}
		id, err := algorithmIdentifierDER(alg.OID(), nil)
		return &sigAlgorithm{name: alg.Name(), algID: id, opts: &composite.Options{}, comp: alg}, err
	case *mldsa.PublicKey:
		if isZeroKey(pub) {
			return nil, zeroKeyError(pub)
		}
		alg := mldsaBySize(len(pub.Bytes()))
		std := mldsaSignatureAlgorithm(alg)
		if requested != 0 && requested != std {
			return nil, fmt.Errorf("x509ext: a %s key signs only as %s, not %v", alg, alg, requested)
		}
		id, err := algorithmIdentifierDER(alg.OID(), nil)
		return &sigAlgorithm{name: alg.String(), algID: id, opts: crypto.Hash(0), std: std}, err
	}
	kind, def, err := classicalDefault(key.Public())
	if err != nil {
		return nil, err
	}
	if requested == 0 {
		requested = def
	}
	for _, c := range classicalAlgorithms {
		if c.std != requested {
			continue
		}
		if c.kind != kind {
			return nil, fmt.Errorf("x509ext: signature algorithm %v does not match the %v signing key", requested, kind)
		}
		return c.sigAlgorithm()
	}
	return nil, fmt.Errorf("x509ext: signature algorithm %v is not one this package signs with (RSA PKCS#1 v1.5 and PSS with SHA-256/384/512, ECDSA with SHA-256/384/512, Ed25519, ML-DSA, composite)", requested)
}

// classicalDefault returns the key type of a classical public key and the
// signature algorithm crypto/x509 chooses for it by default.
func classicalDefault(pub crypto.PublicKey) (x509.PublicKeyAlgorithm, x509.SignatureAlgorithm, error) {
	switch pub := pub.(type) {
	case *rsa.PublicKey:
		return x509.RSA, x509.SHA256WithRSA, nil
	case *ecdsa.PublicKey:
		switch pub.Curve {
		case elliptic.P256():
			return x509.ECDSA, x509.ECDSAWithSHA256, nil
		case elliptic.P384():
			return x509.ECDSA, x509.ECDSAWithSHA384, nil
		case elliptic.P521():
			return x509.ECDSA, x509.ECDSAWithSHA512, nil
		}
		return 0, 0, errors.New("x509ext: the ECDSA signing key is not on P-256, P-384 or P-521")
	case ed25519.PublicKey:
		return x509.Ed25519, x509.PureEd25519, nil
	}
	return 0, 0, fmt.Errorf("x509ext: cannot sign with a %T key (ML-DSA, composite, RSA, ECDSA and Ed25519 keys sign)", pub)
}

// sigAlgorithm encodes the AlgorithmIdentifier of c as crypto/x509 does:
// NULL parameters for PKCS#1 v1.5, the RFC 4055 parameters with the salt as
// long as the hash for PSS, none for ECDSA and Ed25519.
func (c classicalAlgorithm) sigAlgorithm() (*sigAlgorithm, error) {
	s := &sigAlgorithm{name: c.std.String(), std: c.std, opts: c.hash}
	var err error
	switch c.std {
	case x509.SHA256WithRSA, x509.SHA384WithRSA, x509.SHA512WithRSA:
		oid := map[crypto.Hash]asn1.ObjectIdentifier{crypto.SHA256: oidSHA256WithRSA, crypto.SHA384: oidSHA384WithRSA, crypto.SHA512: oidSHA512WithRSA}[c.hash]
		s.algID, err = algorithmIdentifierDER(oid, func(b *cryptobyte.Builder) { b.AddASN1NULL() })
	case x509.SHA256WithRSAPSS, x509.SHA384WithRSAPSS, x509.SHA512WithRSAPSS:
		s.opts = &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: c.hash}
		s.algID, err = algorithmIdentifierDER(oidRSAPSS, func(b *cryptobyte.Builder) { addPSSParameters(b, c.hash) })
	case x509.PureEd25519:
		s.algID, err = algorithmIdentifierDER(oidEd25519, nil)
	default:
		s.algID, err = algorithmIdentifierDER(arc(oidECDSAWithSHA2, hashArc(c.hash)+1), nil)
	}
	return s, err
}

// addPSSParameters writes RSASSA-PSS-params (RFC 4055 Section 3.1) for
// hash: the hash with NULL parameters, MGF1 with the same hash, and a salt
// as long as the hash; the trailer field is the default.
func addPSSParameters(b *cryptobyte.Builder, h crypto.Hash) {
	hashID := func(b *cryptobyte.Builder) {
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(arc(oidSHA2, hashArc(h)))
			b.AddASN1NULL()
		})
	}
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1(cbasn1.Tag(0).ContextSpecific().Constructed(), hashID)
		b.AddASN1(cbasn1.Tag(1).ContextSpecific().Constructed(), func(b *cryptobyte.Builder) {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1ObjectIdentifier(oidMGF1)
				hashID(b)
			})
		})
		b.AddASN1(cbasn1.Tag(2).ContextSpecific().Constructed(), func(b *cryptobyte.Builder) {
			b.AddASN1Int64(int64(h.Size()))
		})
	})
}

// algorithmIdentifierDER encodes SEQUENCE { oid, params } (params absent
// when nil).
func algorithmIdentifierDER(oid asn1.ObjectIdentifier, params func(*cryptobyte.Builder)) ([]byte, error) {
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1ObjectIdentifier(oid)
		if params != nil {
			params(b)
		}
	})
	return builderBytes(&b, "AlgorithmIdentifier")
}

// mldsaSignatureAlgorithm is crypto/x509's name of the ML-DSA level alg.
func mldsaSignatureAlgorithm(alg Algorithm) x509.SignatureAlgorithm {
	switch alg {
	case MLDSA44:
		return x509.MLDSA44
	case MLDSA65:
		return x509.MLDSA65
	}
	return x509.MLDSA87
}

// sign signs msg (a DER TBS structure) with key and checks the result
// against key's public key before it is used, as crypto/x509 does.
func (s *sigAlgorithm) sign(rand io.Reader, key crypto.Signer, msg []byte) ([]byte, error) {
	sig, err := crypto.SignMessage(key, rand, msg, s.opts)
	if err != nil {
		return nil, fmt.Errorf("x509ext: signing with %s: %w", s.name, err)
	}
	if err := s.verify(key.Public(), msg, sig); err != nil {
		return nil, fmt.Errorf("x509ext: signature returned by the %s signer is invalid: %w", s.name, err)
	}
	return sig, nil
}

// verify checks sig over msg under pub with this algorithm.
func (s *sigAlgorithm) verify(pub crypto.PublicKey, msg, sig []byte) error {
	switch pk := pub.(type) {
	case *composite.PublicKey:
		return composite.Verify(pk, msg, sig, nil)
	case *mldsa.PublicKey:
		return verifyMLDSA(pk, msg, sig)
	}
	return (&x509.Certificate{PublicKey: pub}).CheckSignature(s.std, msg, sig)
}

// signed signs tbs with key and returns the signed structure SEQUENCE {
// tbs, signatureAlgorithm, BIT STRING signature } of RFC 5280 and RFC 2986
// (what names it in errors).
func (s *sigAlgorithm) signed(rand io.Reader, key crypto.Signer, tbs []byte, what string) ([]byte, error) {
	signature, err := s.sign(rand, key, tbs)
	if err != nil {
		return nil, err
	}
	return assembleSigned(tbs, s.algID, signature, what)
}

// assembleSigned writes SEQUENCE { tbs, algID, BIT STRING signature }.
func assembleSigned(tbs, algID, signature []byte, what string) ([]byte, error) {
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddBytes(tbs)
		b.AddBytes(algID)
		addBitString(b, cbasn1.BIT_STRING, signature)
	})
	return builderBytes(&b, what)
}
