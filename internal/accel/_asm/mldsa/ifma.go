package main

import (
	"math/bits"
	"slices"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// AVX-512 IFMA in the ML-DSA kernels (issue #6, item 3). VPMADD52LUQ and
// VPMADD52HUQ add the low or high 52 bits of the 104-bit product of the low
// 52 bits of two 64-bit lanes to a third; avo v0.5.0 has both, so no raw
// encodings are needed. Level AVX512 already requires IFMA
// (internal/accel/cpu).
//
// Execution µops per 16 lanes (zmm, ports 0 and 5; VPMULDQ and VPMADD52LUQ
// both issue two per cycle on this machine, VPMULLD one; the zeroing idiom
// VPXORQ r, r, r takes no port and is counted apart):
//
//   - Montgomery twiddle product (montMul): VPSRLQ, 6 VPMULDQ, 2 VPSUBQ,
//     VPSHUFD = 10. Butterfly with its VPADDD and VPSUBD: 12.
//   - Shoup product with IFMA (shoup.mul): VPSRLQ, VPANDQ (IFMA reads 52
//     bits, so the even lanes must be cleared of the odd ones, which
//     VPMULDQ ignores), 2 VPMADD52HUQ, 4 VPMADD52LUQ, VPSHUFD = 9, plus 4
//     zeroing idioms. Butterfly: 11. IFMA multiplicands are unsigned, so
//     the forward transform keeps every value non-negative with a bias of
//     16q added once to the lower halves of the first layer (8 µops per
//     transform): 64 butterflies save 64 µops of about 1060.
//   - The inverse transform's Gentleman–Sande butterfly multiplies the
//     difference hi − lo, which is negative half the time: it needs a bias
//     added per butterfly (the sums grow, so no one-off bias works), which
//     brings it back to 12, a tie with Montgomery; not built.
//   - The "tailored reduction" x = h·2²³ + l ↦ h·(2¹³ − 1) + l (2²³ ≡
//     2¹³ − 1 mod q) costs VPANDQ, VPSRLQ and one VPMADD52LUQ per 8 lanes
//     and removes only 10 bits: a product below 2⁴⁰ plus split/combine
//     comes to 11 per 16 lanes against montMul's 10, and it leaves values
//     below 2³⁰ that the following layers cannot take. No transform in the
//     signing loop has such inputs either: y reaches 2¹⁹ (products up to
//     2⁴²) and the small s1, s2, t0 are transformed once per key load.
//   - Pointwise Montgomery product: the reduction's m·q − p cannot be fused
//     into a VPMADD52LUQ because m from VPMULDQ has garbage above bit 32,
//     and clearing it costs what the fusion saves; not built.
//   - Dot product, per term: VPSRLQ ×2, VPMULDQ ×2, VPADDQ ×2 = 6. With
//     IFMA the odd lanes' multiply-and-accumulate is one VPMADD52LUQ (their
//     factors are already zero-extended by VPSRLQ): 5.
//
// Measured (thread CPU time per call, BenchmarkIFMAKernels): the IFMA
// forward transform does not beat nttAVX512 despite its 5% fewer µops:
// 194.8 vs 189.9 ns (+2.6%, p < 0.001, n = 8), and 198.0 vs 194.4 ns as the
// fastest of 20 runs in another build. A probe with VPMULDQ in its IFMA
// slots ran level with nttAVX512, so here IFMA costs a little more than
// VPMULDQ. It stays out of dispatch, generated as nttAVX512IFMA for
// BenchmarkIFMAKernels and its tests. The IFMA dot product is 10% faster
// (109 vs 121 ns for five terms, p = 0.002, twice) and is nttDotAVX512
// (dotKernel).

// shoup holds the registers of the IFMA Shoup products of a transform.
type shoup struct {
	*arith
	lowDwords VecPhysical // 2³² − 1 in every 64-bit lane
	qBar      VecPhysical // 2⁵² − q in every 64-bit lane
	// scratch of mul: xo and to are arith's t2 and t3
	he, ho  VecPhysical
	vectors map[[8]uint64]Mem // twiddle vectors already in the table
}

func newShoup(a *arith) *shoup {
	s := &shoup{arith: a, lowDwords: a.pool.get(), qBar: a.pool.get(),
		he: a.pool.get(), ho: a.pool.get(), vectors: map[[8]uint64]Mem{}}
	t := GP64()
	MOVL(U32(0xFFFFFFFF), t.As32()) // zero-extends to the 64-bit register
	VPBROADCASTQ(t, s.lowDwords)
	MOVQ(U64(1<<52-q), t)
	VPBROADCASTQ(t, s.qBar)
	return s
}

// shoupFactor returns ⌊ζ·2⁵²/q⌋, the precomputed quotient of a Shoup
// product by ζ < q.
func shoupFactor(zeta uint64) uint64 {
	quo, _ := bits.Div64(zeta>>12, zeta<<52, q)
	return quo
}

// mul sets the lanes of out to t = x·ζ − ⌊x·ζ'/2⁵²⌋·q, in [0, 2q) and
// congruent to x·ζ mod q, for the 32-bit lanes x read as unsigned (Shoup's
// product with ζ' = shoupFactor(ζ): x·ζ'/2⁵² is below x·ζ/q by less than
// x/2⁵² < 1). zE and pE hold ζ and ζ' for the even lanes as 64-bit lanes,
// zO and pO those of the odd lanes. x is clobbered.
//
// The sums VPMADD52LUQ builds are correct modulo 2⁵², hence modulo 2³²:
// the low 32 bits of x·ζ mod 2⁵² + ⌊x·ζ'/2⁵²⌋·(2⁵² − q) mod 2⁵² are t.
func (s *shoup) mul(out, x VecPhysical, zE, zO, pE, pO Op) {
	xo, to := s.t2, s.t3
	VPSRLQ(U8(32), x, xo)     // odd lanes, zero-extended
	VPANDQ(s.lowDwords, x, x) // even lanes, zero-extended
	for _, r := range []VecPhysical{s.he, s.ho, out, to} {
		VPXORQ(r, r, r)
	}
	VPMADD52HUQ(pE, x, s.he) // ⌊x·ζ'/2⁵²⌋
	VPMADD52HUQ(pO, xo, s.ho)
	VPMADD52LUQ(zE, x, out) // x·ζ mod 2⁵²
	VPMADD52LUQ(zO, xo, to)
	VPMADD52LUQ(s.qBar, s.he, out) // − ⌊x·ζ'/2⁵²⌋·q mod 2⁵²
	VPMADD52LUQ(s.qBar, s.ho, to)
	VPSHUFD(U8(0xB1), to, maskOdd, out) // the odd lanes' low halves into place
}

// bias adds 16q to the lanes of vs. Applied to the lower inputs of the
// first layer, whose lanes are in [0, q), it keeps every value of the
// forward transform non-negative, as the Shoup products need: a
// Cooley–Tukey layer moves the bounds [lo, hi) of the values to
// (lo − 2q, hi + 2q), so after layer L they are in (16q − 2qL, 17q + 2qL),
// and the inputs of layer L ≤ 8 are above 16q − 2q·7 > 0. The outputs, in
// (0, 33q), are within the range of reduceAll.
func (s *shoup) bias(vs []*vec) {
	t, b := GP32(), s.pool.get()
	MOVL(U32(16*q), t)
	VPBROADCASTD(t, b)
	for _, v := range vs {
		VPADDD(b, v.r, v.r)
	}
	s.pool.put(b)
}

// shoupTwiddleMul is twiddleMul with IFMA Shoup products: it appends the
// twiddles of ks and their Shoup factors to the kernel's table as 64-bit
// lanes, the even lanes' apart from the odd lanes'.
func (g *nttGen) shoupTwiddleMul(ks []int) func(out, x VecPhysical) {
	if k := ks[0]; slices.Min(ks) == slices.Max(ks) {
		if g.zetaIdx != k {
			g.zetaIdx = k
			z := zetaPlain(k)
			VPBROADCASTQ(g.qword(z), g.zeta)
			VPBROADCASTQ(g.qword(shoupFactor(z)), g.zetaQ)
		}
		return func(out, x VecPhysical) { g.shoup.mul(out, x, g.zeta, g.zeta, g.zetaQ, g.zetaQ) }
	}
	var zE, zO, pE, pO [8]uint64
	for j, k := range ks {
		z := zetaPlain(k)
		if j%2 == 0 {
			zE[j/2], pE[j/2] = z, shoupFactor(z)
		} else {
			zO[j/2], pO[j/2] = z, shoupFactor(z)
		}
	}
	ops := [4]Mem{g.qwordVector(zE), g.qwordVector(zO), g.qwordVector(pE), g.qwordVector(pO)}
	return func(out, x VecPhysical) { g.shoup.mul(out, x, ops[0], ops[1], ops[2], ops[3]) }
}

// qword appends x to the kernel's table and returns its entry.
func (g *nttGen) qword(x uint64) Mem {
	m := g.table.Offset(g.tableN)
	DATA(g.tableN, U64(x))
	g.tableN += 8
	return m
}

// qwordVector returns the table entry holding v, appending it if it is not
// there yet.
func (g *nttGen) qwordVector(v [8]uint64) Mem {
	if m, ok := g.shoup.vectors[v]; ok {
		return m
	}
	m := g.table.Offset(g.tableN)
	for i, x := range v {
		DATA(g.tableN+8*i, U64(x))
	}
	g.tableN += 8 * len(v)
	g.shoup.vectors[v] = m
	return m
}
