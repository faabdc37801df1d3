package mlkem

// Batch encryption products in T_q (ePrint 2024/1397, Section 4).
//
// K-PKE.Encrypt (FIPS 203, Algorithm 14, lines 19 and 21) multiplies ŷ by
// the k+1 rows of M = [Âᵀ; t̂ᵀ]. Under one key M is fixed, so Winograd's
// inner-product form applies, with T_q's product (128 base-case
// multiplications, Algorithm 12), which is commutative:
//
//	Σ_j m_j∘ŷ_j = Σ_t (m_2t + ŷ_2t+1)∘(m_2t+1 + ŷ_2t) − ξ − η,
//	ξ = Σ_t m_2t∘m_2t+1 (the row's, once per batch),
//	η = Σ_t ŷ_2t∘ŷ_2t+1 (the item's, shared by all rows),
//
// with a plain last term when k is odd. Products in T_q per item, plain →
// Winograd, (k+1)·k → (k+1)·⌈k/2⌉ + ⌊k/2⌋:
//
//	ML-KEM-512 6 → 5, ML-KEM-768 12 → 9, ML-KEM-1024 20 → 12
//
// and ξ costs (k+1)·⌊k/2⌋ products once per EncapsulateBatchInternal call.
// Which form runs is chosen by measurement: see winogradMinItems.

// encryptTerms holds ξ of every row of M = [Âᵀ; t̂ᵀ], reduced.
type encryptTerms [maxK + 1]nttElement

// encryptRow returns the entries of row i ≤ k of M = [Âᵀ; t̂ᵀ]: column i of
// Â for i < k, t̂ for i = k.
func encryptRow(ek *EncapsulationKey, i int) (row [maxK]*nttElement) {
	k := ek.p.K
	for j := range k {
		if i < k {
			row[j] = &ek.a[j*k+i]
		} else {
			row[j] = &ek.t[j]
		}
	}
	return
}

// pairProducts returns Σ_t f[2t]∘f[2t+1] over the first k entries of f: ξ
// of a row of M, or η of ŷ.
func pairProducts(f *[maxK]*nttElement, k int) nttElement {
	var even, odd [maxK]*nttElement
	for t := range k / 2 {
		even[t], odd[t] = f[2*t], f[2*t+1]
	}
	return dotProductGeneric(nil, &even, &odd, k/2)
}

// compute sets t to ξ of ek's rows.
func (t *encryptTerms) compute(ek *EncapsulationKey) {
	for i := range ek.p.K + 1 {
		row := encryptRow(ek, i)
		t[i] = pairProducts(&row, ek.p.K)
	}
}

// winogradProduct returns Σ_j m_j∘ŷ_j for the row m of M with Winograd's
// form, given the row's term ξ and ŷ's term η. Bounds: the sums of two
// entries are below 2q, so a base-case product adds less than 8q² to a
// coefficient; with ⌈k/2⌉ ≤ 2 of them and the start value 2q − ξ − η in
// (0, 2q], the accumulator stays below 16q² + 2q < 2³².
func winogradProduct(row *[maxK]*nttElement, xi, eta *nttElement, y *[maxK]*nttElement, k int) nttElement {
	var acc [n]uint32
	for e := range acc {
		acc[e] = 2*q - uint32(xi[e]) - uint32(eta[e])
	}
	for t := 0; t+1 < k; t += 2 {
		m0, m1, y0, y1 := row[t], row[t+1], y[t], y[t+1]
		for e := 0; e < n; e += 2 {
			c0, c1 := baseCaseMultiply(
				uint32(m0[e])+uint32(y1[e]), uint32(m0[e+1])+uint32(y1[e+1]),
				uint32(m1[e])+uint32(y0[e]), uint32(m1[e+1])+uint32(y0[e+1]),
				uint32(gammas[e/2]))
			acc[e] += c0
			acc[e+1] += c1
		}
	}
	if k%2 == 1 {
		multiplyAccumulate(&acc, row[k-1], y[k-1])
	}
	return reduceAccumulator(&acc)
}

// encryptProductTo sets w = Σ_j M[i][j]∘ŷ[j] for row i ≤ k of M =
// [Âᵀ; t̂ᵀ]: with Winograd's form if terms is not nil, eta then being η of
// ŷ (pairProducts), else with the dispatched dotProduct kernel. The
// encryption takes the rows one at a time, so it holds one product, not
// k+1.
func encryptProductTo(w *nttElement, ek *EncapsulationKey, terms *encryptTerms, eta *nttElement, y *[maxK]*nttElement, i int) {
	row := encryptRow(ek, i)
	if terms != nil {
		*w = winogradProduct(&row, &terms[i], eta, y, ek.p.K)
		return
	}
	dotProductTo(w, nil, &row, y, ek.p.K)
}

// winogradMinItems is, per parameter set, the smallest batch for which
// Winograd's form pays off at the portable level, zero where it never does:
// ξ costs (k+1)·⌊k/2⌋ products per batch, which the saved multiplications
// repay from these batch sizes on (BenchmarkEncryptProducts; figures in
// docs/PERFORMANCE.md, Engine notes). ML-KEM-512 stays plain.
var winogradMinItems = map[*Params]int{
	MLKEM768:  4,
	MLKEM1024: 3,
}

// encryptFormWinograd reports whether a batch of items encryptions under
// parameters p uses Winograd's form under the plan: the SIMD levels keep
// the plain form, their dotProduct kernels beating Winograd's form in Go.
func encryptFormWinograd(pl *plan, p *Params, items int) bool {
	least := winogradMinItems[p]
	return pl.winograd && least > 0 && items >= least
}
