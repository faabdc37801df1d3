package x509ext

import (
	"encoding/asn1"
	"fmt"
)

// Algorithm names a public-key algorithm this package encodes.
type Algorithm int

// The algorithms of RFC 9881 (ML-DSA), draft-ietf-lamps-kyber-certificates
// (ML-KEM) and draft-connolly-cfrg-xwing-kem (X-Wing).
const (
	UnknownAlgorithm Algorithm = iota
	MLDSA44
	MLDSA65
	MLDSA87
	MLKEM512
	MLKEM768
	MLKEM1024
	XWing
)

// family groups algorithms whose keys have the same shape.
type family int

const (
	familyMLDSA family = iota + 1
	familyMLKEM
	familyXWing
)

// algorithmInfo holds what the encoders need to know about one algorithm:
// its OID and the sizes of its key encodings (FIPS 204 Table 2, FIPS 203
// Table 3, the X-Wing draft).
type algorithmInfo struct {
	name          string
	oid           asn1.ObjectIdentifier
	family        family
	publicKeySize int
	seedSize      int
	expandedSize  int // 0: the algorithm has no expanded private-key form
}

var (
	nistSigAlgs = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3}
	nistKEMs    = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 4}
)

func arc(base asn1.ObjectIdentifier, n int) asn1.ObjectIdentifier {
	return append(base[:len(base):len(base)], n)
}

var algorithms = [...]algorithmInfo{
	MLDSA44:   {"ML-DSA-44", arc(nistSigAlgs, 17), familyMLDSA, 1312, 32, 2560},
	MLDSA65:   {"ML-DSA-65", arc(nistSigAlgs, 18), familyMLDSA, 1952, 32, 4032},
	MLDSA87:   {"ML-DSA-87", arc(nistSigAlgs, 19), familyMLDSA, 2592, 32, 4896},
	MLKEM512:  {"ML-KEM-512", arc(nistKEMs, 1), familyMLKEM, 800, 64, 1632},
	MLKEM768:  {"ML-KEM-768", arc(nistKEMs, 2), familyMLKEM, 1184, 64, 2400},
	MLKEM1024: {"ML-KEM-1024", arc(nistKEMs, 3), familyMLKEM, 1568, 64, 3168},
	// id-XWing, draft-connolly-cfrg-xwing-kem Section "Use in X.509".
	XWing: {"X-Wing", asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 62253, 25722}, familyXWing, 1216, 32, 0},
}

func (a Algorithm) info() *algorithmInfo {
	if a <= UnknownAlgorithm || int(a) >= len(algorithms) {
		return nil
	}
	return &algorithms[a]
}

// String returns the algorithm's name, such as "ML-DSA-65".
func (a Algorithm) String() string {
	if in := a.info(); in != nil {
		return in.name
	}
	return fmt.Sprintf("Algorithm(%d)", int(a))
}

// OID returns a copy of the algorithm's object identifier, or nil for an
// unknown algorithm.
func (a Algorithm) OID() asn1.ObjectIdentifier {
	if in := a.info(); in != nil {
		return append(asn1.ObjectIdentifier(nil), in.oid...)
	}
	return nil
}

// PublicKeySize is the length of the raw public key (the SPKI BIT STRING),
// or 0 for an unknown algorithm.
func (a Algorithm) PublicKeySize() int { return a.sizes().publicKeySize }

// SeedSize is the length of the private seed: ξ for ML-DSA, d‖z for ML-KEM,
// the 32-byte secret key of X-Wing; 0 for an unknown algorithm.
func (a Algorithm) SeedSize() int { return a.sizes().seedSize }

// ExpandedKeySize is the length of the expanded private key (FIPS 204 sk,
// FIPS 203 dk), or 0 for X-Wing, which has none, and for an unknown
// algorithm.
func (a Algorithm) ExpandedKeySize() int { return a.sizes().expandedSize }

// sizes returns a's entry, or a zero one for an unknown algorithm.
func (a Algorithm) sizes() algorithmInfo {
	if in := a.info(); in != nil {
		return *in
	}
	return algorithmInfo{}
}

func (a Algorithm) isMLDSA() bool { in := a.info(); return in != nil && in.family == familyMLDSA }

// HashML-DSA OIDs (FIPS 204 Section 5.4, NIST CSOR). RFC 9881 Section 2
// forbids them in certificates; parsers recognise them to say so.
var hashMLDSAOIDs = []struct {
	oid  asn1.ObjectIdentifier
	name string
}{
	{arc(nistSigAlgs, 32), "id-hash-ml-dsa-44-with-sha512"},
	{arc(nistSigAlgs, 33), "id-hash-ml-dsa-65-with-sha512"},
	{arc(nistSigAlgs, 34), "id-hash-ml-dsa-87-with-sha512"},
}

// HashMLDSAName returns the name of a HashML-DSA OID (for example
// "id-hash-ml-dsa-65-with-sha512") and true, or "" and false for any other
// OID. HashML-DSA identifiers must not appear in certificates or key files
// (RFC 9881), so this package only recognises them, to reject them clearly.
func HashMLDSAName(oid asn1.ObjectIdentifier) (string, bool) {
	// Linear search over three public OIDs.
	for _, h := range hashMLDSAOIDs {
		if oid.Equal(h.oid) {
			return h.name, true
		}
	}
	return "", false
}

// AlgorithmFromOID returns the algorithm an OID identifies. The error names
// the OID, and says when it is a HashML-DSA identifier that RFC 9881 forbids.
func AlgorithmFromOID(oid asn1.ObjectIdentifier) (Algorithm, error) {
	// Linear search over seven entries; OIDs are public.
	for a := MLDSA44; a <= XWing; a++ {
		if oid.Equal(algorithms[a].oid) {
			return a, nil
		}
	}
	if name, ok := HashMLDSAName(oid); ok {
		return UnknownAlgorithm, fmt.Errorf("x509ext: %s (%s) is a HashML-DSA identifier, which RFC 9881 forbids in keys and certificates", oid, name)
	}
	if c, ok := compositeByOID(oid); ok {
		return UnknownAlgorithm, fmt.Errorf("x509ext: %s is the composite algorithm %s, which PublicKeyInfo and PrivateKeyInfo do not carry; ParsePKIXPublicKey and ParsePKCS8PrivateKey parse it", oid, c)
	}
	return UnknownAlgorithm, fmt.Errorf("x509ext: unknown public-key algorithm OID %s", oid)
}
