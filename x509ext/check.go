package x509ext

import (
	"bytes"
	"crypto/subtle"
	"fmt"
)

// Check verifies that the parts of info belong together and returns the
// public key they define:
//   - a seed is expanded (KeyGen, Algorithm 6 of FIPS 204 / Algorithm 16 of
//     FIPS 203) and, in the both form, the result must equal expandedKey
//     byte for byte;
//   - an expanded key alone must pass the FIPS 204 / FIPS 203 import checks
//     (coefficient ranges, t0 and tr for ML-DSA; the modulus and H(ek)
//     checks and pairwise consistency for ML-KEM);
//   - a version 2 publicKey must equal the derived public key.
func (info *PrivateKeyInfo) Check() (publicKey []byte, err error) {
	k, err := info.load()
	if err != nil {
		return nil, err
	}
	return k.public, nil
}

// load builds the key object of info and runs the checks of Check on it.
func (info *PrivateKeyInfo) load() (loadedKey, error) {
	if err := info.validate(); err != nil {
		return loadedKey{}, err
	}
	alg := info.Algorithm
	var k loadedKey
	var err error
	switch info.Form {
	case FormSeed, FormRawSeed:
		k, err = keyFromSeed(alg, info.Seed, false)
	case FormBoth:
		k, err = keyFromSeed(alg, info.Seed, true)
		// The comparison is constant time; only its outcome is revealed.
		if err == nil && subtle.ConstantTimeCompare(k.expanded, info.ExpandedKey) != 1 {
			err = fmt.Errorf("x509ext: %s private key: seed and expandedKey disagree (the seed does not expand to this expanded key)", alg)
		}
	case FormExpanded:
		k, err = keyFromExpanded(alg, info.ExpandedKey)
	default:
		err = fmt.Errorf("x509ext: unknown private-key form %d", int(info.Form))
	}
	if err != nil {
		return loadedKey{}, err
	}
	if info.PublicKey != nil && !bytes.Equal(info.PublicKey, k.public) {
		return loadedKey{}, fmt.Errorf("x509ext: %s private key: the publicKey field does not match the public key derived from the private key", alg)
	}
	return k, nil
}
