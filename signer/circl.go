package signer

import (
	"crypto"
	"crypto/mldsa"
	"encoding/asn1"
	"errors"
	"io"

	"github.com/cloudflare/circl/sign"
)

// CirclScheme returns a circl sign.Scheme for params backed by this package:
// the same name, sizes, OID (it implements circl's pki.CertificateScheme)
// and byte encodings as circl's own mldsa44/65/87 schemes (public keys in
// the FIPS 204 encoding, private keys in the expanded encoding, seeds of
// 32 bytes), so code written against circl can switch engines, circl/pki
// marshals these keys, and signatures verify across both. It panics for a
// parameter set that is not one of the three, like circl's constructors.
func CirclScheme(params mldsa.Parameters) sign.Scheme {
	switch params {
	case mldsa.MLDSA44():
		return &circlSchemes[0]
	case mldsa.MLDSA65():
		return &circlSchemes[1]
	case mldsa.MLDSA87():
		return &circlSchemes[2]
	}
	panic("signer: unknown ML-DSA parameter set")
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

// DeriveKey panics if seed is not SeedSize bytes, as circl's does.
func (s *circlScheme) DeriveKey(seed []byte) (sign.PublicKey, sign.PrivateKey) {
	if len(seed) != SeedSize {
		panic(sign.ErrSeedSize)
	}
	sk, err := NewPrivateKey(s.params, seed)
	if err != nil {
		panic(err)
	}
	k := s.wrap(sk)
	return k.pub, k
}

// Sign panics on a key of another type or scheme, as circl's does.
func (s *circlScheme) Sign(sk sign.PrivateKey, message []byte, opts *sign.SignatureOpts) []byte {
	k, ok := sk.(*CirclPrivateKey)
	if !ok || k.scheme != s {
		panic(sign.ErrTypeMismatch)
	}
	sig, err := k.sk.Sign(nil, message, circlOptions(opts))
	if err != nil {
		panic(err) // only a context over 255 bytes, which circl also rejects by panicking
	}
	return sig
}

// Verify panics on a key of another type or scheme, as circl's does.
func (s *circlScheme) Verify(pk sign.PublicKey, message, signature []byte, opts *sign.SignatureOpts) bool {
	k, ok := pk.(*CirclPublicKey)
	if !ok || k.scheme != s {
		panic(sign.ErrTypeMismatch)
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
		return nil, err
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

// Scheme returns the key's scheme.
func (k *CirclPublicKey) Scheme() sign.Scheme { return k.scheme }

// MarshalBinary returns the FIPS 204 public key encoding.
func (k *CirclPublicKey) MarshalBinary() ([]byte, error) { return k.v.std.Bytes(), nil }

// Equal reports whether x is a CirclPublicKey of the same key.
func (k *CirclPublicKey) Equal(x crypto.PublicKey) bool {
	other, ok := x.(*CirclPublicKey)
	return ok && k.scheme == other.scheme && k.v.std.Equal(other.v.std)
}

// Verifier returns the prepared verifier behind k.
func (k *CirclPublicKey) Verifier() *Verifier { return k.v }

// Scheme returns the key's scheme.
func (k *CirclPrivateKey) Scheme() sign.Scheme { return k.scheme }

// Public returns the key's *CirclPublicKey, as circl's keys return their own
// public key type.
func (k *CirclPrivateKey) Public() crypto.PublicKey { return k.pub }

// Sign signs message with pure ML-DSA and an empty context, as circl's keys
// do; a nonzero opts.HashFunc() is an error.
func (k *CirclPrivateKey) Sign(rand io.Reader, message []byte, opts crypto.SignerOpts) ([]byte, error) {
	if opts != nil && opts.HashFunc() != 0 {
		return nil, errors.New("signer: circl ML-DSA keys sign messages, not digests")
	}
	return k.sk.Sign(rand, message, nil)
}

// MarshalBinary returns the expanded private key encoding, like circl's.
func (k *CirclPrivateKey) MarshalBinary() ([]byte, error) { return k.sk.ExpandedBytes(), nil }

// Seed returns ξ, or nil for a key loaded from the expanded encoding, as
// circl's sign.Seeded requires.
func (k *CirclPrivateKey) Seed() []byte { return k.sk.Bytes() }

// Equal reports whether x is a CirclPrivateKey of the same key.
func (k *CirclPrivateKey) Equal(x crypto.PrivateKey) bool {
	other, ok := x.(*CirclPrivateKey)
	return ok && k.scheme == other.scheme && k.sk.Equal(other.sk)
}

// PrivateKey returns the signer behind k.
func (k *CirclPrivateKey) PrivateKey() *PrivateKey { return k.sk }
