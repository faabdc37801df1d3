package kem

import (
	"crypto"
	"crypto/ecdh"
	"crypto/rand"
	"crypto/sha3"

	"github.com/crystals-go/crystals/internal/combiner"
)

// hpkeHybridScheme is a CFRG hybrid KEM as crypto/hpke builds it
// (draft-ietf-hpke-pq): ek = ek_PQ‖ek_T, ct = ct_PQ‖ct_T, shared key
// SHA3-256(ss_PQ‖ss_T‖ct_T‖ek_T‖label), and a 32-byte seed that SHAKE256
// expands into the ML-KEM seed d‖z and then, by rejection, the curve scalar.
type hpkeHybridScheme struct {
	name       string
	id         uint16
	curve      ecdh.Curve
	pointSize  int
	scalarSize int
	pq         *mlkemScheme
}

// HPKEHybridSeedSize is the seed length of [MLKEM768P256] and [MLKEM1024P384].
const HPKEHybridSeedSize = 32

var (
	_ EncapsulationKey = (*HPKEHybridEncapsulationKey)(nil)
	_ DecapsulationKey = (*HPKEHybridDecapsulationKey)(nil)
)

var (
	mlkem768P256  = &hpkeHybridScheme{name: "MLKEM768-P256", id: 0x0050, curve: ecdh.P256(), pointSize: 65, scalarSize: 32, pq: scheme768}
	mlkem1024P384 = &hpkeHybridScheme{name: "MLKEM1024-P384", id: 0x0051, curve: ecdh.P384(), pointSize: 97, scalarSize: 48, pq: scheme1024}
)

// MLKEM768P256 returns HPKE's MLKEM768-P256 KEM (0x0050), byte for byte what
// crypto/hpke's MLKEM768P256 computes, with ML-KEM on crystals' engine.
func MLKEM768P256() Scheme { return mlkem768P256 }

// MLKEM1024P384 returns HPKE's MLKEM1024-P384 KEM (0x0051), laid out like
// [MLKEM768P256] with ML-KEM-1024 and P-384.
func MLKEM1024P384() Scheme { return mlkem1024P384 }

func (s *hpkeHybridScheme) Name() string     { return s.name }
func (s *hpkeHybridScheme) TLSGroup() uint16 { return 0 }
func (s *hpkeHybridScheme) HPKEKEM() uint16  { return s.id }
func (s *hpkeHybridScheme) SeedSize() int    { return HPKEHybridSeedSize }
func (s *hpkeHybridScheme) EncapsulationKeySize() int {
	return s.pq.EncapsulationKeySize() + s.pointSize
}
func (s *hpkeHybridScheme) CiphertextSize() int { return s.pq.CiphertextSize() + s.pointSize }
func (s *hpkeHybridScheme) SharedKeySize() int  { return SharedKeySize }

// EncapsulationSeedSize is the ML-KEM message m followed by the ephemeral
// curve scalar.
func (s *hpkeHybridScheme) EncapsulationSeedSize() int { return MessageSize + s.scalarSize }

func (s *hpkeHybridScheme) GenerateKey() (DecapsulationKey, error) {
	seed := make([]byte, HPKEHybridSeedSize)
	rand.Read(seed)
	return s.NewDecapsulationKey(seed)
}

func (s *hpkeHybridScheme) NewDecapsulationKey(seed []byte) (DecapsulationKey, error) {
	if len(seed) != HPKEHybridSeedSize {
		return nil, schemeError(s.name, ErrSeedLength)
	}
	x := sha3.NewSHAKE256()
	x.Write(seed)
	pqSeed := make([]byte, SeedSize)
	x.Read(pqSeed)
	pq, err := s.pq.NewDecapsulationKey(pqSeed)
	clear(pqSeed)
	if err != nil {
		return nil, schemeError(s.name, err)
	}
	scalar := make([]byte, s.scalarSize)
	defer clear(scalar)
	for {
		// A scalar of zero or not below the order is skipped, as
		// crypto/hpke does; for P-256 and P-384 that is rarer than 2⁻³².
		x.Read(scalar)
		if t, err := s.curve.NewPrivateKey(scalar); err == nil {
			dk := &HPKEHybridDecapsulationKey{s: s, seed: [HPKEHybridSeedSize]byte(seed), pq: pq, t: t}
			dk.ek = HPKEHybridEncapsulationKey{s: s, pq: pq.PublicKey(), t: t.PublicKey()}
			return dk, nil
		}
	}
}

func (s *hpkeHybridScheme) NewEncapsulationKey(encapsulationKey []byte) (EncapsulationKey, error) {
	if len(encapsulationKey) != s.EncapsulationKeySize() {
		return nil, schemeError(s.name, ErrEncapsulationKeyLength)
	}
	n := s.pq.EncapsulationKeySize()
	pq, err := s.pq.NewEncapsulationKey(encapsulationKey[:n])
	if err != nil {
		return nil, schemeError(s.name, err)
	}
	t, err := s.curve.NewPublicKey(encapsulationKey[n:])
	if err != nil {
		return nil, schemeError(s.name, ErrECDHKey)
	}
	return &HPKEHybridEncapsulationKey{s: s, pq: pq, t: t}, nil
}

// HPKEHybridEncapsulationKey is an encapsulation key of [MLKEM768P256] or
// [MLKEM1024P384]. It implements [crypto.Encapsulator].
type HPKEHybridEncapsulationKey struct {
	s  *hpkeHybridScheme
	pq EncapsulationKey
	t  *ecdh.PublicKey
}

// HPKEHybridDecapsulationKey is a decapsulation key of [MLKEM768P256] or
// [MLKEM1024P384], kept with its 32-byte seed. It implements
// [crypto.Decapsulator].
type HPKEHybridDecapsulationKey struct {
	s    *hpkeHybridScheme
	seed [HPKEHybridSeedSize]byte
	pq   DecapsulationKey
	t    *ecdh.PrivateKey
	ek   HPKEHybridEncapsulationKey
}

// valid reports whether ek was made by a constructor.
func (ek *HPKEHybridEncapsulationKey) valid() bool { return ek != nil && ek.s != nil }

// Scheme returns the key's scheme (nil for a nil or zero key).
func (ek *HPKEHybridEncapsulationKey) Scheme() Scheme {
	if !ek.valid() {
		return nil
	}
	return ek.s
}

// Bytes returns ek_PQ‖ek_T (the uncompressed point), or nil for a nil or
// zero key.
func (ek *HPKEHybridEncapsulationKey) Bytes() []byte {
	if !ek.valid() {
		return nil
	}
	return append(ek.pq.Bytes(), ek.t.Bytes()...)
}

// Encapsulate returns a fresh shared key and the ciphertext ct_PQ‖ct_T;
// nil for both for a nil or zero key.
func (ek *HPKEHybridEncapsulationKey) Encapsulate() (sharedKey, ciphertext []byte) {
	if !ek.valid() {
		return nil, nil
	}
	eph, err := ek.s.curve.GenerateKey(rand.Reader)
	if err == nil {
		random := make([]byte, MessageSize, ek.s.EncapsulationSeedSize())
		rand.Read(random)
		sharedKey, ciphertext, err = ek.EncapsulateDeterministicForTesting(append(random, eph.Bytes()...))
	}
	if err != nil {
		panic("kem: " + err.Error()) // unreachable: fresh randomness of the right size
	}
	return sharedKey, ciphertext
}

// EncapsulateDeterministicForTesting encapsulates with the ML-KEM message
// random[:32] and the ephemeral scalar random[32:]. It exists for
// known-answer tests: never use it in production.
func (ek *HPKEHybridEncapsulationKey) EncapsulateDeterministicForTesting(random []byte) (sharedKey, ciphertext []byte, err error) {
	if !ek.valid() {
		return nil, nil, ErrZeroKey
	}
	if len(random) != ek.s.EncapsulationSeedSize() {
		return nil, nil, schemeError(ek.s.name, ErrRandomnessLength)
	}
	eph, err := ek.s.curve.NewPrivateKey(random[MessageSize:])
	if err != nil {
		return nil, nil, schemeError(ek.s.name, err)
	}
	ssT, err := eph.ECDH(ek.t)
	if err != nil {
		return nil, nil, schemeError(ek.s.name, err)
	}
	ssPQ, ctPQ, err := ek.pq.EncapsulateDeterministicForTesting(random[:MessageSize])
	if err != nil {
		return nil, nil, err
	}
	ctT := eph.PublicKey().Bytes()
	return combiner.Combine(ssPQ, ssT, ctT, ek.t.Bytes(), ek.s.name), append(ctPQ, ctT...), nil
}

// valid reports whether dk was made by a constructor.
func (dk *HPKEHybridDecapsulationKey) valid() bool { return dk != nil && dk.s != nil }

// Scheme returns the key's scheme (nil for a nil or zero key).
func (dk *HPKEHybridDecapsulationKey) Scheme() Scheme {
	if !dk.valid() {
		return nil
	}
	return dk.s
}

// Bytes returns the 32-byte seed, the key's HPKE serialisation, or nil for
// a nil or zero key.
func (dk *HPKEHybridDecapsulationKey) Bytes() []byte {
	if !dk.valid() {
		return nil
	}
	return append([]byte(nil), dk.seed[:]...)
}

// EncapsulationKey returns the public key (nil for a nil or zero key).
func (dk *HPKEHybridDecapsulationKey) EncapsulationKey() *HPKEHybridEncapsulationKey {
	if !dk.valid() {
		return nil
	}
	return &dk.ek
}

// Encapsulator returns the public key as a [crypto.Encapsulator] (nil for
// a nil or zero key).
func (dk *HPKEHybridDecapsulationKey) Encapsulator() crypto.Encapsulator {
	if !dk.valid() {
		return nil
	}
	return &dk.ek
}

// PublicKey returns the public key as an [EncapsulationKey] (nil for a nil
// or zero key).
func (dk *HPKEHybridDecapsulationKey) PublicKey() EncapsulationKey {
	if !dk.valid() {
		return nil
	}
	return &dk.ek
}

// Decapsulate returns the shared key of ct_PQ‖ct_T. ML-KEM rejects
// implicitly; an invalid curve point is an error, as in crypto/hpke.
func (dk *HPKEHybridDecapsulationKey) Decapsulate(ciphertext []byte) ([]byte, error) {
	if !dk.valid() {
		return nil, ErrZeroKey
	}
	if len(ciphertext) != dk.s.CiphertextSize() {
		return nil, schemeError(dk.s.name, ErrCiphertextLength)
	}
	n := dk.s.pq.CiphertextSize()
	ssPQ, err := dk.pq.Decapsulate(ciphertext[:n])
	if err != nil {
		return nil, err
	}
	peer, err := dk.s.curve.NewPublicKey(ciphertext[n:])
	if err != nil {
		return nil, schemeError(dk.s.name, ErrECDHKey)
	}
	ssT, err := dk.t.ECDH(peer)
	if err != nil {
		return nil, schemeError(dk.s.name, err)
	}
	return combiner.Combine(ssPQ, ssT, ciphertext[n:], dk.ek.t.Bytes(), dk.s.name), nil
}
