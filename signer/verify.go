package signer

import (
	"crypto"
	"crypto/mldsa"
	"fmt"

	engine "github.com/crystals-go/crystals/internal/accel/mldsa"
)

// Verify checks that sig is a valid signature by pk of message under the
// variant opts selects, with the conventions of [PrivateKey.Sign]: with a
// HashML-DSA hash, message is the digest; with crypto.MLDSAMu, it is the
// 64-byte μ. crypto/mldsa can verify neither of those two. It returns an
// error, never panics, for any input.
func Verify(pk *mldsa.PublicKey, message, sig []byte, opts crypto.SignerOpts) error {
	if pk == nil {
		return fmt.Errorf("signer: nil public key")
	}
	p, err := engineParams(pk.Parameters())
	if err != nil {
		return err
	}
	v, err := parseOptions(opts)
	if err != nil {
		return err
	}
	if v.externalMu { // μ is given: no tr to hash
		var mu [MuSize]byte
		if err := v.mu(&mu, nil, message, false); err != nil {
			return err
		}
		err = engine.VerifyEncodedMu(p, pk.Bytes(), &mu, sig)
	} else {
		// tr = H(pk) is hashed beside ExpandA, and μ from it at the end.
		m, merr := v.message(message, false)
		if merr != nil {
			return merr
		}
		err = engine.VerifyEncoded(p, pk.Bytes(), &m, sig)
	}
	if err != nil {
		return fmt.Errorf("signer: %w", err)
	}
	return nil
}

// Verifier is a prepared ML-DSA public key: Â and t̂1 are expanded once, so
// each verification skips ExpandA and the NTT of t1. It is for servers that
// verify many signatures under one key, and is safe for concurrent use.
type Verifier struct {
	params mldsa.Parameters
	pk     *engine.PublicKey
	std    *mldsa.PublicKey
}

// NewVerifier prepares pk for repeated verification. pk must be a key made
// by crypto/mldsa (NewPublicKey, or a private key's PublicKey); a nil or
// zero key is a programming error and panics.
func NewVerifier(pk *mldsa.PublicKey) *Verifier {
	p, err := engineParams(pk.Parameters())
	if err != nil {
		panic(err) // every *mldsa.PublicKey has one of the three sets
	}
	k, err := engine.NewPublicKey(p, pk.Bytes())
	if err != nil {
		panic(err) // the standard library already checked the length
	}
	return &Verifier{params: pk.Parameters(), pk: k, std: pk}
}

// PublicKey returns the standard library's key v was prepared from.
func (v *Verifier) PublicKey() *mldsa.PublicKey { return v.std }

// Verify is [Verify] with the prepared key. It allocates nothing when the
// signature is valid.
func (v *Verifier) Verify(message, sig []byte, opts crypto.SignerOpts) error {
	o, err := parseOptions(opts)
	if err != nil {
		return err
	}
	var mu [MuSize]byte
	if err := o.mu(&mu, v.pk.Tr(), message, false); err != nil {
		return err
	}
	if err := v.pk.VerifyMu(&mu, sig); err != nil {
		return fmt.Errorf("signer: %w", err)
	}
	return nil
}
