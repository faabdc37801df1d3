package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Coefficient-wise kernels of FIPS 204, Sections 7.2 and 7.4: addition and
// subtraction mod q, the infinity-norm checks, Decompose with HighBits,
// LowBits, MakeHint and UseHint. They are straight-line code over the 256
// coefficients with no branch and no memory index that depends on the data,
// so they are constant time; reductions over lanes (maximum, sum) run to the
// end of the polynomial.

// logic names the bitwise instructions of a width (VEX or EVEX forms).
func (w *width) and(b, a, dst Op) {
	if w.is512() {
		VPANDD(b, a, dst)
	} else {
		VPAND(b, a, dst)
	}
}

func (w *width) xor(b, a, dst Op) {
	if w.is512() {
		VPXORD(b, a, dst)
	} else {
		VPXOR(b, a, dst)
	}
}

func (w *width) or(b, a, dst Op) {
	if w.is512() {
		VPORD(b, a, dst)
	} else {
		VPOR(b, a, dst)
	}
}

// polyKernel starts a kernel over whole polynomials: it loads the pointer
// masks and q, and returns the arithmetic state; registers 0–7 are the
// kernel's own, 8–15 form the pool.
func polyKernel(c *constants, w *width, name, sig string, doc ...string) *arith {
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	Doc(doc...)
	w.setMasks()
	pool := &regPool{free: append([]VecPhysical(nil), w.regs[8:16]...)}
	a := &arith{w: w, c: c, pool: pool, q: pool.get()}
	VPBROADCASTD(c.at(offQ), a.q)
	return a
}

// eachVector emits body for every register-sized slice of a polynomial,
// with its byte offset.
func eachVector(w *width, body func(off int)) {
	for off := 0; off < 4*n; off += 4 * w.lanes {
		body(off)
	}
}

func broadcastImm(w *width, v uint32, r VecPhysical) {
	t := GP32()
	MOVL(U32(v), t)
	if w.is512() {
		VPBROADCASTD(t, r)
	} else {
		VMOVD(t, r.AsX())
		VPBROADCASTD(r.AsX(), r)
	}
}

// addSubKernel emits polyAdd/polySub: out = a ± b mod q, fully reduced.
func addSubKernel(c *constants, w *width, sub bool) {
	name := kernelName("polyAdd", w)
	what := "a + b"
	if sub {
		name = kernelName("polySub", w)
		what = "a − b"
	}
	a := polyKernel(c, w, name, "func(out, a, b *[256]uint32)",
		name+" sets out to "+what+" mod q, fully reduced, the result of "+map[bool]string{false: "polyAdd", true: "polySub"}[sub]+".")
	out := Load(Param("out"), GP64())
	pa := Load(Param("a"), GP64())
	pb := Load(Param("b"), GP64())
	x, t := w.regs[0], w.regs[2]
	eachVector(w, func(off int) {
		w.load(Mem{Base: pa, Disp: off}, x)
		if sub {
			VPADDD(a.q, x, x)
			VPSUBD(Mem{Base: pb, Disp: off}, x, x)
		} else {
			VPADDD(Mem{Base: pb, Disp: off}, x, x)
		}
		// x in [0, 2q): the unsigned minimum of x and x − q.
		VPSUBD(a.q, x, t)
		VPMINUD(t, x, x)
		w.store(Mem{Base: out, Disp: off}, x)
	})
	VZEROUPPER()
	RET()
}

// power2RoundSumKernel emits power2RoundSum: t1, t0 = Power2Round(a + b)
// coefficient-wise (Algorithm 35, FIPS 204, of t = A·s1 + s2 in key
// generation), with t0 as a field element.
func power2RoundSumKernel(c *constants, w *width) {
	name := kernelName("power2RoundSum", w)
	a := polyKernel(c, w, name, "func(t1, t0, a, b *[256]uint32)",
		name+" sets t1 and t0 to Power2Round(a + b mod q), t0 as a field element, the result of polyPower2RoundSum.")
	pt1 := Load(Param("t1"), GP64())
	pt0 := Load(Param("t0"), GP64())
	pa := Load(Param("a"), GP64())
	pb := Load(Param("b"), GP64())
	x, r1, r0, t, half := w.regs[0], w.regs[1], w.regs[2], w.regs[3], w.regs[4]
	broadcastImm(w, 1<<12-1, half)
	eachVector(w, func(off int) {
		w.load(Mem{Base: pa, Disp: off}, x)
		VPADDD(Mem{Base: pb, Disp: off}, x, x)
		// x in [0, 2q): the unsigned minimum of x and x − q.
		VPSUBD(a.q, x, t)
		VPMINUD(t, x, x)
		// r1 = (x + 2¹² − 1) >> 13, r0 = x − r1·2¹³ in (−2¹², 2¹²].
		VPADDD(half, x, r1)
		VPSRLD(U8(13), r1, r1)
		VPSLLD(U8(13), r1, t)
		VPSUBD(t, x, r0)
		// r0 mod q: add q where r0 is negative.
		VPSRAD(U8(31), r0, t)
		w.and(a.q, t, t)
		VPADDD(t, r0, r0)
		w.store(Mem{Base: pt1, Disp: off}, r1)
		w.store(Mem{Base: pt0, Disp: off}, r0)
	})
	VZEROUPPER()
	RET()
}

// narrowT0Kernel emits narrowT0: t0, a field element in key generation's
// Power2Round range (−2¹², 2¹²] mod q, as a signed 16-bit integer, the form
// a private key keeps it in until its first signature.
func narrowT0Kernel(c *constants, w *width) {
	name := kernelName("narrowT0", w)
	a := polyKernel(c, w, name, "func(out *[256]int16, f *[256]uint32)",
		name+" sets out to f, whose coefficients are field elements in (−2^12, 2^12],",
		"as signed 16-bit integers: the result of narrowT0.")
	out := Load(Param("out"), GP64())
	in := Load(Param("f"), GP64())
	x, y, t, top := w.regs[0], w.regs[1], w.regs[2], w.regs[3]
	broadcastImm(w, 1<<12, top)
	// centre sets r to f − q where f > 2¹², as a signed 32-bit integer.
	centre := func(r VecPhysical) {
		VPSUBD(r, top, t)
		VPSRAD(U8(31), t, t)
		w.and(a.q, t, t)
		VPSUBD(t, r, r)
	}
	if w.is512() {
		eachVector(w, func(off int) {
			w.load(Mem{Base: in, Disp: off}, x)
			centre(x)
			VPMOVDW(x, Mem{Base: out, Disp: off / 2})
		})
	} else {
		// Two registers a step: VPACKSSDW interleaves their 128-bit
		// halves (the values fit, so it never saturates) and VPERMQ puts
		// the four quarters back in order.
		for off := 0; off < 4*n; off += 2 * 4 * w.lanes {
			w.load(Mem{Base: in, Disp: off}, x)
			w.load(Mem{Base: in, Disp: off + 4*w.lanes}, y)
			centre(x)
			centre(y)
			VPACKSSDW(y, x, x)
			VPERMQ(U8(0xd8), x, x)
			w.store(Mem{Base: out, Disp: off / 2}, x)
		}
	}
	VZEROUPPER()
	RET()
}

// widenT0Kernel emits widenT0, narrowT0's inverse: the signed 16-bit t0
// as field elements, for the first signature's t̂0.
func widenT0Kernel(c *constants, w *width) {
	name := kernelName("widenT0", w)
	a := polyKernel(c, w, name, "func(f *[256]uint32, t *[256]int16)",
		name+" sets f to t's coefficients, in (−2^12, 2^12], as field elements:",
		"the result of widenT0.")
	out := Load(Param("f"), GP64())
	in := Load(Param("t"), GP64())
	x, t := w.regs[0], w.regs[1]
	eachVector(w, func(off int) {
		VPMOVSXWD(Mem{Base: in, Disp: off / 2}, x)
		a.fixNegative(x, t)
		w.store(Mem{Base: out, Disp: off}, x)
	})
	VZEROUPPER()
	RET()
}

// horizontal folds the lanes of acc with op (a VPMAXUD or VPADDD form) and
// returns the result in a general register.
func horizontal(w *width, acc VecPhysical, tmp VecPhysical, op func(b, a, dst Op)) GPVirtual {
	if w.is512() {
		VEXTRACTI64X4(U8(1), acc, tmp.AsY())
		op(tmp.AsY(), acc.AsY(), acc.AsY())
	}
	VEXTRACTI128(U8(1), acc.AsY(), tmp.AsX())
	op(tmp.AsX(), acc.AsX(), acc.AsX())
	VPSHUFD(U8(0x4E), acc.AsX(), tmp.AsX())
	op(tmp.AsX(), acc.AsX(), acc.AsX())
	VPSHUFD(U8(0xB1), acc.AsX(), tmp.AsX())
	op(tmp.AsX(), acc.AsX(), acc.AsX())
	r := GP32()
	VMOVD(acc.AsX(), r)
	return r
}

// normKernel emits normMax: the maximum over f of (f + bound − 1) mod q, from
// which the caller decides ‖f‖∞ < bound: that value is below 2·bound − 1
// exactly when f < bound or f > q − bound.
func normKernel(c *constants, w *width) {
	name := kernelName("normMax", w)
	a := polyKernel(c, w, name, "func(f *[256]uint32, boundMinus1 uint32) uint32",
		name+" returns the maximum over f of (f + boundMinus1) mod q.")
	pf := Load(Param("f"), GP64())
	bm1 := w.regs[3]
	bm1GP := Load(Param("boundMinus1"), GP32())
	VMOVD(bm1GP, bm1.AsX())
	VPBROADCASTD(bm1.AsX(), bm1)
	acc, x, t := w.regs[0], w.regs[1], w.regs[2]
	zero(w, acc)
	eachVector(w, func(off int) {
		VPADDD(Mem{Base: pf, Disp: off}, bm1, x)
		VPSUBD(a.q, x, t)
		VPMINUD(t, x, x)
		VPMAXUD(x, acc, acc)
	})
	r := horizontal(w, acc, t, func(b, a, dst Op) { VPMAXUD(b, a, dst) })
	Store(r, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// gamma2 is one of the two γ2 of FIPS 204, which change the arithmetic of
// Decompose.
type gamma2 struct {
	suffix string
	value  uint32
}

var (
	gamma2By32 = gamma2{"32", (q - 1) / 32}
	gamma2By88 = gamma2{"88", (q - 1) / 88}
)

// decomposer holds the constant registers of Decompose.
type decomposer struct {
	*arith
	g                      gamma2
	c127, mul, round       VecPhysical
	twoGamma2, halfQ, last VecPhysical // last: 15 (γ2 = (q−1)/32) or 43
	t                      VecPhysical
}

func newDecomposer(a *arith, g gamma2) *decomposer {
	d := &decomposer{arith: a, g: g}
	d.c127, d.mul, d.round = a.pool.get(), a.pool.get(), a.pool.get()
	d.twoGamma2, d.halfQ, d.last, d.t = a.pool.get(), a.pool.get(), a.pool.get(), a.pool.get()
	broadcastImm(a.w, 127, d.c127)
	broadcastImm(a.w, 2*g.value, d.twoGamma2)
	broadcastImm(a.w, (q-1)/2, d.halfQ)
	if g == gamma2By32 {
		broadcastImm(a.w, 1025, d.mul)
		broadcastImm(a.w, 1<<21, d.round)
		broadcastImm(a.w, 15, d.last)
	} else {
		broadcastImm(a.w, 11275, d.mul)
		broadcastImm(a.w, 1<<23, d.round)
		broadcastImm(a.w, 43, d.last)
	}
	return d
}

// highBits sets r1 to HighBits(r) for r in [0, q) (Algorithm 37, FIPS 204):
// r1 = ⌊(⌈r/128⌉·1025 + 2²¹)/2²²⌋ mod 16 for γ2 = (q−1)/32 and
// ⌊(⌈r/128⌉·11275 + 2²³)/2²⁴⌋ with 44 mapped to 0 for γ2 = (q−1)/88, which
// equal the r1 of Decompose on all of [0, q) (levels_test.go checks every r).
func (d *decomposer) highBits(r1, r VecPhysical) {
	w := d.w
	VPADDD(d.c127, r, r1)
	VPSRLD(U8(7), r1, r1)
	VPMULLD(d.mul, r1, r1)
	VPADDD(d.round, r1, r1)
	if d.g == gamma2By32 {
		VPSRLD(U8(22), r1, r1)
		w.and(d.last, r1, r1)
		return
	}
	VPSRLD(U8(24), r1, r1)
	// r1 ^= ((43 − r1) >> 31) & r1: 44 becomes 0.
	VPSUBD(r1, d.last, d.t)
	VPSRAD(U8(31), d.t, d.t)
	w.and(r1, d.t, d.t)
	w.xor(d.t, r1, r1)
}

// lowBits sets r0 to LowBits(r) given r1 = HighBits(r) (Algorithm 38): r −
// r1·2γ2, minus q when that exceeds (q−1)/2 (the case r − r0 = q − 1).
func (d *decomposer) lowBits(r0, r, r1 VecPhysical) {
	w := d.w
	VPMULLD(d.twoGamma2, r1, r0)
	VPSUBD(r0, r, r0)
	VPSUBD(r0, d.halfQ, d.t)
	VPSRAD(U8(31), d.t, d.t)
	w.and(d.q, d.t, d.t)
	VPSUBD(d.t, r0, r0)
}

// highBitsKernel emits highBits{32,88}: w1 = HighBits(r) coefficient-wise.
func highBitsKernel(c *constants, w *width, g gamma2) {
	name := kernelName("highBits"+g.suffix, w)
	a := polyKernel(c, w, name, "func(w1, r *[256]uint32)",
		name+" sets w1 to HighBits(r) for γ2 = (q−1)/"+g.suffix+", the result of highBits.")
	out := Load(Param("w1"), GP64())
	pr := Load(Param("r"), GP64())
	d := newDecomposer(a, g)
	x, r1 := w.regs[0], w.regs[1]
	eachVector(w, func(off int) {
		w.load(Mem{Base: pr, Disp: off}, x)
		d.highBits(r1, x)
		w.store(Mem{Base: out, Disp: off}, r1)
	})
	VZEROUPPER()
	RET()
}

// lowBitsNormKernel emits lowBitsNormMax{32,88}: the maximum of |LowBits(r)|
// over r.
func lowBitsNormKernel(c *constants, w *width, g gamma2) {
	name := kernelName("lowBitsNormMax"+g.suffix, w)
	a := polyKernel(c, w, name, "func(r *[256]uint32) uint32",
		name+" returns the maximum of |LowBits(r)| over r for γ2 = (q−1)/"+g.suffix+".")
	pr := Load(Param("r"), GP64())
	d := newDecomposer(a, g)
	x, r1, r0, acc, s := w.regs[0], w.regs[1], w.regs[2], w.regs[3], w.regs[4]
	zero(w, acc)
	eachVector(w, func(off int) {
		w.load(Mem{Base: pr, Disp: off}, x)
		d.highBits(r1, x)
		d.lowBits(r0, x, r1)
		// |r0| = (r0 ^ s) − s with s = r0 >> 31.
		VPSRAD(U8(31), r0, s)
		w.xor(s, r0, r0)
		VPSUBD(s, r0, r0)
		VPMAXUD(r0, acc, acc)
	})
	res := horizontal(w, acc, x, func(b, a, dst Op) { VPMAXUD(b, a, dst) })
	Store(res, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// makeHintsKernel emits makeHints{32,88}: h = MakeHint(−ct0, w0 + ct0)
// coefficient-wise, that is HighBits(w0 + ct0 mod q) ≠ HighBits(w0)
// (Algorithm 39), returning the number of ones.
func makeHintsKernel(c *constants, w *width, g gamma2) {
	name := kernelName("makeHints"+g.suffix, w)
	a := polyKernel(c, w, name, "func(h, w0, ct0 *[256]uint32) uint32",
		name+" sets h to MakeHint(−ct0, w0 + ct0) for γ2 = (q−1)/"+g.suffix+" and returns its",
		"number of ones.")
	out := Load(Param("h"), GP64())
	pw := Load(Param("w0"), GP64())
	pc := Load(Param("ct0"), GP64())
	d := newDecomposer(a, g)
	x, y, r1, s1, acc := w.regs[0], w.regs[1], w.regs[2], w.regs[3], w.regs[4]
	zero(w, acc)
	eachVector(w, func(off int) {
		w.load(Mem{Base: pw, Disp: off}, x)
		VPADDD(Mem{Base: pc, Disp: off}, x, y)
		VPSUBD(a.q, y, r1)
		VPMINUD(r1, y, y) // w0 + ct0 mod q
		d.highBits(r1, x)
		d.highBits(s1, y)
		// h = (x | −x) >> 31 for x = r1 ^ s1: 1 exactly when they differ.
		w.xor(s1, r1, r1)
		zero(w, s1)
		VPSUBD(r1, s1, s1)
		w.or(s1, r1, r1)
		VPSRLD(U8(31), r1, r1)
		VPADDD(r1, acc, acc)
		w.store(Mem{Base: out, Disp: off}, r1)
	})
	res := horizontal(w, acc, x, func(b, a, dst Op) { VPADDD(b, a, dst) })
	Store(res, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// useHintsKernel emits useHints{32,88}: w1 = UseHint(h, r) coefficient-wise
// (Algorithm 40), with masks built by arithmetic shifts, no branch.
func useHintsKernel(c *constants, w *width, g gamma2) {
	name := kernelName("useHints"+g.suffix, w)
	a := polyKernel(c, w, name, "func(w1, h, r *[256]uint32)",
		name+" sets w1 to UseHint(h, r) for γ2 = (q−1)/"+g.suffix+", the result of useHint.")
	out := Load(Param("w1"), GP64())
	ph := Load(Param("h"), GP64())
	pr := Load(Param("r"), GP64())
	d := newDecomposer(a, g)
	m := (q - 1) / (2 * g.value)
	if w.is512() {
		useHintsMasked(d, w, g, m, out, ph, pr)
		return
	}
	x, r1, r0, up, down, s, mMinus1, mv := w.regs[0], w.regs[1], w.regs[2], w.regs[3], w.regs[4], w.regs[5], w.regs[6], w.regs[7]
	broadcastImm(w, m, mv)
	broadcastImm(w, m-1, mMinus1)
	eachVector(w, func(off int) {
		w.load(Mem{Base: pr, Disp: off}, x)
		d.highBits(r1, x)
		d.lowBits(r0, x, r1)
		allOnes(w, x) // x is free again: −1 in every lane
		// pos = −1 where r0 > 0, that is where −r0 is negative.
		zero(w, s)
		VPSUBD(r0, s, r0)
		VPSRAD(U8(31), r0, r0)
		// up = r1 + 1, or 0 where r1 = m − 1 (keep = −1 where r1 < m − 1).
		VPSUBD(x, r1, up)
		VPSUBD(mMinus1, r1, s)
		VPSRAD(U8(31), s, s)
		w.and(s, up, up)
		// down = r1 − 1, plus m where that is negative.
		VPADDD(x, r1, down)
		VPSRAD(U8(31), down, s)
		w.and(mv, s, s)
		VPADDD(s, down, down)
		// adj = down ^ ((up ^ down) & pos)
		w.xor(down, up, up)
		w.and(r0, up, up)
		w.xor(up, down, down)
		// w1 = r1 ^ ((r1 ^ adj) & −h)
		zero(w, s)
		VPSUBD(Mem{Base: ph, Disp: off}, s, s)
		w.xor(r1, down, down)
		w.and(s, down, down)
		w.xor(down, r1, r1)
		w.store(Mem{Base: out, Disp: off}, r1)
	})
	VZEROUPPER()
	RET()
}

// useHintsMasked is the AVX-512 body of useHintsKernel: the lanes that move
// up or down are mask registers instead of vectors. UseHint needs only
// whether r0 > 0, not r0: with t = r − r1·2γ2, r0 > 0 exactly where
// 0 < t ≤ (q−1)/2 (above that, lowBits subtracts q). Where h = 1, r1 goes
// up by one where r0 > 0 and down by one elsewhere, modulo m: for m = 16 an
// AND with 15; for m = 44, up wraps 44 to 0 as min(r1, r1 − 44) and down
// wraps −1 to 43 as min(r1, 43), both unsigned.
func useHintsMasked(d *decomposer, w *width, g gamma2, m uint32, out, ph, pr Register) {
	x, r1, t, h, one, zeroV, wrap, last := w.regs[0], w.regs[1], w.regs[2], w.regs[3], w.regs[4], w.regs[5], w.regs[6], w.regs[7]
	kHint, kUp, kDown := K3, K4, K5
	broadcastImm(w, 1, one)
	zero(w, zeroV)
	if g == gamma2By32 {
		broadcastImm(w, m-1, wrap)
	} else {
		broadcastImm(w, m, wrap)
		broadcastImm(w, m-1, last)
	}
	eachVector(w, func(off int) {
		w.load(Mem{Base: pr, Disp: off}, x)
		w.load(Mem{Base: ph, Disp: off}, h)
		d.highBits(r1, x)
		VPMULLD(d.twoGamma2, r1, t)
		VPSUBD(t, x, t) // t = r − r1·2γ2
		VPTESTMD(h, h, kHint)
		VPCMPGTD(zeroV, t, kHint, kUp)      // h = 1 and t > 0
		VPCMPD(U8(2), d.halfQ, t, kUp, kUp) // and t ≤ (q−1)/2: r0 > 0
		KANDNW(kHint, kUp, kDown)           // h = 1 and r0 ≤ 0
		VPADDD(one, r1, kUp, r1)
		VPSUBD(one, r1, kDown, r1)
		if g == gamma2By32 {
			VPANDD(wrap, r1, r1)
		} else {
			VPSUBD(wrap, r1, x)
			VPMINUD(x, r1, r1)    // 44 → 0
			VPMINUD(last, r1, r1) // −1 → 43
		}
		w.store(Mem{Base: out, Disp: off}, r1)
	})
	VZEROUPPER()
	RET()
}

// allOnes sets r to −1 in every lane.
func allOnes(w *width, r VecPhysical) {
	if w.is512() {
		VPTERNLOGD(U8(0xff), r, r, r)
	} else {
		VPCMPEQD(r, r, r)
	}
}

func polyKernels(c *constants, w *width) {
	addSubKernel(c, w, false)
	addSubKernel(c, w, true)
	power2RoundSumKernel(c, w)
	narrowT0Kernel(c, w)
	widenT0Kernel(c, w)
	normKernel(c, w)
	for _, g := range []gamma2{gamma2By32, gamma2By88} {
		highBitsKernel(c, w, g)
		lowBitsNormKernel(c, w, g)
		makeHintsKernel(c, w, g)
		useHintsKernel(c, w, g)
	}
}
