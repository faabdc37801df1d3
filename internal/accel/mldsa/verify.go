package mldsa

import (
	"crypto/subtle"
	"errors"

	"github.com/crystals-go/crystals/internal/accel/keccak"
)

var (
	errSignatureLength = errors.New("mldsa: invalid signature length")
	errInvalid         = errors.New("mldsa: invalid signature")
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
	var z [maxL]ringElement
	var h [maxK]ringElement
	cTilde, err := decodeSignature(p, sig, &z, &h)
	if err != nil {
		return err
	}

	c := sampleInBall(p, cTilde)
	var muW1 [MuSize + 32*6*maxK]byte // μ ‖ w1Encode(w1), hashed in one piece
	var carried *keccak.Carried
	var tr keccak.Carried
	if mu == nil {
		tr = keccak.NewCarried256(pk)
		tr.Close() // the whole input: its padded last block rides ExpandA too
		carried = &tr
	}
	verifyW1(p, key, pk, carried, plainProduct, nil, muW1[MuSize:], &z, &h, &c)
	if mu == nil {
		var trSum [64]byte
		tr.Squeeze(trSum[:])
		m.Mu((*[MuSize]byte)(muW1[:MuSize]), &trSum)
	} else {
		copy(muW1[:], mu[:])
	}
	var cTilde2 [64]byte
	hashParts(cTilde2[:p.challengeSize()], muW1[:MuSize+p.w1PackedSize()])
	if subtle.ConstantTimeCompare(cTilde, cTilde2[:p.challengeSize()]) != 1 {
		return errInvalid
	}
	return nil
}

// verifyW1 writes w1Encode(UseHint(h, invNTT(Â·ẑ − ĉ·t̂1·2ᵈ))) to w1Packed
// (Algorithm 8, FIPS 204, lines 9–10 and the w1Encode of line 12). With a
// prepared key the product is batchProduct's in the given form (terms are
// the key's Winograd terms, nil for the plain form); with key nil it reads
// the encoding pk, expanding Â row by row, the expansion carrying tr if not
// nil.
func verifyW1(p *Params, key *PublicKey, pk []byte, tr *keccak.Carried, form productForm, terms *matrixTerms, w1Packed []byte, z *[maxL]ringElement, h *[maxK]ringElement, c *ringElement) {
	// v = (ẑ, −2ᵈ·ĉ), so that [Â | t̂1]·v = Â·ẑ − ĉ·t̂1·2ᵈ.
	var v [maxL + 1]nttElement
	for j := range p.L {
		nttTo(&v[j], &z[j])
	}
	challengeTerm(&v[p.L], c)
	var w [maxK]nttElement
	if key != nil {
		batchProduct(form, &w, key.a, p.L, key.t1Hat(), terms, &v, p.K, p.L+1)
	} else {
		rows := rowStream{p: p, rho: (*[32]byte)(pk), tr: tr}
		var t1H, ct1 nttElement // declared once: Go zeroes a loop's locals on every pass
		for i := range p.K {
			encodedT1Hat(&t1H, pk, i)
			nttDotTo(&w[i], rows.next(), v[:p.L])
			nttMulTo(&ct1, &v[p.L], &t1H)
			polyAddTo(&w[i], &w[i], &ct1)
		}
	}
	var wApprox, w1 ringElement
	for i := range p.K {
		invNTTTo(&wApprox, &w[i])
		polyUseHints(p, &w1, &h[i], &wApprox)
		packW1(p, w1Packed[i*32*p.w1Bits:], &w1)
	}
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

// Verify checks an ML-DSA.Sign signature of msg with context ctx (Algorithm
// 3, FIPS 204).
func (pk *PublicKey) Verify(msg, ctx, sig []byte) error {
	var mu [MuSize]byte
	if err := ComputeMu(&mu, &pk.tr, msg, ctx); err != nil {
		return err
	}
	return pk.VerifyMu(&mu, sig)
}

// VerifyPreHash checks a HashML-DSA signature given the digest PH(M)
// (Algorithm 5, FIPS 204).
func (pk *PublicKey) VerifyPreHash(ph PreHash, digest, ctx, sig []byte) error {
	var mu [MuSize]byte
	if err := ComputeMuPreHash(&mu, &pk.tr, ph, digest, ctx); err != nil {
		return err
	}
	return pk.VerifyMu(&mu, sig)
}

// VerifyInternal checks sig against the formatted message M′
// (ML-DSA.Verify_internal, Algorithm 8, FIPS 204).
func (pk *PublicKey) VerifyInternal(mPrime, sig []byte) error {
	var mu [MuSize]byte
	ComputeMuInternal(&mu, &pk.tr, mPrime)
	return pk.VerifyMu(&mu, sig)
}

// rowStream hands out the rows of Â one after the other, expanding them
// from ρ in whole batches of the XOF (batchWidth entries, which may span
// rows), so that one-shot verification gets the full width of the multi-way
// Keccak without holding the whole matrix: the window keeps the entries
// expanded but not yet handed out.
type rowStream struct {
	p           *Params
	rho         *[32]byte
	win         [maxL - 1 + maxBatch]nttElement // fewer than l left, plus a batch
	start, have int                             // win[start:have] are expanded, not yet handed out
	expanded    int                             // entries of Â expanded so far
	tr          *keccak.Carried                 // carried by the expansion, if not nil
}

// next returns the next row of Â, valid until the following call.
func (s *rowStream) next() []nttElement {
	l := s.p.L
	if s.have-s.start < l {
		s.have = copy(s.win[:], s.win[s.start:s.have])
		s.start = 0
		for s.have < l {
			count := min(batchWidth(), s.p.K*l-s.expanded)
			expandA(s.p, s.win[s.have:s.have+count], s.rho, s.expanded, s.tr)
			s.have += count
			s.expanded += count
		}
	}
	row := s.win[s.start : s.start+l]
	s.start += l
	return row
}
