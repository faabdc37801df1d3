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
//     (coefficient ranges and tr for ML-DSA; the H(ek) hash check and
//     pairwise consistency for ML-KEM);
//   - a version 2 publicKey must equal the derived public key.
func (info *PrivateKeyInfo) Check() (publicKey []byte, err error) {
	alg := info.Algorithm
	switch info.Form {
	case FormSeed, FormRawSeed:
		publicKey, _, err = deriveFromSeed(alg, info.Seed)
	case FormBoth:
		var expanded []byte
		publicKey, expanded, err = deriveFromSeed(alg, info.Seed)
		// The comparison is constant time; only its outcome is revealed.
		if err == nil && subtle.ConstantTimeCompare(expanded, info.ExpandedKey) != 1 {
			err = fmt.Errorf("x509ext: %s private key: seed and expandedKey disagree (the seed does not expand to this expanded key)", alg)
		}
		clear(expanded)
	case FormExpanded:
		publicKey, err = checkExpandedKey(alg, info.ExpandedKey)
	default:
		err = fmt.Errorf("x509ext: unknown private-key form %d", int(info.Form))
	}
	if err != nil {
		return nil, err
	}
	if info.PublicKey != nil && !bytes.Equal(info.PublicKey, publicKey) {
		return nil, fmt.Errorf("x509ext: %s private key: the publicKey field does not match the public key derived from the private key", alg)
	}
	return publicKey, nil
}
