package kem

import (
	"crypto"
	"crypto/mlkem"
	"crypto/rand"
	"crypto/subtle"
	"sync"

	engine "github.com/crystals-go/crystals/internal/accel/mlkem"
)

// Sizes shared by the three ML-KEM parameter sets.
const (
	// SeedSize is the length of an ML-KEM seed d‖z.
	SeedSize = 64
	// SharedKeySize is the length of an ML-KEM shared key.
	SharedKeySize = 32
	// MessageSize is the length of the randomness m of ML-KEM encapsulation.
	MessageSize = 32
)

// mlkemScheme is the [Scheme] of one ML-KEM parameter set.
type mlkemScheme struct {
	p        *engine.Params
	tlsGroup uint16
	hpkeKEM  uint16
	// stdlib converts an encoded encapsulation key to crypto/mlkem's type,
	// for crypto/hpke; nil for ML-KEM-512, which crypto/mlkem lacks.
	stdlib func(ek []byte) (crypto.Encapsulator, error)
}

func (s *mlkemScheme) Name() string               { return s.p.Name }
func (s *mlkemScheme) TLSGroup() uint16           { return s.tlsGroup }
func (s *mlkemScheme) HPKEKEM() uint16            { return s.hpkeKEM }
func (s *mlkemScheme) SeedSize() int              { return SeedSize }
func (s *mlkemScheme) EncapsulationKeySize() int  { return s.p.EncapsulationKeySize() }
func (s *mlkemScheme) CiphertextSize() int        { return s.p.CiphertextSize() }
func (s *mlkemScheme) SharedKeySize() int         { return SharedKeySize }
func (s *mlkemScheme) EncapsulationSeedSize() int { return MessageSize }

func (s *mlkemScheme) GenerateKey() (DecapsulationKey, error) {
	var seed [SeedSize]byte
	rand.Read(seed[:])
	return s.NewDecapsulationKey(seed[:])
}

func (s *mlkemScheme) NewDecapsulationKey(seed []byte) (DecapsulationKey, error) {
	switch s {
	case scheme512:
		return orNilDK(NewDecapsulationKey512(seed))
	case scheme768:
		return orNilDK(NewDecapsulationKey768(seed))
	default:
		return orNilDK(NewDecapsulationKey1024(seed))
	}
}

func (s *mlkemScheme) NewEncapsulationKey(ek []byte) (EncapsulationKey, error) {
	switch s {
	case scheme512:
		return orNilEK(NewEncapsulationKey512(ek))
	case scheme768:
		return orNilEK(NewEncapsulationKey768(ek))
	default:
		return orNilEK(NewEncapsulationKey1024(ek))
	}
}

// encapsulationKey is the implementation shared by EncapsulationKey512, 768
// and 1024.
type encapsulationKey struct {
	s *mlkemScheme
	k *engine.EncapsulationKey // &parsed, or the decapsulation key's own
	// parsed is the engine key of a key parsed from bytes. Its polynomials,
	// like a decapsulation key's, are arrays of the outer per-set type, so
	// that a key is one allocation.
	parsed engine.EncapsulationKey
}

// Bytes returns the encoded encapsulation key (nil for a zero key).
func (ek *encapsulationKey) Bytes() []byte {
	if ek.k == nil {
		return nil
	}
	return ek.k.AppendBytes(nil)
}

// Scheme returns the key's parameter set (nil for a zero key).
func (ek *encapsulationKey) Scheme() Scheme {
	if ek.s == nil {
		return nil
	}
	return ek.s
}

// Encapsulate returns a fresh shared key and the ciphertext that carries it
// (ML-KEM.Encaps, FIPS 203, Algorithm 20). A zero key, which has no error
// to return, returns nil for both (crypto/mlkem's zero key panics).
func (ek *encapsulationKey) Encapsulate() (sharedKey, ciphertext []byte) {
	if ek.k == nil {
		return nil, nil
	}
	var m [MessageSize]byte
	rand.Read(m[:])
	return ek.encapsulate(&m)
}

// EncapsulateDeterministicForTesting is ML-KEM.Encaps_internal (FIPS 203,
// Algorithm 17) with the 32-byte randomness m. It exists for known-answer
// tests: never use it in production.
func (ek *encapsulationKey) EncapsulateDeterministicForTesting(m []byte) (sharedKey, ciphertext []byte, err error) {
	if ek.k == nil {
		return nil, nil, ErrZeroKey
	}
	if len(m) != MessageSize {
		return nil, nil, lengthError(ek.s.Name(), "encapsulation randomness", len(m), MessageSize, ErrRandomnessLength)
	}
	sharedKey, ciphertext = ek.encapsulate((*[MessageSize]byte)(m))
	return sharedKey, ciphertext, nil
}

// encapsulate returns the shared key and the ciphertext of randomness m, in
// one allocation.
func (ek *encapsulationKey) encapsulate(m *[MessageSize]byte) (sharedKey, ciphertext []byte) {
	out := make([]byte, SharedKeySize+ek.k.Params().CiphertextSize())
	sharedKey, ciphertext = out[:SharedKeySize:SharedKeySize], out[SharedKeySize:]
	ek.encapsulateTo(sharedKey, ciphertext, m)
	return sharedKey, ciphertext
}

// encapsulateTo writes the shared key (SharedKeySize bytes) and the
// ciphertext of randomness m to the caller's buffers, which the hybrids cut
// from their own outputs.
func (ek *encapsulationKey) encapsulateTo(sharedKey, ciphertext []byte, m *[MessageSize]byte) {
	if err := ek.k.EncapsulateInternal((*[SharedKeySize]byte)(sharedKey), ciphertext, m); err != nil {
		// Unreachable: the key is initialised and the buffer sized for it.
		panic("kem: " + err.Error())
	}
}

// setBytes parses b into ek, whose polynomials go to polys.
func (ek *encapsulationKey) setBytes(s *mlkemScheme, b []byte, polys []engine.Poly) error {
	if want := s.EncapsulationKeySize(); len(b) != want {
		return lengthError(s.Name(), "encapsulation key", len(b), want, ErrEncapsulationKeyLength)
	}
	ek.parsed.SetStorage(s.p, polys)
	if err := ek.parsed.SetBytes(s.p, b); err != nil {
		return schemeError(s.Name(), err)
	}
	ek.s, ek.k = s, &ek.parsed
	return nil
}

// decapsulationKey is the implementation shared by DecapsulationKey512, 768
// and 1024.
type decapsulationKey struct {
	s *mlkemScheme
	k engine.DecapsulationKey

	// encapsulator is the key's crypto.Encapsulator: crypto/mlkem's type for
	// 768 and 1024, built on first use; the package's own for 512.
	encapsulatorOnce sync.Once
	encapsulator     crypto.Encapsulator
	own              EncapsulationKey // the outer type's encapsulation key
}

// PublicKey returns the encapsulation key as this package's type (the same
// key EncapsulationKey returns).
func (dk *decapsulationKey) PublicKey() EncapsulationKey { return dk.own }

// Scheme returns the key's parameter set (nil for a zero key).
func (dk *decapsulationKey) Scheme() Scheme {
	if dk.s == nil {
		return nil
	}
	return dk.s
}

// Decapsulate returns the shared key carried by ciphertext (ML-KEM.Decaps,
// FIPS 203, Algorithm 21). A ciphertext of the wrong length is an error; a
// well-formed but wrong one yields the implicit-rejection key and no error.
func (dk *decapsulationKey) Decapsulate(ciphertext []byte) (sharedKey []byte, err error) {
	sharedKey = make([]byte, SharedKeySize)
	if err := dk.decapsulateTo((*[SharedKeySize]byte)(sharedKey), ciphertext); err != nil {
		return nil, err
	}
	return sharedKey, nil
}

// decapsulateTo is Decapsulate into the caller's buffer, which the hybrids
// cut from their own outputs.
func (dk *decapsulationKey) decapsulateTo(sharedKey *[SharedKeySize]byte, ciphertext []byte) error {
	if dk.s == nil {
		return ErrZeroKey
	}
	if want := dk.s.CiphertextSize(); len(ciphertext) != want {
		return lengthError(dk.s.Name(), "ciphertext", len(ciphertext), want, ErrCiphertextLength)
	}
	if err := dk.k.Decapsulate(sharedKey, ciphertext); err != nil {
		return schemeError(dk.s.Name(), err)
	}
	return nil
}

// Bytes returns the 64-byte seed d‖z the key was derived from, as
// crypto/mlkem does, or nil for a key imported from the expanded encoding,
// which does not carry the seed.
func (dk *decapsulationKey) Bytes() []byte {
	seed, ok := dk.k.Seed()
	if !ok {
		return nil
	}
	return seed[:]
}

// ExpandedBytes returns the FIPS 203 expanded decapsulation key
// dk_PKE‖ek‖H(ek)‖z (nil for a zero key).
func (dk *decapsulationKey) ExpandedBytes() []byte {
	if dk.s == nil {
		return nil
	}
	return dk.k.AppendExpanded(nil)
}

// Encapsulator returns the encapsulation key as a [crypto.Encapsulator]. For
// ML-KEM-768 and ML-KEM-1024 it is crypto/mlkem's *EncapsulationKey768 or
// *EncapsulationKey1024, the type crypto/hpke checks for; EncapsulationKey
// returns this package's faster type. It is nil for a zero key.
func (dk *decapsulationKey) Encapsulator() crypto.Encapsulator {
	if dk.s == nil {
		return nil
	}
	dk.encapsulatorOnce.Do(func() {
		if dk.s.stdlib == nil {
			dk.encapsulator = dk.own
			return
		}
		ek, err := dk.s.stdlib(dk.k.EncapsulationKey().AppendBytes(nil))
		if err != nil {
			// Unreachable: the key passed the same checks here.
			panic("kem: crypto/mlkem rejects a valid encapsulation key: " + err.Error())
		}
		dk.encapsulator = ek
	})
	return dk.encapsulator
}

// mlkemKey is implemented by the pointer types of DecapsulationKey512, 768
// and 1024, so one generic constructor serves all three.
type mlkemKey[T any] interface {
	*T
	crypto.Decapsulator
	parts() (*decapsulationKey, *encapsulationKey)
	storage() (ekPolys, sPolys []engine.Poly) // the key's polynomial arrays
	ownEncapsulationKey() EncapsulationKey
}

// newMLKEMKey makes a decapsulation key of scheme s with load, which fills the
// engine key from a seed or an expanded encoding. The engine key keeps its
// polynomials in the per-set arrays of the new object: one allocation.
func newMLKEMKey[T any, PT mlkemKey[T]](s *mlkemScheme, load func(*engine.DecapsulationKey) error) (*T, error) {
	key := PT(new(T))
	if err := setMLKEMKey(key, s, load); err != nil {
		return nil, err
	}
	return (*T)(key), nil
}

// setMLKEMKey loads key, a new object or one in use, in place: load fills
// the engine key in the key's own polynomial arrays, and the crypto/mlkem
// encapsulator of a previous key is dropped. It allocates nothing. load
// checks its input before it writes, so that on error key is unchanged.
func setMLKEMKey[T any, PT mlkemKey[T]](key PT, s *mlkemScheme, load func(*engine.DecapsulationKey) error) error {
	if key == nil {
		return ErrZeroKey
	}
	dk, ek := key.parts()
	ekPolys, sPolys := key.storage()
	dk.k.SetStorage(s.p, ekPolys, sPolys)
	if err := load(&dk.k); err != nil {
		return schemeError(s.Name(), err)
	}
	dk.s = s
	dk.encapsulatorOnce, dk.encapsulator = sync.Once{}, nil
	ek.s, ek.k = s, dk.k.EncapsulationKey()
	dk.own = key.ownEncapsulationKey()
	return nil
}

// fromSeed loads a key from the 64-byte seed d‖z.
func fromSeed(p *engine.Params, seed []byte) func(*engine.DecapsulationKey) error {
	return func(dk *engine.DecapsulationKey) error {
		if len(seed) != SeedSize {
			return lengthError(p.Name, "seed", len(seed), SeedSize, ErrSeedLength)
		}
		return dk.SetSeed(p, seed)
	}
}

// fromExpanded loads a key from its FIPS 203 expanded encoding. It is the one
// import of expanded ML-KEM keys, which package x509ext and kem/circlkem use
// too: the Section 7.3 checks (length, modulus check of ek, H(ek)), the
// modulus check of ŝ (so the key re-encodes to b), and a pairwise
// consistency test, the only way to tell that ŝ belongs to ek.
func fromExpanded(p *engine.Params, b []byte) func(*engine.DecapsulationKey) error {
	return func(dk *engine.DecapsulationKey) error {
		if want := p.DecapsulationKeySize(); len(b) != want {
			return lengthError(p.Name, "expanded decapsulation key", len(b), want, ErrDecapsulationKeyLength)
		}
		if err := dk.SetExpanded(p, b); err != nil {
			return err
		}
		return pairwiseTest(dk)
	}
}

// pairwiseTest encapsulates fresh randomness to dk's encapsulation key and
// checks that dk decapsulates the ciphertext to the same shared key. A ŝ
// that does not belong to ek fails with overwhelming probability, since each
// wrong coefficient disturbs every coefficient of the decrypted message.
func pairwiseTest(dk *engine.DecapsulationKey) error {
	var m [MessageSize]byte
	var want, got [SharedKeySize]byte
	rand.Read(m[:])
	ct := make([]byte, dk.Params().CiphertextSize())
	if err := dk.EncapsulationKey().EncapsulateInternal(&want, ct, &m); err != nil {
		return err
	}
	if err := dk.Decapsulate(&got, ct); err != nil {
		return err
	}
	ok := subtle.ConstantTimeCompare(want[:], got[:]) == 1
	clear(m[:])
	clear(want[:])
	clear(got[:])
	if !ok {
		return ErrDecapsulationKeyPairwise
	}
	return nil
}

// generate loads a key from a random seed.
func generate(p *engine.Params) func(*engine.DecapsulationKey) error {
	return func(dk *engine.DecapsulationKey) error {
		var seed [SeedSize]byte
		rand.Read(seed[:])
		return dk.SetSeed(p, seed[:])
	}
}

// stdlib768 and stdlib1024 convert to crypto/mlkem's encapsulation keys.
func stdlib768(b []byte) (crypto.Encapsulator, error)  { return mlkem.NewEncapsulationKey768(b) }
func stdlib1024(b []byte) (crypto.Encapsulator, error) { return mlkem.NewEncapsulationKey1024(b) }
