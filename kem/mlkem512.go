package kem

import engine "github.com/crystals-go/crystals/internal/accel/mlkem"

// Sizes of ML-KEM-512 encodings.
const (
	EncapsulationKeySize512 = 800
	DecapsulationKeySize512 = 1632 // the expanded FIPS 203 encoding
	CiphertextSize512       = 768
)

// EncapsulationKey512 is an ML-KEM-512 encapsulation key, holding the expanded
// matrix Â so that repeated encapsulations skip its derivation. It implements
// [crypto.Encapsulator]. The zero value is not a key (see [ErrZeroKey]).
type EncapsulationKey512 struct {
	encapsulationKey
	polys [2 + 2*2]engine.Poly // t̂ and Â, in the key's own allocation
}

// DecapsulationKey512 is an ML-KEM-512 decapsulation key. It implements
// [crypto.Decapsulator]. The zero value is not a key (see [ErrZeroKey]).
type DecapsulationKey512 struct {
	decapsulationKey
	ek EncapsulationKey512
	s  [2]engine.Poly // ŝ; t̂ and Â are in ek
}

func (dk *DecapsulationKey512) parts() (*decapsulationKey, *encapsulationKey) {
	return &dk.decapsulationKey, &dk.ek.encapsulationKey
}

func (dk *DecapsulationKey512) storage() (ekPolys, sPolys []engine.Poly) {
	return dk.ek.polys[:], dk.s[:]
}

func (dk *DecapsulationKey512) ownEncapsulationKey() EncapsulationKey { return &dk.ek }

// EncapsulationKey returns the key's encapsulation key, of this package's
// type (the same one Encapsulator returns).
func (dk *DecapsulationKey512) EncapsulationKey() *EncapsulationKey512 { return &dk.ek }

// GenerateKey512 returns a new random ML-KEM-512 decapsulation key.
func GenerateKey512() (*DecapsulationKey512, error) {
	return newMLKEMKey[DecapsulationKey512](scheme512, generate(engine.MLKEM512))
}

// NewDecapsulationKey512 derives an ML-KEM-512 decapsulation key from the
// 64-byte seed d‖z (ML-KEM.KeyGen_internal, FIPS 203, Algorithm 16).
func NewDecapsulationKey512(seed []byte) (*DecapsulationKey512, error) {
	return newMLKEMKey[DecapsulationKey512](scheme512, fromSeed(engine.MLKEM512, seed))
}

// SetSeed sets dk in place to the ML-KEM-512 decapsulation key derived from
// the 64-byte seed d‖z, the key NewDecapsulationKey512 returns, in dk's own
// memory: it allocates nothing, so that code which makes many keys can reuse
// their objects. dk may be a zero DecapsulationKey512 or a key in use, whose
// key pair it replaces: the encapsulation key dk.EncapsulationKey() returns
// is part of dk and changes with it. SetSeed must not run concurrently with
// any other method of dk. On error dk is unchanged.
func (dk *DecapsulationKey512) SetSeed(seed []byte) error {
	return setMLKEMKey(dk, scheme512, fromSeed(engine.MLKEM512, seed))
}

// NewExpandedDecapsulationKey512 parses a 1632-byte FIPS 203 expanded
// decapsulation key, with the Section 7.3 checks (length, the modulus check of
// the embedded encapsulation key, the hash check H(ek)), the modulus check of
// ŝ, and a pairwise consistency test: an accepted key re-encodes to dk and
// decapsulates what is encapsulated to it.
func NewExpandedDecapsulationKey512(dk []byte) (*DecapsulationKey512, error) {
	return newMLKEMKey[DecapsulationKey512](scheme512, fromExpanded(engine.MLKEM512, dk))
}

// NewEncapsulationKey512 parses an ML-KEM-512 encapsulation key, with the
// FIPS 203 Section 7.2 checks (length and modulus).
func NewEncapsulationKey512(encapsulationKey []byte) (*EncapsulationKey512, error) {
	ek := new(EncapsulationKey512)
	if err := ek.setBytes(scheme512, encapsulationKey, ek.polys[:]); err != nil {
		return nil, err
	}
	return ek, nil
}

// MLKEM512 returns the ML-KEM-512 [Scheme].
func MLKEM512() Scheme { return scheme512 }

var scheme512 = &mlkemScheme{
	p:        engine.MLKEM512,
	tlsGroup: 0x0200,
	hpkeKEM:  0x0040,
	stdlib:   nil, // crypto/mlkem has no ML-KEM-512
}
