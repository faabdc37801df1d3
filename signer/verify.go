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
	params, p, encoded, err := publicKeyOf(pk)
	if err != nil {
		return err
	}
	if err := checkSignatureLength(params, sig); err != nil {
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
		err = engine.VerifyEncodedMu(p, encoded, &mu, sig)
	} else {
		// tr = H(pk) is hashed beside ExpandA, and μ from it at the end.
		m, merr := v.message(message, false)
		if merr != nil {
			return merr
		}
		err = engine.VerifyEncoded(p, encoded, &m, sig)
	}
	return engineError(err)
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
// by crypto/mldsa (NewPublicKey, or a private key's PublicKey); for a nil or
// zero key it returns nil, whose methods return [ErrZeroKey].
func NewVerifier(pk *mldsa.PublicKey) *Verifier {
	params, p, encoded, err := publicKeyOf(pk)
	if err != nil {
		return nil
	}
	k, err := engine.NewPublicKey(p, encoded)
	if err != nil {
		return nil // unreachable: the standard library checked the length
	}
	return &Verifier{params: params, pk: k, std: pk}
}

// engineKey returns v's engine key, or ErrZeroKey for a nil or zero v.
func (v *Verifier) engineKey() (*engine.PublicKey, error) {
	if v == nil || v.pk == nil {
		return nil, ErrZeroKey
	}
	return v.pk, nil
}

// PublicKey returns the standard library's key v was prepared from (nil for
// a nil or zero v).
func (v *Verifier) PublicKey() *mldsa.PublicKey {
	if v == nil {
		return nil
	}
	return v.std
}

// Verify is [Verify] with the prepared key. It allocates nothing when the
// signature is valid.
func (v *Verifier) Verify(message, sig []byte, opts crypto.SignerOpts) error {
	pk, err := v.engineKey()
	if err != nil {
		return err
	}
	if err := checkSignatureLength(v.params, sig); err != nil {
		return err
	}
	o, err := parseOptions(opts)
	if err != nil {
		return err
	}
	var mu [MuSize]byte
	if err := o.mu(&mu, pk.Tr(), message, false); err != nil {
		return err
	}
	return engineError(pk.VerifyMu(&mu, sig))
}

// checkSignatureLength reports a signature of the wrong length for params
// with both lengths.
func checkSignatureLength(params mldsa.Parameters, sig []byte) error {
	if len(sig) != params.SignatureSize() {
		return fmt.Errorf("signer: %s signature is %d bytes, want %d", params, len(sig), params.SignatureSize())
	}
	return nil
}
