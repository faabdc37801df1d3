package mldsa

import (
	"crypto/subtle"
	"errors"
)

var (
	errSignatureLength = errors.New("mldsa: invalid signature length")
	errInvalid         = errors.New("mldsa: invalid signature")
)

// VerifyMu checks sig against the message representative μ (the part of
// ML-DSA.Verify_internal, Algorithm 8, FIPS 204, after μ is computed: the
// "external μ" interface). It allocates nothing and never panics.
func (pk *PublicKey) VerifyMu(mu *[MuSize]byte, sig []byte) error {
	return verifyMu(pk.p, pk, nil, mu, sig)
}

// VerifyEncodedMu is [PublicKey.VerifyMu] for a public key given as its
// encoding, for one-shot verification: it expands Â one row at a time
// instead of building a PublicKey, and allocates nothing. μ must have been
// computed with the tr of [EncodedTr].
func VerifyEncodedMu(p *Params, pk []byte, mu *[MuSize]byte, sig []byte) error {
	if len(pk) != p.PublicKeySize() {
		return errors.New("mldsa: invalid " + p.Name + " public key length")
	}
	return verifyMu(p, nil, pk, mu, sig)
}

// verifyMu runs Algorithm 8 from line 5 on with either a prepared key
// (Â and t̂1 precomputed) or, when key is nil, the encoding pk.
func verifyMu(p *Params, key *PublicKey, pk []byte, mu *[MuSize]byte, sig []byte) error {
	var z [maxL]ringElement
	var h [maxK]ringElement
	cTilde, err := decodeSignature(p, sig, &z, &h)
	if err != nil {
		return err
	}

	c := sampleInBall(p, cTilde)
	cHat := ntt(&c)
	var zH [maxL]nttElement
	for j := range p.L {
		zH[j] = ntt(&z[j])
	}
	var w1Packed [32 * 6 * maxK]byte
	var row [maxL]nttElement
	for i := range p.K {
		var acc, ct1 nttElement
		if key != nil {
			acc = nttDot(key.a[i*p.L:(i+1)*p.L], zH[:p.L])
			ct1 = nttMul(&cHat, &key.t1H[i])
		} else {
			expandA(p, row[:p.L], (*[32]byte)(pk), i*p.L)
			acc = nttDot(row[:p.L], zH[:p.L])
			var t1 ringElement
			unpackT1(&t1, pk[32+320*i:])
			t1H := nttT1(&t1)
			ct1 = nttMul(&cHat, &t1H)
		}
		acc = polySub(&acc, &ct1)
		wApprox := invNTT(&acc)
		var w1 ringElement
		for j, c := range wApprox {
			w1[j] = fieldElement(useHint(p, uint32(h[i][j]), c))
		}
		packW1(p, w1Packed[i*32*p.w1Bits:], &w1)
	}
	var cTilde2 [64]byte
	hashParts(cTilde2[:p.challengeSize()], mu[:], w1Packed[:p.w1PackedSize()])
	if subtle.ConstantTimeCompare(cTilde, cTilde2[:p.challengeSize()]) != 1 {
		return errInvalid
	}
	return nil
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
