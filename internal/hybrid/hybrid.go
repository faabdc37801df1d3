// Package hybrid holds what the composite signature and KEM packages share:
// the traditional-key encodings of the LAMPS composite drafts (RSAPrivateKey,
// ECPrivateKey with its named curve and without its public key), the SPKI and
// PKCS#8 splitters and the algorithm-table lookups.
package hybrid

import (
	"bytes"
	"crypto/ecdh"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/crystals-go/crystals/internal/brainpool"
)

// Curve is an elliptic curve as the drafts use it, for both ECDSA and ECDH:
// a NIST curve of the standard library (Elliptic and ECDH set) or a
// brainpool curve of internal/brainpool (Brainpool set).
type Curve struct {
	Name       string
	OID        asn1.ObjectIdentifier
	Elliptic   elliptic.Curve
	ECDH       ecdh.Curve
	Brainpool  *brainpool.Curve
	ScalarSize int
	PointSize  int // uncompressed, 04‖X‖Y
}

// The curves the drafts name.
var (
	P256  = &Curve{"P-256", asn1.ObjectIdentifier{1, 2, 840, 10045, 3, 1, 7}, elliptic.P256(), ecdh.P256(), nil, 32, 65}
	P384  = &Curve{"P-384", asn1.ObjectIdentifier{1, 3, 132, 0, 34}, elliptic.P384(), ecdh.P384(), nil, 48, 97}
	P521  = &Curve{"P-521", asn1.ObjectIdentifier{1, 3, 132, 0, 35}, elliptic.P521(), ecdh.P521(), nil, 66, 133}
	BP256 = &Curve{"brainpoolP256r1", brainpool.P256r1.OID, nil, nil, brainpool.P256r1, 32, 65}
	BP384 = &Curve{"brainpoolP384r1", brainpool.P384r1.OID, nil, nil, brainpool.P384r1, 48, 97}
)

// publicKey returns the uncompressed public point of a private scalar, or an
// error for a scalar that is zero or not below the order.
func (c *Curve) publicKey(scalar []byte) ([]byte, error) {
	if c.Brainpool != nil {
		k, err := c.Brainpool.NewPrivateKey(scalar)
		if err != nil {
			return nil, err
		}
		return k.PublicKey().Bytes(), nil
	}
	k, err := c.ECDH.NewPrivateKey(scalar)
	if err != nil {
		return nil, err
	}
	return k.PublicKey().Bytes(), nil
}

// ErrECPrivateKey reports a malformed ECPrivateKey.
var ErrECPrivateKey = errors.New("malformed ECPrivateKey")

// MarshalECPrivateKey encodes scalar (ScalarSize bytes, big-endian) as the
// drafts' ECPrivateKey (RFC 5915): version 1, the scalar, the named curve in
// [0], and no [1] public key.
func MarshalECPrivateKey(c *Curve, scalar []byte) []byte {
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(1)
		b.AddASN1OctetString(scalar)
		b.AddASN1(cbasn1.Tag(0).Constructed().ContextSpecific(), func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(c.OID)
		})
	})
	return b.BytesOrPanic()
}

// ParseECPrivateKey decodes an ECPrivateKey on curve c and returns its scalar.
// The [0] named curve must be present and be c; a [1] public key, which the
// drafts leave out, is accepted only if it matches the scalar.
func ParseECPrivateKey(c *Curve, der []byte) ([]byte, error) {
	in := cryptobyte.String(der)
	var seq, scalar cryptobyte.String
	var version int64
	if !in.ReadASN1(&seq, cbasn1.SEQUENCE) || !in.Empty() ||
		!seq.ReadASN1Integer(&version) || version != 1 ||
		!seq.ReadASN1(&scalar, cbasn1.OCTET_STRING) || len(scalar) != c.ScalarSize {
		return nil, ErrECPrivateKey
	}
	var params, pub cryptobyte.String
	var oid asn1.ObjectIdentifier
	if !seq.ReadASN1(&params, cbasn1.Tag(0).Constructed().ContextSpecific()) ||
		!params.ReadASN1ObjectIdentifier(&oid) || !params.Empty() {
		return nil, fmt.Errorf("%w: named curve missing", ErrECPrivateKey)
	}
	if !oid.Equal(c.OID) {
		return nil, fmt.Errorf("%w: curve %v, want %s", ErrECPrivateKey, oid, c.Name)
	}
	pk, err := c.publicKey(scalar)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrECPrivateKey, err)
	}
	if seq.PeekASN1Tag(cbasn1.Tag(1).Constructed().ContextSpecific()) {
		var bits asn1.BitString
		if !seq.ReadASN1(&pub, cbasn1.Tag(1).Constructed().ContextSpecific()) ||
			!pub.ReadASN1BitString(&bits) || !pub.Empty() ||
			string(bits.RightAlign()) != string(pk) {
			return nil, fmt.Errorf("%w: public key does not match", ErrECPrivateKey)
		}
	}
	if !seq.Empty() {
		return nil, ErrECPrivateKey
	}
	return []byte(scalar), nil
}

// ErrRSAKey reports an RSA key of the wrong form or size.
var ErrRSAKey = errors.New("RSA key of the wrong form or size")

// ParseRSAPrivateKey decodes a two-prime PKCS#1 RSAPrivateKey of exactly bits
// bits, in the one encoding x509.MarshalPKCS1PrivateKey gives it (the
// standard parser accepts some mangled forms, such as wrong CRT values,
// which it recomputes, and a composite key has a single encoding).
func ParseRSAPrivateKey(der []byte, bits int) (*rsa.PrivateKey, error) {
	k, err := x509.ParsePKCS1PrivateKey(der)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRSAKey, err)
	}
	if k.N.BitLen() != bits || len(k.Primes) != 2 {
		return nil, fmt.Errorf("%w: want a two-prime %d-bit key", ErrRSAKey, bits)
	}
	if !bytes.Equal(x509.MarshalPKCS1PrivateKey(k), der) {
		return nil, fmt.Errorf("%w: not the canonical DER encoding of the key", ErrRSAKey)
	}
	return k, nil
}

// ParseRSAPublicKey decodes a PKCS#1 RSAPublicKey of exactly bits bits.
func ParseRSAPublicKey(der []byte, bits int) (*rsa.PublicKey, error) {
	k, err := x509.ParsePKCS1PublicKey(der)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrRSAKey, err)
	}
	if k.N.BitLen() != bits {
		return nil, fmt.Errorf("%w: want a %d-bit key", ErrRSAKey, bits)
	}
	if !bytes.Equal(x509.MarshalPKCS1PublicKey(k), der) {
		return nil, fmt.Errorf("%w: not the canonical DER encoding of the key", ErrRSAKey)
	}
	return k, nil
}
