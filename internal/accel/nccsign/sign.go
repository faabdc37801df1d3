package nccsign

import "crypto/subtle"

// Sign returns the signature of msg, deterministic as the reference's
// crypto_sign_signature (without NIMS_RANDOMIZED_SIGNING): μ =
// SHAKE256(tr ‖ msg), ρ' = SHAKE256(key ‖ μ), then the Fiat–Shamir loop
// with aborts over y = SampleGamma1(ρ', nonce).
func (sk *PrivateKey) Sign(msg []byte) []byte {
	p := sk.p
	var mu [crhSize]byte
	shake256(mu[:], sk.tr[:], msg)
	var rho [crhSize]byte
	shake256(rho[:], sk.key[:], mu[:])

	sig := make([]byte, p.SignatureSize)
	w, y := p.newPoly(), p.newPoly()
	w1, w0 := p.newPoly(), p.newPoly()
	z, h := p.newPoly(), p.newPoly()
	// ρ', y, w = a·y, its low part, the rejected candidates' z and the
	// products by s2 and t0 are as secret as the key.
	defer func() {
		clear(rho[:])
		for _, f := range []poly{w, y, w0, z, h} {
			clear(f)
		}
	}()
	w1Enc := make([]byte, packedLen(p.n, p.w1Bits))
	for nonce := uint16(0); ; nonce++ {
		p.sampleGamma1To(y, rho[:], nonce)
		p.mulUniform(w, &sk.a, y)
		for i, x := range w {
			w1[i], w0[i] = p.decompose(x)
		}
		packUnsigned(w1Enc, w1, p.w1Bits)
		shake256(sig[:seedSize], mu[:], w1Enc)

		var c smallNTT
		p.field.SetSmall(&c, p.sampleInBall(sig[:seedSize]))
		p.mulChallenge(z, &c, &sk.s1NTT, p.rMod)
		for i := range z {
			z[i] += y[i]
		}
		if infNormAtLeast(z, gamma1-beta) {
			continue
		}
		p.mulChallenge(h, &c, &sk.s2NTT, p.rMod)
		for i := range w0 {
			w0[i] -= h[i]
		}
		if infNormAtLeast(w0, p.gamma2-beta) {
			continue
		}
		p.mulChallenge(h, &c, &sk.t0NTT, p.rMod)
		if infNormAtLeast(h, p.gamma2) {
			continue
		}
		var hints int32
		for i := range w0 {
			h[i] = p.makeHint(p.caddq(w0[i]+h[i]), w1[i])
			hints += h[i]
		}
		if hints > omega {
			continue
		}
		p.packSignature(sig, z, h)
		return sig
	}
}

// packSignature writes z and the hint bitmap after c̃ (the reference's
// pack_sig).
func (p *Params) packSignature(sig []byte, z, h poly) {
	zb := packedLen(p.n, zBits)
	packOffset(sig[seedSize:seedSize+zb], z, gamma1, zBits)
	packUnsigned(sig[seedSize+zb:], h, 1)
}

// Verify reports whether sig is a valid signature of msg (the reference's
// crypto_sign_verify). It is stricter than the reference in one respect:
// an encoding the signer never makes (non-zero padding bits, or more than
// ω hints) is rejected, so that every valid signature has one encoding.
func (pk *PublicKey) Verify(msg, sig []byte) bool {
	p := pk.p
	if len(sig) != p.SignatureSize {
		return false
	}
	zb := packedLen(p.n, zBits)
	z, h := p.newPoly(), p.newPoly()
	if !unpackZ(z, sig[seedSize:seedSize+zb]) || !unpackUnsigned(h, sig[seedSize+zb:], 1) {
		return false
	}
	hints := 0
	for _, x := range h {
		hints += int(x)
	}
	if hints > omega || infNormAtLeast(z, gamma1-beta) {
		return false
	}
	var mu [crhSize]byte
	shake256(mu[:], pk.tr[:], msg)

	var c smallNTT
	p.field.SetSmall(&c, p.sampleInBall(sig[:seedSize]))
	w, ct := p.newPoly(), p.newPoly()
	p.mulUniform(w, &pk.a, z)
	p.mulChallenge(ct, &c, &pk.t1NTT, p.tShift)
	for i := range w {
		w[i] = p.useHint(p.caddq(w[i]-ct[i]), h[i])
	}
	w1Enc := make([]byte, packedLen(p.n, p.w1Bits))
	packUnsigned(w1Enc, w, p.w1Bits)
	var c2 [seedSize]byte
	shake256(c2[:], mu[:], w1Enc)
	return subtle.ConstantTimeCompare(c2[:], sig[:seedSize]) == 1
}
