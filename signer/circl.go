package signer

import (
	"crypto"
	"crypto/mldsa"
	"encoding/asn1"
	"errors"
	"fmt"
	"io"

	"github.com/cloudflare/circl/sign"
)

// CirclScheme returns a circl sign.Scheme for params backed by this package:
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
func CirclScheme(params mldsa.Parameters) sign.Scheme {
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
	{mldsa.MLDSA44(), 17},
	{mldsa.MLDSA65(), 18},
	{mldsa.MLDSA87(), 19},
}

type circlScheme struct {
	params mldsa.Parameters
	oidArc int // last arc of id-ml-dsa-*, 2.16.840.1.101.3.4.3.x (RFC 9881)
}

// CirclPublicKey is a public key of a [CirclScheme]: a prepared [Verifier]
// that implements circl's sign.PublicKey.
type CirclPublicKey struct {
	scheme *circlScheme
	v      *Verifier
}

// CirclPrivateKey is a private key of a [CirclScheme]: a [PrivateKey] that
// implements circl's sign.PrivateKey and sign.Seeded.
type CirclPrivateKey struct {
	scheme *circlScheme
	sk     *PrivateKey
	pub    *CirclPublicKey
}

var (
	_ sign.Scheme     = (*circlScheme)(nil)
	_ sign.PublicKey  = (*CirclPublicKey)(nil)
	_ sign.PrivateKey = (*CirclPrivateKey)(nil)
	_ sign.Seeded     = (*CirclPrivateKey)(nil)
)

func (s *circlScheme) Name() string          { return s.params.String() }
func (s *circlScheme) PublicKeySize() int    { return s.params.PublicKeySize() }
func (s *circlScheme) SignatureSize() int    { return s.params.SignatureSize() }
func (s *circlScheme) SeedSize() int         { return SeedSize }
func (s *circlScheme) SupportsContext() bool { return true }

func (s *circlScheme) PrivateKeySize() int {
	p, _ := engineParams(s.params)
	return p.PrivateKeySize()
}

// Oid returns id-ml-dsa-44/65/87 (RFC 9881), as circl's schemes do.
func (s *circlScheme) Oid() asn1.ObjectIdentifier {
	return asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3, s.oidArc}
}

func (s *circlScheme) wrap(sk *PrivateKey) *CirclPrivateKey {
	return &CirclPrivateKey{scheme: s, sk: sk, pub: &CirclPublicKey{scheme: s, v: NewVerifier(sk.PublicKey())}}
}

func (s *circlScheme) GenerateKey() (sign.PublicKey, sign.PrivateKey, error) {
	sk, err := GenerateKey(s.params)
	if err != nil {
		return nil, nil, err
	}
	k := s.wrap(sk)
	return k.pub, k, nil
}

// DeriveKey returns nil keys if seed is not SeedSize bytes (circl's
// panics).
func (s *circlScheme) DeriveKey(seed []byte) (sign.PublicKey, sign.PrivateKey) {
	sk, err := NewPrivateKey(s.params, seed)
	if err != nil {
		return nil, nil
	}
	k := s.wrap(sk)
	return k.pub, k
}

// Sign returns nil for a key of another type or scheme, a zero key, or a
// context over 255 bytes (circl's panics).
func (s *circlScheme) Sign(sk sign.PrivateKey, message []byte, opts *sign.SignatureOpts) []byte {
	k, ok := sk.(*CirclPrivateKey)
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
	k, ok := pk.(*CirclPublicKey)
	if !ok || !k.valid() || k.scheme != s {
		return false
	}
	return k.v.Verify(message, signature, circlOptions(opts)) == nil
}

// circlOptions maps circl's options (a context, or nil) to ours.
func circlOptions(opts *sign.SignatureOpts) *Options {
	if opts == nil {
		return nil
	}
	return &Options{Context: opts.Context}
}

func (s *circlScheme) UnmarshalBinaryPublicKey(b []byte) (sign.PublicKey, error) {
	pk, err := mldsa.NewPublicKey(s.params, b)
	if err != nil {
		return nil, fmt.Errorf("signer: %s public key is %d bytes, want %d", s.params, len(b), s.params.PublicKeySize())
	}
	return &CirclPublicKey{scheme: s, v: NewVerifier(pk)}, nil
}

func (s *circlScheme) UnmarshalBinaryPrivateKey(b []byte) (sign.PrivateKey, error) {
	sk, err := NewPrivateKeyFromExpanded(s.params, b)
	if err != nil {
		return nil, err
	}
	return s.wrap(sk), nil
}

// valid reports whether k was made by a scheme (not nil, not the zero value).
func (k *CirclPublicKey) valid() bool { return k != nil && k.scheme != nil && k.v != nil }

// Scheme returns the key's scheme (nil for a nil or zero key).
func (k *CirclPublicKey) Scheme() sign.Scheme {
	if !k.valid() {
		return nil
	}
	return k.scheme
}

// MarshalBinary returns the FIPS 204 public key encoding.
func (k *CirclPublicKey) MarshalBinary() ([]byte, error) {
	if !k.valid() {
		return nil, ErrZeroKey
	}
	return k.v.std.Bytes(), nil
}

// Equal reports whether x is a CirclPublicKey of the same key.
func (k *CirclPublicKey) Equal(x crypto.PublicKey) bool {
	other, ok := x.(*CirclPublicKey)
	return ok && k.valid() && other.valid() && k.scheme == other.scheme && k.v.std.Equal(other.v.std)
}

// Verifier returns the prepared verifier behind k (nil for a nil or zero
// key).
func (k *CirclPublicKey) Verifier() *Verifier {
	if !k.valid() {
		return nil
	}
	return k.v
}

// valid reports whether k was made by a scheme (not nil, not the zero value).
func (k *CirclPrivateKey) valid() bool { return k != nil && k.scheme != nil && k.sk != nil }

// Scheme returns the key's scheme (nil for a nil or zero key).
func (k *CirclPrivateKey) Scheme() sign.Scheme {
	if !k.valid() {
		return nil
	}
	return k.scheme
}

// Public returns the key's *CirclPublicKey, as circl's keys return their own
// public key type (nil for a nil or zero key).
func (k *CirclPrivateKey) Public() crypto.PublicKey {
	if !k.valid() {
		return nil
	}
	return k.pub
}

// Sign signs message with pure ML-DSA and an empty context, as circl's keys
// do; a nonzero opts.HashFunc() is an error.
func (k *CirclPrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	if !k.valid() {
		return nil, ErrZeroKey
	}
	if opts != nil && opts.HashFunc() != 0 {
		return nil, errors.New("signer: circl ML-DSA keys sign messages, not digests")
	}
	return k.sk.Sign(rand, message, nil)
}

// MarshalBinary returns the expanded private key encoding, like circl's.
func (k *CirclPrivateKey) MarshalBinary() ([]byte, error) {
	if !k.valid() {
		return nil, ErrZeroKey
	}
	return k.sk.ExpandedBytes(), nil
}

// Seed returns ξ, or nil for a key loaded from the expanded encoding (or a
// nil or zero key), as circl's sign.Seeded requires.
func (k *CirclPrivateKey) Seed() []byte {
	if !k.valid() {
		return nil
	}
	return k.sk.Bytes()
}

// Equal reports whether x is a CirclPrivateKey of the same key.
func (k *CirclPrivateKey) Equal(x crypto.PrivateKey) bool {
	other, ok := x.(*CirclPrivateKey)
	return ok && k.valid() && other.valid() && k.scheme == other.scheme && k.sk.Equal(other.sk)
}

// PrivateKey returns the signer behind k (nil for a nil or zero key).
func (k *CirclPrivateKey) PrivateKey() *PrivateKey {
	if !k.valid() {
		return nil
	}
	return k.sk
}
