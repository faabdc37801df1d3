package x509ext

import (
	"crypto/mldsa"
	"crypto/mlkem"
	"fmt"
)

// This file maps key objects to and from the byte-level PublicKeyInfo and
// PrivateKeyInfo. It is the only code that knows the concrete key types.
//
// Key types today: ML-DSA public keys are the standard library's
// *mldsa.PublicKey; seed-form ML-DSA private keys are *mldsa.PrivateKey;
// ML-KEM-768/1024 keys are the standard library's crypto/mlkem types.
// ML-KEM-512, X-Wing and expanded-only keys have no key object here yet
// (they parse and check at the byte level through PublicKeyInfo and
// PrivateKeyInfo).

// NewPublicKey returns the key object for a raw public key of alg:
// *mldsa.PublicKey for ML-DSA, *mlkem.EncapsulationKey768/1024 for
// ML-KEM-768/1024 (the FIPS 203 modulus check is applied).
func NewPublicKey(alg Algorithm, publicKey []byte) (any, error) {
	switch alg {
	case MLDSA44, MLDSA65, MLDSA87:
		return mldsa.NewPublicKey(mldsaParameters(alg), publicKey)
	case MLKEM768:
		return mlkem.NewEncapsulationKey768(publicKey)
	case MLKEM1024:
		return mlkem.NewEncapsulationKey1024(publicKey)
	}
	return nil, fmt.Errorf("x509ext: a %s public key object %w; use ParsePublicKeyInfo for its bytes", alg, errNeedsEngine)
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
	}
	return nil, false, nil
}

// newPrivateKey returns the key object for a checked PrivateKeyInfo.
func newPrivateKey(info *PrivateKeyInfo) (any, error) {
	if info.Seed != nil && info.Form != FormRawSeed {
		switch info.Algorithm {
		case MLDSA44, MLDSA65, MLDSA87:
			return mldsa.NewPrivateKey(mldsaParameters(info.Algorithm), info.Seed)
		case MLKEM768:
			return mlkem.NewDecapsulationKey768(info.Seed)
		case MLKEM1024:
			return mlkem.NewDecapsulationKey1024(info.Seed)
		}
	}
	return nil, fmt.Errorf("x509ext: a %s private key object (%s form) %w; use ParsePrivateKeyInfo for its bytes", info.Algorithm, info.Form, errNeedsEngine)
}

// privateKeyInfoOf returns the seed-form PrivateKeyInfo of a key object,
// ok=false for a type this package does not encode itself.
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
	}
	return nil, false, nil
}

// mldsaVerifierName says, in Verify's report, which implementation checked
// ML-DSA signatures.
const mldsaVerifierName = "crypto/mldsa (standard library; the crystals signer is not wired yet)"

// verifyMLDSA checks a pure ML-DSA signature with an empty context, the
// only form RFC 9881 allows in certificates, CSRs and CRLs.
func verifyMLDSA(pk *mldsa.PublicKey, message, signature []byte) error {
	return mldsa.Verify(pk, message, signature, nil)
}
