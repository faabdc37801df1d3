package kem

import engine "github.com/crystals-go/crystals/internal/accel/mlkem"

// Sizes of ML-KEM-768 encodings.
const (
	EncapsulationKeySize768 = 1184
	DecapsulationKeySize768 = 2400 // the expanded FIPS 203 encoding
	CiphertextSize768       = 1088
)

// EncapsulationKey768 is an ML-KEM-768 encapsulation key, holding the expanded
// matrix Â so that repeated encapsulations skip its derivation. It implements
// [crypto.Encapsulator]. The zero value is not a key (see [ErrZeroKey]).
type EncapsulationKey768 struct {
	encapsulationKey
	polys [3 + 3*3]engine.Poly // t̂ and Â, in the key's own allocation
}

// DecapsulationKey768 is an ML-KEM-768 decapsulation key. It implements
// [crypto.Decapsulator]. The zero value is not a key (see [ErrZeroKey]).
type DecapsulationKey768 struct {
	decapsulationKey
	ek EncapsulationKey768
	s  [3]engine.Poly // ŝ; t̂ and Â are in ek
}

func (dk *DecapsulationKey768) parts() (*decapsulationKey, *encapsulationKey) {
	return &dk.decapsulationKey, &dk.ek.encapsulationKey
}

func (dk *DecapsulationKey768) storage() (ekPolys, sPolys []engine.Poly) {
	return dk.ek.polys[:], dk.s[:]
}

func (dk *DecapsulationKey768) ownEncapsulationKey() EncapsulationKey { return &dk.ek }

// EncapsulationKey returns the key's encapsulation key, of this package's
// type (see Encapsulator for crypto/mlkem's).
func (dk *DecapsulationKey768) EncapsulationKey() *EncapsulationKey768 { return &dk.ek }

// GenerateKey768 returns a new random ML-KEM-768 decapsulation key.
func GenerateKey768() (*DecapsulationKey768, error) {
	return newMLKEMKey[DecapsulationKey768](scheme768, generate(engine.MLKEM768))
}

// NewDecapsulationKey768 derives an ML-KEM-768 decapsulation key from the
// 64-byte seed d‖z (ML-KEM.KeyGen_internal, FIPS 203, Algorithm 16).
func NewDecapsulationKey768(seed []byte) (*DecapsulationKey768, error) {
	return newMLKEMKey[DecapsulationKey768](scheme768, fromSeed(engine.MLKEM768, seed))
}

// SetSeed sets dk in place to the ML-KEM-768 decapsulation key derived from
// the 64-byte seed d‖z, the key NewDecapsulationKey768 returns, in dk's own
// memory: it allocates nothing, so that code which makes many keys can reuse
// their objects. dk may be a zero DecapsulationKey768 or a key in use, whose
// key pair it replaces: the encapsulation key dk.EncapsulationKey() returns
// is part of dk and changes with it. SetSeed must not run concurrently with
// any other method of dk. On error dk is unchanged.
func (dk *DecapsulationKey768) SetSeed(seed []byte) error {
	return setMLKEMKey(dk, scheme768, fromSeed(engine.MLKEM768, seed))
}

// NewExpandedDecapsulationKey768 parses a 2400-byte FIPS 203 expanded
// decapsulation key, with the Section 7.3 checks (length, the modulus check of
// the embedded encapsulation key, the hash check H(ek)), the modulus check of
// ŝ, and a pairwise consistency test: an accepted key re-encodes to dk and
// decapsulates what is encapsulated to it.
func NewExpandedDecapsulationKey768(dk []byte) (*DecapsulationKey768, error) {
	return newMLKEMKey[DecapsulationKey768](scheme768, fromExpanded(engine.MLKEM768, dk))
}

// NewEncapsulationKey768 parses an ML-KEM-768 encapsulation key, with the
// FIPS 203 Section 7.2 checks (length and modulus).
func NewEncapsulationKey768(encapsulationKey []byte) (*EncapsulationKey768, error) {
	ek := new(EncapsulationKey768)
	if err := ek.setBytes(scheme768, encapsulationKey, ek.polys[:]); err != nil {
		return nil, err
	}
	return ek, nil
}

// MLKEM768 returns the ML-KEM-768 [Scheme].
func MLKEM768() Scheme { return scheme768 }

var scheme768 = &mlkemScheme{
	p:        engine.MLKEM768,
	tlsGroup: 0x0201,
	hpkeKEM:  0x0041,
	stdlib:   stdlib768,
}
