package composite

import (
	"bytes"
	"crypto"
	"crypto/subtle"
	"errors"
	"fmt"

	"github.com/crystals-go/crystals/internal/combiner"
	"github.com/crystals-go/crystals/kem"
)

// Errors for bad input; test with [errors.Is].
var (
	// ErrNoAlgorithm is returned for a nil or zero *Algorithm, and for a key
	// that was not made by this package's constructors: a nil pointer or the
	// zero value. Every method follows one rule for such keys and
	// algorithms: what returns an error returns this one; what has no error
	// result, Encapsulate among them, returns zero results (nil bytes, keys
	// and ciphertexts, "" names, sizes 0, false from Equal) and never
	// panics.
	ErrNoAlgorithm      = errors.New("kem/composite: no algorithm given (or a zero-value key)")
	ErrKeyLength        = errors.New("kem/composite: key too short for its ML-KEM half")
	ErrCiphertextLength = errors.New("kem/composite: ciphertext has the wrong length")
	ErrRandomnessLength = errors.New("kem/composite: encapsulation randomness has the wrong length")
)

var (
	_ crypto.Encapsulator = (*EncapsulationKey)(nil)
	_ crypto.Decapsulator = (*DecapsulationKey)(nil)
)

func check(alg *Algorithm) error {
	if !alg.valid() {
		return ErrNoAlgorithm
	}
	return nil
}

// EncapsulationKey is a composite ML-KEM encapsulation key. It implements
// [crypto.Encapsulator].
type EncapsulationKey struct {
	alg  *Algorithm
	pq   kem.EncapsulationKey
	trad *tradPublic
	raw  []byte
}

// ParseEncapsulationKey decodes the draft's raw key mlkemEK ‖ tradPK: the
// FIPS 203 encoding (with its modulus check), then a PKCS#1 RSAPublicKey, an
// uncompressed point, or a raw X25519/X448 key.
func ParseEncapsulationKey(alg *Algorithm, raw []byte) (*EncapsulationKey, error) {
	if err := check(alg); err != nil {
		return nil, err
	}
	n := alg.pq.EncapsulationKeySize()
	if len(raw) <= n {
		return nil, fmt.Errorf("%w (%s)", ErrKeyLength, alg.name)
	}
	pq, err := alg.pq.NewEncapsulationKey(raw[:n])
	if err != nil {
		return nil, fmt.Errorf("kem/composite: %s: %w", alg.name, err)
	}
	trad, err := alg.trad.parsePublic(raw[n:])
	if err != nil {
		return nil, fmt.Errorf("kem/composite: %s: traditional key: %w", alg.name, err)
	}
	return newEncapsulationKey(alg, pq, trad), nil
}

func newEncapsulationKey(alg *Algorithm, pq kem.EncapsulationKey, trad *tradPublic) *EncapsulationKey {
	return &EncapsulationKey{alg: alg, pq: pq, trad: trad, raw: append(pq.Bytes(), trad.pk...)}
}

// valid reports whether ek was made by a constructor.
func (ek *EncapsulationKey) valid() bool { return ek != nil && ek.alg != nil }

// Algorithm returns the key's algorithm (nil for a nil or zero key).
func (ek *EncapsulationKey) Algorithm() *Algorithm {
	if !ek.valid() {
		return nil
	}
	return ek.alg
}

// Bytes returns the raw encoding mlkemEK ‖ tradPK, the subjectPublicKey of
// the key's SPKI (nil for a nil or zero key).
func (ek *EncapsulationKey) Bytes() []byte {
	if !ek.valid() {
		return nil
	}
	return bytes.Clone(ek.raw)
}

// Equal reports whether x is an *EncapsulationKey of the same algorithm and
// value. Nil and zero keys equal nothing.
func (ek *EncapsulationKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*EncapsulationKey)
	return ok && ek.valid() && o.valid() && o.alg == ek.alg && bytes.Equal(o.raw, ek.raw)
}

// Encapsulate returns a fresh shared key and the ciphertext mlkemCT ‖ tradCT
// that carries it; nil for both for a nil or zero key (see
// [ErrNoAlgorithm]).
func (ek *EncapsulationKey) Encapsulate() (sharedKey, ciphertext []byte) {
	if !ek.valid() {
		return nil, nil
	}
	random := randomBytes(kem.MessageSize)
	tr, err := ek.alg.trad.freshRandom()
	if err == nil {
		sharedKey, ciphertext, err = ek.EncapsulateDeterministicForTesting(append(random, tr...))
	}
	if err != nil {
		panic("kem/composite: " + err.Error()) // unreachable: a parsed key and fresh randomness of the right size
	}
	return sharedKey, ciphertext
}

// EncapsulateDeterministicForTesting encapsulates with the given randomness
// of [Algorithm.EncapsulationSeedSize] bytes instead of fresh random bytes:
// the ML-KEM message m, then the traditional randomness. It exists for
// known-answer tests: never use it in production, where reused randomness
// reveals the shared key.
func (ek *EncapsulationKey) EncapsulateDeterministicForTesting(random []byte) (sharedKey, ciphertext []byte, err error) {
	if !ek.valid() {
		return nil, nil, ErrNoAlgorithm
	}
	if len(random) != ek.alg.EncapsulationSeedSize() {
		return nil, nil, ErrRandomnessLength
	}
	ssPQ, ctPQ, err := ek.pq.EncapsulateDeterministicForTesting(random[:kem.MessageSize])
	if err != nil {
		return nil, nil, err
	}
	ssT, ctT, err := ek.alg.trad.encapsulate(ek.trad, random[kem.MessageSize:])
	if err != nil {
		return nil, nil, fmt.Errorf("kem/composite: %s: %w", ek.alg.name, err)
	}
	return combiner.Combine(ssPQ, ssT, ctT, ek.trad.pk, ek.alg.label), append(ctPQ, ctT...), nil
}

// DecapsulationKey is a composite ML-KEM decapsulation key. It implements
// [crypto.Decapsulator] and is safe for concurrent use.
type DecapsulationKey struct {
	alg  *Algorithm
	pq   kem.DecapsulationKey
	trad *tradPrivate
	ek   *EncapsulationKey
}

// GenerateKey returns a new key of alg: a random 64-byte ML-KEM seed and a
// fresh traditional key.
func GenerateKey(alg *Algorithm) (*DecapsulationKey, error) {
	if err := check(alg); err != nil {
		return nil, err
	}
	trad, err := alg.trad.generate()
	if err != nil {
		return nil, fmt.Errorf("kem/composite: %s: %w", alg.name, err)
	}
	return newDecapsulationKey(alg, randomBytes(kem.SeedSize), trad)
}

// ParseDecapsulationKey decodes the draft's raw key mlkemSeed ‖ tradSK: the
// 64-byte seed d‖z, then a PKCS#1 RSAPrivateKey, an ECPrivateKey with its
// named curve, or a raw X25519/X448 key. The traditional public key, which
// the encoding does not carry, is derived from the private one.
func ParseDecapsulationKey(alg *Algorithm, raw []byte) (*DecapsulationKey, error) {
	if err := check(alg); err != nil {
		return nil, err
	}
	if len(raw) <= kem.SeedSize {
		return nil, fmt.Errorf("%w (%s)", ErrKeyLength, alg.name)
	}
	trad, err := alg.trad.parsePrivate(raw[kem.SeedSize:])
	if err != nil {
		return nil, fmt.Errorf("kem/composite: %s: traditional key: %w", alg.name, err)
	}
	return newDecapsulationKey(alg, raw[:kem.SeedSize], trad)
}

func newDecapsulationKey(alg *Algorithm, seed []byte, trad *tradPrivate) (*DecapsulationKey, error) {
	pq, err := alg.pq.NewDecapsulationKey(seed)
	if err != nil {
		return nil, fmt.Errorf("kem/composite: %s: %w", alg.name, err)
	}
	pub, err := alg.trad.parsePublic(trad.pk)
	if err != nil {
		return nil, fmt.Errorf("kem/composite: %s: %w", alg.name, err)
	}
	return &DecapsulationKey{alg: alg, pq: pq, trad: trad, ek: newEncapsulationKey(alg, pq.PublicKey(), pub)}, nil
}

// valid reports whether dk was made by a constructor.
func (dk *DecapsulationKey) valid() bool { return dk != nil && dk.alg != nil }

// Algorithm returns the key's algorithm (nil for a nil or zero key).
func (dk *DecapsulationKey) Algorithm() *Algorithm {
	if !dk.valid() {
		return nil
	}
	return dk.alg
}

// Bytes returns the raw encoding mlkemSeed ‖ tradSK, the privateKey of the
// key's PKCS#8 PrivateKeyInfo (nil for a nil or zero key).
func (dk *DecapsulationKey) Bytes() []byte {
	if !dk.valid() {
		return nil
	}
	return append(dk.pq.Bytes(), dk.trad.sk...)
}

// EncapsulationKey returns the public key (nil for a nil or zero key).
func (dk *DecapsulationKey) EncapsulationKey() *EncapsulationKey {
	if !dk.valid() {
		return nil
	}
	return dk.ek
}

// Encapsulator returns the public key as a [crypto.Encapsulator] (a nil
// interface for a nil or zero key).
func (dk *DecapsulationKey) Encapsulator() crypto.Encapsulator {
	if !dk.valid() {
		return nil
	}
	return dk.ek
}

// Equal reports whether x is a *DecapsulationKey of the same algorithm and
// value, comparing the encodings in constant time. Nil and zero keys equal
// nothing.
func (dk *DecapsulationKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*DecapsulationKey)
	if !ok || !dk.valid() || !o.valid() || o.alg != dk.alg {
		return false
	}
	a, b := dk.Bytes(), o.Bytes()
	return len(a) == len(b) && subtle.ConstantTimeCompare(a, b) == 1
}

// Decapsulate returns the shared key of a ciphertext mlkemCT ‖ tradCT:
// SHA3-256(mlkemSS ‖ tradSS ‖ tradCT ‖ tradPK ‖ Label). ML-KEM rejects
// implicitly; a traditional half that fails returns [ErrTraditional].
func (dk *DecapsulationKey) Decapsulate(ciphertext []byte) ([]byte, error) {
	if !dk.valid() {
		return nil, ErrNoAlgorithm
	}
	if len(ciphertext) != dk.alg.CiphertextSize() {
		return nil, ErrCiphertextLength
	}
	n := dk.alg.pq.CiphertextSize()
	ssPQ, err := dk.pq.Decapsulate(ciphertext[:n])
	if err != nil {
		return nil, err
	}
	ssT, err := dk.alg.trad.decapsulate(dk.trad, ciphertext[n:])
	if err != nil {
		return nil, err
	}
	return combiner.Combine(ssPQ, ssT, ciphertext[n:], dk.trad.pk, dk.alg.label), nil
}
