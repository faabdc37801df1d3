package kem

import (
	"crypto/rand"
	"errors"
	"sync"

	engine "github.com/crystals-go/crystals/internal/accel/mlkem"
)

// The ML-KEM operations into the caller's buffers, which allocate nothing:
// EncapsulateTo and DecapsulateTo on loaded keys, and EncapsulateBytes
// straight from an encoded encapsulation key (a TLS server's work per
// handshake), which parses the key into pooled storage instead of a new key
// object.

// EncapsulateTo is Encapsulate into the caller's buffers: sharedKey
// (SharedKeySize bytes) receives a fresh shared key and ciphertext (the
// set's ciphertext size) the ciphertext that carries it. It allocates
// nothing.
func (ek *encapsulationKey) EncapsulateTo(sharedKey, ciphertext []byte) error {
	if ek.k == nil {
		return ErrZeroKey
	}
	if err := checkBuffers(ek.s, sharedKey, ciphertext); err != nil {
		return err
	}
	var m [MessageSize]byte
	rand.Read(m[:])
	ek.encapsulateTo(sharedKey, ciphertext, &m)
	clear(m[:]) // m determines the shared key
	return nil
}

// DecapsulateTo is Decapsulate into the caller's buffer sharedKey
// (SharedKeySize bytes). It allocates nothing.
func (dk *decapsulationKey) DecapsulateTo(sharedKey, ciphertext []byte) error {
	if dk.s == nil {
		return ErrZeroKey
	}
	if len(sharedKey) != SharedKeySize {
		return lengthError(dk.s.Name(), "shared-key buffer", len(sharedKey), SharedKeySize, ErrBufferLength)
	}
	return dk.decapsulateTo((*[SharedKeySize]byte)(sharedKey), ciphertext)
}

// checkBuffers reports output buffers of the wrong lengths for s.
func checkBuffers(s Scheme, sharedKey, ciphertext []byte) error {
	if len(sharedKey) != s.SharedKeySize() {
		return lengthError(s.Name(), "shared-key buffer", len(sharedKey), s.SharedKeySize(), ErrBufferLength)
	}
	if len(ciphertext) != s.CiphertextSize() {
		return lengthError(s.Name(), "ciphertext buffer", len(ciphertext), s.CiphertextSize(), ErrBufferLength)
	}
	return nil
}

// EncapsulateBytes encapsulates a fresh shared key to the encoded
// encapsulation key of scheme s, into the caller's buffers: sharedKey
// (s.SharedKeySize() bytes) and ciphertext (s.CiphertextSize() bytes). It is
// s.NewEncapsulationKey(encapsulationKey) followed by Encapsulate, with the
// same checks (for ML-KEM, FIPS 203 Section 7.2: length and modulus) and the
// same output, for code that encapsulates to each key once. For ML-KEM-512,
// 768 and 1024 and the SMAUG-T sets it allocates nothing: the key is parsed
// into storage reused across calls (safe for concurrent use) rather than
// into a new key object. For the other schemes it makes the key and copies
// the outputs.
func EncapsulateBytes(s Scheme, encapsulationKey, sharedKey, ciphertext []byte) error {
	if s == nil {
		return errors.New("kem: EncapsulateBytes: nil scheme")
	}
	if pooled, ok := s.(bytesEncapsulator); ok {
		return pooled.encapsulateBytes(encapsulationKey, sharedKey, ciphertext)
	}
	ek, err := s.NewEncapsulationKey(encapsulationKey)
	if err != nil {
		return err
	}
	if err := checkBuffers(s, sharedKey, ciphertext); err != nil {
		return err
	}
	k, c := ek.Encapsulate()
	copy(sharedKey, k)
	copy(ciphertext, c)
	clear(k)
	return nil
}

// bytesEncapsulator is a scheme with its own EncapsulateBytes path, which
// parses the key into pooled storage and allocates nothing.
type bytesEncapsulator interface {
	encapsulateBytes(encapsulationKey, sharedKey, ciphertext []byte) error
}

var (
	_ bytesEncapsulator = (*mlkemScheme)(nil)
	_ bytesEncapsulator = (*SMAUGTScheme)(nil)
)

// encapsulateBytes is EncapsulateBytes for ML-KEM.
func (ms *mlkemScheme) encapsulateBytes(encapsulationKey, sharedKey, ciphertext []byte) error {
	if err := checkBuffers(ms, sharedKey, ciphertext); err != nil {
		return err
	}
	sc := parsedKeys.Get().(*parsedKey)
	defer parsedKeys.Put(sc)
	if err := sc.setBytes(ms, encapsulationKey, sc.polys[:ms.p.K+ms.p.K*ms.p.K]); err != nil {
		return err
	}
	var m [MessageSize]byte
	rand.Read(m[:])
	sc.encapsulateTo(sharedKey, ciphertext, &m)
	clear(m[:])
	return nil
}

// parsedKey is EncapsulateBytes' storage for one encapsulation key of any
// set: t̂ and Â for k up to 4. It holds only public values.
type parsedKey struct {
	encapsulationKey
	polys [4 + 4*4]engine.Poly
}

// parsedKeys are the parsedKeys not in use, so that EncapsulateBytes
// allocates none once the pool holds one per goroutine encapsulating at a
// time.
var parsedKeys = sync.Pool{New: func() any { return new(parsedKey) }}
