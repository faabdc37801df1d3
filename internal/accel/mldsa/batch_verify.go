package mldsa

import (
	"crypto/subtle"
	"errors"
)

var errBatchLengths = errors.New("mldsa: batch slices have different lengths")

// decodeSignature runs sigDecode (Algorithm 27, FIPS 204) and the norm
// check on z of Algorithm 8, lines 1–4 and 13: it returns c̃ and fills z and
// h, or returns an error for a malformed or out-of-range signature.
func decodeSignature(p *Params, sig []byte, z *[maxL]ringElement, h *[maxK]ringElement) ([]byte, error) {
	if len(sig) != p.SignatureSize() {
		return nil, errSignatureLength
	}
	off := p.challengeSize()
	for i := range p.L {
		unpackZ(p, &z[i], sig[off:])
		off += 32 * p.gamma1Bits
	}
	if !unpackHints(p, h, sig[off:]) {
		return nil, errInvalid
	}
	normOK := true
	for i := range p.L {
		normOK = infinityNormBelow(&z[i], p.Gamma1-p.Beta) && normOK
	}
	if !normOK {
		return nil, errInvalid
	}
	return sig[:p.challengeSize()], nil
}

// VerifyMuBatch sets errs[i] to the result of pk.VerifyMu(&mus[i], sigs[i])
// for every i: nil for a valid signature, and an error for an invalid one,
// whatever the other items are. It runs up to eight items together: their
// SampleInBall and c̃ hashes share the lanes of the multi-way Keccak, and
// their products with [Â | t̂1] use the per-key terms of Winograd's formula
// (see batch_product.go). It allocates nothing once the key's batch terms
// exist (the first batch computes them), and returns an error only if the
// three slices differ in length.
func (pk *PublicKey) VerifyMuBatch(errs []error, mus [][MuSize]byte, sigs [][]byte) error {
	if len(errs) != len(mus) || len(mus) != len(sigs) {
		return errBatchLengths
	}
	terms := pk.batchTerms()
	for first := 0; first < len(sigs); first += maxLanes {
		m := min(maxLanes, len(sigs)-first)
		pk.verifyLanes(terms, errs[first:first+m], mus[first:first+m], sigs[first:first+m])
	}
	return nil
}

// verifyLanes verifies up to maxLanes items (Algorithm 8, FIPS 204, from
// line 5 on, for each).
func (pk *PublicKey) verifyLanes(terms *batchCache, errs []error, mus [][MuSize]byte, sigs [][]byte) {
	p := pk.p
	m := len(sigs)
	var (
		z         [maxLanes][maxL]ringElement
		h         [maxLanes][maxK]ringElement
		cTildes   [maxLanes][]byte
		c         [maxLanes]ringElement
		w1Packed  [maxLanes][32 * 6 * maxK]byte
		none      [64]byte // c̃ input for the lanes of malformed signatures
		challenge = p.challengeSize()
		w1Size    = p.w1PackedSize()
		form      = productForms[p][verifyProduct]
	)
	for b, sig := range sigs {
		cTildes[b], errs[b] = decodeSignature(p, sig, &z[b], &h[b])
		if errs[b] != nil {
			cTildes[b] = none[:challenge]
		}
	}
	sampleInBallLanes(p, &c, &cTildes, m)
	for b := range m {
		if errs[b] != nil {
			continue
		}
		// v = (ẑ, −ĉ), so that [Â | t̂1]·v = Â·ẑ − ĉ·t̂1.
		var v [maxL + 1]nttElement
		for j := range p.L {
			v[j] = ntt(&z[b][j])
		}
		cHat := ntt(&c[b])
		var zero nttElement
		v[p.L] = polySub(&zero, &cHat)
		var w [maxK]nttElement
		batchProduct(form, &w, pk.a, p.L, &pk.t1H, &terms.verify, &v, p.K, p.L+1)
		for i := range p.K {
			wApprox := invNTT(&w[i])
			var w1 ringElement
			for j, coeff := range wApprox {
				w1[j] = fieldElement(useHint(p, uint32(h[b][i][j]), coeff))
			}
			packW1(p, w1Packed[b][i*32*p.w1Bits:], &w1)
		}
	}
	var hash laneHash
	var in, out [maxLanes][]byte
	var cTilde2 [maxLanes][64]byte
	for b := range m {
		in[b] = mus[b][:]
	}
	hash.init(m)
	hash.absorb(&in)
	for b := range m {
		in[b] = w1Packed[b][:w1Size]
		out[b] = cTilde2[b][:challenge]
	}
	hash.absorb(&in)
	hash.squeeze(&out)
	for b := range m {
		if errs[b] == nil && subtle.ConstantTimeCompare(cTildes[b], out[b]) != 1 {
			errs[b] = errInvalid
		}
	}
}
