package mlkem

// pkeKeyGen is K-PKE.KeyGen (FIPS 203, Algorithm 13) from the 32-byte seed d:
// it fills Â, t̂ and ρ of ek and returns nothing else, leaving ŝ in s (k
// entries). The
// encoding ek_PKE = ByteEncode12(t̂)‖ρ and dk_PKE = ByteEncode12(ŝ) are
// produced on demand by the encoders.
func pkeKeyGen(p *Params, ek *EncapsulationKey, s []nttElement, d *[32]byte) {
	k := p.k
	var gIn [33]byte
	copy(gIn[:], d[:])
	gIn[32] = byte(k) // domain separation by k (final FIPS 203)
	g := hashG(gIn[:])
	copy(ek.rho[:], g[:32])
	sigma := (*[32]byte)(g[32:])

	// s and e use nonces 0 … 2k−1 with η1.
	var se [2 * maxK]ringElement
	if keyGenLanes(k) {
		expandANoiseLanes(ek.a, &ek.rho, k, sigma, p.eta1, se[:])
	} else {
		expandA(ek.a, &ek.rho, k)
		sampleNoise(se[:2*k], sigma, 0, p.eta1)
	}
	for i := range k {
		s[i] = *nttInPlace(&se[i])
	}
	for i := range k {
		// t̂[i] = ê[i] + Σ_j Â[i, j] ∘ ŝ[j]
		eHat := nttInPlace(&se[k+i])
		var row, sj [maxK]*nttElement
		for j := range k {
			row[j], sj[j] = &ek.a[i*k+j], &s[j]
		}
		dotProductTo(&ek.t[i], eHat, &row, &sj, k)
	}
	clear(se[:2*k])
	clear(g[:])
}

// pkeEncrypt is K-PKE.Encrypt (FIPS 203, Algorithm 14) with the expanded key
// ek: it writes the ciphertext of message m under randomness r to c, which
// must be p.CiphertextSize() bytes long.
func pkeEncrypt(p *Params, ek *EncapsulationKey, c []byte, m, r *[32]byte) {
	k := p.k
	// y uses nonces 0 … k−1 with η1; e1 uses k … 2k−1 and e2 uses 2k, with η2.
	var noise encryptNoise
	switch {
	case useLanes() && p.eta1 != p.eta2:
		encryptNoiseLanes(p, r, &noise)
	case p.eta1 == p.eta2:
		sampleNoise(noise[:2*k+1], r, 0, p.eta1)
	default:
		sampleNoise(noise[:k], r, 0, p.eta1)
		sampleNoise(noise[k:2*k+1], r, byte(k), p.eta2)
	}
	pkeEncryptNoise(p, ek, c, m, &noise, nil)
}

// encryptNoise is y, e1 and e2 of K-PKE.Encrypt, in nonce order.
type encryptNoise [2*maxK + 1]ringElement

// pkeEncryptNoise is K-PKE.Encrypt (FIPS 203, Algorithm 14) from line 18 on,
// with the noise already sampled; it clears the noise. terms, if not nil,
// are ek's Winograd terms for the products (batch_product.go).
func pkeEncryptNoise(p *Params, ek *EncapsulationKey, c []byte, m *[32]byte, noise *encryptNoise, terms *encryptTerms) {
	k := p.k
	// ŷ replaces y in the noise.
	var yPtr [maxK]*nttElement
	for i := range k {
		yPtr[i] = nttInPlace(&noise[i])
	}
	// ûᵀ = ŷᵀ∘Â, i.e. û[i] = Σ_j Â[j, i]∘ŷ[j], and v̂ = t̂ᵀ∘ŷ.
	var products [maxK + 1]nttElement
	encryptProducts(&products, ek, terms, &yPtr)

	c1Len := 32 * int(p.du)
	for i := range k {
		// u[i] = NTT⁻¹(û[i]) + e1[i].
		u := inverseNTTInPlace(&products[i])
		polyAddTo(u, u, &noise[k+i])
		compressEncode(c[i*c1Len:], u, p.du)
	}

	// v = NTT⁻¹(v̂) + e2 + μ, μ = Decompress_1(ByteDecode_1(m)).
	v := inverseNTTInPlace(&products[k])
	polyAddTo(v, v, &noise[2*k])
	mu := decodeDecompress(m[:], 1)
	polyAddTo(v, v, &mu)
	compressEncode(c[k*c1Len:], v, p.dv)

	// Only the first 2k+1 and k+1 entries were written.
	clear(noise[:2*k+1])
	clear(mu[:])
	clear(products[:k+1])
}

// pkeDecrypt is K-PKE.Decrypt (FIPS 203, Algorithm 15) with the NTT-domain
// secret ŝ: it returns the message encrypted in c, of p.CiphertextSize() bytes.
func pkeDecrypt(p *Params, s []nttElement, c []byte) (m [32]byte) {
	k := p.k
	c1Len := 32 * int(p.du)
	// ŝᵀ ∘ NTT(u'), u' = Decompress_du(ByteDecode_du(c1)).
	var u [maxK]ringElement
	var sPtr, uPtr [maxK]*nttElement
	for i := range k {
		u[i] = decodeDecompress(c[i*c1Len:], p.du)
		sPtr[i], uPtr[i] = &s[i], nttInPlace(&u[i])
	}
	var suHat nttElement
	dotProductTo(&suHat, nil, &sPtr, &uPtr, k)
	su := inverseNTTInPlace(&suHat)
	// v' = Decompress_dv(ByteDecode_dv(c2)); w = v' − NTT⁻¹(ŝᵀ ∘ NTT(u')).
	w := decodeDecompress(c[k*c1Len:], p.dv)
	polySubTo(&w, &w, su)
	// m = ByteEncode_1(Compress_1(w)); w is secret, compress is constant-time.
	compressEncode(m[:], &w, 1)
	clear(w[:])
	clear(suHat[:])
	return m
}
