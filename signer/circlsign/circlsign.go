// Package circlsign adapts the ML-DSA keys of package signer to circl's
// sign.Scheme (github.com/cloudflare/circl/sign), for code written against
// circl. It is its own package, beside kem/circlkem, so that importing
// signer does not pull in circl.
package circlsign

import (
	"crypto"
	"crypto/mldsa"
	"encoding/asn1"
	"errors"
	"fmt"
	"io"

	"github.com/cloudflare/circl/sign"

	engine "github.com/crystals-go/crystals/internal/accel/mldsa"
	"github.com/crystals-go/crystals/signer"
)

// Scheme returns a circl sign.Scheme for params backed by package signer:
// the same name, sizes, OID (it implements circl's pki.CertificateScheme)
// and byte encodings as circl's own mldsa44/65/87 schemes (public keys in
// the FIPS 204 encoding, private keys in the expanded encoding, seeds of
// 32 bytes), so code written against circl can switch engines, circl/pki
// marshals these keys, and signatures verify across both. It returns nil
// for a parameter set that is not one of the three.
//
// Where circl's schemes panic, these return zero results instead: DeriveKey
// with a seed of the wrong length returns nil keys, Sign with a key of
// another type or scheme a nil signature, Verify false.
func Scheme(params mldsa.Parameters) sign.Scheme {
	switch params {
	case mldsa.MLDSA44():
		return &circlSchemes[0]
	case mldsa.MLDSA65():
		return &circlSchemes[1]
	case mldsa.MLDSA87():
		return &circlSchemes[2]
	}
	return nil
}

var circlSchemes = [3]circlScheme{
	{mldsa.MLDSA44(), engine.MLDSA44, 17},
	{mldsa.MLDSA65(), engine.MLDSA65, 18},
	{mldsa.MLDSA87(), engine.MLDSA87, 19},
}

type circlScheme struct {
	params mldsa.Parameters
	engine *engine.Params // for the expanded private key's size
	oidArc int            // last arc of id-ml-dsa-*, 2.16.840.1.101.3.4.3.x (RFC 9881)
}

// PublicKey is a public key of a [Scheme]: a prepared [signer.Verifier]
// that implements circl's sign.PublicKey.
type PublicKey struct {
	scheme *circlScheme
	v      *signer.Verifier
}

// PrivateKey is a private key of a [Scheme]: a [signer.PrivateKey] that
// implements circl's sign.PrivateKey and sign.Seeded.
type PrivateKey struct {
	scheme *circlScheme
	sk     *signer.PrivateKey
	pub    *PublicKey
}

var (
	_ sign.Scheme     = (*circlScheme)(nil)
	_ sign.PublicKey  = (*PublicKey)(nil)
	_ sign.PrivateKey = (*PrivateKey)(nil)
	_ sign.Seeded     = (*PrivateKey)(nil)
)

func (s *circlScheme) Name() string          { return s.params.String() }
func (s *circlScheme) PublicKeySize() int    { return s.params.PublicKeySize() }
func (s *circlScheme) SignatureSize() int    { return s.params.SignatureSize() }
func (s *circlScheme) SeedSize() int         { return signer.SeedSize }
func (s *circlScheme) SupportsContext() bool { return true }

func (s *circlScheme) PrivateKeySize() int { return s.engine.PrivateKeySize() }

// Oid returns id-ml-dsa-44/65/87 (RFC 9881), as circl's schemes do.
func (s *circlScheme) Oid() asn1.ObjectIdentifier {
	return asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3, s.oidArc}
}

func (s *circlScheme) wrap(sk *signer.PrivateKey) *PrivateKey {
	return &PrivateKey{scheme: s, sk: sk, pub: &PublicKey{scheme: s, v: signer.NewVerifier(sk.PublicKey())}}
}

func (s *circlScheme) GenerateKey() (sign.PublicKey, sign.PrivateKey, error) {
	sk, err := signer.GenerateKey(s.params)
	if err != nil {
		return nil, nil, err
	}
	k := s.wrap(sk)
	return k.pub, k, nil
}

// DeriveKey returns nil keys if seed is not signer.SeedSize bytes (circl's
// panics).
func (s *circlScheme) DeriveKey(seed []byte) (sign.PublicKey, sign.PrivateKey) {
	sk, err := signer.NewPrivateKey(s.params, seed)
	if err != nil {
		return nil, nil
	}
	k := s.wrap(sk)
	return k.pub, k
}

// Sign returns nil for a key of another type or scheme, a zero key, or a
// context over 255 bytes (circl's panics).
func (s *circlScheme) Sign(sk sign.PrivateKey, message []byte, opts *sign.SignatureOpts) []byte {
	k, ok := sk.(*PrivateKey)
	if !ok || !k.valid() || k.scheme != s {
		return nil
	}
	sig, err := k.sk.Sign(nil, message, circlOptions(opts))
	if err != nil {
		return nil
	}
	return sig
}

// Verify returns false for a key of another type or scheme or a zero key
// (circl's panics).
func (s *circlScheme) Verify(pk sign.PublicKey, message, signature []byte, opts *sign.SignatureOpts) bool {
	k, ok := pk.(*PublicKey)
	if !ok || !k.valid() || k.scheme != s {
		return false
	}
	return k.v.Verify(message, signature, circlOptions(opts)) == nil
}

// circlOptions maps circl's options (a context, or nil) to ours.
func circlOptions(opts *sign.SignatureOpts) *signer.Options {
	if opts == nil {
		return nil
	}
	return &signer.Options{Context: opts.Context}
}

func (s *circlScheme) UnmarshalBinaryPublicKey(b []byte) (sign.PublicKey, error) {
	pk, err := mldsa.NewPublicKey(s.params, b)
	if err != nil {
		return nil, fmt.Errorf("circlsign: %s public key is %d bytes, want %d", s.params, len(b), s.params.PublicKeySize())
	}
	return &PublicKey{scheme: s, v: signer.NewVerifier(pk)}, nil
}

func (s *circlScheme) UnmarshalBinaryPrivateKey(b []byte) (sign.PrivateKey, error) {
	sk, err := signer.NewPrivateKeyFromExpanded(s.params, b)
	if err != nil {
		return nil, err
	}
	return s.wrap(sk), nil
}

// valid reports whether k was made by a scheme (not nil, not the zero value).
func (k *PublicKey) valid() bool { return k != nil && k.scheme != nil && k.v != nil }

// Scheme returns the key's scheme (nil for a nil or zero key).
func (k *PublicKey) Scheme() sign.Scheme {
	if !k.valid() {
		return nil
	}
	return k.scheme
}

// MarshalBinary returns the FIPS 204 public key encoding.
func (k *PublicKey) MarshalBinary() ([]byte, error) {
	if !k.valid() {
		return nil, signer.ErrZeroKey
	}
	return k.v.PublicKey().Bytes(), nil
}

// Equal reports whether x is a PublicKey of the same key.
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	other, ok := x.(*PublicKey)
	return ok && k.valid() && other.valid() && k.scheme == other.scheme && k.v.PublicKey().Equal(other.v.PublicKey())
}

// Verifier returns the prepared verifier behind k (nil for a nil or zero
// key).
func (k *PublicKey) Verifier() *signer.Verifier {
	if !k.valid() {
		return nil
	}
	return k.v
}

// valid reports whether k was made by a scheme (not nil, not the zero value).
func (k *PrivateKey) valid() bool { return k != nil && k.scheme != nil && k.sk != nil }

// Scheme returns the key's scheme (nil for a nil or zero key).
func (k *PrivateKey) Scheme() sign.Scheme {
	if !k.valid() {
		return nil
	}
	return k.scheme
}

// Public returns the key's *PublicKey, as circl's keys return their own
// public key type (nil for a nil or zero key).
func (k *PrivateKey) Public() crypto.PublicKey {
	if !k.valid() {
		return nil
	}
	return k.pub
}

// Sign signs message with pure ML-DSA and an empty context, as circl's keys
// do; a nonzero opts.HashFunc() is an error.
func (k *PrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	if !k.valid() {
		return nil, signer.ErrZeroKey
	}
	if opts != nil && opts.HashFunc() != 0 {
		return nil, errors.New("circlsign: circl ML-DSA keys sign messages, not digests")
	}
	return k.sk.Sign(rand, message, nil)
}

// MarshalBinary returns the expanded private key encoding, like circl's.
func (k *PrivateKey) MarshalBinary() ([]byte, error) {
	if !k.valid() {
		return nil, signer.ErrZeroKey
	}
	return k.sk.ExpandedBytes(), nil
}

// Seed returns ξ, or nil for a key loaded from the expanded encoding (or a
// nil or zero key), as circl's sign.Seeded requires.
func (k *PrivateKey) Seed() []byte {
	if !k.valid() {
		return nil
	}
	return k.sk.Bytes()
}

// Equal reports whether x is a PrivateKey of the same key.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	other, ok := x.(*PrivateKey)
	return ok && k.valid() && other.valid() && k.scheme == other.scheme && k.sk.Equal(other.sk)
}

// PrivateKey returns the signer behind k (nil for a nil or zero key). k
// keeps the public key it was made with: a [signer.PrivateKey.SetSeed] on
// the returned key leaves k inconsistent, so make a new k for the new key.
func (k *PrivateKey) PrivateKey() *signer.PrivateKey {
	if !k.valid() {
		return nil
	}
	return k.sk
}
