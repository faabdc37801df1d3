package nccsign

import (
	"crypto/subtle"
	"errors"

	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// PublicKey is an expanded public key: ζ, t1, the transforms verification
// multiplies by, and the encoding.
type PublicKey struct {
	p       *Params
	t1      poly
	a       uniformNTT
	t1NTT   smallNTT
	tr      [seedSize]byte // SHAKE256(pk), as signing's tr
	encoded []byte
}

// PrivateKey is an expanded private key.
type PrivateKey struct {
	p               *Params
	zeta, key, tr   [seedSize]byte
	s1, s2, t0      poly
	a               uniformNTT
	s1NTT, s2NTT    smallNTT
	t0NTT           smallNTT
	t1              poly
	encoded, pubEnc []byte
}

// Params returns the key's parameter set.
func (pk *PublicKey) Params() *Params { return pk.p }

// Params returns the key's parameter set.
func (sk *PrivateKey) Params() *Params { return sk.p }

// Bytes returns the public key's encoding ζ ‖ t1 (the reference's pack_pk).
func (pk *PublicKey) Bytes() []byte { return append([]byte(nil), pk.encoded...) }

// Bytes returns the private key's encoding ζ ‖ key ‖ tr ‖ s1 ‖ s2 ‖ t0
// (the reference's pack_sk).
func (sk *PrivateKey) Bytes() []byte { return append([]byte(nil), sk.encoded...) }

// PublicKeyBytes returns the encoding of the matching public key.
func (sk *PrivateKey) PublicKeyBytes() []byte { return append([]byte(nil), sk.pubEnc...) }

// PublicKey returns the matching public key, sharing nothing mutable with
// sk (a's transforms are copied, not recomputed).
func (sk *PrivateKey) PublicKey() *PublicKey {
	pk := &PublicKey{p: sk.p, t1: append(poly(nil), sk.t1...), a: sk.a, tr: sk.tr, encoded: sk.PublicKeyBytes()}
	pk.p.field.SetSmall(&pk.t1NTT, pk.t1)
	return pk
}

// Equal reports whether pk and other are the same key, in constant time.
func (pk *PublicKey) Equal(other *PublicKey) bool {
	return pk.p == other.p && subtle.ConstantTimeCompare(pk.encoded, other.encoded) == 1
}

// Equal reports whether sk and other are the same key, in constant time.
func (sk *PrivateKey) Equal(other *PrivateKey) bool {
	return sk.p == other.p && subtle.ConstantTimeCompare(sk.encoded, other.encoded) == 1
}

// NewKeyFromSeeds is the reference's crypto_sign_keypair with its two
// random draws given: ζ (the seed of a) and the 32-byte seed expanded by
// SHAKE256 into ξ1 ‖ ξ2 ‖ key. s1 is sampled from ξ1 ‖ ξ2 and s2 from
// ξ2 ‖ key (64 bytes each, nonce 0, as the reference reads them); then
// t = −a·s1·2^−32 + s2 (the reference's product, see field.go), split by
// Power2Round.
func NewKeyFromSeeds(p *Params, zeta, seed *[seedSize]byte) *PrivateKey {
	var buf [3 * seedSize]byte
	shake256(buf[:], seed[:])
	sk := &PrivateKey{p: p, zeta: *zeta}
	copy(sk.key[:], buf[2*seedSize:])
	sk.s1 = p.sampleEta(buf[:2*seedSize])
	sk.s2 = p.sampleEta(buf[seedSize:])
	clear(buf[:]) // ξ1 ‖ ξ2 ‖ key: the key keeps its copy of key
	p.field.SetPair(&sk.a, p.expandA(zeta[:]))
	sk.t1 = sk.computeT()
	sk.pubEnc = p.encodePublic(zeta[:], sk.t1)
	shake256(sk.tr[:], sk.pubEnc)
	sk.encoded = sk.encode()
	sk.precompute()
	return sk
}

// computeT sets sk.t0 and returns t1, the Power2Round halves of
// t = fromMont(a·s1) + s2 lifted into [0, q + η].
func (sk *PrivateKey) computeT() poly {
	p := sk.p
	t := p.newPoly()
	p.mulUniform(t, &sk.a, sk.s1)
	t1 := p.newPoly()
	sk.t0 = p.newPoly()
	for i := range t {
		t1[i], sk.t0[i] = p.power2round(p.caddq(t[i] + sk.s2[i]))
	}
	clear(t) // a·s1: with t1 public, it gives t0 away
	return t1
}

// encodePublic returns ζ ‖ t1 (the reference's pack_pk).
func (p *Params) encodePublic(zeta []byte, t1 poly) []byte {
	out := make([]byte, p.PublicKeySize)
	copy(out, zeta)
	packUnsigned(out[seedSize:], t1, 25-int(p.d))
	return out
}

func (sk *PrivateKey) encode() []byte {
	p := sk.p
	out := make([]byte, 0, p.PrivateKeySize)
	out = append(out, sk.zeta[:]...)
	out = append(out, sk.key[:]...)
	out = append(out, sk.tr[:]...)
	eb := packedLen(p.n, etaBit)
	for _, s := range []poly{sk.s1, sk.s2} {
		b := make([]byte, eb)
		packOffset(b, s, eta, etaBit)
		out = append(out, b...)
		clear(b)
	}
	b := make([]byte, packedLen(p.n, int(p.d)))
	packOffset(b, sk.t0, 1<<(p.d-1), int(p.d))
	out = append(out, b...)
	clear(b)
	return out
}

// precompute makes the transforms signing multiplies by.
func (sk *PrivateKey) precompute() {
	sk.p.field.SetSmall(&sk.s1NTT, sk.s1)
	sk.p.field.SetSmall(&sk.s2NTT, sk.s2)
	sk.p.field.SetSmall(&sk.t0NTT, sk.t0)
}

// Errors of the decoders.
var (
	errPublicKeySize  = errors.New("nccsign: public key has the wrong length")
	errPrivateKeySize = errors.New("nccsign: private key has the wrong length")
	errEncoding       = errors.New("nccsign: non-canonical encoding")
	errInconsistent   = errors.New("nccsign: private key's t0 or tr does not match its s1, s2 and ζ")
)

// NewPublicKey decodes a public key (the reference's unpack_pk), rejecting
// a wrong length and non-zero padding bits.
func NewPublicKey(p *Params, b []byte) (*PublicKey, error) {
	if len(b) != p.PublicKeySize {
		return nil, errPublicKeySize
	}
	pk := &PublicKey{p: p, t1: p.newPoly(), encoded: append([]byte(nil), b...)}
	if !unpackUnsigned(pk.t1, b[seedSize:], 25-int(p.d)) {
		return nil, errEncoding
	}
	p.field.SetPair(&pk.a, p.expandA(b[:seedSize]))
	pk.p.field.SetSmall(&pk.t1NTT, pk.t1)
	shake256(pk.tr[:], b)
	return pk, nil
}

// NewPrivateKey decodes a private key (the reference's unpack_sk),
// rejecting a wrong length, coefficients of s1 or s2 outside [−η, η],
// non-zero padding bits, and a key whose t0 and tr are not those of its ζ,
// s1 and s2: the public key is recomputed from them (t = a·s1 + s2), so the
// decoded key carries it.
func NewPrivateKey(p *Params, b []byte) (*PrivateKey, error) {
	if len(b) != p.PrivateKeySize {
		return nil, errPrivateKeySize
	}
	sk := &PrivateKey{p: p, s1: p.newPoly(), s2: p.newPoly(), encoded: append([]byte(nil), b...)}
	copy(sk.zeta[:], b)
	copy(sk.key[:], b[seedSize:])
	copy(sk.tr[:], b[2*seedSize:])
	rest := b[3*seedSize:]
	eb := packedLen(p.n, etaBit)
	t0 := p.newPoly()
	ok := unpackOffset(sk.s1, rest[:eb], eta, etaBit, 2*eta)
	ok = unpackOffset(sk.s2, rest[eb:2*eb], eta, etaBit, 2*eta) && ok
	ok = unpackOffset(t0, rest[2*eb:], 1<<(p.d-1), int(p.d), 1<<p.d-1) && ok
	if !ok {
		return nil, errEncoding
	}
	p.field.SetPair(&sk.a, p.expandA(sk.zeta[:]))
	sk.t1 = sk.computeT()
	sk.pubEnc = p.encodePublic(sk.zeta[:], sk.t1)
	var tr [seedSize]byte
	shake256(tr[:], sk.pubEnc)
	var diff int32
	for i, x := range t0 {
		diff |= x ^ sk.t0[i]
	}
	clear(t0) // the encoding's copy; the key has its own
	if diff != 0 || subtle.ConstantTimeCompare(tr[:], sk.tr[:]) != 1 {
		return nil, errInconsistent
	}
	sk.precompute()
	return sk, nil
}

// shake256 writes SHAKE256(in) to out.
func shake256(out []byte, in ...[]byte) {
	var s keccak.Shake
	s.Init256()
	for _, b := range in {
		s.Absorb(b)
	}
	s.Squeeze(out)
	s.Clear() // it absorbed the seed in key generation, the key in signing
}
