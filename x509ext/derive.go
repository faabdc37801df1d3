package x509ext

import (
	"crypto/ecdh"
	"crypto/mldsa"
	"crypto/mlkem"
	"crypto/sha3"
	"errors"
	"fmt"
)

// This file is the one place that turns key material into other key
// material: a seed into its public and expanded keys, an expanded key into
// its public key after the FIPS checks. Everything else in the package works
// on bytes and calls these two functions.

// errNeedsEngine marks a derivation that needs the crystals engine
// (expanded keys, ML-KEM-512), which is not wired into this file yet.
var errNeedsEngine = errors.New("needs the crystals engine, not yet wired into x509ext")

// deriveFromSeed returns the public key of a seed and, when it can be
// computed, the expanded private key (nil otherwise).
func deriveFromSeed(alg Algorithm, seed []byte) (pub, expanded []byte, err error) {
	if err := checkLen("seed", alg, seed, alg.SeedSize()); err != nil {
		return nil, nil, err
	}
	switch alg {
	case MLDSA44, MLDSA65, MLDSA87:
		sk, err := mldsa.NewPrivateKey(mldsaParameters(alg), seed)
		if err != nil {
			return nil, nil, err
		}
		return sk.PublicKey().Bytes(), nil, nil
	case MLKEM768:
		dk, err := mlkem.NewDecapsulationKey768(seed)
		if err != nil {
			return nil, nil, err
		}
		return dk.EncapsulationKey().Bytes(), nil, nil
	case MLKEM1024:
		dk, err := mlkem.NewDecapsulationKey1024(seed)
		if err != nil {
			return nil, nil, err
		}
		return dk.EncapsulationKey().Bytes(), nil, nil
	case XWing:
		pub, err := xwingPublicKey(seed)
		return pub, nil, err
	}
	return nil, nil, fmt.Errorf("x509ext: deriving a %s key from its seed %w", alg, errNeedsEngine)
}

// checkExpandedKey validates an expanded private key as FIPS 204 / FIPS 203
// require and returns the public key it belongs to.
func checkExpandedKey(alg Algorithm, sk []byte) (pub []byte, err error) {
	if err := checkLen("expandedKey", alg, sk, alg.ExpandedKeySize()); err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("x509ext: checking a %s expanded key %w", alg, errNeedsEngine)
}

// xwingPublicKey derives an X-Wing public key from its 32-byte secret key
// (draft-connolly-cfrg-xwing-kem, expandDecapsulationKey): expanded =
// SHAKE256(sk, 96), the ML-KEM-768 key from d‖z = expanded[0:64], and the
// X25519 key from expanded[64:96]; pk = pk_M ‖ pk_X.
func xwingPublicKey(sk []byte) ([]byte, error) {
	expanded := sha3.SumSHAKE256(sk, 96)
	dkM, err := mlkem.NewDecapsulationKey768(expanded[:64])
	if err != nil {
		return nil, err
	}
	skX, err := ecdh.X25519().NewPrivateKey(expanded[64:96])
	if err != nil {
		return nil, err
	}
	clear(expanded)
	return append(dkM.EncapsulationKey().Bytes(), skX.PublicKey().Bytes()...), nil
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
