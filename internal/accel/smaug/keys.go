package smaug

import (
	"crypto/subtle"
	"errors"
	"sync"
)

// Errors for malformed input.
var (
	ErrEncapsulationKeyLength = errors.New("encapsulation key has the wrong length")
	ErrDecapsulationKeyLength = errors.New("decapsulation key has the wrong length")
	ErrDecapsulationKeySecret = errors.New("decapsulation key's secret is not a ternary vector of the set's Hamming weight")
	ErrDecapsulationKeyPair   = errors.New("decapsulation key's secret does not match its public key")
	ErrCiphertextLength       = errors.New("ciphertext has the wrong length")
)

// maxEncapsulationKeySize is the largest pk, SMAUG-T256's.
const maxEncapsulationKeySize = seedASize + maxK*11*n/8

// EncapsulationKey is a SMAUG-T public key: its encoding, H(pk), and the
// transforms of A and b. The zero value is not usable; set it with
// [EncapsulationKey.SetBytes] or take one from a [DecapsulationKey].
//
// Key generation, like the reference's, stops at the key pair: H(pk), b̂
// and Âᵀ's order are left to the key's first encapsulation or
// decapsulation (complete, under a sync.Once), so a key generated to be
// stored or sent never computes them.
//
// The transforms live in storage of exactly k² + k polynomials for the
// key's set, allocated when the key is set or given by
// [EncapsulationKey.SetStorage]; a key set again for the same set keeps its
// storage, so a reused key allocates nothing.
type EncapsulationKey struct {
	p       *Params
	dom     domain    // the transform of a and b
	a       []nttPoly // k², Âᵀ: a[j·k+i] is the transform of A[i][j]
	b       []nttPoly // k
	encoded [maxEncapsulationKeySize]byte
	h       [32]byte // SHA3-256(pk)
	pending bool     // generated: h and b̂ are not computed, a is in Â's order
	once    sync.Once
}

// DecapsulationKey is a SMAUG-T private key: its public key, the secret s
// (transformed, and packed as in sk), the implicit-rejection randomness t,
// and, for a generated key, its key-generation seed. Its transforms (its
// public key's and ŝ) live in storage of k² + 2k polynomials, as for
// [EncapsulationKey].
//
// Its implicit-rejection secret z is the 32 bytes that the reference's
// decapsulation reads at offset 64k + 2k of sk = s ‖ t ‖ pk, not at the
// offset 64k where t starts: z = t[2k:] ‖ pk[:2k]. Keys and ciphertexts
// match the reference only with that quirk, so it is kept.
//
// The fixed-size arrays (sEnc, and the public key's encoded) are read only
// within the set's lengths, so a key set again for another set needs no
// clearing.
type DecapsulationKey struct {
	ek      EncapsulationKey
	s       []nttPoly // k
	sEnc    [maxK * secretPolySize]byte
	t       [RejectionSize]byte
	z       [RejectionSize]byte
	seed    [KeySeedSize]byte
	hasSeed bool
}

// Poly is one polynomial of a key's storage, an NTT-domain element of
// 1 KiB: callers declare arrays of them for [EncapsulationKey.SetStorage]
// and [DecapsulationKey.SetStorage], and never look inside.
type Poly = nttPoly

// EncapsulationKeyPolys returns the number of polynomials an encapsulation
// key of p holds, k² + k.
func (p *Params) EncapsulationKeyPolys() int { return p.k*p.k + p.k }

// DecapsulationKeyPolys returns the number of polynomials a decapsulation
// key of p holds, k² + 2k.
func (p *Params) DecapsulationKeyPolys() int { return p.k*p.k + 2*p.k }

// SetStorage makes ek hold Âᵀ and b̂ in polys, which must have
// p.EncapsulationKeyPolys() polynomials and outlive ek; the next
// [EncapsulationKey.SetBytes] for p writes them. It lets a caller keep a key
// and its storage in one allocation.
func (ek *EncapsulationKey) SetStorage(p *Params, polys []Poly) {
	if len(polys) != p.EncapsulationKeyPolys() {
		panic("smaug: encapsulation key storage must hold k² + k polynomials")
	}
	k2 := p.k * p.k
	ek.a, ek.b = polys[:k2:k2], polys[k2:]
}

// SetStorage makes dk hold its transforms in polys, which must have
// p.DecapsulationKeyPolys() polynomials and outlive dk; the next
// [DecapsulationKey.GenerateKey] or [DecapsulationKey.SetBytes] for p
// writes them.
func (dk *DecapsulationKey) SetStorage(p *Params, polys []Poly) {
	if len(polys) != p.DecapsulationKeyPolys() {
		panic("smaug: decapsulation key storage must hold k² + 2k polynomials")
	}
	e := p.EncapsulationKeyPolys()
	dk.ek.SetStorage(p, polys[:e:e])
	dk.s = polys[e:]
}

// prepare gives ek storage for p, keeping its own if it fits.
func (ek *EncapsulationKey) prepare(p *Params) {
	if len(ek.a) != p.k*p.k || len(ek.b) != p.k {
		ek.SetStorage(p, make([]Poly, p.EncapsulationKeyPolys()))
	}
}

// prepare gives dk and its public key storage for p in one allocation,
// keeping their own if it fits.
func (dk *DecapsulationKey) prepare(p *Params) {
	if len(dk.s) != p.k || len(dk.ek.a) != p.k*p.k || len(dk.ek.b) != p.k {
		dk.SetStorage(p, make([]Poly, p.DecapsulationKeyPolys()))
	}
}

// reset clears dk, its storage included, and keeps the storage.
func (dk *DecapsulationKey) reset() {
	a, b, s := dk.ek.a, dk.ek.b, dk.s
	clear(a)
	clear(b)
	clear(s)
	*dk = DecapsulationKey{}
	dk.ek.a, dk.ek.b, dk.s = a, b, s
}

// GenerateKey sets dk to the key pair of the key-generation randomness seed
// and the implicit-rejection randomness t (the reference's two draws, in
// that order).
func (dk *DecapsulationKey) GenerateKey(p *Params, seed, t *[32]byte) { dk.keyGen(p, seed, t) }

// Params returns the key's parameter set.
func (ek *EncapsulationKey) Params() *Params { return ek.p }

// Bytes returns pk = seed_A ‖ b, in a new slice.
func (ek *EncapsulationKey) Bytes() []byte {
	return append([]byte(nil), ek.encoded[:ek.p.EncapsulationKeySize()]...)
}

// SetBytes sets ek to the encapsulation key pk of parameter set p. Every
// string of the right length is a key (b's packing has no invalid values).
func (ek *EncapsulationKey) SetBytes(p *Params, pk []byte) error {
	if len(pk) != p.EncapsulationKeySize() {
		return ErrEncapsulationKeyLength
	}
	ek.prepare(p)
	ek.p, ek.dom, ek.pending = p, activeDomain(), false
	ek.expandAHashing(pk)
	ek.transformB(pk)
	// The packing is a bijection, so pk is its own re-encoding.
	copy(ek.encoded[:], pk)
	return nil
}

// transformB sets b̂ from the encoding pk.
func (ek *EncapsulationKey) transformB(pk []byte) {
	p := ek.p
	var b poly // each b_i, decoded whole
	for i := range p.k {
		decodeRq(&b, pk[seedASize+i*p.polyQSize():], p.logQ)
		ek.dom.toNTTLazy(&ek.b[i], &b)
	}
}

// complete computes what key generation left pending: b̂ from the
// encoding, Âᵀ's order and H(pk).
func (ek *EncapsulationKey) complete() {
	if !ek.pending {
		return
	}
	pk := ek.encoded[:ek.p.EncapsulationKeySize()]
	ek.transformB(pk)
	ek.transposeA()
	ek.h = sha3256(pk)
	ek.pending = false
}

// inDomain returns ek, completed, if its transforms are in the active
// level's domain, and otherwise a copy with them remade from its encoding:
// a key made at one level serves every other (the tests force levels).
// Beyond its completion under the sync.Once, ek is never written, so keys
// stay safe to share between goroutines.
func (ek *EncapsulationKey) inDomain() *EncapsulationKey {
	if ek.dom == activeDomain() {
		ek.once.Do(ek.complete)
		return ek
	}
	c := new(EncapsulationKey)
	// The encoding is a valid pk of ek's set, which SetBytes accepts.
	_ = c.SetBytes(ek.p, ek.encoded[:ek.p.EncapsulationKeySize()])
	return c
}

// inDomain is EncapsulationKey.inDomain for dk's public key and ŝ, which
// is remade from its packing in sk.
func (dk *DecapsulationKey) inDomain() *DecapsulationKey {
	if dk.ek.dom == activeDomain() {
		dk.ek.once.Do(dk.ek.complete)
		return dk
	}
	p := dk.ek.p
	c := new(DecapsulationKey)
	c.prepare(p)
	// The encoding is a valid pk of dk's set, which SetBytes accepts.
	_ = c.ek.SetBytes(p, dk.ek.encoded[:p.EncapsulationKeySize()])
	for i := range p.k {
		var s poly
		decodeSecret(&s, dk.sEnc[i*secretPolySize:])
		c.ek.dom.toNTT(&c.s[i], &s)
	}
	c.sEnc, c.t, c.z, c.seed, c.hasSeed = dk.sEnc, dk.t, dk.z, dk.seed, dk.hasSeed
	return c
}

// column returns column i of Â, the row i of Âᵀ that encryption uses.
func (ek *EncapsulationKey) column(i int) []nttPoly {
	k := ek.p.k
	return ek.a[i*k : (i+1)*k]
}

// rowTo copies row i of Â to out and returns it: the sk check, which uses
// A itself, is a cold path.
func (ek *EncapsulationKey) rowTo(out *[maxK]nttPoly, i int) []nttPoly {
	k := ek.p.k
	for j := range k {
		out[j] = ek.a[j*k+i]
	}
	return out[:k]
}

// sVec returns ŝ as a vector.
func (dk *DecapsulationKey) sVec() []nttPoly { return dk.s }

// setRejection sets z from t and pk, at the reference's offset.
func (dk *DecapsulationKey) setRejection() {
	k := dk.ek.p.k
	n := copy(dk.z[:], dk.t[2*k:])
	copy(dk.z[n:], dk.ek.encoded[:2*k])
}

// EncapsulationKey returns the key's public half, which it shares.
func (dk *DecapsulationKey) EncapsulationKey() *EncapsulationKey { return &dk.ek }

// Seed returns the key-generation seed and t of a generated key, and false
// for a key set from sk bytes, which do not carry the seed.
func (dk *DecapsulationKey) Seed() (seed, t [32]byte, ok bool) {
	return dk.seed, dk.t, dk.hasSeed
}

// Bytes returns the reference's sk = s ‖ t ‖ pk, in a new slice.
func (dk *DecapsulationKey) Bytes() []byte {
	p := dk.ek.p
	out := make([]byte, 0, p.DecapsulationKeySize())
	out = append(out, dk.sEnc[:p.k*secretPolySize]...)
	out = append(out, dk.t[:]...)
	return append(out, dk.ek.encoded[:p.EncapsulationKeySize()]...)
}

// SetBytes sets dk to the decapsulation key sk = s ‖ t ‖ pk of parameter
// set p, and checks it as far as the encoding allows: every polynomial of s
// ternary with the set's Hamming weight, and e = b + A·s, the public key's
// error, within the Gaussian's support [−3, 3]. The checks branch only on
// their final verdicts.
func (dk *DecapsulationKey) SetBytes(p *Params, sk []byte) error {
	if len(sk) != p.DecapsulationKeySize() {
		return ErrDecapsulationKeyLength
	}
	k := p.k
	sLen := k * secretPolySize
	dk.reset()
	dk.prepare(p)
	if err := dk.ek.SetBytes(p, sk[sLen+RejectionSize:]); err != nil {
		return err
	}
	ok := 1
	var s [maxK]poly
	for i := range k {
		valid, weight := decodeSecret(&s[i], sk[i*secretPolySize:])
		ok &= valid & subtle.ConstantTimeEq(int32(weight), int32(p.hs))
		dk.ek.dom.toNTT(&dk.s[i], &s[i])
	}
	if ok == 0 {
		dk.reset()
		return ErrDecapsulationKeySecret
	}
	var b [maxK]poly
	small := int32(0)
	for i := range k {
		decodeRq(&b[i], sk[sLen+RejectionSize+seedASize+i*p.polyQSize():], p.logQ)
		var as poly
		var row [maxK]nttPoly
		dk.ek.p = p
		dk.ek.dom.dotProduct(&as, dk.ek.rowTo(&row, i), dk.sVec())
		for c := range n {
			e := (b[i][c] + as[c]) & (1<<p.logQ - 1)
			e -= (1 << p.logQ) & -((e >> (p.logQ - 1)) & 1) // centred
			small |= (3 - e) | (e + 3)                      // negative if |e| > 3
		}
	}
	if small < 0 {
		dk.reset()
		return ErrDecapsulationKeyPair
	}
	copy(dk.sEnc[:], sk[:sLen])
	copy(dk.t[:], sk[sLen:sLen+RejectionSize])
	dk.setRejection()
	return nil
}
