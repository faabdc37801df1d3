// Package nccsign implements NCC-Sign's non-cyclotomic variant, the KpqC
// round-1 lattice signature over Z_q[X]/(X^p − X − 1), for its three η = 2
// parameter sets: [NCCSign1] (p = 1201), [NCCSign3] (p = 1607) and
// [NCCSign5] (p = 2039), NIST security levels 1, 3 and 5.
//
// Keys, signatures and their encodings are byte for byte those of the
// round-1 reference code that produced the published known-answer files
// (NIMS-Cryptography's v1.0, the "conservative" sets); the later v2.1
// specification changed the challenge sampling and is not what this
// package implements. Signing is deterministic, as the reference's default
// build: the same key and message give the same signature.
//
// [PrivateKey] is a [crypto.Signer] whose Public method returns a
// [*PublicKey]; messages are signed as they are (opts.HashFunc() must be
// 0). No X.509 or PKCS#8 object identifiers exist for NCC-Sign, so this
// package defines none: keys are exchanged as the raw encodings of
// [PublicKey.Bytes] and [PrivateKey.Bytes].
package nccsign

import (
	"crypto"
	"errors"
	"fmt"
	"io"

	engine "github.com/crystals-go/crystals/internal/accel/nccsign"
)

// Parameters is one NCC-Sign parameter set. The zero value is no set.
type Parameters struct{ p *engine.Params }

// NCCSign1 returns the set with p = 1201, q = 17279291 (NIST level 1).
func NCCSign1() Parameters { return Parameters{engine.NCCSign1} }

// NCCSign3 returns the set with p = 1607, q = 17305741 (NIST level 3).
func NCCSign3() Parameters { return Parameters{engine.NCCSign3} }

// NCCSign5 returns the set with p = 2039, q = 17287423 (NIST level 5).
func NCCSign5() Parameters { return Parameters{engine.NCCSign5} }

// String returns the set's name, such as "NCC-Sign-NC-1", or "invalid" for
// the zero value.
func (params Parameters) String() string {
	if params.p == nil {
		return "invalid"
	}
	return params.p.Name
}

// PublicKeySize returns the length of an encoded public key (0 for the
// zero value).
func (params Parameters) PublicKeySize() int {
	if params.p == nil {
		return 0
	}
	return params.p.PublicKeySize
}

// PrivateKeySize returns the length of an encoded private key (0 for the
// zero value).
func (params Parameters) PrivateKeySize() int {
	if params.p == nil {
		return 0
	}
	return params.p.PrivateKeySize
}

// SignatureSize returns the length of a signature (0 for the zero value).
func (params Parameters) SignatureSize() int {
	if params.p == nil {
		return 0
	}
	return params.p.SignatureSize
}

// SeedSize is the length of a key-generation seed: the reference's two
// random draws, ζ (the seed of the public polynomial a) then the 32-byte
// seed of the secrets.
const SeedSize = 64

var (
	// ErrZeroKey is returned by the methods of a nil or zero key that
	// return errors, and by the functions given one (the other methods
	// return zero values); such keys never panic.
	ErrZeroKey = errors.New("nccsign: nil or zero key")
	// ErrInvalidParameters is returned for the zero Parameters.
	ErrInvalidParameters = errors.New("nccsign: invalid (zero) parameter set")
	// ErrVerification is returned by Verify for a signature that does not
	// verify.
	ErrVerification = errors.New("nccsign: invalid signature")
)

// PublicKey is an NCC-Sign public key.
type PublicKey struct{ k *engine.PublicKey }

// PrivateKey is an NCC-Sign private key, a crypto.Signer.
type PrivateKey struct {
	k   *engine.PrivateKey
	pub *PublicKey
}

func wrapPrivate(k *engine.PrivateKey) *PrivateKey {
	return &PrivateKey{k: k, pub: &PublicKey{k.PublicKey()}}
}

// GenerateKey returns a new key of the set, reading its two 32-byte seeds
// from rand in two reads (as the reference draws them, so that a NIST KAT
// DRBG reproduces its keys); rand must not be nil.
func GenerateKey(params Parameters, rand io.Reader) (*PrivateKey, error) {
	if params.p == nil {
		return nil, ErrInvalidParameters
	}
	if rand == nil {
		return nil, errors.New("nccsign: nil random source")
	}
	var zeta, seed [32]byte
	if _, err := io.ReadFull(rand, zeta[:]); err != nil {
		return nil, fmt.Errorf("nccsign: reading randomness: %w", err)
	}
	if _, err := io.ReadFull(rand, seed[:]); err != nil {
		return nil, fmt.Errorf("nccsign: reading randomness: %w", err)
	}
	return wrapPrivate(engine.NewKeyFromSeeds(params.p, &zeta, &seed)), nil
}

// NewPrivateKeyFromSeed returns the key of the set derived from the
// SeedSize-byte seed ζ ‖ seed: GenerateKey with rand yielding those bytes.
func NewPrivateKeyFromSeed(params Parameters, seed []byte) (*PrivateKey, error) {
	if params.p == nil {
		return nil, ErrInvalidParameters
	}
	if len(seed) != SeedSize {
		return nil, fmt.Errorf("nccsign: seed is %d bytes, want %d", len(seed), SeedSize)
	}
	return wrapPrivate(engine.NewKeyFromSeeds(params.p, (*[32]byte)(seed[:32]), (*[32]byte)(seed[32:]))), nil
}

// NewPrivateKey decodes a private key of the set (the reference's sk
// encoding). It rejects a wrong length, secret coefficients outside
// [−2, 2], non-zero padding bits, and a key whose stored t0 and tr do not
// match the public key it recomputes from ζ, s1 and s2.
func NewPrivateKey(params Parameters, b []byte) (*PrivateKey, error) {
	if params.p == nil {
		return nil, ErrInvalidParameters
	}
	if len(b) != params.p.PrivateKeySize {
		return nil, fmt.Errorf("nccsign: %s private key is %d bytes, want %d", params, len(b), params.p.PrivateKeySize)
	}
	k, err := engine.NewPrivateKey(params.p, b)
	if err != nil {
		return nil, err
	}
	return wrapPrivate(k), nil
}

// NewPublicKey decodes a public key of the set (the reference's pk
// encoding), rejecting a wrong length and non-zero padding bits.
func NewPublicKey(params Parameters, b []byte) (*PublicKey, error) {
	if params.p == nil {
		return nil, ErrInvalidParameters
	}
	if len(b) != params.p.PublicKeySize {
		return nil, fmt.Errorf("nccsign: %s public key is %d bytes, want %d", params, len(b), params.p.PublicKeySize)
	}
	k, err := engine.NewPublicKey(params.p, b)
	if err != nil {
		return nil, err
	}
	return &PublicKey{k}, nil
}

// Parameters returns the key's set (the zero value for a nil or zero key).
func (pk *PublicKey) Parameters() Parameters {
	if pk == nil || pk.k == nil {
		return Parameters{}
	}
	return Parameters{pk.k.Params()}
}

// Bytes returns the key's encoding (nil for a nil or zero key).
func (pk *PublicKey) Bytes() []byte {
	if pk == nil || pk.k == nil {
		return nil
	}
	return pk.k.Bytes()
}

// Equal reports whether x is a *PublicKey with the same set and encoding;
// nil and zero keys equal no key.
func (pk *PublicKey) Equal(x crypto.PublicKey) bool {
	other, ok := x.(*PublicKey)
	if !ok || pk == nil || pk.k == nil || other == nil || other.k == nil {
		return false
	}
	return pk.k.Equal(other.k)
}

// Parameters returns the key's set (the zero value for a nil or zero key).
func (sk *PrivateKey) Parameters() Parameters {
	if sk == nil || sk.k == nil {
		return Parameters{}
	}
	return Parameters{sk.k.Params()}
}

// Bytes returns the key's encoding (nil for a nil or zero key).
func (sk *PrivateKey) Bytes() []byte {
	if sk == nil || sk.k == nil {
		return nil
	}
	return sk.k.Bytes()
}

// PublicKey returns the matching public key (nil for a nil or zero key).
func (sk *PrivateKey) PublicKey() *PublicKey {
	if sk == nil || sk.k == nil {
		return nil
	}
	return sk.pub
}

// Public returns the matching *PublicKey, as crypto.Signer requires (a nil
// *PublicKey for a nil or zero key).
func (sk *PrivateKey) Public() crypto.PublicKey { return sk.PublicKey() }

// Equal reports whether x is a *PrivateKey with the same set and encoding,
// in constant time; nil and zero keys equal no key.
func (sk *PrivateKey) Equal(x crypto.PrivateKey) bool {
	other, ok := x.(*PrivateKey)
	if !ok || sk == nil || sk.k == nil || other == nil || other.k == nil {
		return false
	}
	return sk.k.Equal(other.k)
}

// Sign signs msg itself, deterministically (rand is not used and may be
// nil); opts may be nil or must have HashFunc() = 0, since NCC-Sign signs
// whole messages. It implements crypto.Signer.
func (sk *PrivateKey) Sign(rand io.Reader, msg []byte, opts crypto.SignerOpts) ([]byte, error) {
	if sk == nil || sk.k == nil {
		return nil, ErrZeroKey
	}
	if opts != nil && opts.HashFunc() != 0 {
		return nil, errors.New("nccsign: messages are signed unhashed; opts.HashFunc() must be 0")
	}
	return sk.k.Sign(msg), nil
}

// Verify checks sig on msg under pk: nil if it verifies, ErrVerification
// if not (a wrong length included), ErrZeroKey for a nil or zero key.
func Verify(pk *PublicKey, msg, sig []byte) error {
	if pk == nil || pk.k == nil {
		return ErrZeroKey
	}
	if !pk.k.Verify(msg, sig) {
		return ErrVerification
	}
	return nil
}
