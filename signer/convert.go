package signer

import (
	"crypto/mldsa"
	"errors"
	"fmt"
)

// Conversions with crypto/mldsa. Public keys need none: the crystals public
// key is the standard library's *mldsa.PublicKey ([PrivateKey.PublicKey]), and
// [NewVerifier] prepares one for repeated verification in the crystals engine
// ([Verifier.PublicKey] gives it back).
//
// Equal in each direction:
//   - (*PrivateKey).Equal(x) is true when x is a *PrivateKey or a
//     *mldsa.PrivateKey of the same key, whichever encoding it was loaded
//     from.
//   - (*mldsa.PrivateKey).Equal(x) is true only when x is a *mldsa.PrivateKey:
//     the standard library knows no other type, so it reports false for a
//     *PrivateKey of the same key. Compare with the crystals key as the
//     receiver, or convert with [ToStdlib] first.
//   - (*mldsa.PublicKey).Equal works in both directions, since both sides
//     use that type.

// FromStdlib returns the crystals signer for a crypto/mldsa private key: the
// same key (same seed, public key and signatures), signing in the crystals
// engine.
func FromStdlib(key *mldsa.PrivateKey) (*PrivateKey, error) {
	if key == nil {
		return nil, errors.New("signer: nil *mldsa.PrivateKey")
	}
	// Parameters() of a zero crypto/mldsa key panics; its public key's
	// length tells the parameter set without that.
	params, _, _, err := publicKeyOf(key.PublicKey())
	if err != nil {
		return nil, err
	}
	return NewPrivateKey(params, key.Bytes())
}

// ToStdlib returns crypto/mldsa's private key for k, for code whose types
// require one. The standard library loads keys only from their seed, so a key
// loaded from the expanded encoding gets an error wrapping [ErrNoSeed].
func ToStdlib(k *PrivateKey) (*mldsa.PrivateKey, error) {
	if k == nil || k.sk == nil {
		return nil, errors.New("signer: nil or zero *PrivateKey")
	}
	seed, err := k.Seed()
	if err != nil {
		return nil, fmt.Errorf("%w (crypto/mldsa loads keys only from their seed)", err)
	}
	return mldsa.NewPrivateKey(k.params, seed)
}
