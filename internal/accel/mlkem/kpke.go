package mlkem

// pkeKeyGen is K-PKE.KeyGen (FIPS 203, Algorithm 13) from the 32-byte seed d:
// it fills Â, t̂ and ρ of ek and returns nothing else, leaving ŝ in s (k
// entries). The
// encoding ek_PKE = ByteEncode12(t̂)‖ρ and dk_PKE = ByteEncode12(ŝ) are
// produced on demand by the encoders.
func pkeKeyGen(pl *plan, p *Params, ek *EncapsulationKey, s []nttElement, d *[32]byte) {
	k := p.K
	var gIn [33]byte
	copy(gIn[:], d[:])
	gIn[32] = byte(k) // domain separation by k (final FIPS 203)
	g := hashG(pl, gIn[:])
	copy(ek.rho[:], g[:32])
	sigma := (*[32]byte)(g[32:])

	// s and e use nonces 0 … 2k−1 with η1.
	var se [2 * maxK]ringElement
	if keyGenLanes(pl, k) {
		expandANoiseLanes(pl, ek.a, &ek.rho, k, sigma, p.Eta1, se[:])
	} else {
		expandA(pl, ek.a, &ek.rho, k)
		sampleNoise(pl, se[:2*k], sigma, 0, p.Eta1)
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
func pkeEncrypt(pl *plan, p *Params, ek *EncapsulationKey, c []byte, m, r *[32]byte) {
	k := p.K
	// The noise is sized for the set: Go zeroes every local array on each
	// call, and 2·maxK+1 polynomials would cost ML-KEM-512 2 KiB of zeroing
	// it never uses.
	switch k {
	case 2:
		var noise [2*2 + 1]ringElement
		pkeEncryptWith(pl, p, ek, c, m, r, noise[:])
	case 3:
		var noise [2*3 + 1]ringElement
		pkeEncryptWith(pl, p, ek, c, m, r, noise[:])
	default:
		var noise [2*maxK + 1]ringElement
		pkeEncryptWith(pl, p, ek, c, m, r, noise[:])
	}
}

// pkeEncryptWith is pkeEncrypt with noise, 2k+1 polynomials, as its scratch.
func pkeEncryptWith(pl *plan, p *Params, ek *EncapsulationKey, c []byte, m, r *[32]byte, noise []ringElement) {
	k := p.K
	// y uses nonces 0 … k−1 with η1; e1 uses k … 2k−1 and e2 uses 2k, with η2.
	switch {
	case pl.lanes && p.Eta1 != p.Eta2:
		encryptNoiseLanes(p, r, noise)
	case p.Eta1 == p.Eta2:
		sampleNoise(pl, noise, r, 0, p.Eta1)
	default:
		sampleNoise(pl, noise[:k], r, 0, p.Eta1)
		sampleNoise(pl, noise[k:], r, byte(k), p.Eta2)
	}
	pkeEncryptNoise(p, ek, c, m, noise, nil)
}

// pkeEncryptNoise is K-PKE.Encrypt (FIPS 203, Algorithm 14) from line 18 on,
// with the noise (y, e1, e2: 2k+1 polynomials in nonce order) already
// sampled; it clears the noise. terms, if not nil, are ek's Winograd terms
// for the products (batch_product.go).
func pkeEncryptNoise(p *Params, ek *EncapsulationKey, c []byte, m *[32]byte, noise []ringElement, terms *encryptTerms) {
	k := p.K
	// ŷ replaces y in the noise.
	var yPtr [maxK]*nttElement
	for i := range k {
		yPtr[i] = nttInPlace(&noise[i])
	}
	var eta *nttElement // η of ŷ, for Winograd's form
	if terms != nil {
		yTerm := pairProducts(&yPtr, k)
		eta = &yTerm
	}

	// ûᵀ = ŷᵀ∘Â, i.e. û[i] = Σ_j Â[j, i]∘ŷ[j], and v̂ = t̂ᵀ∘ŷ: row i of
	// [Âᵀ; t̂ᵀ]∘ŷ, one at a time in product.
	var product nttElement
	c1Len := 32 * int(p.Du)
	for i := range k {
		// u[i] = NTT⁻¹(û[i]) + e1[i].
		encryptProductTo(&product, ek, terms, eta, &yPtr, i)
		u := inverseNTTInPlace(&product)
		polyAddTo(u, u, &noise[k+i])
		compressEncode(c[i*c1Len:], u, p.Du)
	}

	// v = NTT⁻¹(v̂) + e2 + μ, μ = Decompress_1(ByteDecode_1(m)).
	encryptProductTo(&product, ek, terms, eta, &yPtr, k)
	v := inverseNTTInPlace(&product)
	polyAddTo(v, v, &noise[2*k])
	mu := decodeDecompress(m[:], 1)
	polyAddTo(v, v, &mu)
	compressEncode(c[k*c1Len:], v, p.Dv)

	clear(noise[:2*k+1])
	clear(mu[:])
	clear(product[:])
	if eta != nil {
		clear(eta[:])
	}
}

// pkeDecrypt is K-PKE.Decrypt (FIPS 203, Algorithm 15) with the NTT-domain
// secret ŝ: it returns the message encrypted in c, of p.CiphertextSize() bytes.
// u, k polynomials, is its scratch for u'.
func pkeDecrypt(p *Params, s []nttElement, c []byte, u []ringElement) (m [32]byte) {
	k := p.K
	c1Len := 32 * int(p.Du)
	// ŝᵀ ∘ NTT(u'), u' = Decompress_du(ByteDecode_du(c1)).
	var sPtr, uPtr [maxK]*nttElement
	for i := range k {
		u[i] = decodeDecompress(c[i*c1Len:], p.Du)
		sPtr[i], uPtr[i] = &s[i], nttInPlace(&u[i])
	}
	var suHat nttElement
	dotProductTo(&suHat, nil, &sPtr, &uPtr, k)
	su := inverseNTTInPlace(&suHat)
	// v' = Decompress_dv(ByteDecode_dv(c2)); w = v' − NTT⁻¹(ŝᵀ ∘ NTT(u')).
	w := decodeDecompress(c[k*c1Len:], p.Dv)
	polySubTo(&w, &w, su)
	// m = ByteEncode_1(Compress_1(w)); w is secret, compress is constant-time.
	compressEncode(m[:], &w, 1)
	clear(w[:])
	clear(suHat[:])
	return m
}
