package mldsa

import (
	"crypto/subtle"
	"errors"
	"sync"

	"github.com/crystals-go/crystals/internal/accel/keccak"
	"github.com/crystals-go/crystals/internal/accel/workpool"
)

// PublicKey is an ML-DSA public key in the form verification uses: Â and
// t̂1 in the NTT domain (verification applies the factor 2ᵈ to ĉ),
// pkEncode(ρ, t1) and tr = H(pk, 64). It is read-only once built, so it is
// safe for concurrent use. Its slices view one allocation sized for its
// parameter set (see keyBlock).
type PublicKey struct {
	p   *Params
	tr  [64]byte
	pk  []byte       // pkEncode(ρ, t1), PublicKeySize bytes; ρ is pk[:32]
	a   []nttElement // Â, row-major, K·L elements; read it through aHat
	t1H []nttElement // NTT(t1), K elements; read it through t1Hat

	// aOnce expands a: when a verification key is decoded (in its block),
	// and on the first use of a private key's public half that reads Â (a
	// signature, a verification, a batch; allocated then: key generation
	// and skDecode expand Â through a scratch window and keep none of it).
	aOnce sync.Once

	// t1HOnce computes t1H from pk: when a verification key is decoded (in
	// its block), and on the first verification through a private key's
	// public half (allocated then: signing never reads it).
	t1HOnce sync.Once

	batch batchCache // per-key terms of the batch products, built on first use
}

// PrivateKey is an ML-DSA private key in the form signing uses: t̂0 and Â in
// the NTT domain and the windows η − s of s1 and s2, from which a signature
// builds the tables of its packed products (pspm.go), beside ρ, K and tr, so
// that Sign runs no ExpandA and no NTT of the key after its first. Â is
// allocated and expanded on the first use that reads it (aHat): key
// generation and skDecode need each entry of Â only for the row of t it
// is in, and a key made to be encoded and stored never signs. Likewise key
// generation and skDecode keep t0 as 16-bit integers in the key's block,
// and the first signature computes t̂0 from them, into Â's allocation
// (t0Hat): a key made to be encoded and stored runs none of those K NTTs
// and its block is half a ring element smaller per row of t0 (keyblock.go).
// It is read-only once built, up to those first-use computations, which are
// synchronized, so it is safe for concurrent use.
type PrivateKey struct {
	pub     PublicKey
	key     [32]byte
	seed    [32]byte
	hasSeed bool
	t0      []t0Element    // K elements, in the key's block
	windows []secretWindow // s1, then s2 (pspm.go)

	// t0HOnce sets t0H = NTT(t0) on first use (t0Hat), allocating it the
	// first time.
	t0HOnce sync.Once
	t0H     []nttElement
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
	h.Clear() // it absorbed ξ in key generation, K in signing
}

// NewPrivateKeyFromSeed derives the key pair from ξ (ML-DSA.KeyGen_internal,
// Algorithm 6, FIPS 204).
func NewPrivateKeyFromSeed(p *Params, seed *[SeedSize]byte) *PrivateKey {
	sk := newPrivateKey(p)
	sk.fromSeed(p, seed)
	return sk
}

// SetSeed sets sk, a key of any origin, to the key pair NewPrivateKeyFromSeed
// derives from ξ for sk's parameter set, in sk's own block: it allocates
// nothing, and it does not clear the block first, since key generation
// writes every byte of it that the key reads (Â, t0, the windows, the
// public-key encoding, ρ, K and tr). What was computed from the previous key
// on first use is dropped: t̂1 is computed again into its allocation on the
// next verification through the public half, t̂0 on the next signature, the
// batch terms are allocated again on the next batch operation. Â, if the
// key had it (a key that has signed), is expanded again into its
// allocation and stays ready; a key without it still gets it on first use.
// It must not run concurrently with any other use of sk or of its public
// half.
func (sk *PrivateKey) SetSeed(seed *[SeedSize]byte) {
	pub := &sk.pub
	pub.t1HOnce = sync.Once{}
	pub.batch = batchCache{}
	sk.t0HOnce = sync.Once{}
	sk.fromSeed(pub.p, seed)
}

// fromSeed fills sk, whose storage is linked, from ξ (the rest of
// NewPrivateKeyFromSeed).
func (sk *PrivateKey) fromSeed(p *Params, seed *[SeedSize]byte) {
	work := keyWorks.Get()
	sk.fromSeedIn(p, seed, work)
	keyWorks.Put(work)
}

// fromSeedIn is fromSeed in the work area work, which it leaves cleared of
// secrets.
func (sk *PrivateKey) fromSeedIn(p *Params, seed *[SeedSize]byte, work *keyWork) {
	sk.seed, sk.hasSeed = *seed, true
	var expanded [128]byte
	hashParts(expanded[:], seed[:], []byte{byte(p.K), byte(p.L)})
	var rhoPrime [64]byte
	copy(sk.pub.pk, expanded[:32]) // ρ
	copy(rhoPrime[:], expanded[32:96])
	copy(sk.key[:], expanded[96:])
	pl := planFor(p)
	expandS(&pl, p, &work.s1, &work.s2, &rhoPrime, &work.streams)
	clear(expanded[:])
	clear(rhoPrime[:])
	sk.complete(p, work, nil)
	work.clearSecrets(p)
}

// keyWork is the work area of key generation and skDecode: s1 and s2, the
// streams of ExpandS, and complete's arrays.
type keyWork struct {
	s1      [maxL]ringElement
	s2      [maxK]ringElement
	streams streamScratch
	table   packedTable
	s1H     [maxL]nttElement // for t only: signing multiplies by s1 packed
	acc     nttElement
	t, t0   ringElement
	t1      ringElement
	given   ringElement // skDecode's t0
	a       aScratch
	// window holds Â's entries when the key has no Â (see complete).
	window [maxBatch + maxL - 1]nttElement
}

// keyWorks holds key generation's work areas (see workpool).
var keyWorks workpool.Pool[keyWork]

// clearSecrets clears what is secret in w, a work area of set p: s1, s2,
// the streams, ŝ1, t, t0 and A·s1 are as secret as the key. t1, Â and the
// matrix streams, which derive from the public key, stay.
func (w *keyWork) clearSecrets(p *Params) {
	clear(w.s1[:p.L])
	clear(w.s2[:p.K])
	w.streams.clear()
	clear(w.table[:])
	clear(w.s1H[:p.L])
	clear(w.acc[:])
	clear(w.t[:])
	clear(w.t0[:])
	clear(w.given[:])
}

// complete derives everything else from ρ (already in the public-key
// encoding), s1 and s2 in work (the rest of Algorithm 6, FIPS 204, from
// ExpandA on, keeping signing's forms instead of running skEncode): Â, the
// windows of s1 and s2, t = A·s1 + s2 split by Power2Round into t1, packed
// into the public key, and t0, kept as 16-bit integers until the first
// signature computes t̂0 from it (t0Hat); then tr. t̂1 waits for the first
// verification (t1Hat). It is shared by KeyGen and by skDecode, which passes the encoded t0 as encT0:
// complete then reports, in constant time, whether the recomputed t0 equals
// it (with encT0 nil it reports true). The caller clears work.
//
// Â is expanded one batch of the XOF at a time, and each row of t as soon as
// its entries are there, so that tr = H(pk) absorbs the encoding of t1 as it
// grows, carried by the remaining batches (expandA). The entries go into
// the key's Â if it has one (SetSeed on a key that has signed, whose Â
// then stays ready), and otherwise into work's window, which holds one
// batch and the entries of a row begun in the batch before.
func (sk *PrivateKey) complete(p *Params, work *keyWork, encT0 []byte) bool {
	pub := &sk.pub
	s1, s2, s1H := &work.s1, &work.s2, &work.s1H
	for i := range p.L {
		windowOf(&sk.windows[i], &s1[i], p.Eta, &work.table)
	}
	for i := range p.K {
		windowOf(&sk.windows[p.L+i], &s2[i], p.Eta, &work.table)
	}
	for i := range p.L {
		nttTo(&s1H[i], &s1[i])
	}
	tr := keccak.NewCarried256(pub.pk[:32])
	same := 1
	acc, t, t0, t1, given := &work.acc, &work.t, &work.t0, &work.t1, &work.given
	pl := planFor(p)
	// Without the key's Â, window holds Â's entries from start on: those
	// of a row begun in an earlier batch (fewer than L), then the batch.
	window := &work.window
	direct := pub.a != nil
	row, entries, start := 0, p.K*p.L, 0
	for first := 0; first < entries; first += pl.width {
		count := min(pl.width, entries-first)
		held := pub.a // Â's entries from start to first+count
		if !direct {
			held = window[:first+count-start]
		}
		expandA(&pl, p, &work.a, held[first-start:first+count-start], pub.rho(), first, &tr)
		for ; (row+1)*p.L <= first+count; row++ {
			nttDotTo(acc, held[row*p.L-start:(row+1)*p.L-start], s1H[:p.L])
			invNTTTo(t, acc)
			polyPower2RoundSum(t1, t0, t, &s2[row])
			packT1(pub.pk[32+320*row:], t1)
			tr = tr.Feed(pub.pk[:32+320*(row+1)])
			narrowT0(&sk.t0[row], t0)
			if encT0 != nil {
				unpackT0(given, encT0[32*d*row:])
				for j := range n {
					same &= subtle.ConstantTimeEq(int32(given[j]), int32(t0[j]))
				}
			}
		}
		if !direct {
			copy(window[:], held[row*p.L-start:]) // the row begun, if any
			start = row * p.L
		}
	}
	if direct {
		pub.aOnce.Do(func() {}) // Â is ready (it is after SetSeed's first use)
	}
	tr.Squeeze(pub.tr[:])
	return same == 1
}

// t0Hat returns t̂0 = NTT(t0), computing it on first use; it is safe for
// concurrent use. Only signing reads t̂0, and signing reads Â too: t̂0 lives
// in the allocation of Â past its end (computeA), so a new key's first
// signature allocates once. SetSeed keeps both.
func (sk *PrivateKey) t0Hat() []nttElement {
	sk.t0HOnce.Do(sk.computeT0Hat)
	return sk.t0H
}

// computeT0Hat sets t0H to NTT(t0), for t0Hat.
func (sk *PrivateKey) computeT0Hat() {
	if sk.t0H == nil {
		a := sk.pub.aHat()
		sk.t0H = a[len(a) : len(a)+len(sk.t0)]
	}
	var t0 ringElement
	for i := range sk.t0 {
		widenT0(&t0, &sk.t0[i])
		nttTo(&sk.t0H[i], &t0)
	}
	clear(t0[:])
}

// rho returns ρ, the first bytes of the public-key encoding.
func (pk *PublicKey) rho() *[32]byte { return (*[32]byte)(pk.pk) }

// aHat returns Â, expanding it from ρ on first use; it is safe for
// concurrent use. It allocates only on the first call for a private key's
// public half, whose block has no room for Â.
func (pk *PublicKey) aHat() []nttElement {
	pk.aOnce.Do(pk.computeA)
	return pk.a
}

// computeA expands Â from ρ, for aHat.
func (pk *PublicKey) computeA() {
	p := pk.p
	if pk.a == nil {
		// A private key's public half: room for the key's t̂0 after Â.
		pk.a = make([]nttElement, p.K*p.L, p.K*p.L+p.K)
	}
	pl := planFor(p)
	var scratch aScratch
	expandA(&pl, p, &scratch, pk.a, pk.rho(), 0, nil)
}

// t1Hat returns t̂1 = NTT(t1), computing it from the encoding on first
// use; it is safe for concurrent use. It allocates only on the first call
// for a private key's public half, whose block has no room for t̂1.
func (pk *PublicKey) t1Hat() []nttElement {
	pk.t1HOnce.Do(pk.computeT1Hat)
	return pk.t1H
}

// computeT1Hat sets t1H from the encoding pk, for t1Hat.
func (pk *PublicKey) computeT1Hat() {
	if pk.t1H == nil {
		pk.t1H = make([]nttElement, pk.p.K)
	}
	for i := range pk.t1H {
		encodedT1Hat(&pk.t1H[i], pk.pk, i)
	}
}

// encodedT1Hat sets t1H to NTT(t1[i]) for row i of the public-key encoding
// pk (pkDecode, Algorithm 23, FIPS 204, for one row). The factor 2ᵈ of
// line 9 of Algorithm 8 is not applied here but to ĉ (challengeTerm), so
// decoding is the unpacking kernel and one NTT.
func encodedT1Hat(t1H *nttElement, pk []byte, i int) {
	var t1 ringElement
	unpackT1(&t1, pk[32+320*i:])
	nttTo(t1H, &t1)
}

// NewPublicKey decodes pk (pkDecode, Algorithm 23, FIPS 204) and precomputes
// Â, t̂1 and tr. Every byte string of the right length is a valid public
// key, so only the length is checked.
func NewPublicKey(p *Params, pk []byte) (*PublicKey, error) {
	if len(pk) != p.PublicKeySize() {
		return nil, errors.New("mldsa: invalid " + p.Name + " public key length")
	}
	k := newPublicKey(p)
	copy(k.pk, pk)
	k.t1Hat() // a verification key: its first verification should not pay for it
	tr := keccak.NewCarried256(k.pk)
	tr.Close() // the whole input: its padded last block rides ExpandA too
	pl := planFor(p)
	var scratch aScratch
	expandA(&pl, p, &scratch, k.a, k.rho(), 0, &tr)
	k.aOnce.Do(func() {}) // a verification key: Â is ready
	tr.Squeeze(k.tr[:])
	return k, nil
}

// Bytes returns pkEncode(ρ, t1) (Algorithm 22, FIPS 204).
func (pk *PublicKey) Bytes() []byte {
	return append([]byte(nil), pk.pk...)
}

// Tr returns tr = H(pk, 64), the public-key hash that μ binds.
func (pk *PublicKey) Tr() *[64]byte { return &pk.tr }

// Equal reports whether pk and other encode the same public key.
func (pk *PublicKey) Equal(other *PublicKey) bool {
	return pk.p == other.p && subtle.ConstantTimeCompare(pk.pk, other.pk) == 1
}

// PublicKey returns the public half of sk; it shares sk's Â, which the
// first signature or verification expands. Its t̂1, which signing does not
// read, is computed on its first verification.
func (sk *PrivateKey) PublicKey() *PublicKey { return &sk.pub }

// Seed returns ξ and true when sk was generated from a seed, or false when
// it was decoded from the expanded encoding, which does not contain ξ.
func (sk *PrivateKey) Seed() ([SeedSize]byte, bool) { return sk.seed, sk.hasSeed }

// Equal reports, in constant time, whether sk and other are the same key.
// Keys built from the same ξ, or one from ξ and one from its expanded
// encoding, are equal. It compares ρ, K, the windows of s1 and s2 and t0,
// which determine the rest of the expanded encoding.
func (sk *PrivateKey) Equal(other *PrivateKey) bool {
	if sk.pub.p != other.pub.p {
		return false
	}
	same := subtle.ConstantTimeCompare(sk.pub.rho()[:], other.pub.rho()[:]) &
		subtle.ConstantTimeCompare(sk.key[:], other.key[:])
	for i := range sk.windows {
		same &= subtle.ConstantTimeCompare(sk.windows[i][:], other.windows[i][:])
	}
	var diff int16
	for i := range sk.t0 {
		for j, c := range sk.t0[i] {
			diff |= c ^ other.t0[i][j]
		}
	}
	return same&subtle.ConstantTimeEq(int32(diff), 0) == 1
}

// EncodeExpanded writes skEncode(ρ, K, tr, s1, s2, t0) (Algorithm 24, FIPS
// 204) to out, which must be PrivateKeySize bytes long.
func (sk *PrivateKey) EncodeExpanded(out []byte) {
	p := sk.pub.p
	out = out[:p.PrivateKeySize()]
	copy(out, sk.pub.rho()[:])
	copy(out[32:], sk.key[:])
	copy(out[64:], sk.pub.tr[:])
	off := 128
	step := 32 * p.etaBits
	var f ringElement
	for i := range p.L + p.K { // s1, then s2
		sk.windows[i].secret(&f, p.Eta)
		packEta(p, out[off:], &f)
		off += step
	}
	for i := range sk.t0 {
		widenT0(&f, &sk.t0[i])
		packT0(out[off:], &f)
		off += 32 * d
	}
	clear(f[:])
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
	work := keyWorks.Get()
	defer func() {
		work.clearSecrets(p)
		keyWorks.Put(work)
	}()
	s1, s2 := &work.s1, &work.s2
	off := 128
	step := 32 * p.etaBits
	ok := true
	for i := range p.L {
		ok = unpackEta(p, &s1[i], enc[off:]) && ok
		off += step
	}
	if !ok {
		return nil, errors.New("mldsa: invalid " + p.Name + " private key: s1 coefficient out of range")
	}
	for i := range p.K {
		ok = unpackEta(p, &s2[i], enc[off:]) && ok
		off += step
	}
	if !ok {
		return nil, errors.New("mldsa: invalid " + p.Name + " private key: s2 coefficient out of range")
	}
	sk := newPrivateKey(p)
	copy(sk.pub.pk, enc[:32]) // ρ
	copy(sk.key[:], enc[32:])
	if !sk.complete(p, work, enc[off:]) {
		return nil, errors.New("mldsa: invalid " + p.Name + " private key: t0 does not match A·s1 + s2")
	}
	if subtle.ConstantTimeCompare(enc[64:128], sk.pub.tr[:]) != 1 {
		return nil, errors.New("mldsa: invalid " + p.Name + " private key: tr does not match the public key derived from it")
	}
	return sk, nil
}
