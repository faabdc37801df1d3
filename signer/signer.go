// Package signer provides ML-DSA (FIPS 204) private keys that are a drop-in
// [crypto.Signer] and [crypto.MessageSigner] for crypto/x509, crypto/tls and
// golang.org/x/crypto/ssh, backed by this module's ML-DSA engine.
//
// The API mirrors Go's crypto/mldsa, so migrating is a rename: parameter
// sets are the standard library's [mldsa.Parameters], [PrivateKey.Public]
// returns the standard library's *[mldsa.PublicKey], and [Verify] takes one.
// On top of that, the package signs and verifies every FIPS 204 variant:
// pure ML-DSA with a context, HashML-DSA with every allowed hash, and
// external μ; it loads expanded private keys; it offers prepared verifiers
// ([NewVerifier]) and signing into a caller's buffer ([PrivateKey.SignTo])
// without allocation. Package signer/circlsign adapts its keys to circl's
// sign.Scheme.
package signer

import (
	"crypto"
	"crypto/mldsa"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	engine "github.com/crystals-go/crystals/internal/accel/mldsa"
)

// PrivateKey is an ML-DSA private key. It keeps the key in the engine's
// precomputed form, so signing repeats no key expansion. It is safe for
// concurrent use.
type PrivateKey struct {
	params mldsa.Parameters
	sk     *engine.PrivateKey
	// pub is the standard library's public key, made on the first call of
	// PublicKey: crypto/mldsa hashes the encoding again when it builds one,
	// which key generation need not pay for (signing reads the engine's tr).
	pub atomic.Pointer[mldsa.PublicKey]
}

var (
	_ crypto.Signer        = (*PrivateKey)(nil)
	_ crypto.MessageSigner = (*PrivateKey)(nil)
)

// ErrZeroKey is returned for a key that was not made by this package's
// constructors: a nil pointer or the zero value of [PrivateKey], [Verifier],
// [CirclPublicKey] or [CirclPrivateKey], or a zero *[mldsa.PublicKey]. Every
// method and function of the package follows one rule for such keys: what
// returns an error returns this one, and what has no error result returns
// its zero results (nil, false, zero parameters) and never panics.
var ErrZeroKey = errors.New("signer: key is nil or the zero value; make keys with this package's constructors")

// ErrNoSeed is returned by [PrivateKey.Seed] for a key decoded from the
// expanded encoding, which does not contain the seed ξ.
var ErrNoSeed = errors.New("signer: private key was loaded from its expanded encoding and has no seed")

// SeedSize is the size of an ML-DSA private key seed ξ.
const SeedSize = engine.SeedSize

// MuSize is the size of an external μ message representative.
const MuSize = engine.MuSize

// GenerateKey generates a new private key from a random seed.
func GenerateKey(params mldsa.Parameters) (*PrivateKey, error) {
	var seed [SeedSize]byte
	if _, err := rand.Read(seed[:]); err != nil {
		return nil, err
	}
	defer clear(seed[:])
	return NewPrivateKey(params, seed[:])
}

// NewPrivateKey derives a private key from its 32-byte seed ξ
// (ML-DSA.KeyGen_internal, FIPS 204, Algorithm 6), like
// [mldsa.NewPrivateKey].
func NewPrivateKey(params mldsa.Parameters, seed []byte) (*PrivateKey, error) {
	p, err := engineParams(params)
	if err != nil {
		return nil, err
	}
	if len(seed) != SeedSize {
		return nil, fmt.Errorf("signer: %s seed is %d bytes, want %d", params, len(seed), SeedSize)
	}
	return newPrivateKey(params, engine.NewPrivateKeyFromSeed(p, (*[SeedSize]byte)(seed)))
}

// SetSeed sets k in place to the key [NewPrivateKey] derives from the 32-byte
// seed ξ for k's parameter set, in k's own memory: it allocates nothing and
// does not zero the key's storage first (key generation writes all of it),
// so that code which generates many keys can reuse one object. k may be a
// key from a seed or from the expanded encoding, which then has a seed. A nil
// or zero k is [ErrZeroKey]; a seed of another length is an error; on error
// k is unchanged. What was taken from k before keeps the previous key: the
// *[mldsa.PublicKey] of [PrivateKey.PublicKey], a [Verifier], encodings, a
// signer/circlsign key wrapping k. SetSeed must not run concurrently with
// any other method of k.
func (k *PrivateKey) SetSeed(seed []byte) error {
	sk, err := k.engineKey()
	if err != nil {
		return err
	}
	if len(seed) != SeedSize {
		return fmt.Errorf("signer: %s seed is %d bytes, want %d", k.params, len(seed), SeedSize)
	}
	sk.SetSeed((*[SeedSize]byte)(seed))
	k.pub.Store(nil) // the next PublicKey call builds the new key's
	return nil
}

// NewPrivateKeyFromExpanded decodes the FIPS 204 expanded private key
// encoding (skEncode, Algorithm 24). It checks that the s1 and s2
// coefficients are within [−η, η] and that t0 and tr are consistent with the
// public key the encoding implies. Such a key has no seed: [PrivateKey.Seed]
// returns [ErrNoSeed] and [PrivateKey.Bytes] returns nil.
func NewPrivateKeyFromExpanded(params mldsa.Parameters, sk []byte) (*PrivateKey, error) {
	p, err := engineParams(params)
	if err != nil {
		return nil, err
	}
	if len(sk) != p.PrivateKeySize() {
		return nil, fmt.Errorf("signer: %s expanded private key is %d bytes, want %d%s",
			params, len(sk), p.PrivateKeySize(), otherSetHint(len(sk), (*engine.Params).PrivateKeySize))
	}
	k, err := engine.NewPrivateKeyFromExpanded(p, sk)
	if err != nil {
		return nil, engineError(err)
	}
	return newPrivateKey(params, k)
}

func newPrivateKey(params mldsa.Parameters, sk *engine.PrivateKey) (*PrivateKey, error) {
	return &PrivateKey{params: params, sk: sk}, nil
}

// engineKey returns k's engine key, or ErrZeroKey for a nil or zero k.
func (k *PrivateKey) engineKey() (*engine.PrivateKey, error) {
	if k == nil || k.sk == nil {
		return nil, ErrZeroKey
	}
	return k.sk, nil
}

// Parameters returns the key's parameter set (the zero Parameters for a nil
// or zero key).
func (k *PrivateKey) Parameters() mldsa.Parameters {
	if k == nil {
		return mldsa.Parameters{}
	}
	return k.params
}

// Public returns the standard library's *[mldsa.PublicKey] for k, which is
// what crypto/x509, crypto/tls and x/crypto/ssh expect of an ML-DSA signer
// (nil for a nil or zero key).
func (k *PrivateKey) Public() crypto.PublicKey {
	if pk := k.PublicKey(); pk != nil {
		return pk
	}
	return nil
}

// PublicKey returns the standard library's public key for k (nil for a nil
// or zero key). Every call returns the same pointer. The first builds it,
// which costs crypto/mldsa's hash of the encoding; [PrivateKey.PublicKeyBytes]
// does not.
func (k *PrivateKey) PublicKey() *mldsa.PublicKey {
	sk, err := k.engineKey()
	if err != nil {
		return nil
	}
	return stdlibKey(&k.pub, k.params, sk.PublicKey())
}

// PublicKeyBytes returns the public-key encoding pkEncode(ρ, t1) (FIPS 204,
// Algorithm 22), what [mldsa.PublicKey.Bytes] returns for k's public key,
// without building that key; nil for a nil or zero key.
func (k *PrivateKey) PublicKeyBytes() []byte {
	sk, err := k.engineKey()
	if err != nil {
		return nil
	}
	return sk.PublicKey().Bytes()
}

// Bytes returns the private key seed, like [mldsa.PrivateKey.Bytes], or nil
// for a key loaded from the expanded encoding (see [PrivateKey.Seed]).
func (k *PrivateKey) Bytes() []byte {
	seed, err := k.Seed()
	if err != nil {
		return nil
	}
	return seed
}

// Seed returns the 32-byte seed ξ, or [ErrNoSeed] for a key loaded from the
// expanded encoding.
func (k *PrivateKey) Seed() ([]byte, error) {
	sk, err := k.engineKey()
	if err != nil {
		return nil, err
	}
	seed, ok := sk.Seed()
	if !ok {
		return nil, ErrNoSeed
	}
	return seed[:], nil
}

// ExpandedBytes returns the FIPS 204 expanded private key encoding
// (skEncode, Algorithm 24), or nil for a nil or zero key.
func (k *PrivateKey) ExpandedBytes() []byte {
	sk, err := k.engineKey()
	if err != nil {
		return nil
	}
	out := make([]byte, sk.Params().PrivateKeySize())
	sk.EncodeExpanded(out)
	return out
}

// Equal reports whether x is a *PrivateKey or *[mldsa.PrivateKey] of the same
// key. A key from a seed equals the key loaded from its expanded encoding.
// A nil or zero key equals nothing, itself included.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	sk, err := k.engineKey()
	if err != nil {
		return false
	}
	switch x := x.(type) {
	case *PrivateKey:
		other, err := x.engineKey()
		return err == nil && k.params == x.params && sk.Equal(other)
	case *mldsa.PrivateKey:
		if x == nil {
			return false
		}
		// The standard library's key is taken to be of k's set; its public
		// key then settles it (a zero key's public key matches none).
		other, err := NewPrivateKey(k.params, x.Bytes())
		return err == nil && k.Equal(other) && k.PublicKey().Equal(x.PublicKey())
	}
	return false
}

// Sign signs digest with k, following the crypto.Signer convention:
//   - opts nil, or opts.HashFunc() zero: digest is the message itself, signed
//     with pure ML-DSA (FIPS 204, Algorithm 2); a context comes from
//     *[mldsa.Options] or *[Options];
//   - opts.HashFunc() == crypto.MLDSAMu: digest is a 64-byte external μ;
//   - opts an *[Options] whose Hash is another hash FIPS 204 allows: digest
//     is that hash of the message, signed with HashML-DSA (Algorithm 4). Any
//     other opts with such a hash (a plain [crypto.Hash], say) is an error,
//     as for crypto/mldsa.
//
// The signature is hedged (fresh randomness from crypto/rand; rand is
// ignored, as by crypto/mldsa) unless opts is an *[Options] with
// Deterministic set.
func (k *PrivateKey) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	sig, err := k.signatureBuffer()
	if err != nil {
		return nil, err
	}
	if err := k.sign(sig, digest, opts, false, false); err != nil {
		return nil, err
	}
	return sig, nil
}

// SignMessage signs msg with k. It is [PrivateKey.Sign] except that with a
// HashML-DSA hash in opts it hashes msg itself.
func (k *PrivateKey) SignMessage(rand io.Reader, msg []byte, opts crypto.SignerOpts) ([]byte, error) {
	sig, err := k.signatureBuffer()
	if err != nil {
		return nil, err
	}
	if err := k.sign(sig, msg, opts, true, false); err != nil {
		return nil, err
	}
	return sig, nil
}

// SignDeterministic works like [PrivateKey.Sign], but the signature is
// deterministic (rnd is 32 zero bytes), like
// [mldsa.PrivateKey.SignDeterministic].
func (k *PrivateKey) SignDeterministic(message []byte, opts crypto.SignerOpts) ([]byte, error) {
	sig, err := k.signatureBuffer()
	if err != nil {
		return nil, err
	}
	if err := k.sign(sig, message, opts, false, true); err != nil {
		return nil, err
	}
	return sig, nil
}

// SignTo is [PrivateKey.Sign] into the caller's buffer sig, which must be
// exactly the parameter set's signature size. It allocates nothing.
func (k *PrivateKey) SignTo(sig, digest []byte, opts crypto.SignerOpts) error {
	return k.sign(sig, digest, opts, false, false)
}

// signatureBuffer allocates a signature of k's set.
func (k *PrivateKey) signatureBuffer() ([]byte, error) {
	sk, err := k.engineKey()
	if err != nil {
		return nil, err
	}
	return make([]byte, sk.Params().SignatureSize()), nil
}

func (k *PrivateKey) sign(sig, input []byte, opts crypto.SignerOpts, hashInput, deterministic bool) error {
	sk, err := k.engineKey()
	if err != nil {
		return err
	}
	p := sk.Params()
	if len(sig) != p.SignatureSize() {
		return fmt.Errorf("signer: %s signature buffer is %d bytes, want %d", k.params, len(sig), p.SignatureSize())
	}
	o, err := parseOptions(opts)
	if err != nil {
		return err
	}
	var rnd [engine.RandomSize]byte
	if !deterministic && !o.deterministic {
		if _, err := rand.Read(rnd[:]); err != nil {
			return err
		}
	}
	var mu [MuSize]byte
	if err := o.mu(&mu, sk.PublicKey().Tr(), input, hashInput); err != nil {
		return err
	}
	return engineError(sk.SignMu(sig, &mu, &rnd))
}

// engineParams maps a standard-library parameter set to the engine's.
func engineParams(params mldsa.Parameters) (*engine.Params, error) {
	switch params {
	case mldsa.MLDSA44():
		return engine.MLDSA44, nil
	case mldsa.MLDSA65():
		return engine.MLDSA65, nil
	case mldsa.MLDSA87():
		return engine.MLDSA87, nil
	}
	return nil, errors.New("signer: unknown ML-DSA parameter set")
}

// otherSetHint names the parameter set whose size is n, if any, so that a key
// for the wrong set gets an error saying so.
func otherSetHint(n int, size func(*engine.Params) int) string {
	for _, p := range engine.All() {
		if size(p) == n {
			return " (the size of an " + p.Name + " key)"
		}
	}
	return ""
}
