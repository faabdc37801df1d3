package x509ext

import (
	"crypto"
	"crypto/mldsa"
	"crypto/subtle"
	"errors"
	"fmt"

	engine "github.com/crystals-go/crystals/internal/accel/mldsa"
	"github.com/crystals-go/crystals/kem"
)

// This file is the one place that turns key material into other key
// material: a seed into its public and expanded keys, an expanded key into
// its public key after the FIPS checks. ML-DSA goes to the crystals engine
// (internal/accel/mldsa), ML-KEM and X-Wing to package kem. Everything else
// in the package works on bytes and calls these two functions.

// errNeedsSigner marks what only package signer (not yet in this module)
// can provide: an ML-DSA private-key object without a seed.
var errNeedsSigner = errors.New("needs package signer, which is not wired into x509ext yet")

// deriveFromSeed returns the public key and the expanded private key of a
// seed (X-Wing has no expanded form: expanded is nil).
func deriveFromSeed(alg Algorithm, seed []byte) (pub, expanded []byte, err error) {
	if err := checkLen("seed", alg, seed, alg.SeedSize()); err != nil {
		return nil, nil, err
	}
	if alg.isMLDSA() {
		sk := engine.NewPrivateKeyFromSeed(mldsaEngineParams(alg), (*[engine.SeedSize]byte)(seed))
		expanded = make([]byte, alg.ExpandedKeySize())
		sk.EncodeExpanded(expanded)
		return sk.PublicKey().Bytes(), expanded, nil
	}
	if alg == XWing {
		dk, err := kem.NewXWingDecapsulationKey(seed)
		if err != nil {
			return nil, nil, err
		}
		return dk.EncapsulationKey().Bytes(), nil, nil
	}
	dk, err := mlkemKeys[alg].fromSeed(seed)
	if err != nil {
		return nil, nil, err
	}
	return dk.Encapsulator().Bytes(), dk.ExpandedBytes(), nil
}

// checkExpandedKey validates an expanded private key and returns the public
// key it belongs to. ML-DSA: skDecode's ranges, and t0 and tr recomputed
// from ρ, s1, s2 (the engine's NewPrivateKeyFromExpanded). ML-KEM: the FIPS
// 203 Section 7.3 length, modulus and H(ek) checks, then a pairwise
// consistency test (Section 7.1): a ciphertext encapsulated to the embedded
// ek must decapsulate to the same shared key, which catches a secret vector
// ŝ that does not belong to ek.
func checkExpandedKey(alg Algorithm, sk []byte) (pub []byte, err error) {
	if err := checkLen("expandedKey", alg, sk, alg.ExpandedKeySize()); err != nil {
		return nil, err
	}
	if alg.isMLDSA() {
		key, err := engine.NewPrivateKeyFromExpanded(mldsaEngineParams(alg), sk)
		if err != nil {
			return nil, fmt.Errorf("x509ext: %s expandedKey: %w", alg, err)
		}
		return key.PublicKey().Bytes(), nil
	}
	dk, err := mlkemKeys[alg].fromExpanded(sk)
	if err != nil {
		return nil, fmt.Errorf("x509ext: %s expandedKey: %w", alg, err)
	}
	ek := dk.Encapsulator()
	want, ct := ek.Encapsulate()
	got, err := dk.Decapsulate(ct)
	if err != nil {
		return nil, fmt.Errorf("x509ext: %s expandedKey: pairwise consistency test: %w", alg, err)
	}
	// Constant-time comparison; only pass/fail is revealed.
	if subtle.ConstantTimeCompare(want, got) != 1 {
		return nil, fmt.Errorf("x509ext: %s expandedKey fails the pairwise consistency test: its secret key does not belong to its encapsulation key", alg)
	}
	return ek.Bytes(), nil
}

// mlkemDecapsulationKey is what x509ext needs of package kem's ML-KEM
// decapsulation keys.
type mlkemDecapsulationKey interface {
	kem.DecapsulationKey
	ExpandedBytes() []byte
	Encapsulator() crypto.Encapsulator
}

// mlkemKeys holds package kem's constructors for each ML-KEM level.
var mlkemKeys = map[Algorithm]struct {
	fromSeed, fromExpanded func([]byte) (mlkemDecapsulationKey, error)
	publicKey              func([]byte) (any, error)
}{
	MLKEM512:  {asDK(kem.NewDecapsulationKey512), asDK(kem.NewExpandedDecapsulationKey512), asAny(kem.NewEncapsulationKey512)},
	MLKEM768:  {asDK(kem.NewDecapsulationKey768), asDK(kem.NewExpandedDecapsulationKey768), asAny(kem.NewEncapsulationKey768)},
	MLKEM1024: {asDK(kem.NewDecapsulationKey1024), asDK(kem.NewExpandedDecapsulationKey1024), asAny(kem.NewEncapsulationKey1024)},
}

func asDK[K mlkemDecapsulationKey](f func([]byte) (K, error)) func([]byte) (mlkemDecapsulationKey, error) {
	return func(b []byte) (mlkemDecapsulationKey, error) {
		k, err := f(b)
		if err != nil {
			return nil, err
		}
		return k, nil
	}
}

func asAny[K any](f func([]byte) (K, error)) func([]byte) (any, error) {
	return func(b []byte) (any, error) {
		k, err := f(b)
		if err != nil {
			return nil, err
		}
		return k, nil
	}
}

func mldsaEngineParams(alg Algorithm) *engine.Params {
	switch alg {
	case MLDSA44:
		return engine.Params44()
	case MLDSA65:
		return engine.Params65()
	}
	return engine.Params87()
}

func mldsaParameters(alg Algorithm) mldsa.Parameters {
	switch alg {
	case MLDSA44:
		return mldsa.MLDSA44()
	case MLDSA65:
		return mldsa.MLDSA65()
	}
	return mldsa.MLDSA87()
}

func algorithmOfMLDSA(p mldsa.Parameters) Algorithm {
	switch p {
	case mldsa.MLDSA44():
		return MLDSA44
	case mldsa.MLDSA65():
		return MLDSA65
	case mldsa.MLDSA87():
		return MLDSA87
	}
	return UnknownAlgorithm
}
