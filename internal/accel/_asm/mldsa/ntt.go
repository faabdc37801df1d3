package main

import (
	"fmt"
	"slices"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// vec is a register of coefficients together with the index of the
// coefficient each of its lanes holds.
type vec struct {
	r   VecPhysical
	idx []int
}

// nttGen emits one transform.
type nttGen struct {
	*arith
	inverse bool
	table   Mem // per-kernel twiddle vectors
	tableN  int // bytes of table used
}

// nttKernel emits nttAVX512/invNTTAVX512 or the AVX2 pair: func(out, in
// *[256]uint32), which may alias.
//
// AVX512 holds the whole polynomial in Z0–Z15 (register r holds
// coefficients 16r…16r+15) and merges all eight layers: the first four pair
// whole registers, the last four pair lanes of two registers after a shuffle;
// its twiddle products are Shoup's (twiddleMul).
// AVX2 runs two passes over memory: layers 1–3 on eight registers that hold
// coefficients 32k+8c…32k+8c+7 (k < 8) for each column c < 4, then layers 4–8
// on each block of 32 coefficients.
func nttKernel(c *constants, w *width, inverse bool) {
	base := "ntt"
	if inverse {
		base = "invNTT"
	}
	name := kernelName(base, w)
	table := GLOBL("mldsaTwiddles"+name, RODATA|NOPTR)
	TEXT(name, NOSPLIT, "func(out, in *[256]uint32)")
	Pragma("noescape")
	if inverse {
		Doc(name+" sets out to the inverse NTT of in (Algorithm 42, FIPS 204), scaled",
			"by 2³², fully reduced: the result of invNTT.")
	} else {
		Doc(name+" sets out to the NTT of in (Algorithm 41, FIPS 204), fully reduced:",
			"the result of ntt.")
	}
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	w.setMasks()
	pool := &regPool{}
	if w.is512() {
		pool.free = slices.Clone(w.regs[16:])
	} else {
		pool.free = slices.Clone(w.regs[8:])
	}
	g := &nttGen{arith: newArith(w, c, pool), inverse: inverse, table: table}
	g.shoup = w.is512()
	if w.is512() {
		g.whole512(in, out)
	} else if inverse {
		g.blocksAVX2(in, out)
		g.columnsAVX2(out, out)
	} else {
		g.columnsAVX2(in, out)
		g.blocksAVX2(out, out)
	}
	VZEROUPPER()
	RET()
}

// loadNatural loads count registers from base+disp, register i holding
// coefficients first+lanes·i… as vec.
func (g *nttGen) loadRegs(base Register, regs []VecPhysical, index func(reg, lane int) int) []*vec {
	vs := make([]*vec, len(regs))
	for i, r := range regs {
		v := &vec{r: r, idx: make([]int, g.w.lanes)}
		for j := range v.idx {
			v.idx[j] = index(i, j)
		}
		// Lanes are consecutive coefficients in memory.
		g.w.load(Mem{Base: base, Disp: 4 * v.idx[0]}, r)
		vs[i] = v
	}
	return vs
}

// storeRegs stores the registers, which must hold consecutive coefficients.
func (g *nttGen) storeRegs(base Register, vs []*vec) {
	for _, v := range vs {
		for j := range v.idx {
			if v.idx[j] != v.idx[0]+j {
				panic(fmt.Sprintf("storing lanes out of order: %v", v.idx))
			}
		}
		g.w.store(Mem{Base: base, Disp: 4 * v.idx[0]}, v.r)
	}
}

// twiddle returns the index of the twiddle factor of the butterfly whose
// lower input is coefficient c at the layer of distance length, as the Go
// loops number them.
func (g *nttGen) twiddle(c, length int) int {
	if g.inverse {
		return n/length - 1 - c/(2*length)
	}
	return n/(2*length) + c/(2*length)
}

// layer applies one layer of butterflies of distance length to the pairs
// (lo, hi), checking that they pair coefficient c with c + length.
func (g *nttGen) layer(length int, pairs [][2]*vec) {
	Comment(fmt.Sprintf("Layer of distance %d", length))
	for _, p := range pairs {
		lo, hi := p[0], p[1]
		ks := make([]int, g.w.lanes)
		for j := range ks {
			if lo.idx[j]%(2*length) >= length || hi.idx[j] != lo.idx[j]+length {
				panic(fmt.Sprintf("layer %d pairs %d with %d", length, lo.idx[j], hi.idx[j]))
			}
			ks[j] = g.twiddle(lo.idx[j], length)
		}
		g.butterfly(lo, hi, g.twiddleMul(ks))
	}
}

// twiddleMul returns an emitter of the products of the lanes of a register
// by the twiddles ks, one per lane: out = x·ζ mod q, lazily reduced, with x
// clobbered. AVX-512 takes Shoup's products (shoupMul: two VPMULDQ and two
// VPMULLD against Montgomery's six VPMULDQ, in seven instructions against
// ten), AVX2 Montgomery's (montMul), whose VPMULLD is slow on some of the
// CPUs that run that level.
func (g *nttGen) twiddleMul(ks []int) func(out, x VecPhysical) {
	if g.shoup {
		var z, zsE, zsO Op
		if slices.Min(ks) == slices.Max(ks) {
			g.broadcastZeta(ks[0])
			z, zsE, zsO = g.zeta, g.zetaQ, g.zetaQ
		} else {
			z = g.tableVector(ks, func(k int) uint32 { return uint32(zetaCentred(k)) })
			zsE, zsO = g.tableVectors(ks, func(k int) uint32 { return uint32(shoupQuotient(zetaCentred(k))) })
		}
		return func(out, x VecPhysical) { g.shoupMul(out, x, z, zsE, zsO) }
	}
	var zE, zO, zqE, zqO Op
	if slices.Min(ks) == slices.Max(ks) {
		g.broadcastZeta(ks[0])
		zE, zO, zqE, zqO = g.zeta, g.zeta, g.zetaQ, g.zetaQ
	} else {
		zE, zO = g.twiddleVectors(ks, 0)
		zqE, zqO = g.twiddleVectors(ks, qInv)
	}
	return func(out, x VecPhysical) { g.montMul(out, x, zE, zO, zqE, zqO) }
}

// twiddleVectors appends two vectors to the kernel's table: the twiddles of
// ks in their lanes, and the twiddles of the odd lanes moved to the even
// positions below them. With mul ≠ 0 the values are multiplied by mul mod
// 2³².
func (g *nttGen) twiddleVectors(ks []int, mul uint32) (even, odd Mem) {
	return g.tableVectors(ks, func(k int) uint32 {
		z := g.c.zetas[k]
		if mul != 0 {
			z *= mul
		}
		return z
	})
}

// tableVector appends val of each of ks, in its lane, to the kernel's
// table.
func (g *nttGen) tableVector(ks []int, val func(k int) uint32) Mem {
	v := g.table.Offset(g.tableN)
	for j, k := range ks {
		DATA(g.tableN+4*j, U32(val(k)))
	}
	g.tableN += 4 * len(ks)
	return v
}

// tableVectors appends two vectors to the kernel's table: val of each of
// ks in its lane (tableVector), and the odd lanes' values moved to the even
// positions below them, as VPMULDQ reads them.
func (g *nttGen) tableVectors(ks []int, val func(k int) uint32) (even, odd Mem) {
	even = g.tableVector(ks, val)
	odd = g.table.Offset(g.tableN)
	for j := 0; j < len(ks); j += 2 {
		DATA(g.tableN+4*j, U32(val(ks[j+1])))
		DATA(g.tableN+4*j+4, U32(0))
	}
	g.tableN += 4 * len(ks)
	return
}

// butterfly emits a Cooley–Tukey butterfly (lo + z·hi, lo − z·hi) for the
// NTT or a Gentleman–Sande one (lo + hi, z·(hi − lo)) for the inverse, with
// the products by z emitted by mul (Shoup's at AVX-512, Montgomery's as in
// the Go loops at AVX2; see twiddleMul).
func (g *nttGen) butterfly(lo, hi *vec, mul func(out, x VecPhysical)) {
	t := g.pool.get()
	if g.inverse {
		VPSUBD(lo.r, hi.r, t)
		VPADDD(hi.r, lo.r, lo.r)
		mul(hi.r, t)
	} else {
		mul(t, hi.r)
		VPSUBD(t, lo.r, hi.r)
		VPADDD(t, lo.r, lo.r)
	}
	g.pool.put(t)
}

// The shuffles below rearrange a pair of registers (a, b) so that the next
// layer pairs lanes of a with lanes of b. Each updates the symbolic lane
// contents as the instructions do.

// swapQuarters is VSHUFI64X2 on the 128-bit quarters (AVX-512): a′ takes
// quarters lo of a and then lo of b, b′ quarters hi of a and then hi of b,
// each selection being two quarter indices.
func (g *nttGen) swapQuarters(a, b *vec, lo, hi [2]int) {
	imm := func(s [2]int) uint8 { return uint8(s[0] | s[1]<<2 | s[0]<<4 | s[1]<<6) }
	t := g.pool.get()
	VSHUFI64X2(U8(imm(lo)), b.r, a.r, t)
	VSHUFI64X2(U8(imm(hi)), b.r, a.r, b.r)
	quarter := func(v *vec, i int) []int { return v.idx[4*i : 4*i+4] }
	na := slices.Concat(quarter(a, lo[0]), quarter(a, lo[1]), quarter(b, lo[0]), quarter(b, lo[1]))
	nb := slices.Concat(quarter(a, hi[0]), quarter(a, hi[1]), quarter(b, hi[0]), quarter(b, hi[1]))
	g.pool.put(a.r)
	a.r, a.idx, b.idx = t, na, nb
}

// swapHalves is VPERM2I128 (AVX2): a′ = (a.lo, b.lo), b′ = (a.hi, b.hi).
func (g *nttGen) swapHalves(a, b *vec) {
	t := g.pool.get()
	VPERM2I128(U8(0x20), b.r, a.r, t)
	VPERM2I128(U8(0x31), b.r, a.r, b.r)
	na := slices.Concat(a.idx[:4], b.idx[:4])
	nb := slices.Concat(a.idx[4:], b.idx[4:])
	g.pool.put(a.r)
	a.r, a.idx, b.idx = t, na, nb
}

// swapQwords is VPUNPCKLQDQ/VPUNPCKHQDQ: within each 128-bit lane, a′ =
// (a.q0, b.q0), b′ = (a.q1, b.q1).
func (g *nttGen) swapQwords(a, b *vec) {
	t := g.pool.get()
	VPUNPCKLQDQ(b.r, a.r, t)
	VPUNPCKHQDQ(b.r, a.r, b.r)
	na, nb := make([]int, len(a.idx)), make([]int, len(a.idx))
	for l := 0; l < len(a.idx); l += 4 {
		copy(na[l:], []int{a.idx[l], a.idx[l+1], b.idx[l], b.idx[l+1]})
		copy(nb[l:], []int{a.idx[l+2], a.idx[l+3], b.idx[l+2], b.idx[l+3]})
	}
	g.pool.put(a.r)
	a.r, a.idx, b.idx = t, na, nb
}

// swapDwords transposes 32-bit pairs: a′ = (a.d0, b.d0, a.d2, b.d2, …),
// b′ = (a.d1, b.d1, a.d3, b.d3, …).
func (g *nttGen) swapDwords(a, b *vec) {
	t := g.pool.get()
	if g.w.is512() {
		VMOVDQA32(a.r, t)
		VPSHUFD(U8(0xB1), b.r, maskOdd, a.r)
		VPSHUFD(U8(0xB1), t, maskEven, b.r)
	} else {
		u := g.pool.get()
		VPSLLQ(U8(32), b.r, t)
		VPSRLQ(U8(32), a.r, u)
		VPBLENDD(U8(0xAA), t, a.r, a.r)
		VPBLENDD(U8(0xAA), b.r, u, b.r)
		g.pool.put(u)
	}
	g.pool.put(t)
	na, nb := make([]int, len(a.idx)), make([]int, len(a.idx))
	for l := 0; l < len(a.idx); l += 2 {
		na[l], na[l+1] = a.idx[l], b.idx[l]
		nb[l], nb[l+1] = a.idx[l+1], b.idx[l+1]
	}
	a.idx, b.idx = na, nb
}

// regPairs pairs register i with i + dist for every i whose bit dist is
// clear.
func regPairs(vs []*vec, dist int) [][2]*vec {
	var ps [][2]*vec
	for i := range vs {
		if i&dist == 0 {
			ps = append(ps, [2]*vec{vs[i], vs[i+dist]})
		}
	}
	return ps
}

// adjacent returns the pairs (0, 1), (2, 3), … of vs.
func adjacent(vs []*vec) [][2]*vec { return regPairs(vs, 1) }

func (g *nttGen) eachPair(vs []*vec, f func(a, b *vec)) {
	for _, p := range adjacent(vs) {
		f(p[0], p[1])
	}
}

// lastLayers runs the NTT layers of distances 4, 2 and 1 on adjacent pairs
// whose layout pairs the distance-4 lanes, reduces fully, and undoes its
// own shuffles (swapQwords and swapDwords are their own inverses).
func (g *nttGen) lastLayers(vs []*vec) {
	g.layer(4, adjacent(vs))
	g.eachPair(vs, g.swapQwords)
	g.layer(2, adjacent(vs))
	g.eachPair(vs, g.swapDwords)
	g.layer(1, adjacent(vs))
	g.reduceAll(vs)
	g.eachPair(vs, g.swapDwords)
	g.eachPair(vs, g.swapQwords)
}

// firstLayers runs the inverse-NTT layers of distances 1, 2 and 4 on
// adjacent pairs laid out as lastLayers receives them, and leaves them in
// that layout.
func (g *nttGen) firstLayers(vs []*vec) {
	g.eachPair(vs, g.swapQwords)
	g.eachPair(vs, g.swapDwords)
	g.layer(1, adjacent(vs))
	g.eachPair(vs, g.swapDwords)
	g.layer(2, adjacent(vs))
	g.eachPair(vs, g.swapQwords)
	g.layer(4, adjacent(vs))
}

// whole512 is the AVX-512 transform with all 256 coefficients in Z0–Z15.
func (g *nttGen) whole512(in, out Register) {
	vs := g.loadRegs(in, g.w.regs[:16], func(r, j int) int { return 16*r + j })
	toLanes := func() {
		g.eachPair(vs, func(a, b *vec) { g.swapQuarters(a, b, [2]int{0, 1}, [2]int{2, 3}) })
	}
	if !g.inverse {
		for dist, length := 8, 128; length >= 16; dist, length = dist/2, length/2 {
			g.layer(length, regPairs(vs, dist))
		}
		toLanes()
		g.layer(8, adjacent(vs))
		g.eachPair(vs, func(a, b *vec) { g.swapQuarters(a, b, [2]int{0, 2}, [2]int{1, 3}) })
		g.lastLayers(vs)
		toLanes()
		g.eachPair(vs, func(a, b *vec) { g.swapQuarters(a, b, [2]int{0, 2}, [2]int{1, 3}) })
	} else {
		toLanes()
		g.eachPair(vs, func(a, b *vec) { g.swapQuarters(a, b, [2]int{0, 2}, [2]int{1, 3}) })
		g.firstLayers(vs)
		toLanes()
		g.layer(8, adjacent(vs))
		g.eachPair(vs, func(a, b *vec) { g.swapQuarters(a, b, [2]int{0, 2}, [2]int{1, 3}) })
		for dist, length := 1, 16; length <= 128; dist, length = dist*2, length*2 {
			g.layer(length, regPairs(vs, dist))
		}
		g.scaleAll(vs)
	}
	g.storeRegs(out, vs)
}

// columnsAVX2 runs layers 1–3 (distances 128, 64, 32) of the AVX2 transform
// on each of the four columns of eight registers, from in to out.
func (g *nttGen) columnsAVX2(in, out Register) {
	for col := range 4 {
		vs := g.loadRegs(in, g.w.regs[:8], func(r, j int) int { return 32*r + 8*col + j })
		if !g.inverse {
			for dist, length := 4, 128; length >= 32; dist, length = dist/2, length/2 {
				g.layer(length, regPairs(vs, dist))
			}
		} else {
			for dist, length := 1, 32; length <= 128; dist, length = dist*2, length*2 {
				g.layer(length, regPairs(vs, dist))
			}
			g.scaleAll(vs)
		}
		g.storeRegs(out, vs)
		g.releaseAll(vs, 8)
	}
}

// blocksAVX2 runs layers 4–8 (distances 16 to 1) of the AVX2 transform on
// each block of 32 coefficients, from in to out.
func (g *nttGen) blocksAVX2(in, out Register) {
	for blk := range 8 {
		vs := g.loadRegs(in, g.w.regs[:4], func(r, j int) int { return 32*blk + 8*r + j })
		if !g.inverse {
			g.layer(16, regPairs(vs, 2))
			g.layer(8, regPairs(vs, 1))
			g.eachPair(vs, g.swapHalves)
			g.lastLayers(vs)
			g.eachPair(vs, g.swapHalves)
		} else {
			g.eachPair(vs, g.swapHalves)
			g.firstLayers(vs)
			g.eachPair(vs, g.swapHalves)
			g.layer(8, regPairs(vs, 1))
			g.layer(16, regPairs(vs, 2))
		}
		g.storeRegs(out, vs)
		g.releaseAll(vs, 4)
	}
}

// releaseAll returns the registers of vs to the pool and takes back the
// first count registers of the width, so the next pass starts from them.
func (g *nttGen) releaseAll(vs []*vec, count int) {
	for _, v := range vs {
		g.pool.put(v.r)
	}
	for _, r := range g.w.regs[:count] {
		i := slices.Index(g.pool.free, r)
		if i < 0 {
			panic("register not free")
		}
		g.pool.free = slices.Delete(g.pool.free, i, i+1)
	}
}

// reduceAll maps the lazily reduced NTT outputs to [0, q) as fieldReduce
// does: a − ⌊(a + 2²²)/2²³⌉·q, then + q if negative. From inputs below q in
// absolute value each layer adds a product, below q in absolute value with
// Montgomery's products (AVX2) and in (−q/2, 3q/2) with Shoup's (AVX-512),
// so the outputs are below 9q or 13q, for which the quotient is off by at
// most one and the result lies in (−q, q).
func (g *nttGen) reduceAll(vs []*vec) {
	Comment("Full reduction")
	half := g.pool.get()
	VPBROADCASTD(g.c.at(offHalf), half)
	t := g.pool.get()
	for _, v := range vs {
		VPADDD(half, v.r, t)
		VPSRAD(U8(23), t, t)
		VPMULLD(g.q, t, t)
		VPSUBD(t, v.r, v.r)
		g.fixNegative(v.r, t)
	}
	g.pool.put(t)
	g.pool.put(half)
}

// scaleAll multiplies by invNTTScale (Montgomery) and maps to [0, q), the
// end of invNTT.
func (g *nttGen) scaleAll(vs []*vec) {
	Comment("Scaling by 256⁻¹")
	s, sq := g.pool.get(), g.pool.get()
	VPBROADCASTD(g.c.at(offScale), s)
	VPBROADCASTD(g.c.at(offScaleQ), sq)
	t := g.pool.get()
	for _, v := range vs {
		g.montMul(t, v.r, s, s, sq, sq)
		g.fixNegative(t, v.r)
		v.r, t = t, v.r
	}
	g.pool.put(t)
	g.pool.put(sq)
	g.pool.put(s)
}
