package signer

import (
	"crypto"
	"crypto/mldsa"
	"fmt"
	"sync/atomic"

	engine "github.com/crystals-go/crystals/internal/accel/mldsa"
)

// Verify checks that sig is a valid signature by pk of message under the
// variant opts selects, with the conventions of [PrivateKey.Sign]: with a
// HashML-DSA hash, message is the digest; with crypto.MLDSAMu, it is the
// 64-byte μ. crypto/mldsa can verify neither of those two. It returns an
// error, never panics, for any input. A caller that has the key's encoding
// rather than a *[mldsa.PublicKey] saves crypto/mldsa's parse with
// [VerifyBytes].
func Verify(pk *mldsa.PublicKey, message, sig []byte, opts crypto.SignerOpts) error {
	params, p, encoded, err := publicKeyOf(pk)
	if err != nil {
		return err
	}
	return verifyEncoded(params, p, encoded, message, sig, opts)
}

// VerifyBytes is [Verify] for the public key's encoding publicKey
// (pkEncode, FIPS 204, Algorithm 22: what [mldsa.PublicKey.Bytes] returns,
// the subjectPublicKey of an ML-DSA certificate) of parameter set params.
// It reads the encoding once, in the engine, without building a public key
// of either library first, and allocates nothing when the signature is
// valid. Every byte string of the set's public-key size is a key, so only
// the length is checked.
func VerifyBytes(params mldsa.Parameters, publicKey, message, sig []byte, opts crypto.SignerOpts) error {
	p, err := encodedKeyParams(params, publicKey)
	if err != nil {
		return err
	}
	return verifyEncoded(params, p, publicKey, message, sig, opts)
}

// encodedKeyParams returns the engine's parameter set for params after
// checking that publicKey has its length.
func encodedKeyParams(params mldsa.Parameters, publicKey []byte) (*engine.Params, error) {
	p, err := engineParams(params)
	if err != nil {
		return nil, err
	}
	if len(publicKey) != p.PublicKeySize() {
		return nil, fmt.Errorf("signer: %s public key is %d bytes, want %d%s",
			params, len(publicKey), p.PublicKeySize(), otherSetHint(len(publicKey), (*engine.Params).PublicKeySize))
	}
	return p, nil
}

// verifyEncoded is Verify and VerifyBytes once the key's encoding is known
// to be of p's length.
func verifyEncoded(params mldsa.Parameters, p *engine.Params, encoded, message, sig []byte, opts crypto.SignerOpts) error {
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
	// std is the standard library's key: the one NewVerifier was given, or,
	// for NewVerifierFromBytes, built on the first call of PublicKey.
	std atomic.Pointer[mldsa.PublicKey]
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
	v := &Verifier{params: params, pk: k}
	v.std.Store(pk)
	return v
}

// NewVerifierFromBytes prepares the public key whose encoding is publicKey
// (pkEncode, FIPS 204, Algorithm 22) for parameter set params, as
// [NewVerifier] does for a *[mldsa.PublicKey], without building the standard
// library's key first. Only the length is checked: every byte string of the
// set's public-key size is a key.
func NewVerifierFromBytes(params mldsa.Parameters, publicKey []byte) (*Verifier, error) {
	p, err := encodedKeyParams(params, publicKey)
	if err != nil {
		return nil, err
	}
	k, err := engine.NewPublicKey(p, publicKey)
	if err != nil {
		return nil, engineError(err) // unreachable: the length is checked
	}
	return &Verifier{params: params, pk: k}, nil
}

// engineKey returns v's engine key, or ErrZeroKey for a nil or zero v.
func (v *Verifier) engineKey() (*engine.PublicKey, error) {
	if v == nil || v.pk == nil {
		return nil, ErrZeroKey
	}
	return v.pk, nil
}

// PublicKey returns the standard library's key for v: the one it was
// prepared from, or for a verifier from [NewVerifierFromBytes] one built on
// the first call (every call returns the same pointer); nil for a nil or
// zero v.
func (v *Verifier) PublicKey() *mldsa.PublicKey {
	pk, err := v.engineKey()
	if err != nil {
		return nil
	}
	return stdlibKey(&v.std, v.params, pk)
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

// stdlibKey returns the standard library's key in slot, building it from the
// encoding of pk, a key of params, if the slot is empty. Concurrent callers
// get the same pointer: the first one stored wins.
func stdlibKey(slot *atomic.Pointer[mldsa.PublicKey], params mldsa.Parameters, pk *engine.PublicKey) *mldsa.PublicKey {
	if std := slot.Load(); std != nil {
		return std
	}
	std, err := mldsa.NewPublicKey(params, pk.Bytes())
	if err != nil {
		return nil // unreachable: every encoding of the set's length is a key
	}
	if !slot.CompareAndSwap(nil, std) {
		return slot.Load()
	}
	return std
}
