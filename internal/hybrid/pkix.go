package hybrid

import (
	"encoding/asn1"
	"errors"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// ErrPKIX reports a structure that is not the plain form the drafts use.
var ErrPKIX = errors.New("not a plain SubjectPublicKeyInfo or PrivateKeyInfo with absent parameters")

// SplitSPKI returns the algorithm OID and the key bytes of a
// SubjectPublicKeyInfo whose AlgorithmIdentifier has absent parameters.
func SplitSPKI(der []byte) (asn1.ObjectIdentifier, []byte, error) {
	in := cryptobyte.String(der)
	var seq, algID cryptobyte.String
	var oid asn1.ObjectIdentifier
	var bits asn1.BitString
	if !in.ReadASN1(&seq, cbasn1.SEQUENCE) || !in.Empty() ||
		!seq.ReadASN1(&algID, cbasn1.SEQUENCE) || !algID.ReadASN1ObjectIdentifier(&oid) || !algID.Empty() ||
		!seq.ReadASN1BitString(&bits) || !seq.Empty() || bits.BitLength%8 != 0 {
		return nil, nil, ErrPKIX
	}
	return oid, bits.Bytes, nil
}

// SplitPKCS8 returns the algorithm OID and the privateKey octets of a
// version-0 PrivateKeyInfo with absent parameters, no attributes and no
// public key.
func SplitPKCS8(der []byte) (asn1.ObjectIdentifier, []byte, error) {
	in := cryptobyte.String(der)
	var seq, algID, key cryptobyte.String
	var version int64
	var oid asn1.ObjectIdentifier
	if !in.ReadASN1(&seq, cbasn1.SEQUENCE) || !in.Empty() ||
		!seq.ReadASN1Integer(&version) || version != 0 ||
		!seq.ReadASN1(&algID, cbasn1.SEQUENCE) || !algID.ReadASN1ObjectIdentifier(&oid) || !algID.Empty() ||
		!seq.ReadASN1(&key, cbasn1.OCTET_STRING) || !seq.Empty() {
		return nil, nil, ErrPKIX
	}
	return oid, key, nil
}
