package mldsa

import (
	"crypto/subtle"
	"errors"
)

// ErrBatchLengths reports batch slices of different lengths.
var ErrBatchLengths = errors.New("mldsa: batch slices have different lengths")

// decodeSignature runs sigDecode (Algorithm 27, FIPS 204) and the norm
// check on z of Algorithm 8, lines 1–4 and 13: it returns c̃ and fills z and
// h, or returns an error for a malformed or out-of-range signature.
func decodeSignature(p *Params, sig []byte, z *[maxL]ringElement, h *[maxK]ringElement) ([]byte, error) {
	if len(sig) != p.SignatureSize() {
		return nil, ErrSignatureLength
	}
	off := p.challengeSize()
	for i := range p.L {
		unpackZ(p, &z[i], sig[off:])
		off += 32 * p.gamma1Bits
	}
	if !unpackHints(p, h, sig[off:]) {
		return nil, ErrInvalidSignature
	}
	normOK := true
	for i := range p.L {
		normOK = infinityNormBelow(&z[i], p.Gamma1-p.Beta) && normOK
	}
	if !normOK {
		return nil, ErrInvalidSignature
	}
	return sig[:p.challengeSize()], nil
}

// VerifyMuBatch sets errs[i] to the result of pk.VerifyMu(&mus[i], sigs[i])
// for every i: nil for a valid signature, and an error for an invalid one,
// whatever the other items are. It runs up to eight items together: their
// SampleInBall and c̃ hashes share the lanes of the multi-way Keccak, and at
// the portable level their products with [Â | t̂1] use the per-key terms of
// Winograd's formula (see batch_product.go). It allocates nothing once the
// key's batch terms exist (the first batch computes them), and returns an
// error only if the three slices differ in length.
func (pk *PublicKey) VerifyMuBatch(errs []error, mus [][MuSize]byte, sigs [][]byte) error {
	if len(errs) != len(mus) || len(mus) != len(sigs) {
		return ErrBatchLengths
	}
	form := planFor(pk.p).verifyForm
	var terms *matrixTerms
	if form == winogradProduct {
		terms = &pk.batchTerms().verify
	}
	for first := 0; first < len(sigs); first += maxLanes {
		m := min(maxLanes, len(sigs)-first)
		if m == 1 {
			// One item has no lanes to share: the single path skips
			// the lane buffers.
			errs[first] = pk.VerifyMu(&mus[first], sigs[first])
			continue
		}
		pk.verifyLanes(form, terms, errs[first:first+m], mus[first:first+m], sigs[first:first+m])
	}
	return nil
}

// verifyLanes verifies up to maxLanes items (Algorithm 8, FIPS 204, from
// line 5 on, for each). SampleInBall needs only c̃, the first bytes of a
// signature of the right length, so it runs for all lanes before the
// signatures are decoded one at a time into one z and h.
func (pk *PublicKey) verifyLanes(form productForm, terms *matrixTerms, errs []error, mus [][MuSize]byte, sigs [][]byte) {
	p := pk.p
	m := len(sigs)
	var (
		cTildes   [maxLanes][]byte
		c         [maxLanes]ringElement
		w1Packed  [maxLanes][32 * 6 * maxK]byte
		none      [64]byte // c̃ input for the lanes of malformed signatures
		challenge = p.challengeSize()
		w1Size    = p.w1PackedSize()
	)
	for b, sig := range sigs {
		cTildes[b], errs[b] = none[:challenge], ErrSignatureLength
		if len(sig) == p.SignatureSize() {
			cTildes[b], errs[b] = sig[:challenge], nil
		}
	}
	sampleInBallLanes(p, &c, &cTildes, m)
	var z [maxL]ringElement
	var h [maxK]ringElement
	var sc verifyScratch
	for b := range m {
		if errs[b] != nil {
			continue
		}
		if _, errs[b] = decodeSignature(p, sigs[b], &z, &h); errs[b] != nil {
			continue
		}
		verifyW1(p, pk, form, terms, w1Packed[b][:], &z, &h, &c[b], &sc)
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
			errs[b] = ErrInvalidSignature
		}
	}
}
