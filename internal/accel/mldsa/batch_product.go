package mldsa

import "sync"

// Batch matrix products in the NTT domain (ePrint 2024/1397, Section 3).
//
// In the NTT domain, w = M·v is 256 independent products of a small matrix
// over Z_q by a vector, one per coefficient position. For a batch of m
// vectors under one key the matrix is fixed, so Winograd's inner-product
// formula pays off: for a row (a_0 … a_{c−1}) and a vector (v_0 … v_{c−1}),
//
//	Σ_j a_j·v_j = Σ_t (a_2t + v_2t+1)·(a_2t+1 + v_2t) − ξ − η,
//	ξ = Σ_t a_2t·a_2t+1 (the row's, once per key),
//	η = Σ_t v_2t·v_2t+1 (the vector's, once per item and shared by all rows),
//
// with a plain last term when c is odd. Per item and coefficient that is
// k·⌈c/2⌉ + ⌊c/2⌋ multiplications instead of k·c; ξ is cached in the key.
// The formula needs commutativity only, which Z_q has.
//
// Multiplication counts per item (k rows, c columns), plain → Winograd:
//
//	product              44 (4×4)  65 (6×5)  87 (8×7)
//	sign   Â·y            16 → 10   30 → 20   56 → 35
//	verify [Â | t̂1]·(ẑ, −ĉ) 20 → 14   36 → 21   64 → 36
//
// (verify folds c·t̂1 into the product as an extra column). Which form each
// parameter set uses is chosen by measurement: see planFor.

// productForm says how one batch product is computed.
type productForm uint8

const (
	plainProduct    productForm = iota // k·c multiplications per item
	winogradProduct                    // Winograd's inner-product form
)

// portableProductForms is the measured choice per parameter set at the
// portable level, for signing and for verification (BenchmarkBatchProduct;
// figures in docs/PERFORMANCE.md, Engine notes): Winograd's form pays off
// there only with verification's extra c·t̂1 column. At the SIMD levels the
// plain form runs on the nttDot/nttMul kernels, which reduce lazily and
// beat Winograd's form in Go (its 64-bit accumulators would halve the lanes
// of a vector kernel), so planFor picks the plain form there.
var portableProductForms = map[*Params][2]productForm{
	&params44: {plainProduct, winogradProduct},
	&params65: {plainProduct, winogradProduct},
	&params87: {plainProduct, winogradProduct},
}

// Indices into portableProductForms' pairs, which planFor reads.
const (
	signProduct   = 0
	verifyProduct = 1
)

// matrixTerms is the per-key part of Winograd's formula for a k×c matrix:
// xi[i] = Σ_t row_i[2t]·row_i[2t+1] mod q, in the plain (not Montgomery)
// domain. Its values are public (they derive from Â and t̂1 only).
type matrixTerms struct {
	xi [maxK]nttElement
}

// keyTerms are a public key's batch terms: ξ of Â for signing and of
// [Â | t̂1] for verifying.
type keyTerms struct {
	sign   matrixTerms
	verify matrixTerms
}

// batchCache holds a public key's batch terms, allocated and computed on the
// first batch operation, so that a key that never runs one does not carry
// them.
type batchCache struct {
	once  sync.Once
	terms *keyTerms
}

// batchTerms returns pk's batch terms, computing them on first use.
func (pk *PublicKey) batchTerms() *keyTerms {
	pk.batch.once.Do(func() {
		p := pk.p
		t := new(keyTerms)
		t.sign.compute(pk.aHat(), p.L, nil, p.K, p.L)
		t.verify.compute(pk.aHat(), p.L, pk.t1Hat(), p.K, p.L+1)
		pk.batch.terms = t
	})
	return pk.batch.terms
}

// matrixRow returns the entries of row i of a k×c matrix whose first
// columns are Â's row and whose column l, if c > l, is extra[i].
func matrixRow(a []nttElement, l int, extra []nttElement, i, c int) (row [maxL + 1]*nttElement) {
	for j := range l {
		row[j] = &a[i*l+j]
	}
	if c > l {
		row[l] = &extra[i]
	}
	return
}

// compute fills t for the k×c matrix given by matrixRow.
func (t *matrixTerms) compute(a []nttElement, l int, extra []nttElement, k, c int) {
	for i := range k {
		row := matrixRow(a, l, extra, i, c)
		var acc [n]int64
		for j := 0; j+1 < c; j += 2 {
			x, y := row[j], row[j+1]
			for e := range acc {
				acc[e] += int64(x[e]) * int64(y[e])
			}
		}
		for e, v := range acc {
			t.xi[i][e] = fieldElement(v % q)
		}
	}
}

// batchProduct writes w[i] = Σ_j M[i][j]·v[j]·2⁻³² for the k×c matrix given
// by matrixRow, in the requested form; terms must hold M's ξ for the
// Winograd form and may be nil for the plain one. Bounds for the Winograd form: each factor is below 2q, so a
// product is below 4q² < 2⁴⁹, at most four pairs and a plain term stay below
// 2⁵², and subtracting ξ < q and η < 4q² keeps |acc| far inside
// montReduce's 2³¹·q > 2⁵⁴.
func batchProduct(form productForm, w *[maxK]nttElement, a []nttElement, l int, extra []nttElement, terms *matrixTerms, v *[maxL + 1]nttElement, k, c int) {
	if form == plainProduct {
		for i := range k {
			nttDotTo(&w[i], a[i*l:(i+1)*l], v[:l])
			if c > l {
				var p nttElement
				nttMulTo(&p, &extra[i], &v[l])
				polyAddTo(&w[i], &w[i], &p)
			}
		}
		return
	}
	var eta [n]int64
	for j := 0; j+1 < c; j += 2 {
		x, y := &v[j], &v[j+1]
		for e := range eta {
			eta[e] += int64(x[e]) * int64(y[e])
		}
	}
	for i := range k {
		row := matrixRow(a, l, extra, i, c)
		var acc [n]int64
		xi := &terms.xi[i]
		for e := range acc {
			acc[e] = -eta[e] - int64(xi[e])
		}
		j := 0
		for ; j+1 < c; j += 2 {
			r0, r1, v0, v1 := row[j], row[j+1], &v[j], &v[j+1]
			for e := range acc {
				acc[e] += int64(r0[e]+v1[e]) * int64(r1[e]+v0[e])
			}
		}
		if j < c {
			r, x := row[j], &v[j]
			for e := range acc {
				acc[e] += int64(r[e]) * int64(x[e])
			}
		}
		for e, s := range acc {
			w[i][e] = fieldFromInt32(montReduce(s))
		}
	}
}
