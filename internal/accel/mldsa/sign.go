package mldsa

import (
	"errors"

	"github.com/crystals-go/crystals/internal/accel/keccak"
	"github.com/crystals-go/crystals/internal/accel/workpool"
)

// SignMu writes the signature of the message representative μ to sig, which
// must be SignatureSize bytes long (ML-DSA.Sign_internal, Algorithm 7, FIPS
// 204, from line 6 on, with μ supplied: the "external μ" interface). rnd is
// the 32-byte randomness; all zeros gives the deterministic variant. It
// allocates nothing.
func (sk *PrivateKey) SignMu(sig []byte, mu *[MuSize]byte, rnd *[RandomSize]byte) error {
	p := sk.pub.p
	if len(sig) != p.SignatureSize() {
		return errors.New("mldsa: signature buffer is not " + p.Name + " signature size")
	}
	sk.signMu(sig, mu, rnd, planFor(p))
	return nil
}

// signMu is SignMu under the plan pl, for a sig of the right size.
func (sk *PrivateKey) signMu(sig []byte, mu *[MuSize]byte, rnd *[RandomSize]byte, pl plan) {
	work := signWorks.Get()
	sk.signMuIn(work, sig, mu, rnd, pl)
	signWorks.Put(work)
}

// signWork is a signature's work area: ρ″ and the masks, w, μ‖w1Encode(w1)
// and the scratch of the candidates.
type signWork struct {
	masks   maskSource
	w       [maxK]ringElement
	muW1    [MuSize + 32*6*maxK]byte // μ ‖ w1Encode(w1), hashed in one piece
	scratch signScratch
}

// signWorks holds signatures' work areas (see workpool).
var signWorks workpool.Pool[signWork]

// signMuIn is signMu in the work area work, which it leaves cleared of
// secrets.
func (sk *PrivateKey) signMuIn(work *signWork, sig []byte, mu *[MuSize]byte, rnd *[RandomSize]byte, pl plan) {
	p := sk.pub.p
	masks := &work.masks
	masks.start(pl, p)
	hashParts(masks.rhoPP[:], sk.key[:], rnd[:], mu[:]) // ρ″ = H(K‖rnd‖μ, 64)

	var (
		w, muW1, scratch = &work.w, &work.muW1, &work.scratch
		cTilde           = sig[:p.challengeSize()]
		w1Size           = p.w1PackedSize()
	)
	// The rejection loop repeats on the outcome of checks on z, r0, c·t0 and
	// the hint count. Its number of iterations, and which check failed, are
	// the only things timing reveals: every rejected candidate (y, z, c) is
	// discarded, never published, and is independent of the accepted one, so
	// this leaks nothing about s1, s2 or t0 (FIPS 204, Section 3.6.4 and the
	// Dilithium security argument). Each iteration itself is constant time.
	// μ and w1 go to H as one contiguous input, so the sponge absorbs whole
	// blocks instead of byte by byte after the 64 bytes of μ.
	copy(muW1[:], mu[:])
	scratch.tables.load(p.Eta, sk.windows)
	for kappa := 0; ; kappa += p.L {
		y := masks.next(kappa)                                         // line 11
		sk.commitment(w, muW1[MuSize:], y, plainProduct, nil, scratch) // lines 12–14: w, w1 packed
		masks.hashCommitment(cTilde, muW1[:MuSize+w1Size], kappa)      // line 15
		c := sampleInBall(p, cTilde)                                   // line 16
		if sk.acceptCandidate(sig, y, w, &c, scratch) {                // lines 17–28
			break
		}
	}
	// ρ″, y, its NTT and w − c·s2 would give away s1 and s2 together with
	// the signature; w and z are cleared for good measure.
	masks.clear()
	clear(w[:])
	scratch.clear()
}

// maskSource hands out y = ExpandMask(ρ″, κ) (Algorithm 7, FIPS 204, line
// 11) for the successive candidates of one signature, as the plan batches
// it: two candidates' masks per ExpandMask (plan.pairedMasks), or the next
// candidate's mask expanded while this one's c̃ rides along
// (plan.maskAhead), or one mask per candidate. The spare mask of the
// accepted candidate is discarded like any rejected one; what is computed
// does not depend on any check's outcome.
type maskSource struct {
	pl      plan
	p       *Params
	rhoPP   [64]byte              // ρ″ = H(K‖rnd‖μ, 64)
	y       [2 * maxL]ringElement // this candidate's mask is y[cur:cur+l]; the other half may hold the next one's
	cur     int
	held    bool          // y[cur:cur+l] already holds the mask next returns
	streams streamScratch // ExpandMask's
}

// start readies m for a signature under the plan pl; the caller then writes
// ρ″ to m.rhoPP.
func (m *maskSource) start(pl plan, p *Params) {
	m.pl, m.p, m.cur, m.held = pl, p, 0, false
}

// next returns the mask of the candidate κ, expanding it unless it was
// expanded beside an earlier one.
func (m *maskSource) next(kappa int) *[maxL]ringElement {
	l := m.p.L
	if !m.held {
		if m.pl.pairedMasks {
			expandMask(&m.pl, m.p, m.y[:2*l], &m.rhoPP, kappa, nil, &m.streams) // κ and κ + l, cur being 0
		} else {
			expandMask(&m.pl, m.p, m.y[m.cur:m.cur+l], &m.rhoPP, kappa, nil, &m.streams)
		}
	}
	return (*[maxL]ringElement)(m.y[m.cur : m.cur+maxL])
}

// hashCommitment writes c̃ = H(μ‖w1Encode(w1)) (line 15) of candidate κ,
// muW1 being μ‖w1Encode(w1), to cTilde, and readies the next candidate's
// mask: expanded now, its 8-way permutations carrying c̃ (plan.maskAhead),
// or already there as the pair's second.
func (m *maskSource) hashCommitment(cTilde, muW1 []byte, kappa int) {
	l := m.p.L
	other := l - m.cur
	if m.pl.maskAhead {
		h := keccak.NewCarried256(muW1)
		expandMask(&m.pl, m.p, m.y[other:other+l], &m.rhoPP, kappa+l, &h, &m.streams)
		h.Squeeze(cTilde)
		m.held = true
	} else {
		hashParts(cTilde, muW1)
		m.held = m.pl.pairedMasks && m.cur == 0 // the pair's second mask waits in y[l:2l]
	}
	m.cur = other
}

// clear zeroes ρ″, the masks, which are as secret as s1, and the streams
// they came from.
func (m *maskSource) clear() {
	clear(m.rhoPP[:])
	clear(m.y[:])
	m.streams.clear()
}

// signScratch holds the work arrays of commitment and acceptCandidate. A
// signature takes it once, in its work area, and clears it at the end: as
// locals of those functions, Go zeroed its ~45 KiB again for every
// candidate.
type signScratch struct {
	yH    [maxL + 1]nttElement // NTT(y)
	wH    [maxK]nttElement     // Â·NTT(y)
	w1    ringElement
	z     [maxL]ringElement
	w0    [maxK]ringElement // w − c·s2
	hints [maxK]ringElement
	cHat  nttElement  // ĉ = NTT(c), public as c is
	acc   nttElement  // ĉ·t̂0
	prod  ringElement // c·t0
	// tables are the packed tables of s1 and s2 (pspm.go), built from the
	// key's windows once per signature or batch.
	tables packedTables
}

// clear zeroes the scratch, which holds values as secret as the key.
func (sc *signScratch) clear() { *sc = signScratch{} }

// commitment sets w = A·y (Algorithm 7, FIPS 204, lines 12–13, as
// invNTT(Â·NTT(y))) and writes w1Encode(HighBits(w)) to w1Packed (lines 14
// and 15 in part), with the product in the given form (terms are the key's
// Winograd terms, nil for the plain form; batch_product.go). ŷ and Â·ŷ stay
// in sc, which the caller clears.
func (sk *PrivateKey) commitment(w *[maxK]ringElement, w1Packed []byte, y *[maxL]ringElement, form productForm, terms *matrixTerms, sc *signScratch) {
	p := sk.pub.p
	for j := range p.L {
		nttTo(&sc.yH[j], &y[j])
	}
	batchProduct(form, &sc.wH, sk.pub.aHat(), p.L, nil, terms, &sc.yH, p.K, p.L)
	for i := range p.K {
		invNTTTo(&w[i], &sc.wH[i])
		polyHighBits(p, &sc.w1, &w[i])
		packW1(p, w1Packed[i*32*p.w1Bits:], &sc.w1)
	}
}

// acceptCandidate runs the checks of Algorithm 7 (FIPS 204), lines 17–28,
// on the candidate (y, w = A·y and c): it computes z = y + c·s1 and the
// hint h, and writes them to sig after the c̃ already there if every check
// passes. It reports whether the candidate was accepted. It is shared by
// SignMu and SignMuBatch. c·s1 and c·s2 are packed sparse products
// (pspm.go), the faster path at every level for every set
// (BenchmarkChallengeProducts); c·t0 takes the NTT path, so ĉ = NTT(c)
// (line 16) is computed only for a candidate that passed the z and r0
// checks, which most candidates fail. z, w − c·s2 and the hints stay in sc,
// which the caller clears.
func (sk *PrivateKey) acceptCandidate(sig []byte, y *[maxL]ringElement, w *[maxK]ringElement, c *ringElement, sc *signScratch) bool {
	p := sk.pub.p
	var (
		z, w0, hints = &sc.z, &sc.w0, &sc.hints
		gamma1Beta   = p.Gamma1 - p.Beta
		gamma2Beta   = p.Gamma2 - p.Beta
	)
	var ch challenge // c's positions, public (pspm.go)
	ch.set(c)
	ok := true
	for i := range p.L {
		sc.tables.mul(&z[i], &y[i], i, &ch, false) // z = y + c·s1
		ok = infinityNormBelow(&z[i], gamma1Beta) && ok
	}
	// Checks run in the order of Algorithm 7 and a failed one abandons
	// the candidate before the next is computed (as the reference
	// implementation does): timing then reveals which check rejected a
	// discarded candidate, never which coefficient, nor any accepted
	// value.
	if !ok {
		return false
	}
	for i := range p.K {
		sc.tables.mul(&w0[i], &w[i], p.L+i, &ch, true) // w − c·s2
		ok = lowBitsNormBelow(p, &w0[i], gamma2Beta) && ok
	}
	if !ok {
		return false
	}
	cHat, acc, prod := &sc.cHat, &sc.acc, &sc.prod
	nttTo(cHat, c)
	ones := 0
	t0H := sk.t0Hat()
	for i := range p.K {
		nttMulTo(acc, cHat, &t0H[i])
		invNTTTo(prod, acc) // c·t0
		ok = infinityNormBelow(prod, p.Gamma2) && ok
		// h = MakeHint(−c·t0, w − c·s2 + c·t0).
		ones += polyMakeHints(p, &hints[i], &w0[i], prod)
	}
	if !ok || ones > p.Omega {
		return false
	}
	encodeSignature(p, sig, z, hints)
	return true
}

// encodeSignature writes sigEncode(c̃, z, h) (Algorithm 26, FIPS 204) after
// the c̃ already in sig.
func encodeSignature(p *Params, sig []byte, z *[maxL]ringElement, h *[maxK]ringElement) {
	off := p.challengeSize()
	step := 32 * p.gamma1Bits
	for i := range p.L {
		packZ(p, sig[off:], &z[i])
		off += step
	}
	packHints(p, sig[off:], h)
}
