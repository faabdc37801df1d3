package x509ext

import (
	"encoding/asn1"
	"fmt"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/crystals-go/crystals/internal/hybrid"
	kemcomposite "github.com/crystals-go/crystals/kem/composite"
	"github.com/crystals-go/crystals/signer/composite"
)

// This file carries the composite keys of draft-ietf-lamps-pq-composite-sigs
// and draft-ietf-lamps-pq-composite-kem in SPKI and PKCS#8. Both drafts put
// the raw concatenations of packages signer/composite and kem/composite
// there unchanged: SubjectPublicKeyInfo { {OID}, BIT STRING raw public key }
// and PrivateKeyInfo { 0, {OID}, OCTET STRING raw private key }, parameters
// absent. The composites are not [Algorithm]s: they have no seed and
// expanded forms, and [PublicKeyInfo] and [PrivateKeyInfo] do not carry them.

// compositeAlgorithm is one of the 18 composite signature or 12 composite
// KEM algorithms; exactly one of sig and kem is set.
type compositeAlgorithm struct {
	sig *composite.Algorithm
	kem *kemcomposite.Algorithm
}

// compositeByOID returns the composite algorithm of oid, ok=false for any
// other OID.
func compositeByOID(oid asn1.ObjectIdentifier) (compositeAlgorithm, bool) {
	if a := composite.AlgorithmByOID(oid); a != nil {
		return compositeAlgorithm{sig: a}, true
	}
	if a := kemcomposite.AlgorithmByOID(oid); a != nil {
		return compositeAlgorithm{kem: a}, true
	}
	return compositeAlgorithm{}, false
}

func (c compositeAlgorithm) String() string {
	if c.sig != nil {
		return c.sig.Name()
	}
	return c.kem.Name()
}

// leadingOID returns the OID of the AlgorithmIdentifier that opens the
// SEQUENCE der (after a leading INTEGER version when withVersion), ok=false
// when der does not start that way.
func leadingOID(der []byte, withVersion bool) (asn1.ObjectIdentifier, bool) {
	in := cryptobyte.String(der)
	var seq, ai cryptobyte.String
	var oid asn1.ObjectIdentifier
	if !in.ReadASN1(&seq, cbasn1.SEQUENCE) {
		return nil, false
	}
	if withVersion && !seq.SkipASN1(cbasn1.INTEGER) {
		return nil, false
	}
	if !seq.ReadASN1(&ai, cbasn1.SEQUENCE) || !ai.ReadASN1ObjectIdentifier(&oid) {
		return nil, false
	}
	return oid, true
}

// compositeOf returns the composite algorithm named by der's leading
// AlgorithmIdentifier, if it names one.
func compositeOf(der []byte, withVersion bool) (compositeAlgorithm, bool) {
	oid, ok := leadingOID(der, withVersion)
	if !ok {
		return compositeAlgorithm{}, false
	}
	return compositeByOID(oid)
}

// parseCompositePublicKey decodes the SPKI of a composite key and parses
// the raw key with the composite package, which checks both halves.
func parseCompositePublicKey(alg compositeAlgorithm, der []byte) (any, error) {
	_, raw, err := hybrid.SplitSPKI(der)
	if err != nil {
		return nil, fmt.Errorf("x509ext: %s SubjectPublicKeyInfo: %w (the composite drafts require {OID} with absent parameters and a BIT STRING of whole bytes)", alg, err)
	}
	if alg.sig != nil {
		pk, err := composite.ParsePublicKey(alg.sig, raw)
		if err != nil {
			return nil, wrapError(alg.String()+" public key", err)
		}
		return pk, nil
	}
	ek, err := kemcomposite.ParseEncapsulationKey(alg.kem, raw)
	if err != nil {
		return nil, wrapError(alg.String()+" public key", err)
	}
	return ek, nil
}

// parseCompositePrivateKey decodes the PKCS#8 of a composite key: version 0,
// absent parameters, the raw private key in the OCTET STRING, no attributes
// and no publicKey, as both drafts define it.
func parseCompositePrivateKey(alg compositeAlgorithm, der []byte) (any, error) {
	_, raw, err := hybrid.SplitPKCS8(der)
	if err != nil {
		return nil, fmt.Errorf("x509ext: %s PKCS#8 private key: %w (the composite drafts require version 0, {OID} with absent parameters, the raw key in the OCTET STRING, and no attributes or publicKey)", alg, err)
	}
	if alg.sig != nil {
		sk, err := composite.ParsePrivateKey(alg.sig, raw)
		if err != nil {
			return nil, wrapError(alg.String()+" private key", err)
		}
		return sk, nil
	}
	dk, err := kemcomposite.ParseDecapsulationKey(alg.kem, raw)
	if err != nil {
		return nil, wrapError(alg.String()+" private key", err)
	}
	return dk, nil
}

// compositePublicKeyOf returns the algorithm OID and raw key of a composite
// public key object, ok=false for any other type.
func compositePublicKeyOf(pub any) (oid asn1.ObjectIdentifier, raw []byte, ok bool, err error) {
	switch k := pub.(type) {
	case *composite.PublicKey:
		if k.Algorithm() == nil {
			return nil, nil, true, zeroKeyError(pub)
		}
		return k.Algorithm().OID(), k.Bytes(), true, nil
	case *kemcomposite.EncapsulationKey:
		if k.Algorithm() == nil {
			return nil, nil, true, zeroKeyError(pub)
		}
		return k.Algorithm().OID(), k.Bytes(), true, nil
	}
	return nil, nil, false, nil
}

// compositePrivateKeyOf is compositePublicKeyOf for private keys.
func compositePrivateKeyOf(key any) (oid asn1.ObjectIdentifier, raw []byte, ok bool, err error) {
	switch k := key.(type) {
	case *composite.PrivateKey:
		if k.Algorithm() == nil {
			return nil, nil, true, zeroKeyError(key)
		}
		return k.Algorithm().OID(), k.Bytes(), true, nil
	case *kemcomposite.DecapsulationKey:
		if k.Algorithm() == nil {
			return nil, nil, true, zeroKeyError(key)
		}
		return k.Algorithm().OID(), k.Bytes(), true, nil
	}
	return nil, nil, false, nil
}

// marshalCompositeSPKI writes SubjectPublicKeyInfo { {oid}, BIT STRING raw }.
func marshalCompositeSPKI(oid asn1.ObjectIdentifier, raw []byte) ([]byte, error) {
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		addOIDIdentifier(b, oid)
		addBitString(b, cbasn1.BIT_STRING, raw)
	})
	return builderBytes(&b, "composite SubjectPublicKeyInfo")
}

// marshalCompositePKCS8 writes PrivateKeyInfo { 0, {oid}, OCTET STRING raw }.
func marshalCompositePKCS8(oid asn1.ObjectIdentifier, raw []byte) ([]byte, error) {
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(0)
		addOIDIdentifier(b, oid)
		b.AddASN1OctetString(raw)
	})
	return builderBytes(&b, "composite PKCS#8 private key")
}
