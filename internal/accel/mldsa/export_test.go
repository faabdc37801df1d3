package mldsa

// Entry points only the engine's tests use: μ for each FIPS 204 message
// format in one call, and signing and verification of messages, on top of
// the engine's API (Message, SignMu, VerifyMu).

// ComputeMu writes μ for pure ML-DSA: [NewMessage], then [Message.Mu].
func ComputeMu(mu *[MuSize]byte, tr *[64]byte, msg, ctx []byte) error {
	m, err := NewMessage(msg, ctx)
	if err != nil {
		return err
	}
	m.Mu(mu, tr)
	return nil
}

// ComputeMuPreHash writes μ for HashML-DSA: [NewPreHashMessage], then
// [Message.Mu].
func ComputeMuPreHash(mu *[MuSize]byte, tr *[64]byte, ph PreHash, digest, ctx []byte) error {
	m, err := NewPreHashMessage(ph, digest, ctx)
	if err != nil {
		return err
	}
	m.Mu(mu, tr)
	return nil
}

// ComputeMuInternal writes μ = H(tr‖M′, 64) for an already formatted M′.
func ComputeMuInternal(mu *[MuSize]byte, tr *[64]byte, mPrime []byte) {
	hashParts(mu[:], tr[:], mPrime)
}

// Sign writes ML-DSA.Sign(sk, M, ctx) with randomness rnd to sig (Algorithm
// 2, FIPS 204, with rnd supplied by the caller).
func (sk *PrivateKey) Sign(sig, msg, ctx []byte, rnd *[RandomSize]byte) error {
	var mu [MuSize]byte
	if err := ComputeMu(&mu, &sk.pub.tr, msg, ctx); err != nil {
		return err
	}
	return sk.SignMu(sig, &mu, rnd)
}

// SignPreHash writes HashML-DSA.Sign(sk, M, ctx, PH) to sig given the digest
// PH(M) (Algorithm 4, FIPS 204, with the hashing done by the caller).
func (sk *PrivateKey) SignPreHash(sig []byte, ph PreHash, digest, ctx []byte, rnd *[RandomSize]byte) error {
	var mu [MuSize]byte
	if err := ComputeMuPreHash(&mu, &sk.pub.tr, ph, digest, ctx); err != nil {
		return err
	}
	return sk.SignMu(sig, &mu, rnd)
}

// SignInternal writes ML-DSA.Sign_internal(sk, M′, rnd) to sig (Algorithm 7,
// FIPS 204), for M′ already formatted by the caller.
func (sk *PrivateKey) SignInternal(sig, mPrime []byte, rnd *[RandomSize]byte) error {
	var mu [MuSize]byte
	ComputeMuInternal(&mu, &sk.pub.tr, mPrime)
	return sk.SignMu(sig, &mu, rnd)
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

// OID returns the DER encoding of h's object identifier, as it appears in M′.
func (h PreHash) OID() []byte { return append([]byte(nil), h.oid()...) }

// PreHashByName returns the function with ACVP name name.
func PreHashByName(name string) (PreHash, bool) {
	for h := SHA2_224; h < preHashEnd; h++ {
		if preHashes[h].name == name {
			return h, true
		}
	}
	return 0, false
}
