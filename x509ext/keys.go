package x509ext

import (
	"crypto/mldsa"
	"crypto/mlkem"
	"fmt"

	engine "github.com/crystals-go/crystals/internal/accel/mldsa"
	"github.com/crystals-go/crystals/kem"
)

// This file maps key objects to and from the byte-level PublicKeyInfo and
// PrivateKeyInfo. It is the only code that knows the concrete key types.
//
// Key objects returned: ML-DSA public keys are the standard library's
// *mldsa.PublicKey; ML-KEM and X-Wing keys are package kem's. ML-DSA
// private keys are, until package signer is wired here, the standard
// library's *mldsa.PrivateKey (keys with a seed only; an expanded-only
// ML-DSA key parses and checks through PrivateKeyInfo). Keys accepted when
// marshalling: those, plus the standard library's crypto/mlkem keys.

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
	switch k := pub.(type) {
	case *PublicKeyInfo:
		return k, true, nil
	case *mldsa.PublicKey:
		return &PublicKeyInfo{algorithmOfMLDSA(k.Parameters()), k.Bytes()}, true, nil
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

// newPrivateKey returns the key object for a checked PrivateKeyInfo.
func newPrivateKey(info *PrivateKeyInfo) (any, error) {
	alg := info.Algorithm
	switch {
	case alg.isMLDSA() && info.Seed != nil:
		return mldsa.NewPrivateKey(mldsaParameters(alg), info.Seed)
	case alg.isMLDSA():
		return nil, fmt.Errorf("x509ext: an ML-DSA private-key object without a seed (%s form) %w; use ParsePrivateKeyInfo for its bytes", info.Form, errNeedsSigner)
	case alg == XWing:
		return kem.NewXWingDecapsulationKey(info.Seed)
	case info.Seed != nil:
		return mlkemKeys[alg].fromSeed(info.Seed)
	}
	return mlkemKeys[alg].fromExpanded(info.ExpandedKey)
}

// privateKeyInfoOf returns the PrivateKeyInfo of a key object (seed form
// when it has its seed, expandedKey form otherwise), ok=false for a type
// this package does not encode itself.
func privateKeyInfoOf(key any) (info *PrivateKeyInfo, ok bool, err error) {
	switch k := key.(type) {
	case *PrivateKeyInfo:
		return k, true, nil
	case *mldsa.PrivateKey:
		return &PrivateKeyInfo{Algorithm: algorithmOfMLDSA(k.PublicKey().Parameters()), Form: FormSeed, Seed: k.Bytes()}, true, nil
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

// mldsaVerifierName says, in Verify's report, which implementation checked
// ML-DSA signatures.
const mldsaVerifierName = "the crystals ML-DSA engine"

// verifyMLDSA checks a pure ML-DSA signature with an empty context, the
// only form RFC 9881 allows in certificates, CSRs and CRLs, with the
// crystals engine.
// Each key verifies once here (one certificate, CSR or CRL), so the
// engine's one-shot path is used: it expands Â row by row from the encoding
// instead of preparing a key.
func verifyMLDSA(pk *mldsa.PublicKey, message, signature []byte) error {
	p := mldsaEngineParams(algorithmOfMLDSA(pk.Parameters()))
	enc := pk.Bytes()
	var tr [64]byte
	var mu [engine.MuSize]byte
	if err := engine.EncodedTr(p, enc, &tr); err != nil {
		return err
	}
	if err := engine.ComputeMu(&mu, &tr, message, nil); err != nil {
		return err
	}
	return engine.VerifyEncodedMu(p, enc, &mu, signature)
}
