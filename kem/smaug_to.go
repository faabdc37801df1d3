package kem

import (
	"crypto/rand"
	"sync"

	engine "github.com/crystals-go/crystals/internal/accel/smaug"
)

// The SMAUG-T operations into the caller's buffers, which allocate nothing,
// as for ML-KEM (mlkem_to.go): EncapsulateTo and DecapsulateTo on loaded
// keys, and EncapsulateBytes' path for SMAUG-T, which parses the key into
// pooled storage.

// EncapsulateTo is Encapsulate into the caller's buffers: sharedKey
// (SharedKeySize bytes) receives a fresh shared key and ciphertext (the
// set's ciphertext size) the ciphertext that carries it. It allocates
// nothing.
func (ek *SMAUGTEncapsulationKey) EncapsulateTo(sharedKey, ciphertext []byte) error {
	if !ek.valid() {
		return ErrZeroKey
	}
	if err := checkBuffers(ek.s, sharedKey, ciphertext); err != nil {
		return err
	}
	var mu [SMAUGTMessageSize]byte
	rand.Read(mu[:])
	ek.encapsulateTo(sharedKey, ciphertext, mu[:ek.s.EncapsulationSeedSize()])
	clear(mu[:]) // μ determines the shared key
	return nil
}

// DecapsulateTo is Decapsulate into the caller's buffer sharedKey
// (SharedKeySize bytes). It allocates nothing.
func (dk *SMAUGTDecapsulationKey) DecapsulateTo(sharedKey, ciphertext []byte) error {
	if !dk.valid() {
		return ErrZeroKey
	}
	if len(sharedKey) != SharedKeySize {
		return lengthError(dk.s.Name(), "shared-key buffer", len(sharedKey), SharedKeySize, ErrBufferLength)
	}
	return dk.decapsulateTo(sharedKey, ciphertext)
}

// encapsulateBytes is EncapsulateBytes for s.
func (s *SMAUGTScheme) encapsulateBytes(encapsulationKey, sharedKey, ciphertext []byte) error {
	if !s.valid() {
		return ErrZeroKey
	}
	if err := checkBuffers(s, sharedKey, ciphertext); err != nil {
		return err
	}
	pk := smaugParsedKeys.Get().(*smaugParsedKey)
	defer smaugParsedKeys.Put(pk)
	pk.k.SetStorage(s.p, pk.polys[:s.p.EncapsulationKeyPolys()])
	if err := pk.k.SetBytes(s.p, encapsulationKey); err != nil {
		return schemeError(s.Name(), smaugError(err))
	}
	ek := SMAUGTEncapsulationKey{s: s, k: &pk.k}
	var mu [SMAUGTMessageSize]byte
	rand.Read(mu[:])
	ek.encapsulateTo(sharedKey, ciphertext, mu[:s.p.MessageSize()])
	clear(mu[:])
	return nil
}

// smaugParsedKey is EncapsulateBytes' storage for one SMAUG-T encapsulation
// key of any set: Âᵀ and b̂ for k up to 4. It holds only public values.
type smaugParsedKey struct {
	k     engine.EncapsulationKey
	polys [4*4 + 4]engine.Poly
}

// smaugParsedKeys are the smaugParsedKeys not in use, so that
// EncapsulateBytes allocates none once the pool holds one per goroutine
// encapsulating at a time.
var smaugParsedKeys = sync.Pool{New: func() any { return new(smaugParsedKey) }}
