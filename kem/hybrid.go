package kem

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/rand"
	"errors"
	"reflect"
)

// hybridScheme is a TLS hybrid of ML-KEM and ECDH (draft-ietf-tls-ecdhe-mlkem):
// key shares, ciphertexts and shared secrets are plain concatenations, ML-KEM
// first for X25519MLKEM768 and ECDH first for the NIST-curve hybrids.
type hybridScheme struct {
	name       string
	tlsGroup   uint16
	curve      ecdh.Curve
	pointSize  int // length of an ECDH public key (key share)
	scalarSize int // length of an ECDH private key, and of its shared secret
	pq         *mlkemScheme
	pqFirst    bool
}

var (
	x25519MLKEM768 = &hybridScheme{
		name: "X25519MLKEM768", tlsGroup: 0x11ec, curve: ecdh.X25519(),
		pointSize: 32, scalarSize: 32, pq: scheme768, pqFirst: true,
	}
	secP256r1MLKEM768 = &hybridScheme{
		name: "SecP256r1MLKEM768", tlsGroup: 0x11eb, curve: ecdh.P256(),
		pointSize: 65, scalarSize: 32, pq: scheme768,
	}
	secP384r1MLKEM1024 = &hybridScheme{
		name: "SecP384r1MLKEM1024", tlsGroup: 0x11ed, curve: ecdh.P384(),
		pointSize: 97, scalarSize: 48, pq: scheme1024,
	}
)

// X25519MLKEM768 returns the X25519MLKEM768 hybrid (TLS group 0x11EC): the
// client share is ek‖x25519, the server share ct‖x25519 and the shared secret
// ss_ML-KEM‖ss_X25519. Its seed is the ML-KEM seed d‖z followed by the X25519
// private key.
func X25519MLKEM768() Scheme { return x25519MLKEM768 }

// SecP256r1MLKEM768 returns the SecP256r1MLKEM768 hybrid (TLS group 0x11EB):
// the P-256 share (uncompressed point) comes first, then ML-KEM-768, in key
// shares, ciphertexts, shared secrets and the seed (the P-256 scalar followed
// by the ML-KEM seed d‖z).
func SecP256r1MLKEM768() Scheme { return secP256r1MLKEM768 }

// SecP384r1MLKEM1024 returns the SecP384r1MLKEM1024 hybrid (TLS group 0x11ED),
// laid out like [SecP256r1MLKEM768] with P-384 and ML-KEM-1024.
func SecP384r1MLKEM1024() Scheme { return secP384r1MLKEM1024 }

func (s *hybridScheme) Name() string              { return s.name }
func (s *hybridScheme) TLSGroup() uint16          { return s.tlsGroup }
func (s *hybridScheme) HPKEKEM() uint16           { return 0 }
func (s *hybridScheme) SeedSize() int             { return SeedSize + s.scalarSize }
func (s *hybridScheme) EncapsulationKeySize() int { return s.pq.EncapsulationKeySize() + s.pointSize }
func (s *hybridScheme) CiphertextSize() int       { return s.pq.CiphertextSize() + s.pointSize }
func (s *hybridScheme) SharedKeySize() int        { return SharedKeySize + s.scalarSize }

// EncapsulationSeedSize is the length of the ML-KEM randomness m and the
// ephemeral ECDH private key, in the scheme's order.
func (s *hybridScheme) EncapsulationSeedSize() int { return MessageSize + s.scalarSize }

// join concatenates the ML-KEM and ECDH parts in the scheme's order.
func (s *hybridScheme) join(pq, ec []byte) []byte {
	out := make([]byte, 0, len(pq)+len(ec))
	if s.pqFirst {
		return append(append(out, pq...), ec...)
	}
	return append(append(out, ec...), pq...)
}

// split separates b into its ML-KEM part of pqLen bytes and its ECDH part;
// it also cuts an output buffer into the places of the two parts.
func (s *hybridScheme) split(b []byte, pqLen int) (pq, ec []byte) {
	if s.pqFirst {
		return b[:pqLen], b[pqLen:]
	}
	return b[len(b)-pqLen:], b[:len(b)-pqLen]
}

func (s *hybridScheme) GenerateKey() (DecapsulationKey, error) {
	pq, err := s.pq.GenerateKey()
	if err != nil {
		return nil, err
	}
	ec, err := s.curve.GenerateKey(rand.Reader)
	if err != nil {
		return nil, schemeError(s.name, err)
	}
	return orNilDK(NewHybridDecapsulationKey(s, pq, ec))
}

func (s *hybridScheme) NewDecapsulationKey(seed []byte) (DecapsulationKey, error) {
	if len(seed) != s.SeedSize() {
		return nil, lengthError(s.name, "seed", len(seed), s.SeedSize(), ErrSeedLength)
	}
	pqSeed, ecSeed := s.split(seed, SeedSize)
	pq, err := s.pq.NewDecapsulationKey(pqSeed)
	if err != nil {
		return nil, err
	}
	ec, err := s.curve.NewPrivateKey(ecSeed)
	if err != nil {
		return nil, schemeError(s.name, ErrECDHKey)
	}
	return orNilDK(NewHybridDecapsulationKey(s, pq, ec))
}

func (s *hybridScheme) NewEncapsulationKey(encapsulationKey []byte) (EncapsulationKey, error) {
	if len(encapsulationKey) != s.EncapsulationKeySize() {
		return nil, lengthError(s.name, "encapsulation key", len(encapsulationKey), s.EncapsulationKeySize(), ErrEncapsulationKeyLength)
	}
	pqBytes, ecBytes := s.split(encapsulationKey, s.pq.EncapsulationKeySize())
	pq, err := s.pq.NewEncapsulationKey(pqBytes)
	if err != nil {
		return nil, err
	}
	ec, err := s.curve.NewPublicKey(ecBytes)
	if err != nil {
		return nil, schemeError(s.name, ErrECDHKey)
	}
	return orNilEK(NewHybridEncapsulationKey(s, pq, ec))
}

// HybridEncapsulationKey is the public key of a TLS hybrid (the client's key
// share). It implements [crypto.Encapsulator].
type HybridEncapsulationKey struct {
	s  *hybridScheme
	pq *encapsulationKey
	ec *ecdh.PublicKey
}

// HybridDecapsulationKey is the private key of a TLS hybrid. It implements
// [crypto.Decapsulator].
type HybridDecapsulationKey struct {
	s      *hybridScheme
	pq     DecapsulationKey
	pqImpl *decapsulationKey // pq's implementation, which decapsulates into our buffer
	ec     ecdh.KeyExchanger
	ek     HybridEncapsulationKey
}

// mlkemParts is implemented by this package's ML-KEM key types.
type mlkemParts interface {
	parts() (*decapsulationKey, *encapsulationKey)
}

// NewHybridEncapsulationKey assembles the encapsulation key of hybrid scheme
// from an ML-KEM encapsulation key of this package and an ECDH public key.
// X25519 public keys of low order are rejected: they would give the all-zero
// shared secret the TLS draft forbids.
func NewHybridEncapsulationKey(scheme Scheme, pq EncapsulationKey, ec *ecdh.PublicKey) (*HybridEncapsulationKey, error) {
	s, err := hybridOf(scheme)
	if err != nil {
		return nil, err
	}
	if isNil(pq) {
		return nil, schemeError(s.name, ErrZeroKey)
	}
	if pq.Scheme() != Scheme(s.pq) {
		return nil, schemeError(s.name, ErrSchemeMismatch)
	}
	if ec == nil {
		return nil, schemeError(s.name, ErrZeroKey)
	}
	if ec.Curve() != s.curve {
		return nil, schemeError(s.name, ErrSchemeMismatch)
	}
	if s.curve == ecdh.X25519() && x25519LowOrder(ec.Bytes()) {
		return nil, schemeError(s.name, ErrX25519LowOrder)
	}
	var base *encapsulationKey
	switch k := pq.(type) {
	case *EncapsulationKey768:
		base = &k.encapsulationKey
	case *EncapsulationKey1024:
		base = &k.encapsulationKey
	default:
		return nil, schemeError(s.name, ErrSchemeMismatch)
	}
	return &HybridEncapsulationKey{s: s, pq: base, ec: ec}, nil
}

// NewHybridDecapsulationKey assembles the decapsulation key of hybrid scheme
// from an ML-KEM decapsulation key of this package and an ECDH private key
// (an [*ecdh.PrivateKey] or another [ecdh.KeyExchanger], such as a hardware
// key).
func NewHybridDecapsulationKey(scheme Scheme, pq DecapsulationKey, ec ecdh.KeyExchanger) (*HybridDecapsulationKey, error) {
	s, err := hybridOf(scheme)
	if err != nil {
		return nil, err
	}
	if isNil(pq) {
		return nil, schemeError(s.name, ErrZeroKey)
	}
	parts, ok := pq.(mlkemParts)
	if !ok || pq.Scheme() != Scheme(s.pq) {
		return nil, schemeError(s.name, ErrSchemeMismatch)
	}
	if isNil(ec) {
		return nil, schemeError(s.name, ErrZeroKey)
	}
	if ec.Curve() != s.curve {
		return nil, schemeError(s.name, ErrSchemeMismatch)
	}
	ecPub := ec.PublicKey()
	if ecPub == nil {
		return nil, schemeError(s.name, ErrECDHKey)
	}
	pqDK, pqEK := parts.parts()
	dk := &HybridDecapsulationKey{s: s, pq: pq, pqImpl: pqDK, ec: ec}
	dk.ek = HybridEncapsulationKey{s: s, pq: pqEK, ec: ecPub}
	return dk, nil
}

// hybridOf returns scheme as a TLS hybrid, or an error naming what it is.
func hybridOf(scheme Scheme) (*hybridScheme, error) {
	if isNil(scheme) {
		return nil, errors.New("kem: nil scheme; want a TLS hybrid such as X25519MLKEM768")
	}
	s, ok := scheme.(*hybridScheme)
	if !ok {
		return nil, schemeError(scheme.Name(), ErrSchemeMismatch)
	}
	return s, nil
}

// isNil reports whether v is nil or holds a nil pointer, which a method
// call through the interface would dereference.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}

// valid reports whether ek was made by a constructor.
func (ek *HybridEncapsulationKey) valid() bool { return ek != nil && ek.s != nil }

// Scheme returns the key's scheme (nil for a nil or zero key).
func (ek *HybridEncapsulationKey) Scheme() Scheme {
	if !ek.valid() {
		return nil
	}
	return ek.s
}

// Bytes returns the encoded key: the TLS client key share (nil for a nil or
// zero key).
func (ek *HybridEncapsulationKey) Bytes() []byte {
	if !ek.valid() {
		return nil
	}
	out := make([]byte, ek.s.EncapsulationKeySize())
	pq, ec := ek.s.split(out, ek.s.pq.EncapsulationKeySize())
	ek.pq.k.AppendBytes(pq[:0]) // encodes in place: pq has the room
	copy(ec, ek.ec.Bytes())
	return out
}

// Encapsulate returns a fresh shared key and the ciphertext (the TLS server
// key share) that carries it; nil for both for a nil or zero key.
func (ek *HybridEncapsulationKey) Encapsulate() (sharedKey, ciphertext []byte) {
	if !ek.valid() {
		return nil, nil
	}
	var m [MessageSize]byte
	rand.Read(m[:])
	eph, err := ek.s.curve.GenerateKey(rand.Reader)
	if err != nil {
		panic("kem: " + err.Error()) // crypto/rand does not fail
	}
	sharedKey, ciphertext, err = ek.encapsulate(&m, eph)
	if err != nil {
		// Unreachable: low-order X25519 keys are rejected on import.
		panic("kem: " + err.Error())
	}
	return sharedKey, ciphertext
}

// EncapsulateDeterministicForTesting encapsulates with the given randomness:
// the ML-KEM message m and the ephemeral ECDH private key, in the scheme's
// order. It exists for known-answer tests: never use it in production.
func (ek *HybridEncapsulationKey) EncapsulateDeterministicForTesting(random []byte) (sharedKey, ciphertext []byte, err error) {
	if !ek.valid() {
		return nil, nil, ErrZeroKey
	}
	if len(random) != ek.s.EncapsulationSeedSize() {
		return nil, nil, lengthError(ek.s.name, "encapsulation randomness", len(random), ek.s.EncapsulationSeedSize(), ErrRandomnessLength)
	}
	m, scalar := ek.s.split(random, MessageSize)
	eph, err := ek.s.curve.NewPrivateKey(scalar)
	if err != nil {
		return nil, nil, schemeError(ek.s.name, ErrECDHKey)
	}
	return ek.encapsulate((*[MessageSize]byte)(m), eph)
}

func (ek *HybridEncapsulationKey) encapsulate(m *[MessageSize]byte, eph *ecdh.PrivateKey) (sharedKey, ciphertext []byte, err error) {
	ssEC, err := eph.ECDH(ek.ec)
	if err != nil {
		return nil, nil, schemeError(ek.s.name, ErrX25519LowOrder)
	}
	// One allocation: ML-KEM writes its shared key and ciphertext in place.
	s := ek.s
	out := make([]byte, s.SharedKeySize()+s.CiphertextSize())
	sharedKey, ciphertext = out[:s.SharedKeySize():s.SharedKeySize()], out[s.SharedKeySize():]
	ssPQ, ssECOut := s.split(sharedKey, SharedKeySize)
	ctPQ, ctEC := s.split(ciphertext, s.pq.CiphertextSize())
	copy(ssECOut, ssEC)
	copy(ctEC, eph.PublicKey().Bytes())
	ek.pq.encapsulateTo(ssPQ, ctPQ, m)
	return sharedKey, ciphertext, nil
}

// valid reports whether dk was made by a constructor.
func (dk *HybridDecapsulationKey) valid() bool { return dk != nil && dk.s != nil }

// Scheme returns the key's scheme (nil for a nil or zero key).
func (dk *HybridDecapsulationKey) Scheme() Scheme {
	if !dk.valid() {
		return nil
	}
	return dk.s
}

// Bytes returns the seed: the ML-KEM seed d‖z and the ECDH private key in the
// scheme's order. It returns nil if the ML-KEM key has no seed or the ECDH key
// is not an [*ecdh.PrivateKey], and for a nil or zero key.
func (dk *HybridDecapsulationKey) Bytes() []byte {
	if !dk.valid() {
		return nil
	}
	pqSeed := dk.pq.Bytes()
	ec, ok := dk.ec.(*ecdh.PrivateKey)
	if pqSeed == nil || !ok {
		return nil
	}
	return dk.s.join(pqSeed, ec.Bytes())
}

// MLKEM returns the ML-KEM half of the key (nil for a nil or zero key).
func (dk *HybridDecapsulationKey) MLKEM() DecapsulationKey {
	if !dk.valid() {
		return nil
	}
	return dk.pq
}

// ECDH returns the ECDH half of the key (nil for a nil or zero key).
func (dk *HybridDecapsulationKey) ECDH() ecdh.KeyExchanger {
	if !dk.valid() {
		return nil
	}
	return dk.ec
}

// EncapsulationKey returns the key's encapsulation key (nil for a nil or
// zero key).
func (dk *HybridDecapsulationKey) EncapsulationKey() *HybridEncapsulationKey {
	if !dk.valid() {
		return nil
	}
	return &dk.ek
}

// Encapsulator returns the key's encapsulation key as a [crypto.Encapsulator]
// (nil for a nil or zero key).
func (dk *HybridDecapsulationKey) Encapsulator() crypto.Encapsulator {
	if !dk.valid() {
		return nil
	}
	return &dk.ek
}

// PublicKey returns the key's encapsulation key (nil for a nil or zero key).
func (dk *HybridDecapsulationKey) PublicKey() EncapsulationKey {
	if !dk.valid() {
		return nil
	}
	return &dk.ek
}

// Decapsulate returns the shared key carried by ciphertext (the TLS server
// key share). A wrong length, an invalid ECDH share, or an X25519 share that
// gives the all-zero secret is an error; a wrong ML-KEM ciphertext gets
// ML-KEM's implicit rejection.
func (dk *HybridDecapsulationKey) Decapsulate(ciphertext []byte) (sharedKey []byte, err error) {
	if !dk.valid() {
		return nil, ErrZeroKey
	}
	s := dk.s
	if len(ciphertext) != s.CiphertextSize() {
		return nil, lengthError(s.name, "ciphertext", len(ciphertext), s.CiphertextSize(), ErrCiphertextLength)
	}
	ctPQ, ctEC := s.split(ciphertext, s.pq.CiphertextSize())
	peer, err := s.curve.NewPublicKey(ctEC)
	if err != nil {
		return nil, schemeError(s.name, ErrECDHKey)
	}
	ssEC, err := dk.ec.ECDH(peer)
	if err != nil {
		if s.curve == ecdh.X25519() {
			return nil, schemeError(s.name, ErrX25519LowOrder)
		}
		return nil, schemeError(s.name, err)
	}
	sharedKey = make([]byte, s.SharedKeySize())
	ssPQ, ssECOut := s.split(sharedKey, SharedKeySize)
	if err := dk.pqImpl.decapsulateTo((*[SharedKeySize]byte)(ssPQ), ctPQ); err != nil {
		return nil, err
	}
	copy(ssECOut, ssEC)
	return sharedKey, nil
}

// x25519LowOrderPoints are the u-coordinates of the X25519 points of order 1,
// 2, 4 and 8, and the non-canonical encodings (u + p) of the small ones, as
// little-endian encodings with bit 255 clear (RFC 7748 ignores that bit). Any
// clamped scalar maps them to the all-zero shared secret.
var x25519LowOrderPoints = [][32]byte{
	{0}, // 0
	{1}, // 1
	// 325606250916557431795983626356110631294008115727848805560023387167927233504
	{0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4, 0x6a,
		0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00},
	// 39382357235489614581723060781553021112529911719440698176882885853963445705823
	{0x5f, 0x9c, 0x95, 0xbc, 0xa3, 0x50, 0x8c, 0x24, 0xb1, 0xd0, 0xb1, 0x55, 0x9c, 0x83, 0xef, 0x5b,
		0x04, 0x44, 0x5c, 0xc4, 0x58, 0x1c, 0x8e, 0x86, 0xd8, 0x22, 0x4e, 0xdd, 0xd0, 0x9f, 0x11, 0x57},
	// p − 1
	{0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
	// p (≡ 0)
	{0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
	// p + 1 (≡ 1)
	{0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
}

// x25519LowOrder reports whether the X25519 public key u is of low order, so
// that every private key gives the all-zero shared secret with it. Public
// data: the comparison need not be constant-time.
func x25519LowOrder(u []byte) bool {
	var masked [32]byte
	copy(masked[:], u)
	masked[31] &= 0x7f
	for _, p := range x25519LowOrderPoints {
		if bytes.Equal(masked[:], p[:]) {
			return true
		}
	}
	return false
}
