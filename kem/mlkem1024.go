package kem

import engine "github.com/crystals-go/crystals/internal/accel/mlkem"

// Sizes of ML-KEM-1024 encodings.
const (
	EncapsulationKeySize1024 = 1568
	DecapsulationKeySize1024 = 3168 // the expanded FIPS 203 encoding
	CiphertextSize1024       = 1568
)

// EncapsulationKey1024 is an ML-KEM-1024 encapsulation key, holding the expanded
// matrix Â so that repeated encapsulations skip its derivation. It implements
// [crypto.Encapsulator]. The zero value is not a key (see [ErrZeroKey]).
type EncapsulationKey1024 struct {
	encapsulationKey
	polys [4 + 4*4]engine.Poly // t̂ and Â, in the key's own allocation
}

// DecapsulationKey1024 is an ML-KEM-1024 decapsulation key. It implements
// [crypto.Decapsulator]. The zero value is not a key (see [ErrZeroKey]).
type DecapsulationKey1024 struct {
	decapsulationKey
	ek EncapsulationKey1024
	s  [4]engine.Poly // ŝ; t̂ and Â are in ek
}

func (dk *DecapsulationKey1024) parts() (*decapsulationKey, *encapsulationKey) {
	return &dk.decapsulationKey, &dk.ek.encapsulationKey
}

func (dk *DecapsulationKey1024) storage() (ekPolys, sPolys []engine.Poly) {
	return dk.ek.polys[:], dk.s[:]
}

func (dk *DecapsulationKey1024) ownEncapsulationKey() EncapsulationKey { return &dk.ek }

// EncapsulationKey returns the key's encapsulation key, of this package's
// type (see Encapsulator for crypto/mlkem's).
func (dk *DecapsulationKey1024) EncapsulationKey() *EncapsulationKey1024 { return &dk.ek }

// GenerateKey1024 returns a new random ML-KEM-1024 decapsulation key.
func GenerateKey1024() (*DecapsulationKey1024, error) {
	return newMLKEMKey[DecapsulationKey1024](scheme1024, generate(engine.MLKEM1024))
}

// NewDecapsulationKey1024 derives an ML-KEM-1024 decapsulation key from the
// 64-byte seed d‖z (ML-KEM.KeyGen_internal, FIPS 203, Algorithm 16).
func NewDecapsulationKey1024(seed []byte) (*DecapsulationKey1024, error) {
	return newMLKEMKey[DecapsulationKey1024](scheme1024, fromSeed(engine.MLKEM1024, seed))
}

// SetSeed sets dk in place to the ML-KEM-1024 decapsulation key derived from
// the 64-byte seed d‖z, the key NewDecapsulationKey1024 returns, in dk's own
// memory: it allocates nothing, so that code which makes many keys can reuse
// their objects. dk may be a zero DecapsulationKey1024 or a key in use, whose
// key pair it replaces: the encapsulation key dk.EncapsulationKey() returns
// is part of dk and changes with it. SetSeed must not run concurrently with
// any other method of dk. On error dk is unchanged.
func (dk *DecapsulationKey1024) SetSeed(seed []byte) error {
	return setMLKEMKey(dk, scheme1024, fromSeed(engine.MLKEM1024, seed))
}

// NewExpandedDecapsulationKey1024 parses a 3168-byte FIPS 203 expanded
// decapsulation key, with the Section 7.3 checks (length, the modulus check of
// the embedded encapsulation key, the hash check H(ek)), the modulus check of
// ŝ, and a pairwise consistency test: an accepted key re-encodes to dk and
// decapsulates what is encapsulated to it.
func NewExpandedDecapsulationKey1024(dk []byte) (*DecapsulationKey1024, error) {
	return newMLKEMKey[DecapsulationKey1024](scheme1024, fromExpanded(engine.MLKEM1024, dk))
}

// NewEncapsulationKey1024 parses an ML-KEM-1024 encapsulation key, with the
// FIPS 203 Section 7.2 checks (length and modulus).
func NewEncapsulationKey1024(encapsulationKey []byte) (*EncapsulationKey1024, error) {
	ek := new(EncapsulationKey1024)
	if err := ek.setBytes(scheme1024, encapsulationKey, ek.polys[:]); err != nil {
		return nil, err
	}
	return ek, nil
}

// MLKEM1024 returns the ML-KEM-1024 [Scheme].
func MLKEM1024() Scheme { return scheme1024 }

var scheme1024 = &mlkemScheme{
	p:        engine.MLKEM1024,
	tlsGroup: 0x0202,
	hpkeKEM:  0x0042,
	stdlib:   stdlib1024,
}
