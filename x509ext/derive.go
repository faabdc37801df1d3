package x509ext

import (
	"crypto"
	"crypto/mldsa"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
)

// This file is the one place that turns key material into key objects:
// ML-DSA keys are package signer's, ML-KEM and X-Wing keys package kem's,
// both on the crystals engine. Every consistency check reads the encodings
// back from the object it built, so a key is generated once.

// loadedKey is a private-key object with the encodings Check compares.
type loadedKey struct {
	key      any
	public   []byte
	expanded []byte // nil for X-Wing, and for keys loaded from the expanded form
}

// keyFromSeed runs key generation on a seed (Algorithm 6, FIPS 204;
// Algorithm 16, FIPS 203; the X-Wing draft's expansion). The expanded
// encoding is produced only when wantExpanded.
func keyFromSeed(alg Algorithm, seed []byte, wantExpanded bool) (loadedKey, error) {
	if err := checkLen("seed", alg, seed, alg.SeedSize()); err != nil {
		return loadedKey{}, err
	}
	switch {
	case alg.isMLDSA():
		sk, err := signer.NewPrivateKey(mldsaParameters(alg), seed)
		if err != nil {
			return loadedKey{}, err
		}
		k := loadedKey{key: sk, public: sk.PublicKey().Bytes()}
		if wantExpanded {
			k.expanded = sk.ExpandedBytes()
		}
		return k, nil
	case alg == XWing:
		dk, err := kem.NewXWingDecapsulationKey(seed)
		if err != nil {
			return loadedKey{}, err
		}
		return loadedKey{key: dk, public: dk.EncapsulationKey().Bytes()}, nil
	}
	dk, err := mlkemKeys[alg].fromSeed(seed)
	if err != nil {
		return loadedKey{}, err
	}
	k := loadedKey{key: dk, public: dk.Encapsulator().Bytes()}
	if wantExpanded {
		k.expanded = dk.ExpandedBytes()
	}
	return k, nil
}

// keyFromExpanded imports an expanded private key through the one import
// function of each scheme, so that every caller runs the same checks.
// ML-DSA: skDecode's coefficient ranges, and t0 and tr recomputed from ρ,
// s1, s2 (signer.NewPrivateKeyFromExpanded). ML-KEM: the FIPS 203 Section
// 7.3 length, modulus and H(ek) checks, the modulus check of ŝ and a
// pairwise consistency test (kem.NewExpandedDecapsulationKey512/768/1024).
func keyFromExpanded(alg Algorithm, sk []byte) (loadedKey, error) {
	if err := checkLen("expandedKey", alg, sk, alg.ExpandedKeySize()); err != nil {
		return loadedKey{}, err
	}
	if alg.isMLDSA() {
		key, err := signer.NewPrivateKeyFromExpanded(mldsaParameters(alg), sk)
		if err != nil {
			return loadedKey{}, wrapError(alg.String()+" expandedKey", err)
		}
		return loadedKey{key: key, public: key.PublicKey().Bytes()}, nil
	}
	dk, err := mlkemKeys[alg].fromExpanded(sk)
	if err != nil {
		return loadedKey{}, wrapError(alg.String()+" expandedKey", err)
	}
	return loadedKey{key: dk, public: dk.PublicKey().Bytes()}, nil
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
