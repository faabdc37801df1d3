// Package circlkem adapts the schemes of package kem to circl's kem.Scheme
// (github.com/cloudflare/circl/kem), for code written against circl. Sizes and
// byte encodings are circl's:
//
//   - ML-KEM-512/768/1024: private keys are the FIPS 203 expanded
//     decapsulation key (imported with the FIPS 203 hash check, which circl
//     does not make), seeds are d‖z, encapsulation seeds are m.
//   - X-Wing: private keys and seeds are the 32-byte X-Wing seed; the
//     encapsulation seed is m‖ek_X (circl's kem/xwing). HPKE's MLKEM768-P256
//     and MLKEM1024-P384 (not in circl) likewise: the 32-byte seed, and
//     m‖ephemeral scalar.
//   - X25519MLKEM768: circl's kem/hybrid layout. The private key is the
//     expanded ML-KEM key followed by the X25519 private key; DeriveKeyPair
//     and EncapsulateDeterministically expand their seed with SHAKE256 into
//     an ML-KEM part and an X25519 part, the X25519 key being the first 32
//     bytes of SHAKE256 of its part.
//   - SecP256r1MLKEM768, SecP384r1MLKEM1024 (not in circl): the same layout
//     with the ECDH part first, as on the wire. An ECDH key derived from a
//     seed part is the first valid scalar among consecutive scalar-sized
//     blocks of SHAKE256(part), so derivation is deterministic (circl's
//     NIST-curve KEMs pass a SHAKE reader to ecdh.GenerateKey, which Go 1.26
//     and later ignore).
//   - SMAUG-T128/192/256, TiMER: private keys are the reference's sk = s‖t‖pk (the
//     KATs' encoding), seeds are seed‖t, encapsulation seeds are μ.
//
// Where circl's schemes panic, DeriveKeyPair returns nil keys for a seed of
// the wrong length; every other method reports bad input with an error.
package circlkem

import (
	"bytes"
	"crypto/ecdh"
	"crypto/sha3"
	"crypto/subtle"

	circl "github.com/cloudflare/circl/kem"

	"github.com/crystals-go/crystals/kem"
)

// family selects the key encodings of a scheme.
type family int

const (
	pureMLKEM family = iota
	xwing
	tlsHybrid
)

// adapter is the circl kem.Scheme of one kem.Scheme.
type adapter struct {
	s      kem.Scheme
	family family
	// For the TLS hybrids:
	pq         kem.Scheme // the ML-KEM half
	curve      ecdh.Curve
	scalarSize int
	pqFirst    bool
}

var adapters = func() map[string]*adapter {
	m := map[string]*adapter{}
	for _, s := range kem.Schemes() {
		a := &adapter{s: s}
		switch s.Name() {
		case "ML-KEM-512", "ML-KEM-768", "ML-KEM-1024":
			a.family = pureMLKEM
		case "X-Wing", "MLKEM768-P256", "MLKEM1024-P384":
			a.family = xwing // keyed by a 32-byte seed, encapsulation seed m‖ephemeral key
		case "SMAUG-T128", "SMAUG-T192", "SMAUG-T256", "TiMER":
			a.family = smaugT
		case "X25519MLKEM768":
			a.family, a.pq, a.curve, a.scalarSize, a.pqFirst = tlsHybrid, kem.MLKEM768(), ecdh.X25519(), 32, true
		case "SecP256r1MLKEM768":
			a.family, a.pq, a.curve, a.scalarSize = tlsHybrid, kem.MLKEM768(), ecdh.P256(), 32
		case "SecP384r1MLKEM1024":
			a.family, a.pq, a.curve, a.scalarSize = tlsHybrid, kem.MLKEM1024(), ecdh.P384(), 48
		default:
			panic("circlkem: no adapter for " + s.Name())
		}
		m[s.Name()] = a
	}
	return m
}()

// Scheme returns the circl kem.Scheme of s, a scheme of package kem, or nil
// for nil or a scheme without an adapter.
func Scheme(s kem.Scheme) circl.Scheme {
	if s == nil {
		return nil
	}
	a, ok := adapters[s.Name()]
	if !ok {
		return nil
	}
	return a
}

// Schemes returns the adapters of every scheme of package kem.
func Schemes() []circl.Scheme {
	var out []circl.Scheme
	for _, s := range kem.Schemes() {
		out = append(out, Scheme(s))
	}
	return out
}

type publicKey struct {
	a *adapter
	k kem.EncapsulationKey
}

type privateKey struct {
	a *adapter
	k kem.DecapsulationKey
}

// expandedSize is the length of the FIPS 203 expanded key of an ML-KEM scheme.
func expandedSize(s kem.Scheme) int { return 2*s.EncapsulationKeySize() + 32 }

func (a *adapter) Name() string        { return a.s.Name() }
func (a *adapter) PublicKeySize() int  { return a.s.EncapsulationKeySize() }
func (a *adapter) SharedKeySize() int  { return a.s.SharedKeySize() }
func (a *adapter) CiphertextSize() int { return a.s.CiphertextSize() }

func (a *adapter) PrivateKeySize() int {
	switch a.family {
	case pureMLKEM:
		return expandedSize(a.s)
	case xwing:
		return kem.XWingSeedSize
	case smaugT:
		return smaugPrivateKeySize(a.s)
	}
	return expandedSize(a.pq) + a.scalarSize
}

func (a *adapter) SeedSize() int {
	if a.family == tlsHybrid {
		return max(kem.SeedSize, a.scalarSize)
	}
	return a.s.SeedSize()
}

func (a *adapter) EncapsulationSeedSize() int {
	if a.family == tlsHybrid {
		return max(kem.MessageSize, a.scalarSize)
	}
	return a.s.EncapsulationSeedSize()
}

// parts splits b into the ML-KEM and ECDH parts of the hybrid layout.
func (a *adapter) parts(b []byte, pqLen int) (pq, ec []byte) {
	if a.pqFirst {
		return b[:pqLen], b[pqLen:]
	}
	return b[len(b)-pqLen:], b[:len(b)-pqLen]
}

func (a *adapter) join(pq, ec []byte) []byte {
	if a.pqFirst {
		return append(append([]byte{}, pq...), ec...)
	}
	return append(append([]byte{}, ec...), pq...)
}

// expand reads a hybrid seed as circl's kem/hybrid does: SHAKE256(seed)
// gives the first scheme's part, then the second's.
func (a *adapter) expand(seed []byte, pqLen int) (pq, ec []byte) {
	h := sha3.NewSHAKE256()
	h.Write(seed)
	out := make([]byte, pqLen+a.scalarSize)
	h.Read(out)
	return a.parts(out, pqLen)
}

// ecdhFromSeed derives an ECDH private key from a seed part: SHAKE256(part)
// is read in scalar-sized blocks until one is a valid private key (always the
// first for X25519, which is circl's rule there).
func (a *adapter) ecdhFromSeed(part []byte) *ecdh.PrivateKey {
	h := sha3.NewSHAKE256()
	h.Write(part)
	scalar := make([]byte, a.scalarSize)
	for {
		h.Read(scalar)
		if k, err := a.curve.NewPrivateKey(scalar); err == nil {
			return k
		}
	}
}

func (a *adapter) GenerateKeyPair() (circl.PublicKey, circl.PrivateKey, error) {
	dk, err := a.s.GenerateKey()
	if err != nil {
		return nil, nil, err
	}
	return a.pair(dk)
}

func (a *adapter) pair(dk kem.DecapsulationKey) (circl.PublicKey, circl.PrivateKey, error) {
	return &publicKey{a, dk.PublicKey()}, &privateKey{a, dk}, nil
}

// DeriveKeyPair derives a key pair from a seed of SeedSize bytes. It returns
// nil keys if the seed has another length (circl's schemes panic).
func (a *adapter) DeriveKeyPair(seed []byte) (circl.PublicKey, circl.PrivateKey) {
	if len(seed) != a.SeedSize() {
		return nil, nil
	}
	var dk kem.DecapsulationKey
	var err error
	if a.family == tlsHybrid {
		pqSeed, ecSeed := a.expand(seed, kem.SeedSize)
		var pq kem.DecapsulationKey
		if pq, err = a.pq.NewDecapsulationKey(pqSeed); err == nil {
			dk, err = kem.NewHybridDecapsulationKey(a.s, pq, a.ecdhFromSeed(ecSeed))
		}
	} else {
		dk, err = a.s.NewDecapsulationKey(seed)
	}
	if err != nil {
		return nil, nil // unreachable for a seed of the right length
	}
	pk, sk, err := a.pair(dk)
	if err != nil {
		return nil, nil
	}
	return pk, sk
}

func (a *adapter) Encapsulate(pk circl.PublicKey) (ct, ss []byte, err error) {
	pub, ok := pk.(*publicKey)
	if !ok || pub.a != a {
		return nil, nil, circl.ErrTypeMismatch
	}
	ss, ct = pub.k.Encapsulate()
	return ct, ss, nil
}

func (a *adapter) EncapsulateDeterministically(pk circl.PublicKey, seed []byte) (ct, ss []byte, err error) {
	pub, ok := pk.(*publicKey)
	if !ok || pub.a != a {
		return nil, nil, circl.ErrTypeMismatch
	}
	if len(seed) != a.EncapsulationSeedSize() {
		return nil, nil, circl.ErrSeedSize
	}
	random := seed
	if a.family == tlsHybrid {
		m, ecSeed := a.expand(seed, kem.MessageSize)
		random = a.join(m, a.ecdhFromSeed(ecSeed).Bytes())
	}
	ss, ct, err = pub.k.EncapsulateDeterministicForTesting(random)
	return ct, ss, err
}

func (a *adapter) Decapsulate(sk circl.PrivateKey, ct []byte) ([]byte, error) {
	if len(ct) != a.CiphertextSize() {
		return nil, circl.ErrCiphertextSize
	}
	priv, ok := sk.(*privateKey)
	if !ok || priv.a != a {
		return nil, circl.ErrTypeMismatch
	}
	return priv.k.Decapsulate(ct)
}

func (a *adapter) UnmarshalBinaryPublicKey(b []byte) (circl.PublicKey, error) {
	if len(b) != a.PublicKeySize() {
		return nil, circl.ErrPubKeySize
	}
	ek, err := a.s.NewEncapsulationKey(b)
	if err != nil {
		return nil, err
	}
	return &publicKey{a, ek}, nil
}

func (a *adapter) UnmarshalBinaryPrivateKey(b []byte) (circl.PrivateKey, error) {
	if len(b) != a.PrivateKeySize() {
		return nil, circl.ErrPrivKeySize
	}
	var dk kem.DecapsulationKey
	var err error
	switch a.family {
	case pureMLKEM:
		dk, err = expandedKey(a.s, b)
	case xwing:
		dk, err = a.s.NewDecapsulationKey(b)
	case smaugT:
		dk, err = smaugPrivateKey(a.s, b)
	default:
		pqBytes, ecBytes := a.parts(b, expandedSize(a.pq))
		var pq kem.DecapsulationKey
		if pq, err = expandedKey(a.pq, pqBytes); err != nil {
			return nil, err
		}
		ec, err := a.curve.NewPrivateKey(ecBytes)
		if err != nil {
			return nil, kem.ErrECDHKey
		}
		dk, err = kem.NewHybridDecapsulationKey(a.s, pq, ec)
		if err != nil {
			return nil, err
		}
	}
	if err != nil {
		return nil, err
	}
	_, sk, err := a.pair(dk)
	return sk, err
}

// expandedKey imports an expanded ML-KEM decapsulation key of scheme s.
func expandedKey(s kem.Scheme, b []byte) (kem.DecapsulationKey, error) {
	switch s.Name() {
	case "ML-KEM-512":
		return orNil(kem.NewExpandedDecapsulationKey512(b))
	case "ML-KEM-768":
		return orNil(kem.NewExpandedDecapsulationKey768(b))
	default:
		return orNil(kem.NewExpandedDecapsulationKey1024(b))
	}
}

func orNil[K kem.DecapsulationKey](k K, err error) (kem.DecapsulationKey, error) {
	if err != nil {
		return nil, err
	}
	return k, nil
}

// expanded returns the expanded encoding of an ML-KEM key of package kem.
func expanded(k kem.DecapsulationKey) []byte {
	return k.(interface{ ExpandedBytes() []byte }).ExpandedBytes()
}

func (pk *publicKey) Scheme() circl.Scheme { return pk.a }

func (pk *publicKey) MarshalBinary() ([]byte, error) { return pk.k.Bytes(), nil }

func (pk *publicKey) Equal(other circl.PublicKey) bool {
	o, ok := other.(*publicKey)
	return ok && o.a == pk.a && bytes.Equal(o.k.Bytes(), pk.k.Bytes())
}

func (sk *privateKey) Scheme() circl.Scheme { return sk.a }

func (sk *privateKey) MarshalBinary() ([]byte, error) {
	switch sk.a.family {
	case pureMLKEM:
		return expanded(sk.k), nil
	case xwing:
		return sk.k.Bytes(), nil
	case smaugT:
		return smaugMarshal(sk.k), nil
	}
	h := sk.k.(*kem.HybridDecapsulationKey)
	ec, ok := h.ECDH().(*ecdh.PrivateKey)
	if !ok {
		return nil, kem.ErrECDHKey
	}
	return sk.a.join(expanded(h.MLKEM()), ec.Bytes()), nil
}

func (sk *privateKey) Equal(other circl.PrivateKey) bool {
	o, ok := other.(*privateKey)
	if !ok || o.a != sk.a {
		return false
	}
	a, err1 := sk.MarshalBinary()
	b, err2 := o.MarshalBinary()
	return err1 == nil && err2 == nil && subtle.ConstantTimeCompare(a, b) == 1
}

func (sk *privateKey) Public() circl.PublicKey { return &publicKey{sk.a, sk.k.PublicKey()} }
