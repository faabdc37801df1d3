package x509ext

import (
	"crypto/mldsa"
	"crypto/mlkem"
	"fmt"
	"reflect"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/signer/circlsign"
)

// This file maps key objects to and from the byte-level PublicKeyInfo and
// PrivateKeyInfo. It is the only code that knows the concrete key types.
//
// Key objects returned: ML-DSA private keys are package signer's
// *signer.PrivateKey and public keys the standard library's
// *mldsa.PublicKey (which is what signer's Public returns); ML-KEM and X-Wing
// keys are package kem's. Keys accepted when marshalling: those, the
// standard library's crypto/mldsa and crypto/mlkem keys, and signer's circl
// adapter keys.

// NewPublicKey returns the key object for a raw public key of alg:
// *mldsa.PublicKey for ML-DSA; *kem.EncapsulationKey512/768/1024 for
// ML-KEM (after the FIPS 203 modulus check); *kem.XWingEncapsulationKey for
// X-Wing.
func NewPublicKey(alg Algorithm, publicKey []byte) (any, error) {
	switch {
	case alg.isMLDSA():
		return mldsa.NewPublicKey(mldsaParameters(alg), publicKey)
	case alg == XWing:
		return kem.NewXWingEncapsulationKey(publicKey)
	case alg.info() != nil:
		return mlkemKeys[alg].publicKey(publicKey)
	}
	return nil, fmt.Errorf("x509ext: unknown algorithm %s", alg)
}

// publicKeyInfoOf returns the PublicKeyInfo of a key object, ok=false for a
// type this package does not encode itself.
func publicKeyInfoOf(pub any) (info *PublicKeyInfo, ok bool, err error) {
	switch pub.(type) {
	case *PublicKeyInfo, *mldsa.PublicKey, *mlkem.EncapsulationKey768, *mlkem.EncapsulationKey1024, kem.EncapsulationKey:
		if isZeroKey(pub) {
			return nil, true, zeroKeyError(pub)
		}
	}
	switch k := pub.(type) {
	case *PublicKeyInfo:
		return k, true, k.validate()
	case *mldsa.PublicKey:
		b := k.Bytes() // a nonzero key has one of the three sets and sizes
		return &PublicKeyInfo{mldsaBySize(len(b)), b}, true, nil
	case *mlkem.EncapsulationKey768:
		return &PublicKeyInfo{MLKEM768, k.Bytes()}, true, nil
	case *mlkem.EncapsulationKey1024:
		return &PublicKeyInfo{MLKEM1024, k.Bytes()}, true, nil
	case kem.EncapsulationKey:
		// Package kem's ML-KEM and X-Wing keys; its hybrids have no SPKI.
		if alg := algorithmByName(k.Scheme().Name()); alg != UnknownAlgorithm {
			return &PublicKeyInfo{alg, k.Bytes()}, true, nil
		}
	}
	return nil, false, nil
}

// privateKeyInfoOf returns the PrivateKeyInfo of a key object (seed form
// when it has its seed, expandedKey form otherwise), ok=false for a type
// this package does not encode itself.
func privateKeyInfoOf(key any) (info *PrivateKeyInfo, ok bool, err error) {
	switch key.(type) {
	case *PrivateKeyInfo, *signer.PrivateKey, *circlsign.PrivateKey, *mldsa.PrivateKey,
		*mlkem.DecapsulationKey768, *mlkem.DecapsulationKey1024, mlkemDecapsulationKey, kem.DecapsulationKey:
		if isZeroKey(key) {
			return nil, true, zeroKeyError(key)
		}
	}
	switch k := key.(type) {
	case *PrivateKeyInfo:
		return k, true, k.validate()
	case *signer.PrivateKey:
		alg := algorithmOfMLDSA(k.Parameters())
		if seed, err := k.Seed(); err == nil {
			return &PrivateKeyInfo{Algorithm: alg, Form: FormSeed, Seed: seed}, true, nil
		}
		return &PrivateKeyInfo{Algorithm: alg, Form: FormExpanded, ExpandedKey: k.ExpandedBytes()}, true, nil
	case *circlsign.PrivateKey:
		return privateKeyInfoOf(k.PrivateKey())
	case *mldsa.PrivateKey:
		alg := mldsaBySize(len(k.PublicKey().Bytes()))
		return &PrivateKeyInfo{Algorithm: alg, Form: FormSeed, Seed: k.Bytes()}, true, nil
	case *mlkem.DecapsulationKey768:
		return &PrivateKeyInfo{Algorithm: MLKEM768, Form: FormSeed, Seed: k.Bytes()}, true, nil
	case *mlkem.DecapsulationKey1024:
		return &PrivateKeyInfo{Algorithm: MLKEM1024, Form: FormSeed, Seed: k.Bytes()}, true, nil
	case *kem.XWingDecapsulationKey:
		return &PrivateKeyInfo{Algorithm: XWing, Form: FormRawSeed, Seed: k.Bytes()}, true, nil
	case mlkemDecapsulationKey:
		alg := algorithmByName(k.Scheme().Name())
		if alg == UnknownAlgorithm {
			return nil, false, nil
		}
		if seed := k.Bytes(); seed != nil {
			return &PrivateKeyInfo{Algorithm: alg, Form: FormSeed, Seed: seed}, true, nil
		}
		return &PrivateKeyInfo{Algorithm: alg, Form: FormExpanded, ExpandedKey: k.ExpandedBytes()}, true, nil
	}
	return nil, false, nil
}

// isZeroKey reports whether key, a pointer to a key type, is nil or points
// at the zero value: a key no constructor made, whose methods (the standard
// library's among them) may panic. Reading the struct is all it does.
func isZeroKey(key any) bool {
	v := reflect.ValueOf(key)
	return v.Kind() == reflect.Pointer && (v.IsNil() || v.Elem().IsZero())
}

func zeroKeyError(key any) error {
	return fmt.Errorf("x509ext: the %T is nil or the zero value, not a key", key)
}

// mldsaBySize returns the ML-DSA algorithm whose public keys are n bytes.
func mldsaBySize(n int) Algorithm {
	for _, alg := range []Algorithm{MLDSA44, MLDSA65, MLDSA87} {
		if alg.PublicKeySize() == n {
			return alg
		}
	}
	return UnknownAlgorithm
}

// mldsaVerifierName says, in Verify's report, which implementation checked
// ML-DSA signatures.
const mldsaVerifierName = "crystals signer.Verify"

// compositeVerifierName says which code checked composite signatures.
const compositeVerifierName = "crystals composite.Verify"

// verifyMLDSA checks a pure ML-DSA signature with an empty context, the
// only form RFC 9881 allows in certificates, CSRs and CRLs. Each key
// verifies once here, and signer.Verify is the one-shot path that expands
// Â row by row from the encoding instead of preparing a key.
func verifyMLDSA(pk *mldsa.PublicKey, message, signature []byte) error {
	return signer.Verify(pk, message, signature, nil)
}
