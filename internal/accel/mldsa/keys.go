package mldsa

import (
	"crypto/subtle"
	"errors"

	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// PublicKey is an ML-DSA public key in the form verification uses: Â and
// t̂1·2ᵈ in the NTT domain, and tr = H(pk, 64). It is read-only once built, so
// it is safe for concurrent use.
type PublicKey struct {
	p   *Params
	rho [32]byte
	t1  [maxK]ringElement
	t1H [maxK]nttElement // NTT(t1·2ᵈ)
	tr  [64]byte
	a   []nttElement // Â, row-major, K·L elements
	pk  [2592]byte   // pkEncode output
	pkN int

	batch batchCache // per-key terms of the batch products, built on first use
}

// PrivateKey is an ML-DSA private key in the form signing uses: t̂0 and Â in
// the NTT domain and the packed tables of s1 and s2 (pspm.go) beside ρ, K
// and tr, so that Sign runs no ExpandA and no NTT of the key. It is
// read-only once built, so it is safe for concurrent use.
type PrivateKey struct {
	pub     PublicKey
	key     [32]byte
	seed    [32]byte
	hasSeed bool
	s1      [maxL]ringElement
	s2      [maxK]ringElement
	t0      [maxK]ringElement
	t0H     [maxK]nttElement
	packed  packedTables // s1 and s2 for the packed products c·s (pspm.go)
}

// Params returns the key's parameter set.
func (pk *PublicKey) Params() *Params { return pk.p }

// Params returns the key's parameter set.
func (sk *PrivateKey) Params() *Params { return sk.pub.p }

// H is SHAKE256 with a fixed output length (FIPS 204, Section 3.7), here
// over the concatenation of parts.
func hashParts(out []byte, parts ...[]byte) {
	var h keccak.Shake
	h.Init256()
	for _, part := range parts {
		h.Absorb(part)
	}
	h.Squeeze(out)
}

// NewPrivateKeyFromSeed derives the key pair from ξ (ML-DSA.KeyGen_internal,
// Algorithm 6, FIPS 204).
func NewPrivateKeyFromSeed(p *Params, seed *[SeedSize]byte) *PrivateKey {
	sk := &PrivateKey{seed: *seed, hasSeed: true}
	var expanded [128]byte
	hashParts(expanded[:], seed[:], []byte{byte(p.K), byte(p.L)})
	var rhoPrime [64]byte
	copy(sk.pub.rho[:], expanded[:32])
	copy(rhoPrime[:], expanded[32:96])
	copy(sk.key[:], expanded[96:])
	expandS(p, &sk.s1, &sk.s2, &rhoPrime)
	clear(expanded[:])
	clear(rhoPrime[:])
	sk.complete(p)
	return sk
}

// complete derives everything else from ρ, s1 and s2: Â, the packed tables
// of s1 and s2, t = A·s1 + s2 split into t1 and t0 (and t̂0), the public key
// and tr.
// It is shared by KeyGen and by skDecode, which checks the result.
func (sk *PrivateKey) complete(p *Params) {
	pub := &sk.pub
	pub.p = p
	pub.a = make([]nttElement, p.K*p.L)
	expandA(p, pub.a, &pub.rho, 0)
	sk.packed = newPackedTables(p, sk.s1[:p.L], sk.s2[:p.K])
	var s1H [maxL]nttElement // for t only: signing multiplies by s1 packed
	for i := range p.L {
		s1H[i] = ntt(&sk.s1[i])
	}
	for i := range p.K {
		acc := nttDot(pub.a[i*p.L:(i+1)*p.L], s1H[:p.L])
		t := invNTT(&acc)
		t = polyAdd(&t, &sk.s2[i])
		for j, c := range t {
			r1, r0 := power2Round(c)
			pub.t1[i][j] = fieldElement(r1)
			sk.t0[i][j] = r0
		}
		sk.t0H[i] = ntt(&sk.t0[i])
	}
	clear(s1H[:])
	pub.encodeAndPrepare()
}

// encodeAndPrepare computes pkEncode (Algorithm 22, FIPS 204), tr and t̂1·2ᵈ
// from ρ and t1. Â must already be set.
func (pk *PublicKey) encodeAndPrepare() {
	p := pk.p
	pk.pkN = p.PublicKeySize()
	enc := pk.pk[:pk.pkN]
	copy(enc, pk.rho[:])
	for i := range p.K {
		packT1(enc[32+320*i:], &pk.t1[i])
	}
	hashParts(pk.tr[:], enc)
	pk.prepareT1()
}

func (pk *PublicKey) prepareT1() {
	for i := range pk.p.K {
		pk.t1H[i] = nttT1(&pk.t1[i])
	}
}

// nttT1 returns NTT(t1·2ᵈ).
func nttT1(t1 *ringElement) nttElement {
	var t ringElement
	for j, c := range t1 {
		t[j] = fieldElement(uint32(c) << d) // t1 < 2¹⁰, so t1·2ᵈ < q
	}
	return ntt(&t)
}

// EncodedTr writes tr = H(pk, 64) for an encoded public key, the value μ
// binds, for use with [VerifyEncodedMu].
func EncodedTr(p *Params, pk []byte, tr *[64]byte) error {
	if len(pk) != p.PublicKeySize() {
		return errors.New("mldsa: invalid " + p.Name + " public key length")
	}
	hashParts(tr[:], pk)
	return nil
}

// NewPublicKey decodes pk (pkDecode, Algorithm 23, FIPS 204) and precomputes
// Â, t̂1·2ᵈ and tr. Every byte string of the right length is a valid public
// key, so only the length is checked.
func NewPublicKey(p *Params, pk []byte) (*PublicKey, error) {
	if len(pk) != p.PublicKeySize() {
		return nil, errors.New("mldsa: invalid " + p.Name + " public key length")
	}
	k := &PublicKey{p: p}
	copy(k.rho[:], pk)
	for i := range p.K {
		unpackT1(&k.t1[i], pk[32+320*i:])
	}
	k.a = make([]nttElement, p.K*p.L)
	expandA(p, k.a, &k.rho, 0)
	k.encodeAndPrepare()
	return k, nil
}

// Bytes returns pkEncode(ρ, t1) (Algorithm 22, FIPS 204).
func (pk *PublicKey) Bytes() []byte {
	return append([]byte(nil), pk.pk[:pk.pkN]...)
}

// Tr returns tr = H(pk, 64), the public-key hash that μ binds.
func (pk *PublicKey) Tr() *[64]byte { return &pk.tr }

// Equal reports whether pk and other encode the same public key.
func (pk *PublicKey) Equal(other *PublicKey) bool {
	return pk.p == other.p && subtle.ConstantTimeCompare(pk.pk[:pk.pkN], other.pk[:other.pkN]) == 1
}

// PublicKey returns the public half of sk; it shares sk's Â.
func (sk *PrivateKey) PublicKey() *PublicKey { return &sk.pub }

// Seed returns ξ and true when sk was generated from a seed, or false when
// it was decoded from the expanded encoding, which does not contain ξ.
func (sk *PrivateKey) Seed() ([SeedSize]byte, bool) { return sk.seed, sk.hasSeed }

// Equal reports, in constant time, whether sk and other are the same key.
// Keys built from the same ξ, or one from ξ and one from its expanded
// encoding, are equal.
func (sk *PrivateKey) Equal(other *PrivateKey) bool {
	if sk.pub.p != other.pub.p {
		return false
	}
	a := make([]byte, sk.pub.p.PrivateKeySize())
	b := make([]byte, sk.pub.p.PrivateKeySize())
	sk.EncodeExpanded(a)
	other.EncodeExpanded(b)
	return subtle.ConstantTimeCompare(a, b) == 1
}

// EncodeExpanded writes skEncode(ρ, K, tr, s1, s2, t0) (Algorithm 24, FIPS
// 204) to out, which must be PrivateKeySize bytes long.
func (sk *PrivateKey) EncodeExpanded(out []byte) {
	p := sk.pub.p
	out = out[:p.PrivateKeySize()]
	copy(out, sk.pub.rho[:])
	copy(out[32:], sk.key[:])
	copy(out[64:], sk.pub.tr[:])
	off := 128
	step := 32 * p.etaBits
	for i := range p.L {
		packEta(p, out[off:], &sk.s1[i])
		off += step
	}
	for i := range p.K {
		packEta(p, out[off:], &sk.s2[i])
		off += step
	}
	for i := range p.K {
		packT0(out[off:], &sk.t0[i])
		off += 32 * d
	}
}

// NewPrivateKeyFromExpanded decodes the expanded private key encoding
// (skDecode, Algorithm 25, FIPS 204) and checks it:
//   - s1 and s2 coefficients must be in [−η, η] (skDecode's own domain);
//   - t0 must equal the low part of Power2Round(A·s1 + s2) recomputed from ρ,
//     s1 and s2, and tr must equal H(pkEncode(ρ, t1)) for the t1 derived
//     there. FIPS 204 does not require these, but a key that fails them is
//     internally inconsistent: its signatures would not verify under the
//     public key it implies, or μ would bind the wrong public key. Every valid
//     expanded key in the Wycheproof and ACVP sets passes them.
//
// The key has no seed.
func NewPrivateKeyFromExpanded(p *Params, enc []byte) (*PrivateKey, error) {
	if len(enc) != p.PrivateKeySize() {
		return nil, errors.New("mldsa: invalid " + p.Name + " expanded private key length")
	}
	sk := &PrivateKey{}
	copy(sk.pub.rho[:], enc)
	copy(sk.key[:], enc[32:])
	var tr [64]byte
	copy(tr[:], enc[64:128])
	off := 128
	step := 32 * p.etaBits
	ok := true
	for i := range p.L {
		ok = unpackEta(p, &sk.s1[i], enc[off:]) && ok
		off += step
	}
	if !ok {
		return nil, errors.New("mldsa: invalid " + p.Name + " private key: s1 coefficient out of range")
	}
	for i := range p.K {
		ok = unpackEta(p, &sk.s2[i], enc[off:]) && ok
		off += step
	}
	if !ok {
		return nil, errors.New("mldsa: invalid " + p.Name + " private key: s2 coefficient out of range")
	}
	var t0 [maxK]ringElement
	for i := range p.K {
		unpackT0(&t0[i], enc[off:])
		off += 32 * d
	}
	sk.complete(p)
	same := 1
	for i := range p.K {
		for j := range n {
			same &= subtle.ConstantTimeEq(int32(t0[i][j]), int32(sk.t0[i][j]))
		}
	}
	clear(t0[:])
	if same != 1 {
		return nil, errors.New("mldsa: invalid " + p.Name + " private key: t0 does not match A·s1 + s2")
	}
	if subtle.ConstantTimeCompare(tr[:], sk.pub.tr[:]) != 1 {
		return nil, errors.New("mldsa: invalid " + p.Name + " private key: tr does not match the public key derived from it")
	}
	return sk, nil
}
