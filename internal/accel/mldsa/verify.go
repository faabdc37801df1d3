package mldsa

import (
	"crypto/subtle"
	"errors"

	"github.com/crystals-go/crystals/internal/accel/keccak"
	"github.com/crystals-go/crystals/internal/accel/workpool"
)

var (
	// ErrSignatureLength reports a signature of the wrong length.
	ErrSignatureLength = errors.New("mldsa: invalid signature length")
	// ErrInvalidSignature reports a signature that does not verify.
	ErrInvalidSignature = errors.New("mldsa: invalid signature")
)

// VerifyMu checks sig against the message representative μ (the part of
// ML-DSA.Verify_internal, Algorithm 8, FIPS 204, after μ is computed: the
// "external μ" interface). It allocates nothing and never panics.
func (pk *PublicKey) VerifyMu(mu *[MuSize]byte, sig []byte) error {
	return verify(pk.p, pk, nil, sig, mu, nil)
}

// VerifyEncodedMu is [PublicKey.VerifyMu] for a public key given as its
// encoding, for one-shot verification: it expands Â one row at a time
// instead of building a PublicKey, and allocates nothing. μ must bind
// tr = H(pk, 64), as an external μ does; [VerifyEncoded] takes the
// formatted message instead and hashes tr beside ExpandA.
func VerifyEncodedMu(p *Params, pk []byte, mu *[MuSize]byte, sig []byte) error {
	if len(pk) != p.PublicKeySize() {
		return errors.New("mldsa: invalid " + p.Name + " public key length")
	}
	return verify(p, nil, pk, sig, mu, nil)
}

// VerifyEncoded is [VerifyEncodedMu] for the formatted message m instead of
// μ (ML-DSA.Verify or HashML-DSA.Verify, Algorithms 3 and 5, FIPS 204): it
// hashes tr = H(pk, 64) beside ExpandA (see expandA), and μ from it at the
// end. It allocates nothing.
func VerifyEncoded(p *Params, pk []byte, m *Message, sig []byte) error {
	if len(pk) != p.PublicKeySize() {
		return errors.New("mldsa: invalid " + p.Name + " public key length")
	}
	return verify(p, nil, pk, sig, nil, m)
}

// verify runs Algorithm 8 from line 5 on with either a prepared key or, when
// key is nil, the encoding pk. μ is mu or, when mu is nil, H(tr‖m), tr being
// hashed beside ExpandA (pk only).
func verify(p *Params, key *PublicKey, pk, sig []byte, mu *[MuSize]byte, m *Message) error {
	work := verifyWorks.Get()
	err := verifyIn(work, p, key, pk, sig, mu, m)
	verifyWorks.Put(work)
	return err
}

// verifyWork is a verification's work area: z, h, μ‖w1Encode(w1) and the
// scratch of the product, the rows of Â for one-shot verification. All of
// it is public, so it goes back to the pool uncleared.
type verifyWork struct {
	z    [maxL]ringElement
	h    [maxK]ringElement
	muW1 [MuSize + 32*6*maxK]byte // μ ‖ w1Encode(w1), hashed in one piece
	sc   verifyScratch
	rows rowArrays // one-shot verification's
}

// verifyWorks holds verifications' work areas (see workpool).
var verifyWorks workpool.Pool[verifyWork]

// verifyIn is verify in the work area work.
func verifyIn(work *verifyWork, p *Params, key *PublicKey, pk, sig []byte, mu *[MuSize]byte, m *Message) error {
	z, h := &work.z, &work.h
	cTilde, err := decodeSignature(p, sig, z, h)
	if err != nil {
		return err
	}

	c := sampleInBall(p, cTilde)
	in := work.muW1[:MuSize+p.w1PackedSize()]
	var cTilde2 [64]byte
	out := cTilde2[:p.challengeSize()]
	if key != nil {
		copy(in, mu[:])
		verifyW1(p, key, plainProduct, nil, in[MuSize:], z, h, &c, &work.sc)
		hashParts(out, in)
	} else {
		verifyOneShot(p, pk, mu, m, in, out, z, h, &c, &work.sc, &work.rows)
	}
	if subtle.ConstantTimeCompare(cTilde, out) != 1 {
		return ErrInvalidSignature
	}
	return nil
}

// verifyScratch holds the work arrays of verifyW1 and verifyOneShot, which
// Go would zero on every call as their locals.
type verifyScratch struct {
	v           [maxL + 1]nttElement // (ẑ, −2ᵈ·ĉ)
	w           [maxK]nttElement     // Â·ẑ − ĉ·t̂1·2ᵈ (one-shot: one row in w[0])
	t1H, ct1    nttElement           // one-shot: a row of t̂1, and ĉ·t̂1·2ᵈ
	wApprox, w1 ringElement
}

// challengeVector sets v to (ẑ, −2ᵈ·ĉ), so that [Â | t̂1]·v = Â·ẑ − ĉ·t̂1·2ᵈ
// (Algorithm 8, FIPS 204, line 9).
func challengeVector(p *Params, v *[maxL + 1]nttElement, z *[maxL]ringElement, c *ringElement) {
	for j := range p.L {
		nttTo(&v[j], &z[j])
	}
	challengeTerm(&v[p.L], c)
}

// packRowW1 writes w1Encode(UseHint(h, invNTT(w))) for one row to out
// (Algorithm 8, FIPS 204, lines 9–10 and the w1Encode of line 12), with
// wApprox and w1 as its scratch (the caller's: Go zeroes a callee's locals
// on every call).
func packRowW1(p *Params, out []byte, w *nttElement, h, wApprox, w1 *ringElement) {
	invNTTTo(wApprox, w)
	polyUseHints(p, w1, h, wApprox)
	packW1(p, out, w1)
}

// verifyW1 writes w1Encode(UseHint(h, invNTT(Â·ẑ − ĉ·t̂1·2ᵈ))) to w1Packed
// for a prepared key, the product being batchProduct's in the given form
// (terms are the key's Winograd terms, nil for the plain form). It works in
// sc.
func verifyW1(p *Params, key *PublicKey, form productForm, terms *matrixTerms, w1Packed []byte, z *[maxL]ringElement, h *[maxK]ringElement, c *ringElement, sc *verifyScratch) {
	challengeVector(p, &sc.v, z, c)
	batchProduct(form, &sc.w, key.aHat(), p.L, key.t1Hat(), terms, &sc.v, p.K, p.L+1)
	for i := range p.K {
		packRowW1(p, w1Packed[i*32*p.w1Bits:], &sc.w[i], &h[i], &sc.wApprox, &sc.w1)
	}
}

// verifyOneShot writes c̃′ = H(μ‖w1Encode(w1)) to out (Algorithm 8, FIPS
// 204, lines 6–12) for the encoding pk, expanding Â row by row. Each row of
// w1 goes into muW1 (μ ‖ w1Encode(w1)) as soon as it is known, so that the
// single-state hashes ride ExpandA's batches (alongA). Everything hashed
// here is public. It works in sc and arrays.
func verifyOneShot(p *Params, pk []byte, mu *[MuSize]byte, m *Message, muW1, out []byte, z *[maxL]ringElement, h *[maxK]ringElement, c *ringElement, sc *verifyScratch, arrays *rowArrays) {
	pl := planFor(p)
	hashes := newAlongA(pk, mu, muW1)
	v := &sc.v
	challengeVector(p, v, z, c) // (ẑ, −2ᵈ·ĉ), lines 8–9
	rows := rowStream{pl: &pl, p: p, rho: (*[32]byte)(pk), arrays: arrays}
	rowBytes := 32 * p.w1Bits
	w, t1H, ct1 := &sc.w[0], &sc.t1H, &sc.ct1
	for i := range p.K {
		hashes = hashes.beforeRow(muW1, muW1[:MuSize+i*rowBytes], m, rows.expanded < p.K*p.L)
		rows.carry = hashes.carry()
		// Row i of w′ = Â·ẑ − ĉ·t̂1·2ᵈ (line 9), w1 = UseHint(h, w′) (line
		// 10), packed for line 12.
		encodedT1Hat(t1H, pk, i)
		nttDotTo(w, rows.next(), v[:p.L])
		nttMulTo(ct1, &v[p.L], t1H)
		polyAddTo(w, w, ct1)
		packRowW1(p, muW1[MuSize+i*rowBytes:], w, &h[i], &sc.wApprox, &sc.w1)
	}
	hashes.sum(muW1, m, out)
}

// alongA is what rides along ExpandA's batches in one-shot verification
// (keccak.Carried): first tr = H(pk, 64) (Algorithm 8, line 6), unless μ is
// given; then, once μ = H(tr‖M′) (line 7) is known, c̃′ = H(μ‖w1Encode(w1))
// (line 12), fed the rows of w1 packed so far. What did not ride along is
// hashed by sum. Its methods work on copies, as Carried's do.
type alongA struct {
	tr      keccak.Carried // tr = H(pk), while μ is not known
	cTilde  keccak.Carried // c̃′, once started
	muKnown bool           // μ is at the front of muW1
	started bool           // cTilde holds μ‖w1 rows so far
}

// newAlongA starts the hashes: with μ given, it goes to the front of muW1;
// otherwise tr is started on the whole of pk, whose padded last block may
// ride along too.
func newAlongA(pk []byte, mu *[MuSize]byte, muW1 []byte) alongA {
	var a alongA
	if mu != nil {
		copy(muW1, mu[:])
		a.muKnown = true
	} else {
		a.tr = keccak.NewCarried256(pk)
		a.tr.Close()
	}
	return a
}

// beforeRow returns a updated for the next row: μ computed into muW1 once
// tr is done, and, while batches of ExpandA remain (expanding), c̃′ started
// or fed with known, the μ‖w1 rows packed so far.
func (a alongA) beforeRow(muW1, known []byte, m *Message, expanding bool) alongA {
	if !a.muKnown && a.tr.Done() {
		muFromTr(muW1, &a.tr, m)
		a.muKnown = true
	}
	switch {
	case !a.muKnown || !expanding:
	case !a.started:
		a.cTilde = keccak.NewCarried256(known)
		a.started = true
	default:
		a.cTilde = a.cTilde.Feed(known)
	}
	return a
}

// carry returns the hash the next batch of ExpandA carries, nil if none.
func (a *alongA) carry() *keccak.Carried {
	switch {
	case !a.muKnown:
		return &a.tr
	case a.started:
		return &a.cTilde
	}
	return nil
}

// sum writes c̃′ = H(μ‖w1Encode(w1)) to out, muW1 holding every row,
// absorbing what did not ride along.
func (a alongA) sum(muW1 []byte, m *Message, out []byte) {
	if !a.muKnown {
		muFromTr(muW1, &a.tr, m)
	}
	if !a.started {
		hashParts(out, muW1)
		return
	}
	a.cTilde = a.cTilde.Feed(muW1)
	a.cTilde.Squeeze(out)
}

// muFromTr writes μ = H(tr‖M′) to the front of muW1, tr being the hash of
// the public key.
func muFromTr(muW1 []byte, tr *keccak.Carried, m *Message) {
	var trSum [64]byte
	tr.Squeeze(trSum[:])
	m.Mu((*[MuSize]byte)(muW1), &trSum)
}

// minusTwoToD is −2ᵈ·2³² mod q in every entry: a Montgomery product with
// it multiplies an NTT-domain element by −2ᵈ.
var minusTwoToD = func() (k nttElement) {
	for i := range k {
		k[i] = fieldElement(q - (1<<(d+32))%q)
	}
	return
}()

// challengeTerm sets t to −2ᵈ·ĉ, the last entry of verification's vector:
// t̂1 is kept without the factor 2ᵈ of line 9 of Algorithm 8, which one
// product here applies for all K rows.
func challengeTerm(t *nttElement, c *ringElement) {
	var cHat nttElement
	nttTo(&cHat, c)
	nttMulTo(t, &cHat, &minusTwoToD)
}

// rowStream hands out the rows of Â one after the other, expanding them
// from ρ in whole batches of the XOF (plan.width entries, which may span
// rows), so that one-shot verification gets the full width of the multi-way
// Keccak without holding the whole matrix: the window keeps the entries
// expanded but not yet handed out.
type rowStream struct {
	pl          *plan
	p           *Params
	rho         *[32]byte
	arrays      *rowArrays
	start, have int             // win[start:have] are expanded, not yet handed out
	expanded    int             // entries of Â expanded so far
	carry       *keccak.Carried // the hash the next batch carries, if not nil
}

// rowArrays is a rowStream's memory, in the caller's work area.
type rowArrays struct {
	win     [maxL - 1 + maxBatch]nttElement // fewer than l left, plus a batch
	scratch aScratch                        // expandA's, for every batch
}

// next returns the next row of Â, valid until the following call.
func (s *rowStream) next() []nttElement {
	l := s.p.L
	win := &s.arrays.win
	if s.have-s.start < l {
		s.have = copy(win[:], win[s.start:s.have])
		s.start = 0
		for s.have < l {
			count := min(s.pl.width, s.p.K*l-s.expanded)
			expandA(s.pl, s.p, &s.arrays.scratch, win[s.have:s.have+count], s.rho, s.expanded, s.carry)
			s.have += count
			s.expanded += count
		}
	}
	row := win[s.start : s.start+l]
	s.start += l
	return row
}
