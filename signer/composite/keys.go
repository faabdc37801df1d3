package composite

import (
	"bytes"
	"crypto"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/subtle"
	"errors"
	"fmt"

	"github.com/crystals-go/crystals/signer"
)

// Errors for bad keys; test with [errors.Is].
var (
	// ErrNoAlgorithm is returned for a nil or zero *Algorithm, and for a key
	// that was not made by this package's constructors: a nil pointer or the
	// zero value. Every method follows one rule for such keys and
	// algorithms: what returns an error returns this one; what has no error
	// result returns zero results (nil bytes and keys, "" names, false from
	// Equal) and never panics.
	ErrNoAlgorithm      = errors.New("composite: no algorithm given (or a zero-value key)")
	ErrPublicKeyLength  = errors.New("composite: public key too short for its ML-DSA half")
	ErrPrivateKeyLength = errors.New("composite: private key too short for its ML-DSA seed")
)

var _ crypto.MessageSigner = (*PrivateKey)(nil)

// PublicKey is a composite ML-DSA public key: an ML-DSA public key and a
// traditional one, valid together only.
type PublicKey struct {
	alg  *Algorithm
	pq   *mldsa.PublicKey
	trad crypto.PublicKey
	raw  []byte
}

// ParsePublicKey decodes the draft's raw public key mldsaPK ‖ tradPK: the
// FIPS 204 encoding, then a PKCS#1 RSAPublicKey, an uncompressed X9.62 point,
// or a raw Ed25519/Ed448 key.
func ParsePublicKey(alg *Algorithm, raw []byte) (*PublicKey, error) {
	if !alg.valid() {
		return nil, ErrNoAlgorithm
	}
	n := alg.pq.PublicKeySize()
	if len(raw) <= n {
		return nil, fmt.Errorf("%w (%s)", ErrPublicKeyLength, alg.name)
	}
	pq, err := mldsa.NewPublicKey(alg.pq, raw[:n])
	if err != nil {
		return nil, fmt.Errorf("composite: %s: ML-DSA public key: %w", alg.name, err)
	}
	trad, err := alg.trad.parsePublic(raw[n:])
	if err != nil {
		return nil, fmt.Errorf("composite: %s: traditional public key: %w", alg.name, err)
	}
	return newPublicKey(alg, pq, trad), nil
}

func newPublicKey(alg *Algorithm, pq *mldsa.PublicKey, trad crypto.PublicKey) *PublicKey {
	raw := append(pq.Bytes(), alg.trad.marshalPublic(trad)...)
	return &PublicKey{alg: alg, pq: pq, trad: trad, raw: raw}
}

// valid reports whether pk was made by a constructor.
func (pk *PublicKey) valid() bool { return pk != nil && pk.alg != nil }

// Algorithm returns the key's algorithm (nil for a nil or zero key).
func (pk *PublicKey) Algorithm() *Algorithm {
	if !pk.valid() {
		return nil
	}
	return pk.alg
}

// Bytes returns the raw encoding mldsaPK ‖ tradPK, the subjectPublicKey of
// the key's SPKI (nil for a nil or zero key).
func (pk *PublicKey) Bytes() []byte {
	if !pk.valid() {
		return nil
	}
	return bytes.Clone(pk.raw)
}

// MLDSA returns the ML-DSA half (nil for a nil or zero key).
func (pk *PublicKey) MLDSA() *mldsa.PublicKey {
	if !pk.valid() {
		return nil
	}
	return pk.pq
}

// Traditional returns the traditional half: *rsa.PublicKey,
// *ecdsa.PublicKey, ed25519.PublicKey, circl's ed448.PublicKey, or for the
// brainpool curves crystals' own point type (with Bytes and Equal); nil for
// a nil or zero key.
func (pk *PublicKey) Traditional() crypto.PublicKey {
	if !pk.valid() {
		return nil
	}
	return pk.trad
}

// Equal reports whether x is a *PublicKey of the same algorithm and value.
// Nil and zero keys equal nothing.
func (pk *PublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*PublicKey)
	return ok && pk.valid() && o.valid() && o.alg == pk.alg && bytes.Equal(o.raw, pk.raw)
}

// PrivateKey is a composite ML-DSA private key. It implements
// [crypto.Signer] and [crypto.MessageSigner] and is safe for concurrent use.
type PrivateKey struct {
	alg  *Algorithm
	pq   *signer.PrivateKey
	trad crypto.Signer
	pub  *PublicKey
}

// GenerateKey returns a new key of alg: a random 32-byte ML-DSA seed and a
// fresh traditional key (RSA with e = 65537).
func GenerateKey(alg *Algorithm) (*PrivateKey, error) {
	if !alg.valid() {
		return nil, ErrNoAlgorithm
	}
	trad, err := alg.trad.generate()
	if err != nil {
		return nil, fmt.Errorf("composite: %s: %w", alg.name, err)
	}
	seed := make([]byte, signer.SeedSize)
	rand.Read(seed)
	return NewPrivateKey(alg, seed, trad)
}

// NewPrivateKey assembles a key of alg from the 32-byte ML-DSA seed ξ (the
// only form of ML-DSA key the draft stores) and a traditional private key of
// the algorithm's type: *rsa.PrivateKey of the right size, *ecdsa.PrivateKey
// on the right curve, ed25519.PrivateKey, or circl's ed448.PrivateKey. A
// brainpool key comes only from GenerateKey or ParsePrivateKey.
func NewPrivateKey(alg *Algorithm, mldsaSeed []byte, trad crypto.Signer) (*PrivateKey, error) {
	if !alg.valid() {
		return nil, ErrNoAlgorithm
	}
	if err := alg.trad.checkType(trad); err != nil {
		return nil, fmt.Errorf("%w: want %s", err, alg.trad.name())
	}
	pq, err := signer.NewPrivateKey(alg.pq, mldsaSeed)
	if err != nil {
		return nil, fmt.Errorf("composite: %s: %w", alg.name, err)
	}
	return &PrivateKey{alg: alg, pq: pq, trad: trad, pub: newPublicKey(alg, pq.PublicKey(), trad.Public())}, nil
}

// ParsePrivateKey decodes the draft's raw private key mldsaSeed ‖ tradSK: the
// 32-byte seed, then a PKCS#1 RSAPrivateKey, an RFC 5915 ECPrivateKey (with
// its named curve), or a raw Ed25519/Ed448 seed.
func ParsePrivateKey(alg *Algorithm, raw []byte) (*PrivateKey, error) {
	if !alg.valid() {
		return nil, ErrNoAlgorithm
	}
	if len(raw) <= signer.SeedSize {
		return nil, fmt.Errorf("%w (%s)", ErrPrivateKeyLength, alg.name)
	}
	trad, err := alg.trad.parsePrivate(raw[signer.SeedSize:])
	if err != nil {
		return nil, fmt.Errorf("composite: %s: traditional private key: %w", alg.name, err)
	}
	return NewPrivateKey(alg, raw[:signer.SeedSize], trad)
}

// valid reports whether k was made by a constructor.
func (k *PrivateKey) valid() bool { return k != nil && k.alg != nil }

// Algorithm returns the key's algorithm (nil for a nil or zero key).
func (k *PrivateKey) Algorithm() *Algorithm {
	if !k.valid() {
		return nil
	}
	return k.alg
}

// Bytes returns the raw encoding mldsaSeed ‖ tradSK, the privateKey of the
// key's PKCS#8 PrivateKeyInfo (nil for a nil or zero key).
func (k *PrivateKey) Bytes() []byte {
	if !k.valid() {
		return nil
	}
	seed, err := k.pq.Seed()
	if err != nil {
		panic("composite: " + err.Error()) // unreachable: every constructor takes a seed
	}
	return append(seed, k.alg.trad.marshalPrivate(k.trad)...)
}

// Public returns the *PublicKey (a nil interface for a nil or zero key).
func (k *PrivateKey) Public() crypto.PublicKey {
	if !k.valid() {
		return nil
	}
	return k.pub
}

// PublicKey returns the public key (nil for a nil or zero key).
func (k *PrivateKey) PublicKey() *PublicKey {
	if !k.valid() {
		return nil
	}
	return k.pub
}

// MLDSA returns the ML-DSA half (nil for a nil or zero key).
func (k *PrivateKey) MLDSA() *signer.PrivateKey {
	if !k.valid() {
		return nil
	}
	return k.pq
}

// Traditional returns the traditional half (nil for a nil or zero key).
func (k *PrivateKey) Traditional() crypto.Signer {
	if !k.valid() {
		return nil
	}
	return k.trad
}

// Equal reports whether x is a *PrivateKey of the same algorithm and value,
// comparing the encodings in constant time. Nil and zero keys equal nothing.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	if !ok || !k.valid() || !o.valid() || o.alg != k.alg {
		return false
	}
	a, b := k.Bytes(), o.Bytes()
	return len(a) == len(b) && subtle.ConstantTimeCompare(a, b) == 1
}
