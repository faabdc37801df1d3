package x509ext

import (
	"crypto/mldsa"
	"crypto/mlkem"
	"fmt"
	"reflect"

	circlkem "github.com/cloudflare/circl/kem"
	kemschemes "github.com/cloudflare/circl/kem/schemes"
	circlsign "github.com/cloudflare/circl/sign"
	signschemes "github.com/cloudflare/circl/sign/schemes"

	"github.com/crystals-go/crystals/signer"
)

// Conversions between this package's key objects (and the standard
// library's) and github.com/cloudflare/circl keys. They go through the
// byte encodings, which circl shares with FIPS 203/204 and the X-Wing
// draft; circl's scheme names are the algorithm names used here.

// ToCirclPublicKey converts an ML-DSA public key to a circl sign.PublicKey.
func ToCirclPublicKey(pub any) (circlsign.PublicKey, error) {
	info, alg, err := publicFor(pub, true)
	if err != nil {
		return nil, err
	}
	return signschemes.ByName(alg.String()).UnmarshalBinaryPublicKey(info.PublicKey)
}

// ToCirclKEMPublicKey converts an ML-KEM or X-Wing public key to a circl
// kem.PublicKey.
func ToCirclKEMPublicKey(pub any) (circlkem.PublicKey, error) {
	info, alg, err := publicFor(pub, false)
	if err != nil {
		return nil, err
	}
	return kemschemes.ByName(alg.String()).UnmarshalBinaryPublicKey(info.PublicKey)
}

// ToCirclPrivateKey converts an ML-DSA private key that has its seed to a
// circl sign.PrivateKey.
func ToCirclPrivateKey(key any) (circlsign.PrivateKey, error) {
	seed, alg, err := seedFor(key, true)
	if err != nil {
		return nil, err
	}
	_, sk := signschemes.ByName(alg.String()).DeriveKey(seed)
	return sk, nil
}

// ToCirclKEMPrivateKey converts an ML-KEM or X-Wing private key that has
// its seed to a circl kem.PrivateKey.
func ToCirclKEMPrivateKey(key any) (circlkem.PrivateKey, error) {
	seed, alg, err := seedFor(key, false)
	if err != nil {
		return nil, err
	}
	_, sk := kemschemes.ByName(alg.String()).DeriveKeyPair(seed)
	return sk, nil
}

// FromCircl converts a circl key (sign.PublicKey, sign.PrivateKey,
// kem.PublicKey or kem.PrivateKey) of ML-DSA, ML-KEM or X-Wing to the key
// object [ParsePKIXPublicKey] or [ParsePKCS8PrivateKey] would return for
// the same key. Private keys keep their seed when circl retained it; the
// others are imported from their expanded encoding, with the same checks.
func FromCircl(key any) (any, error) {
	if isZeroKey(key) {
		return nil, zeroKeyError(key)
	}
	var name string
	var raw []byte
	var err error
	private := false
	switch k := key.(type) {
	case circlsign.PrivateKey:
		name, private = schemeName(k.Scheme()), true
		if s, ok := k.(circlsign.Seeded); ok && s.Seed() != nil {
			raw = s.Seed()
		} else {
			raw, err = k.MarshalBinary()
		}
	case circlsign.PublicKey:
		name = schemeName(k.Scheme())
		raw, err = k.MarshalBinary()
	case circlkem.PrivateKey:
		name, private = schemeName(k.Scheme()), true
		raw, err = k.MarshalBinary()
	case circlkem.PublicKey:
		name = schemeName(k.Scheme())
		raw, err = k.MarshalBinary()
	default:
		return nil, fmt.Errorf("x509ext: %T is not a circl key", key)
	}
	if err != nil {
		return nil, err
	}
	alg := algorithmByName(name)
	if alg == UnknownAlgorithm {
		return nil, fmt.Errorf("x509ext: circl scheme %s is not one of this package's algorithms", name)
	}
	if !private {
		return NewPublicKey(alg, raw)
	}
	info := &PrivateKeyInfo{Algorithm: alg, Form: FormExpanded, ExpandedKey: raw}
	switch {
	case alg == XWing:
		info = &PrivateKeyInfo{Algorithm: alg, Form: FormRawSeed, Seed: raw}
	case len(raw) == alg.SeedSize():
		info = &PrivateKeyInfo{Algorithm: alg, Form: FormSeed, Seed: raw}
	}
	k, err := info.load()
	if err != nil {
		return nil, err
	}
	return k.key, nil
}

// schemeName is the name of a circl scheme, "" for none.
func schemeName(s interface{ Name() string }) string {
	if isNil(s) {
		return ""
	}
	return s.Name()
}

// isNil reports whether v is nil or holds a nil pointer.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// publicFor returns the PublicKeyInfo of pub, checking its family.
func publicFor(pub any, signature bool) (*PublicKeyInfo, Algorithm, error) {
	info, ok, err := publicKeyInfoOf(pub)
	if err != nil {
		return nil, 0, err
	}
	if !ok || info.Algorithm.isMLDSA() != signature {
		return nil, 0, fmt.Errorf("x509ext: cannot convert %T to this kind of circl key", pub)
	}
	return info, info.Algorithm, nil
}

// seedFor returns the seed of key, checking its family.
func seedFor(key any, signature bool) ([]byte, Algorithm, error) {
	info, ok, err := privateKeyInfoOf(key)
	if err != nil {
		return nil, 0, err
	}
	if !ok || info.Algorithm.isMLDSA() != signature {
		return nil, 0, fmt.Errorf("x509ext: cannot convert %T to this kind of circl key", key)
	}
	if info.Seed == nil {
		return nil, 0, fmt.Errorf("x509ext: this %s key has no seed to give circl", info.Algorithm)
	}
	return info.Seed, info.Algorithm, nil
}

func algorithmByName(name string) Algorithm {
	// Linear search over seven public names.
	for a := MLDSA44; a <= XWing; a++ {
		if algorithms[a].name == name {
			return a
		}
	}
	return UnknownAlgorithm
}

// FromStdlib converts a standard-library key (*mldsa.PrivateKey,
// *mlkem.DecapsulationKey768/1024, *mlkem.EncapsulationKey768/1024) to the
// crystals key object for the same key: *signer.PrivateKey (through
// [signer.FromStdlib]), or package kem's keys. ML-DSA public keys need no
// conversion: *mldsa.PublicKey is the crystals public key type too.
func FromStdlib(key any) (any, error) {
	if k, ok := key.(*mldsa.PrivateKey); ok {
		return orNil(signer.FromStdlib(k))
	}
	if info, ok, err := privateKeyInfoOf(key); ok {
		if err != nil {
			return nil, err
		}
		k, err := info.load()
		return k.key, err
	}
	if info, ok, err := publicKeyInfoOf(key); ok {
		if err != nil {
			return nil, err
		}
		return NewPublicKey(info.Algorithm, info.PublicKey)
	}
	return nil, fmt.Errorf("x509ext: %T is not a key this package converts", key)
}

// ToStdlib converts a crystals key to the standard library's type for the
// same key (*signer.PrivateKey through [signer.ToStdlib]). The standard
// library has no ML-KEM-512 or X-Wing keys and no key without a seed; those
// are errors.
func ToStdlib(key any) (any, error) {
	if k, ok := key.(*signer.PrivateKey); ok {
		return orNil(signer.ToStdlib(k))
	}
	var alg Algorithm
	var raw []byte
	private := false
	if info, ok, err := privateKeyInfoOf(key); ok {
		if err != nil {
			return nil, err
		}
		if info.Seed == nil {
			return nil, fmt.Errorf("x509ext: this %s key has no seed; the standard library loads only seeds", info.Algorithm)
		}
		alg, raw, private = info.Algorithm, info.Seed, true
	} else if info, ok, err := publicKeyInfoOf(key); ok {
		if err != nil {
			return nil, err
		}
		alg, raw = info.Algorithm, info.PublicKey
	} else {
		return nil, fmt.Errorf("x509ext: %T is not a key this package converts", key)
	}
	switch {
	case alg.isMLDSA() && private:
		return mldsa.NewPrivateKey(mldsaParameters(alg), raw)
	case alg.isMLDSA():
		return mldsa.NewPublicKey(mldsaParameters(alg), raw)
	case alg == MLKEM768 && private:
		return mlkem.NewDecapsulationKey768(raw)
	case alg == MLKEM768:
		return mlkem.NewEncapsulationKey768(raw)
	case alg == MLKEM1024 && private:
		return mlkem.NewDecapsulationKey1024(raw)
	case alg == MLKEM1024:
		return mlkem.NewEncapsulationKey1024(raw)
	}
	return nil, fmt.Errorf("x509ext: the standard library has no %s keys", alg)
}

// orNil returns a conversion's result as an interface, nil on error (not a
// typed nil pointer).
func orNil[K any](k K, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return k, nil
}
