package kem

import (
	"crypto"
	"crypto/ecdh"
	"crypto/hpke"
	"crypto/rand"
	"crypto/sha3"
)

// Sizes of X-Wing encodings (draft-connolly-cfrg-xwing-kem).
const (
	XWingSeedSize             = 32
	XWingEncapsulationKeySize = EncapsulationKeySize768 + 32
	XWingCiphertextSize       = CiphertextSize768 + 32
	XWingSharedKeySize        = 32
	XWingEncapsulationSeed    = 64 // m‖ek_X for EncapsulateDeterministicForTesting
)

// xwingLabel is XWingLabel, the ASCII art \./ /^\ of the draft's combiner.
const xwingLabel = "\\./" + "/^\\"

type xwingScheme struct{}

// XWing returns the X-Wing [Scheme] (draft-connolly-cfrg-xwing-kem): ML-KEM-768
// and X25519 with a SHA3-256 combiner and a 32-byte seed key. It is also HPKE's
// MLKEM768-X25519 KEM (0x647a).
func XWing() Scheme { return xwingScheme{} }

func (xwingScheme) Name() string               { return "X-Wing" }
func (xwingScheme) TLSGroup() uint16           { return 0 }
func (xwingScheme) HPKEKEM() uint16            { return 0x647a }
func (xwingScheme) SeedSize() int              { return XWingSeedSize }
func (xwingScheme) EncapsulationKeySize() int  { return XWingEncapsulationKeySize }
func (xwingScheme) CiphertextSize() int        { return XWingCiphertextSize }
func (xwingScheme) SharedKeySize() int         { return XWingSharedKeySize }
func (xwingScheme) EncapsulationSeedSize() int { return XWingEncapsulationSeed }

func (xwingScheme) GenerateKey() (DecapsulationKey, error) { return orNilDK(GenerateKeyXWing()) }

func (xwingScheme) NewDecapsulationKey(seed []byte) (DecapsulationKey, error) {
	return orNilDK(NewXWingDecapsulationKey(seed))
}

func (xwingScheme) NewEncapsulationKey(encapsulationKey []byte) (EncapsulationKey, error) {
	return orNilEK(NewXWingEncapsulationKey(encapsulationKey))
}

// XWingEncapsulationKey is an X-Wing encapsulation key pk_M‖pk_X. It
// implements [crypto.Encapsulator].
type XWingEncapsulationKey struct {
	pq *EncapsulationKey768
	x  *ecdh.PublicKey
}

// XWingDecapsulationKey is an X-Wing decapsulation key, kept with its 32-byte
// seed. It implements [crypto.Decapsulator].
type XWingDecapsulationKey struct {
	seed [XWingSeedSize]byte
	pq   *DecapsulationKey768
	x    *ecdh.PrivateKey
	ek   XWingEncapsulationKey
}

// GenerateKeyXWing returns a new random X-Wing decapsulation key.
func GenerateKeyXWing() (*XWingDecapsulationKey, error) {
	var seed [XWingSeedSize]byte
	rand.Read(seed[:])
	return NewXWingDecapsulationKey(seed[:])
}

// NewXWingDecapsulationKey derives the X-Wing key of a 32-byte seed:
// SHAKE256(seed, 96) gives the ML-KEM-768 d and z and the X25519 private key.
func NewXWingDecapsulationKey(seed []byte) (*XWingDecapsulationKey, error) {
	if len(seed) != XWingSeedSize {
		return nil, lengthError("X-Wing", "seed", len(seed), XWingSeedSize, ErrSeedLength)
	}
	var expanded [96]byte
	h := sha3.NewSHAKE256()
	h.Write(seed)
	h.Read(expanded[:])
	pq, err := NewDecapsulationKey768(expanded[:64])
	if err != nil {
		return nil, err
	}
	x, err := ecdh.X25519().NewPrivateKey(expanded[64:])
	if err != nil {
		return nil, schemeError("X-Wing", err)
	}
	clear(expanded[:])
	dk := &XWingDecapsulationKey{pq: pq, x: x}
	copy(dk.seed[:], seed)
	dk.ek = XWingEncapsulationKey{pq: pq.EncapsulationKey(), x: x.PublicKey()}
	return dk, nil
}

// NewXWingEncapsulationKey parses an X-Wing encapsulation key, with the FIPS
// 203 checks on its ML-KEM part.
func NewXWingEncapsulationKey(encapsulationKey []byte) (*XWingEncapsulationKey, error) {
	if len(encapsulationKey) != XWingEncapsulationKeySize {
		return nil, lengthError("X-Wing", "encapsulation key", len(encapsulationKey), XWingEncapsulationKeySize, ErrEncapsulationKeyLength)
	}
	pq, err := NewEncapsulationKey768(encapsulationKey[:EncapsulationKeySize768])
	if err != nil {
		return nil, schemeError("X-Wing", err)
	}
	x, err := ecdh.X25519().NewPublicKey(encapsulationKey[EncapsulationKeySize768:])
	if err != nil {
		return nil, schemeError("X-Wing", ErrECDHKey)
	}
	return &XWingEncapsulationKey{pq: pq, x: x}, nil
}

// valid reports whether ek was made by a constructor.
func (ek *XWingEncapsulationKey) valid() bool { return ek != nil && ek.pq != nil && ek.x != nil }

// Scheme returns [XWing] (nil for a nil or zero key).
func (ek *XWingEncapsulationKey) Scheme() Scheme {
	if !ek.valid() {
		return nil
	}
	return xwingScheme{}
}

// Bytes returns the encoded key pk_M‖pk_X (nil for a nil or zero key).
func (ek *XWingEncapsulationKey) Bytes() []byte {
	if !ek.valid() {
		return nil
	}
	out := ek.pq.k.AppendBytes(make([]byte, 0, XWingEncapsulationKeySize))
	return append(out, ek.x.Bytes()...)
}

// Encapsulate returns a fresh shared key and the ciphertext ct_M‖ct_X that
// carries it; nil for both for a nil or zero key.
func (ek *XWingEncapsulationKey) Encapsulate() (sharedKey, ciphertext []byte) {
	if !ek.valid() {
		return nil, nil
	}
	var eseed [XWingEncapsulationSeed]byte
	rand.Read(eseed[:])
	sharedKey, ciphertext, err := ek.EncapsulateDeterministicForTesting(eseed[:])
	if err != nil {
		panic("kem: " + err.Error()) // unreachable: the length is right
	}
	return sharedKey, ciphertext
}

// EncapsulateDeterministicForTesting is the draft's EncapsulateDerand: the
// ML-KEM randomness m is random[0:32] and the ephemeral X25519 key
// random[32:64]. It exists for known-answer tests: never use it in production.
func (ek *XWingEncapsulationKey) EncapsulateDeterministicForTesting(random []byte) (sharedKey, ciphertext []byte, err error) {
	if !ek.valid() {
		return nil, nil, ErrZeroKey
	}
	if len(random) != XWingEncapsulationSeed {
		return nil, nil, lengthError("X-Wing", "encapsulation randomness", len(random), XWingEncapsulationSeed, ErrRandomnessLength)
	}
	eph, err := ecdh.X25519().NewPrivateKey(random[32:])
	if err != nil {
		return nil, nil, schemeError("X-Wing", err)
	}
	// One allocation: ML-KEM writes ct_M in place, the combiner ss.
	out := make([]byte, XWingSharedKeySize+XWingCiphertextSize)
	sharedKey, ciphertext = out[:XWingSharedKeySize:XWingSharedKeySize], out[XWingSharedKeySize:]
	ctM, ctX := ciphertext[:CiphertextSize768], ciphertext[CiphertextSize768:]
	copy(ctX, eph.PublicKey().Bytes())
	var ssM [SharedKeySize]byte
	ek.pq.encapsulateTo(ssM[:], ctM, (*[MessageSize]byte)(random[:32]))
	xwingCombiner(sharedKey, ssM[:], x25519(eph, ek.x), ctX, ek.x.Bytes())
	clear(ssM[:])
	return sharedKey, ciphertext, nil
}

// x25519 returns the X25519 shared secret, which X-Wing uses even when it is
// all zero (a low-order peer key): the combiner binds ct_X and pk_X, and the
// draft does not reject that case. crypto/ecdh reports it as an error, with
// no other cause once both keys are parsed.
func x25519(priv *ecdh.PrivateKey, pub *ecdh.PublicKey) []byte {
	ss, err := priv.ECDH(pub)
	if err != nil {
		return make([]byte, 32)
	}
	return ss
}

// xwingCombiner writes the X-Wing combiner
// SHA3-256(ss_M‖ss_X‖ct_X‖pk_X‖XWingLabel) to ss. Its input, 134 bytes, is
// one SHA3-256 block, hashed from a stack buffer.
func xwingCombiner(ss, ssM, ssX, ctX, pkX []byte) {
	var in [4*32 + len(xwingLabel)]byte
	copy(in[0:], ssM)
	copy(in[32:], ssX)
	copy(in[64:], ctX)
	copy(in[96:], pkX)
	copy(in[128:], xwingLabel)
	sum := sha3.Sum256(in[:])
	copy(ss, sum[:])
	clear(in[:64])
}

// valid reports whether dk was made by a constructor.
func (dk *XWingDecapsulationKey) valid() bool { return dk != nil && dk.pq != nil && dk.x != nil }

// Scheme returns [XWing] (nil for a nil or zero key).
func (dk *XWingDecapsulationKey) Scheme() Scheme {
	if !dk.valid() {
		return nil
	}
	return xwingScheme{}
}

// Bytes returns the 32-byte seed, the X-Wing private key encoding (nil for
// a nil or zero key).
func (dk *XWingDecapsulationKey) Bytes() []byte {
	if !dk.valid() {
		return nil
	}
	return append([]byte(nil), dk.seed[:]...)
}

// EncapsulationKey returns the key's encapsulation key (nil for a nil or
// zero key).
func (dk *XWingDecapsulationKey) EncapsulationKey() *XWingEncapsulationKey {
	if !dk.valid() {
		return nil
	}
	return &dk.ek
}

// Encapsulator returns the key's encapsulation key as a [crypto.Encapsulator]
// (nil for a nil or zero key).
func (dk *XWingDecapsulationKey) Encapsulator() crypto.Encapsulator {
	if !dk.valid() {
		return nil
	}
	return &dk.ek
}

// PublicKey returns the key's encapsulation key (nil for a nil or zero key).
func (dk *XWingDecapsulationKey) PublicKey() EncapsulationKey {
	if !dk.valid() {
		return nil
	}
	return &dk.ek
}

// MLKEM returns the ML-KEM-768 half of the key (nil for a nil or zero key).
func (dk *XWingDecapsulationKey) MLKEM() *DecapsulationKey768 {
	if !dk.valid() {
		return nil
	}
	return dk.pq
}

// X25519 returns the X25519 half of the key (nil for a nil or zero key).
func (dk *XWingDecapsulationKey) X25519() *ecdh.PrivateKey {
	if !dk.valid() {
		return nil
	}
	return dk.x
}

// HPKEPrivateKey returns the key as a crypto/hpke MLKEM768-X25519 private
// key (X-Wing) whose decapsulation runs in this package's ML-KEM engine.
func (dk *XWingDecapsulationKey) HPKEPrivateKey() (hpke.PrivateKey, error) {
	if !dk.valid() {
		return nil, ErrZeroKey
	}
	return hpke.NewHybridPrivateKey(dk.pq, dk.x)
}

// Decapsulate returns the shared key carried by the 1120-byte ciphertext
// ct_M‖ct_X. A wrong length is an error; a wrong ML-KEM ciphertext gets
// implicit rejection.
func (dk *XWingDecapsulationKey) Decapsulate(ciphertext []byte) (sharedKey []byte, err error) {
	if !dk.valid() {
		return nil, ErrZeroKey
	}
	if len(ciphertext) != XWingCiphertextSize {
		return nil, lengthError("X-Wing", "ciphertext", len(ciphertext), XWingCiphertextSize, ErrCiphertextLength)
	}
	ctM, ctX := ciphertext[:CiphertextSize768], ciphertext[CiphertextSize768:]
	var ssM [SharedKeySize]byte
	if err := dk.pq.decapsulateTo(&ssM, ctM); err != nil {
		return nil, err
	}
	peer, err := ecdh.X25519().NewPublicKey(ctX)
	if err != nil {
		return nil, schemeError("X-Wing", ErrECDHKey)
	}
	sharedKey = make([]byte, XWingSharedKeySize)
	xwingCombiner(sharedKey, ssM[:], x25519(dk.x, peer), ctX, dk.ek.x.Bytes())
	clear(ssM[:])
	return sharedKey, nil
}
