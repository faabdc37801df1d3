// Command nccsign generates the amd64 kernels of the large products of
// package internal/accel/polymul (NCC-Sign's rings, embedded in
// Z[x]/(x^4096+1), or Z[x]/(x^3072+1) for the first set): butterflies of
// the length-4096 and length-3072 transforms (the radix-2 layers share
// their kernels, the length-3072 one adds its radix-3 layer and its inverse)
// for either modulus (P = 8380417 or P1 = 2147377153, both below 2^31),
// the pointwise and scaling Montgomery products, the CRT and the field's
// reductions, each at two widths (width.go): AVX2, eight unsigned 32-bit
// lanes per ymm register, and AVX-512, sixteen per zmm register.
//
// The arithmetic computes the residues of polymul's Go twins (large.go,
// large3072.go) lane for lane: unsigned Montgomery multiplication with
// R = 2^32 (even and odd lanes through VPMULUDQ, recombined by VPBLENDD,
// or VPBLENDMD at AVX-512)
// for products of two variables, Shoup's multiplication (a precomputed
// quotient per constant, see mulShoup) for products by a constant where
// the twins use Montgomery's by its Montgomery form, and the conditional
// subtractions as unsigned minima (VPMINUD: x − p wraps above x exactly
// when x < p). Every output is fully reduced to [0, p), so whichever
// product computes it, the kernels agree with the Go code bit for bit.
//
// Run it through go generate in internal/accel/polymul.
package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("amd64,!purego")
	for _, vw = range []*width{avx2, avx512} {
		if vw.is512() {
			declarePermTable()
		}
		layersKernel("largeLayersCT", true)
		layersKernel("largeLayersGS", false)
		pointwiseKernel()
		scaleKernel()
		// The length-4096 transforms' tails: three layers at AVX2, five
		// at AVX-512; the length-3072 ones': four.
		tail, name := 3, "largeTail"
		if vw.is512() {
			tail, name = 5, "largeTail5"
		}
		tailKernel(name+"CT", true, tail, false)
		tailKernel(name+"GS", false, tail, false)
		tailKernel("largeTail4CT", true, 4, false)
		tailKernel("largeTail4GS", false, 4, false)
		tailKernel(name+"MulGS", false, tail, true)
		tailKernel("largeTail4MulGS", false, 4, true)
		radix3Kernel()
		radix3InverseKernel()
		crtKernel()
		fromSignedKernel()
		crtModKernel()
		smallModKernel()
		foldKernel()
		lastGSKernel()
		pairKernel("largePairsCT", true)
		pairKernel("largePairsGS", false)
	}
	Generate()
}

// modulus holds p and −p^−1 mod 2^32 broadcast to every lane.
type modulus struct{ p, pNeg VecVirtual }

func loadModulus() modulus {
	m := modulus{vw.vec(), vw.vec()}
	broadcast(Load(Param("p"), GP32()), m.p)
	broadcast(Load(Param("pNeg"), GP32()), m.pNeg)
	return m
}

// imm is the immediate v, in 8 bits when it fits their signed range.
func imm(v int) Constant {
	if v < 128 {
		return U8(v)
	}
	return U32(v)
}

// broadcast sets every lane of y to the 32-bit value r.
func broadcast(r Register, y VecVirtual) {
	x := XMM()
	VMOVD(r, x)
	VPBROADCASTD(x, y)
}

// mul returns x·y·2^−32 mod p in [0, p) lane by lane, for x, y in [0, p):
// yOdd holds y's odd lanes in the even positions (y itself when y is a
// broadcast).
func (m modulus) mul(x, y, yOdd VecVirtual) VecVirtual {
	xo, pe, po, te, to := vw.vec(), vw.vec(), vw.vec(), vw.vec(), vw.vec()
	VPSRLQ(U8(32), x, xo)
	VPMULUDQ(y, x, pe)     // even products, 64 bits
	VPMULUDQ(yOdd, xo, po) // odd products
	VPMULUDQ(m.pNeg, pe, te)
	VPMULUDQ(m.pNeg, po, to)
	VPMULUDQ(m.p, te, te) // (product·(−p^−1) mod 2^32)·p
	VPMULUDQ(m.p, to, to)
	VPADDQ(te, pe, pe) // ≡ 0 mod 2^32, below 2^64; the high half is < 2p
	VPADDQ(to, po, po)
	VPSRLQ(U8(32), pe, pe)
	r := vw.vec()
	vw.blendOdd(po, pe, r)
	return m.reduce(r)
}

// reduce maps lanes in [0, 2p) to [0, p).
func (m modulus) reduce(r VecVirtual) VecVirtual {
	t := vw.vec()
	VPSUBD(m.p, r, t)
	VPMINUD(t, r, r)
	return r
}

// add returns a + b mod p lane by lane.
func (m modulus) add(a, b VecVirtual) VecVirtual {
	s := vw.vec()
	VPADDD(b, a, s)
	return m.reduce(s)
}

// sub returns a − b mod p lane by lane: a − b + p is the answer exactly
// when a − b wraps, and then it is the smaller of the two.
func (m modulus) sub(a, b VecVirtual) VecVirtual {
	d, t := vw.vec(), vw.vec()
	VPSUBD(b, a, d)
	VPADDD(m.p, d, t)
	VPMINUD(t, d, d)
	return d
}

// loop emits the kernel's loop over n coefficients (n a positive multiple
// of the lanes), a register a turn: body, then every pointer of ptrs
// advanced by a register's bytes; then the kernel's return.
func loop(name string, n Register, ptrs []Register, body func()) {
	Label(name + "_loop")
	body()
	for _, p := range ptrs {
		ADDQ(U8(vw.bytes()), p)
	}
	SUBQ(U8(vw.lanes), n)
	JNZ(LabelRef(name + "_loop"))
	VZEROUPPER()
	RET()
}

// layersKernel emits the layers of length 2048 down to 8 (forward,
// Cooley–Tukey: lo + z·hi, lo − z·hi) or 8 up to 2048 (inverse,
// Gentleman–Sande: lo + hi, z·(lo − hi)) of the 4096-coefficient transform
// at a, each block's twiddle broadcast from the table: the forward kernel
// reads zetas[1], zetas[2], … (zw = &zetas[1]); the inverse reads
// zetas[511], zetas[510], … (zw = &zetas[511]) and negates them, as the Go
// twins' loops do.
//
// A layer's half must be at least a register: the AVX2 kernel runs to
// length 8, the AVX-512 one to 16 (polymul stops it at 32 and runs length
// 16 in the five-layer tail).
func layersKernel(name string, ct bool) {
	name = begin(name, "func(a, zw *uint32, half, end int, p, pNeg uint32)")
	if ct {
		Doc(name+" runs the forward layers of lengths half/4 down to end/4 on the",
			"4096 coefficients at a (half = 8192 for all of them, from length 2048),",
			"with the twiddles from zw on (zw = &zetas[1] from length 2048,",
			"&zetas[2] from 1024): the start of largeModulus.forwardFrom; end is at",
			fmt.Sprintf("least %d.", vw.bytes()))
	} else {
		Doc(name+" runs the inverse layers of lengths half/4 up to below end/4 on",
			"the 4096 coefficients at a (end = 16384 for all of them, to length",
			"2048), with the twiddles from zw down (zw = &zetas[511] from length 8,",
			"&zetas[255] from 16, &zetas[127] from 32): the middle of",
			fmt.Sprintf("largeModulus.inverseUpTo; half is at least %d.", vw.bytes()))
	}
	pa := Load(Param("a"), GP64())
	zw := Load(Param("zw"), GP64())
	half := Load(Param("half"), GP64()) // a block's half, in bytes
	end := Load(Param("end"), GP64())
	m := loadModulus()
	Label(name + "_layer")
	start := GP64()
	XORQ(start, start)
	Label(name + "_block")
	z := vw.vec()
	VPBROADCASTD(Mem{Base: zw}, z)
	if ct {
		ADDQ(U8(4), zw)
	} else {
		SUBQ(U8(4), zw)
		VPSUBD(z, m.p, z) // p − ζ
	}
	lo, hi, j := GP64(), GP64(), GP64()
	LEAQ(Mem{Base: pa, Index: start, Scale: 1}, lo)
	LEAQ(Mem{Base: lo, Index: half, Scale: 1}, hi)
	MOVQ(half, j)
	Label(name + "_inner")
	x, y := vw.vec(), vw.vec()
	vw.load(Mem{Base: lo}, x)
	vw.load(Mem{Base: hi}, y)
	if ct {
		t := m.mul(y, z, z)
		vw.store(m.sub(x, t), Mem{Base: hi})
		vw.store(m.add(x, t), Mem{Base: lo})
	} else {
		vw.store(m.add(x, y), Mem{Base: lo})
		vw.store(m.mul(m.sub(x, y), z, z), Mem{Base: hi})
	}
	ADDQ(U8(vw.bytes()), lo)
	ADDQ(U8(vw.bytes()), hi)
	SUBQ(U8(vw.bytes()), j)
	JNZ(LabelRef(name + "_inner"))
	ADDQ(half, start)
	ADDQ(half, start)
	CMPQ(start, U32(4*4096))
	JB(LabelRef(name + "_block"))
	if ct {
		SHRQ(U8(1), half)
		CMPQ(half, end)
		JAE(LabelRef(name + "_layer"))
	} else {
		SHLQ(U8(1), half)
		CMPQ(half, end)
		JB(LabelRef(name + "_layer"))
	}
	VZEROUPPER()
	RET()
}

// pointwiseKernel emits largeMulAVX2 and largeMulAVX512: out = a·b·2^−32 mod p lane by lane.
func pointwiseKernel() {
	name := begin("largeMul", "func(out, a, b *uint32, n int, p, pNeg uint32)")
	Doc(name+" sets out[i] = a[i]·b[i]·2⁻³² mod p for i < n, n a positive",
		fmt.Sprintf("multiple of %d: ", vw.lanes)+"largeModulus.pointwiseGeneric.")
	out := Load(Param("out"), GP64())
	pa := Load(Param("a"), GP64())
	pb := Load(Param("b"), GP64())
	n := Load(Param("n"), GP64())
	m := loadModulus()
	loop(name, n, []Register{out, pa, pb}, func() {
		x, y := vw.vec(), vw.vec()
		vw.load(Mem{Base: pa}, x)
		vw.load(Mem{Base: pb}, y)
		vw.store(m.mulLanes(x, y), Mem{Base: out})
	})
}

// scaleKernel emits largeScaleAVX2 and largeScaleAVX512: a = a·z·2^−32 mod p lane by lane.
func scaleKernel() {
	name := begin("largeScale", "func(a *uint32, n int, z, p, pNeg uint32)")
	Doc(name+" sets a[i] = a[i]·z·2⁻³² mod p for i < n, n a positive",
		fmt.Sprintf("multiple of %d: ", vw.lanes)+"the last step of largeModulus.inverseGeneric.")
	pa := Load(Param("a"), GP64())
	n := Load(Param("n"), GP64())
	m := loadModulus()
	z := vw.vec()
	broadcast(Load(Param("z"), GP32()), z)
	loop(name, n, []Register{pa}, func() {
		x := vw.vec()
		vw.load(Mem{Base: pa}, x)
		vw.store(m.mul(x, z, z), Mem{Base: pa})
	})
}

// mulLanes returns x·z·2^−32 mod p for a vector z of per-lane twiddles.
func (m modulus) mulLanes(x, z VecVirtual) VecVirtual {
	zo := vw.vec()
	VPSRLQ(U8(32), z, zo)
	return m.mul(x, z, zo)
}

// mulShoup returns x·ζ mod p in [0, p) lane by lane for any x, by Shoup's
// method: z holds ζ (plain, below p) and zs ⌊ζ·2^32/p⌋ lane by lane, zsOdd
// zs's odd lanes in the even positions (zs itself when broadcast);
// with q = ⌊x·zs/2^32⌋ the true x·ζ − q·p lies in [0, 2p), so its low 32
// bits (two VPMULLD) are it. The result is the residue the Go twins'
// Montgomery product by ζ·R gives.
func (m modulus) mulShoup(x, z, zs, zsOdd VecVirtual) VecVirtual {
	xo, he, ho, q := vw.vec(), vw.vec(), vw.vec(), vw.vec()
	VPSRLQ(U8(32), x, xo)
	VPMULUDQ(zs, x, he)
	VPMULUDQ(zsOdd, xo, ho)
	VPSRLQ(U8(32), he, he)
	vw.blendOdd(ho, he, q) // the high halves: q
	lo, t := vw.vec(), vw.vec()
	VPMULLD(z, x, lo)
	VPMULLD(m.p, q, t)
	VPSUBD(t, lo, lo)
	return m.reduce(lo)
}

// tailKernel emits the last layers of short butterflies over the whole
// transform of n coefficients: the three of lengths 4, 2 and 1, the four of
// lengths 8 to 1, or (AVX-512 only) the five of lengths 16 to 1, sixteen
// coefficients (two blocks of eight, in registers a and b) at a time, with
// the per-lane twiddles of table tw (for each of the layers of lengths 8
// to 1 a vector of plain twiddles and one of their Shoup quotients, four
// layers per sixteen coefficients, made by polymul's shoupTails from
// tailVectors; a three-layer kernel skips the one it does not run; the
// products are mulShoup's). The forward kernel runs the layers 16, 8, 4,
// 2, 1 (Cooley–Tukey) after those of the pair kernels; the inverse kernel
// runs 1, 2, 4, 8, 16 (Gentleman–Sande) before theirs. The length-8
// butterflies pair a with b lane by lane; between the others the lanes are
// regrouped so that each butterfly's two coefficients sit in the same lane
// of the lo and hi registers. With product (an inverse kernel), the
// coefficients are first the pointwise products x[i]·y[i]·2^−32 mod p
// (largeMulAVX2 fused in), written to a:
//
//	length 4: lo = a0..a3 b0..b3, hi = a4..a7 b4..b7 (VPERM2I128)
//	length 2: lo = a0 a1 a4 a5 b0 b1 b4 b5, hi = a2 a3 a6 a7 … (VPUNPCKLQDQ/HQDQ)
//	length 1: lo = a0 a2 a4 a6 b0 …, hi = a1 a3 a5 a7 b1 … (shifts and VPBLENDD)
//
// The AVX-512 kernel runs two sixteen-coefficient chunks at a time, the
// second in the upper halves of the registers (its coefficients and its
// twiddles loaded there by loadHalves), with the same steps (laneSwap for
// VPERM2I128): the table is the AVX2 kernel's. Its length-16 layer pairs
// the two chunks' registers as they lie in memory, with one twiddle for
// both, broadcast from the pair kernels' tables (zetas and shoup, the
// plain twiddles and their quotients at the layer's first block, read
// upwards; the inverse's from its last block downwards, negated as
// pairKernel negates them); VSHUFI64X2 moves between that order and a, b.
func tailKernel(name string, ct bool, layers int, product bool) {
	sig := "a, tw *uint32"
	if product {
		sig = "a, x, y, tw *uint32"
	}
	if layers == 5 {
		sig += ", zetas, shoup *uint32"
	}
	name = begin(name, "func("+sig+", n int, p, pNeg uint32)")
	lens := map[int]string{3: "4, 2 and 1", 4: "8, 4, 2 and 1", 5: "16, 8, 4, 2 and 1"}[layers]
	twin := map[int]string{3: "largeModulus.forwardFrom", 4: "large3Modulus.forward3Generic", 5: "largeModulus.forwardFrom"}[layers]
	mult := fmt.Sprintf("n a positive multiple of %d", 2*vw.lanes)
	tables := "the twiddle table tw"
	if layers == 5 {
		tables = "the twiddle tables tw, zetas and shoup"
	}
	if ct {
		Doc(name+" runs the forward layers of lengths "+lens+" on the n",
			"coefficients at a ("+mult+"), with "+tables+":",
			"the end of "+twin+".")
	} else {
		lens = map[int]string{3: "1, 2 and 4", 4: "1, 2, 4 and 8", 5: "1, 2, 4, 8 and 16"}[layers]
		twin = map[int]string{3: "largeModulus.inverseUpTo", 4: "large3Modulus.inverse3Generic", 5: "largeModulus.inverseUpTo"}[layers]
		if product {
			Doc(name+" sets the n coefficients at a ("+mult+") to",
				"x[i]·y[i]·2⁻³² mod p (the pointwise product) and runs on them the",
				"inverse layers of lengths "+lens+", with "+tables+":",
				"the start of "+twin+".")
		} else {
			Doc(name+" runs the inverse layers of lengths "+lens+" on the n",
				"coefficients at a ("+mult+"), with "+tables+":",
				"the start of "+twin+".")
		}
	}
	// The table's bytes per chunk: four vector pairs.
	const stride = 4 * 64
	pa := Load(Param("a"), GP64())
	var px, py, zp, zq Register
	if product {
		px, py = Load(Param("x"), GP64()), Load(Param("y"), GP64())
	}
	tw := Load(Param("tw"), GP64())
	if layers == 5 {
		zp, zq = Load(Param("zetas"), GP64()), Load(Param("shoup"), GP64())
	}
	n := Load(Param("n"), GP64())
	if vw.is512() {
		SHRQ(U8(5), n)
	} else {
		SHRQ(U8(4), n)
	}
	m := loadModulus()
	vw.loadPerm(0)
	var ones VecVirtual
	if layers == 5 && !ct {
		ones = vw.vec()
		vw.ones(ones)
	}
	// fly16 returns the length-16 layer's twiddle and its quotient,
	// broadcast, and steps to the next block's.
	fly16 := func() (VecVirtual, VecVirtual) {
		z, s := vw.vec(), vw.vec()
		VPBROADCASTD(Mem{Base: zp}, z)
		VPBROADCASTD(Mem{Base: zq}, s)
		if ct {
			ADDQ(U8(4), zp)
			ADDQ(U8(4), zq)
		} else {
			SUBQ(U8(4), zp)
			SUBQ(U8(4), zq)
			VPSUBD(z, m.p, z) // p − ζ
			vw.xor(ones, s, s)
		}
		return z, s
	}
	Label(name + "_loop")
	a, b := vw.vec(), vw.vec()
	switch {
	case product:
		for i, v := range []VecVirtual{a, b} {
			u, w := vw.vec(), vw.vec()
			vw.loadHalves(px, 32*i, 64, u)
			vw.loadHalves(py, 32*i, 64, w)
			vw.mov(m.mulLanes(u, w), v)
		}
		ADDQ(imm(64*vw.chunks()), px)
		ADDQ(imm(64*vw.chunks()), py)
	case layers == 5 && ct:
		// length 16: the two chunks as they lie, then a = both chunks'
		// first eight, b = their last eight.
		c0, c1 := vw.vec(), vw.vec()
		vw.load(Mem{Base: pa}, c0)
		vw.load(Mem{Base: pa, Disp: 64}, c1)
		z, s := fly16()
		t := m.mulShoup(c1, z, s, s)
		c0, c1 = m.add(c0, t), m.sub(c0, t)
		VSHUFI64X2(U8(0x44), c1, c0, a)
		VSHUFI64X2(U8(0xee), c1, c0, b)
	default:
		vw.loadHalves(pa, 0, 64, a)
		vw.loadHalves(pa, 32, 64, b)
	}
	first := 0 // the table's vector of the first layer run here
	if ct {
		first = 1 // vector 0 is length 8's
	}
	// z returns the plain twiddles of the table's vector i and their
	// Shoup quotients (64 bytes a vector pair).
	z := func(i int) (VecVirtual, VecVirtual) {
		v, w := vw.vec(), vw.vec()
		vw.loadHalves(tw, 64*(first+i), stride, v)
		vw.loadHalves(tw, 64*(first+i)+32, stride, w)
		return v, w
	}
	lanes := func(x, zp, zq VecVirtual) VecVirtual {
		zo := vw.vec()
		VPSRLQ(U8(32), zq, zo)
		return m.mulShoup(x, zp, zq, zo)
	}
	ctFly := func(lo, hi VecVirtual, i int) (VecVirtual, VecVirtual) {
		zp, zq := z(i)
		t := lanes(hi, zp, zq)
		return m.add(lo, t), m.sub(lo, t)
	}
	gsFly := func(lo, hi VecVirtual, i int) (VecVirtual, VecVirtual) {
		zp, zq := z(i)
		return m.add(lo, hi), lanes(m.sub(lo, hi), zp, zq)
	}
	if layers >= 4 && ct { // one twiddle on the eight lanes of a chunk: no odd-lane shift
		zp, zq := vw.vec(), vw.vec()
		vw.loadHalves(tw, 0, stride, zp)
		vw.loadHalves(tw, 32, stride, zq)
		t := m.mulShoup(b, zp, zq, zq)
		a, b = m.add(a, t), m.sub(a, t)
	}
	x, y := vw.vec(), vw.vec()
	vw.laneSwap(false, b, a, x) // a0..a3 b0..b3
	vw.laneSwap(true, b, a, y)  // a4..a7 b4..b7
	if ct {
		x, y = ctFly(x, y, 0)
		// length 2
		lo, hi := vw.vec(), vw.vec()
		VPUNPCKLQDQ(y, x, lo) // a0 a1 a4 a5 | b0 b1 b4 b5
		VPUNPCKHQDQ(y, x, hi) // a2 a3 a6 a7 | b2 b3 b6 b7
		lo, hi = ctFly(lo, hi, 1)
		// length 1
		l1, h1, t := vw.vec(), vw.vec(), vw.vec()
		VPSLLQ(U8(32), hi, t)
		vw.blendOdd(t, lo, l1) // a0 a2 a4 a6 | b0 b2 b4 b6
		VPSRLQ(U8(32), lo, t)
		vw.blendOdd(hi, t, h1) // a1 a3 a5 a7 | b1 b3 b5 b7
		l1, h1 = ctFly(l1, h1, 2)
		// back to natural order
		VPUNPCKLDQ(h1, l1, x) // a0..a3 | b0..b3
		VPUNPCKHDQ(h1, l1, y) // a4..a7 | b4..b7
	} else {
		// length 1
		xs, ys := vw.vec(), vw.vec()
		VPSHUFD(U8(0xd8), x, xs) // a0 a2 a1 a3 | b0 b2 b1 b3
		VPSHUFD(U8(0xd8), y, ys) // a4 a6 a5 a7 | …
		l1, h1 := vw.vec(), vw.vec()
		VPUNPCKLQDQ(ys, xs, l1) // a0 a2 a4 a6 | b0 b2 b4 b6
		VPUNPCKHQDQ(ys, xs, h1) // a1 a3 a5 a7 | b1 b3 b5 b7
		l1, h1 = gsFly(l1, h1, 0)
		// length 2
		lo, hi, t := vw.vec(), vw.vec(), vw.vec()
		VPSLLQ(U8(32), h1, t)
		vw.blendOdd(t, l1, lo) // a0 a1 a4 a5 | …
		VPSRLQ(U8(32), l1, t)
		vw.blendOdd(h1, t, hi) // a2 a3 a6 a7 | …
		lo, hi = gsFly(lo, hi, 1)
		// length 4
		VPUNPCKLQDQ(hi, lo, x) // a0..a3 | b0..b3
		VPUNPCKHQDQ(hi, lo, y) // a4..a7 | b4..b7
		x, y = gsFly(x, y, 2)
	}
	a, b = vw.vec(), vw.vec()
	vw.laneSwap(false, y, x, a)
	vw.laneSwap(true, y, x, b)
	if layers >= 4 && !ct {
		zp, zq := z(3)
		a, b = m.add(a, b), m.mulShoup(m.sub(a, b), zp, zq, zq)
	}
	if layers == 5 && !ct {
		// length 16, on the chunks as they lie in memory
		c0, c1 := vw.vec(), vw.vec()
		VSHUFI64X2(U8(0x44), b, a, c0)
		VSHUFI64X2(U8(0xee), b, a, c1)
		z, s := fly16()
		vw.store(m.add(c0, c1), Mem{Base: pa})
		vw.store(m.mulShoup(m.sub(c0, c1), z, s, s), Mem{Base: pa, Disp: 64})
	} else {
		vw.storeHalves(a, pa, 0, 64)
		vw.storeHalves(b, pa, 32, 64)
	}
	ADDQ(imm(64*vw.chunks()), pa)
	ADDQ(U32(stride*vw.chunks()), tw)
	DECQ(n)
	JNZ(LabelRef(name + "_loop"))
	VZEROUPPER()
	RET()
}

// radix3Kernel emits large3Radix3AVX2 and large3Radix3AVX512: the radix-3 layer of the
// length-3072 transform on an operand whose third block A2 is zero and
// whose second A1 is zero from k on (k a multiple of 8 up to 1024): for
// j < k, with x = z·A1[j] (z = g·R, the Montgomery form of g), B0 = A0 + x,
// B1 = A0 − A1, B2 = A0 + A1 − x; above, B0 = B1 = B2 = A0.
func radix3Kernel() {
	name := begin("large3Radix3", "func(a *uint32, k int, z, p, pNeg uint32)")
	Doc(name+" runs the radix-3 layer on the 3072 coefficients at a,",
		"the last 1024 zero and those from 1024 + k to 2048 too:",
		fmt.Sprintf("large3Modulus.radix3Generic with k below 1024, a multiple of %d.", vw.lanes))
	pa := Load(Param("a"), GP64())
	k := Load(Param("k"), GP64())
	m := loadModulus()
	g := vw.vec()
	broadcast(Load(Param("z"), GP32()), g)
	splitLoop(name, pa, k, 1024, func() {
		a0, a1 := vw.vec(), vw.vec()
		vw.load(Mem{Base: pa}, a0)
		vw.load(Mem{Base: pa, Disp: 4 * 1024}, a1)
		x := m.mul(a1, g, g)
		vw.store(m.sub(m.add(a0, a1), x), Mem{Base: pa, Disp: 4 * 2048})
		vw.store(m.sub(a0, a1), Mem{Base: pa, Disp: 4 * 1024})
		vw.store(m.add(a0, x), Mem{Base: pa})
	}, func() {
		c := vw.vec()
		vw.load(Mem{Base: pa}, c)
		vw.store(c, Mem{Base: pa, Disp: 4 * 1024})
		vw.store(c, Mem{Base: pa, Disp: 4 * 2048})
	})
}

// splitLoop emits a kernel's two loops over total coefficients from pa,
// a register a turn (pa advanced by its bytes): body for the first k (a
// multiple of the lanes up to total, possibly 0), then rest for the
// others; then the kernel's return.
func splitLoop(name string, pa, k Register, total int, body, rest func()) {
	left := GP64()
	MOVQ(U32(total), left)
	SUBQ(k, left)
	TESTQ(k, k)
	JZ(LabelRef(name + "_rest"))
	Label(name + "_body")
	body()
	ADDQ(U8(vw.bytes()), pa)
	SUBQ(U8(vw.lanes), k)
	JNZ(LabelRef(name + "_body"))
	Label(name + "_rest")
	TESTQ(left, left)
	JZ(LabelRef(name + "_done"))
	Label(name + "_restloop")
	rest()
	ADDQ(U8(vw.bytes()), pa)
	SUBQ(U8(vw.lanes), left)
	JNZ(LabelRef(name + "_restloop"))
	Label(name + "_done")
	VZEROUPPER()
	RET()
}

// radix3InverseKernel emits large3InvRadix3AVX2 and large3InvRadix3AVX512: the inverse radix-3
// layer of the length-3072 transform with the final factor s, for
// j < 1024: with S = B0 + B2, A0 = s·(S + B1), A1 = X + Y and A2 = X − Y
// for X = gSum·(B0 − B2) and Y = half·(S − 2·B1): Shoup's products by
// the plain constants s·R^−1, half·R^−1 and gSum·R^−1 of polymul's
// Montgomery ones, with their quotients sq, halfq, gSumq.
func radix3InverseKernel() {
	name := begin("large3InvRadix3", "func(a *uint32, s, sq, half, halfq, gSum, gSumq, p uint32)")
	Doc(name+" runs the inverse radix-3 layer with the final scale",
		"on the 3072 coefficients at a: large3Modulus.radix3InverseGeneric.")
	pa := Load(Param("a"), GP64())
	m := modulus{p: vw.vec()}
	broadcast(Load(Param("p"), GP32()), m.p)
	var c [6]VecVirtual
	for i, name := range []string{"s", "sq", "half", "halfq", "gSum", "gSumq"} {
		c[i] = vw.vec()
		broadcast(Load(Param(name), GP32()), c[i])
	}
	s, sq, half, halfq, gSum, gSumq := c[0], c[1], c[2], c[3], c[4], c[5]
	n := GP64()
	MOVQ(U32(1024), n)
	loop(name, n, []Register{pa}, func() {
		b0, b1, b2 := vw.vec(), vw.vec(), vw.vec()
		vw.load(Mem{Base: pa}, b0)
		vw.load(Mem{Base: pa, Disp: 4 * 1024}, b1)
		vw.load(Mem{Base: pa, Disp: 4 * 2048}, b2)
		sum := m.add(b0, b2)
		x := m.mulShoup(m.sub(b0, b2), gSum, gSumq, gSumq)
		y := m.mulShoup(m.sub(m.sub(sum, b1), b1), half, halfq, halfq)
		vw.store(m.mulShoup(m.add(sum, b1), s, sq, sq), Mem{Base: pa})
		vw.store(m.add(x, y), Mem{Base: pa, Disp: 4 * 1024})
		vw.store(m.sub(x, y), Mem{Base: pa, Disp: 4 * 2048})
	})
}

// crtKernel emits largeCRTAVX2 and largeCRTAVX512: the residues r0 mod P and r1 mod P1 of n
// coefficients recombined into c = r0 + P·((r1 − r0)·P^−1 mod P1) in
// [0, P·P1), centred (less P·P1 above P·P1/2), as int64. Its parameters
// are P1's: p, pNeg, and k = P^−1·2^32 mod P1; p0 is P, half is
// ⌊P·P1/2⌋ and mod is P·P1.
func crtKernel() {
	name := begin("largeCRT", "func(out *int64, r0, r1 *uint32, n int, k, p, pNeg, p0 uint32, half, mod int64)")
	Doc(name+" sets out[i] to the centred CRT of r0[i] mod P and r1[i] mod P1",
		fmt.Sprintf("for i < n, n a positive multiple of %d: the loop of LargeMulExact.", vw.lanes))
	out := Load(Param("out"), GP64())
	pr0 := Load(Param("r0"), GP64())
	pr1 := Load(Param("r1"), GP64())
	n := Load(Param("n"), GP64())
	m := loadModulus()
	k, p0, half, mod := vw.vec(), vw.vec(), vw.vec(), vw.vec()
	broadcast(Load(Param("k"), GP32()), k)
	broadcast(Load(Param("p0"), GP32()), p0)
	broadcast64(Load(Param("half"), GP64()), half)
	broadcast64(Load(Param("mod"), GP64()), mod)
	lowMask := vw.vec()
	vw.ones(lowMask)
	VPSRLQ(U8(32), lowMask, lowMask) // 0x00000000ffffffff in every qword
	vw.loadPerm(2)
	Label(name + "_loop")
	x0, x1 := vw.vec(), vw.vec()
	vw.load(Mem{Base: pr0}, x0)
	vw.load(Mem{Base: pr1}, x1)
	u := m.mul(m.sub(x1, x0), k, k)
	// c = r0 + P·u in 64 bits, even lanes then odd lanes.
	ce, co, uo, t := vw.vec(), vw.vec(), vw.vec(), vw.vec()
	VPMULUDQ(p0, u, ce)
	vw.and(lowMask, x0, t)
	VPADDQ(t, ce, ce)
	VPSRLQ(U8(32), u, uo)
	VPMULUDQ(p0, uo, co)
	VPSRLQ(U8(32), x0, t)
	VPADDQ(t, co, co)
	for _, c := range []VecVirtual{ce, co} {
		if vw.is512() {
			gt := K()
			VPCMPGTQ(half, c, gt) // c > ⌊M/2⌋
			VPSUBQ(mod, c, gt, c)
			continue
		}
		gt := vw.vec()
		VPCMPGTQ(half, c, gt) // c > ⌊M/2⌋
		VPAND(mod, gt, gt)
		VPSUBQ(gt, c, c)
	}
	// Back to natural order: ce holds c0 c2 | c4 c6, co holds c1 c3 | c5 c7
	// (at AVX-512, then c8 c10 | c12 c14 and c9 c11 | c13 c15).
	lo, hi := vw.vec(), vw.vec()
	VPUNPCKLQDQ(co, ce, lo) // c0 c1 | c4 c5 (| c8 c9 | c12 c13)
	VPUNPCKHQDQ(co, ce, hi) // c2 c3 | c6 c7 (| c10 c11 | c14 c15)
	a, b := vw.vec(), vw.vec()
	vw.laneSwap(false, hi, lo, a) // c0..c3, or c0..c7 at AVX-512
	vw.laneSwap(true, hi, lo, b)
	vw.store(a, Mem{Base: out})
	vw.store(b, Mem{Base: out, Disp: vw.bytes()})
	ADDQ(imm(2*vw.bytes()), out)
	ADDQ(U8(vw.bytes()), pr0)
	ADDQ(U8(vw.bytes()), pr1)
	SUBQ(U8(vw.lanes), n)
	JNZ(LabelRef(name + "_loop"))
	VZEROUPPER()
	RET()
}

// broadcast64 sets every qword of y to the 64-bit value r.
func broadcast64(r Register, y VecVirtual) {
	x := XMM()
	VMOVQ(r, x)
	VPBROADCASTQ(x, y)
}

// fromSignedKernel emits largeFromSignedAVX2 and largeFromSignedAVX512: out[i] = in[i] mod p in
// [0, p) for in[i] in [−P, 2P), n a positive multiple of 8 (the input
// reduction of polymul's reduce, lane by lane).
func fromSignedKernel() {
	name := begin("largeFromSigned", "func(out *uint32, in *int32, n int, p uint32)")
	Doc(name+" sets out[i] = in[i] mod p for i < n, in[i] in [−P, 2P)",
		fmt.Sprintf("and n a positive multiple of %d: largeModulus.reduce lane by lane.", vw.lanes))
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	n := Load(Param("n"), GP64())
	p := vw.vec()
	broadcast(Load(Param("p"), GP32()), p)
	m := modulus{p: p}
	loop(name, n, []Register{out, in}, func() {
		x, s := vw.vec(), vw.vec()
		vw.load(Mem{Base: in}, x)
		VPSRAD(U8(31), x, s)
		vw.and(p, s, s)
		VPADDD(s, x, x) // [0, 2P)
		vw.store(m.reduce(x), Mem{Base: out})
	})
}

// crtModKernel emits largeCRTModAVX2 and largeCRTModAVX512: the CRT of crtKernel taken modulo q
// (a prime in (P, 2^28)) without leaving 32-bit lanes. With u = (r1 −
// r0)·P^−1 mod P1 the integer is c = r0 + P·u, less M = P·P1 when it
// exceeds ⌊M/2⌋ = P·h1 + h0 (h1 = (P1−1)/2, h0 = (P−1)/2), which holds
// exactly when u > h1, or u = h1 and r0 > h0. Each lane gets r0 +
// P·u mod q (Shoup's product by pr = P mod q, quotient prq) plus negM =
// −M mod q where c exceeds the bound: a residue of c in [0, 3q). u is
// Shoup's product too, by k = P^−1 mod P1 with quotient kq.
func crtModKernel() {
	name := begin("largeCRTMod", "func(out, r0, r1 *uint32, n int, k, kq, p, h1, h0, q, pr, prq, negM uint32)")
	Doc(name+" sets out[i] to a residue in [0, 3q) of the centred CRT of",
		fmt.Sprintf("r0[i] mod P and r1[i] mod P1, for i < n, n a positive multiple of %d:", vw.lanes),
		"LargeField.crtModGeneric.")
	out := Load(Param("out"), GP64())
	pr0 := Load(Param("r0"), GP64())
	pr1 := Load(Param("r1"), GP64())
	n := Load(Param("n"), GP64())
	m, qm := modulus{p: vw.vec()}, modulus{p: vw.vec()}
	k, kq, h1, h0, pr, prq, negM := vw.vec(), vw.vec(), vw.vec(), vw.vec(), vw.vec(), vw.vec(), vw.vec()
	for _, c := range []struct {
		name string
		y    VecVirtual
	}{{"p", m.p}, {"k", k}, {"kq", kq}, {"h1", h1}, {"h0", h0}, {"q", qm.p}, {"pr", pr}, {"prq", prq}, {"negM", negM}} {
		broadcast(Load(Param(c.name), GP32()), c.y)
	}
	loop(name, n, []Register{out, pr0, pr1}, func() {
		x0, x1 := vw.vec(), vw.vec()
		vw.load(Mem{Base: pr0}, x0)
		vw.load(Mem{Base: pr1}, x1)
		u := m.mulShoup(m.sub(x1, x0), k, kq, kq)
		if vw.is512() { // the same comparisons into masks
			gt, eq, g0 := K(), K(), K()
			VPCMPGTD(h1, u, gt)
			VPCMPEQD(h1, u, eq)
			VPCMPGTD(h0, x0, g0)
			KANDW(g0, eq, eq)
			KORW(eq, gt, gt)
			t := qm.mulShoup(u, pr, prq, prq)
			VPADDD(x0, t, t)
			VPADDD(negM, t, gt, t)
			vw.store(t, Mem{Base: out})
			return
		}
		gt, eq, g0 := vw.vec(), vw.vec(), vw.vec()
		VPCMPGTD(h1, u, gt) // u > h1 (both below 2^31)
		VPCMPEQD(h1, u, eq)
		VPCMPGTD(h0, x0, g0) // r0 > h0
		VPAND(g0, eq, eq)
		VPOR(eq, gt, gt)
		VPAND(negM, gt, gt)
		t := qm.mulShoup(u, pr, prq, prq)
		VPADDD(x0, t, t)
		VPADDD(gt, t, t)
		vw.store(t, Mem{Base: out})
	})
}

// smallModKernel emits largeSmallModAVX2 and largeSmallModAVX512: a residue r mod P of a product
// known to lie in (−P/2, P/2) taken to its residue modulo q > P in
// [0, q): r itself up to h0 = (P−1)/2, r + (q − P) above.
func smallModKernel() {
	name := begin("largeSmallMod", "func(out, r *uint32, n int, h0, d uint32)")
	Doc(name+" sets out[i] = r[i] + d·[r[i] > h0] for i < n, n a",
		fmt.Sprintf("positive multiple of %d: LargeField.smallModGeneric.", vw.lanes))
	out := Load(Param("out"), GP64())
	pr := Load(Param("r"), GP64())
	n := Load(Param("n"), GP64())
	h0, d := vw.vec(), vw.vec()
	broadcast(Load(Param("h0"), GP32()), h0)
	broadcast(Load(Param("d"), GP32()), d)
	loop(name, n, []Register{out, pr}, func() {
		x := vw.vec()
		vw.load(Mem{Base: pr}, x)
		if vw.is512() {
			g := K()
			VPCMPGTD(h0, x, g)
			VPADDD(d, x, g, x)
		} else {
			g := vw.vec()
			VPCMPGTD(h0, x, g)
			VPAND(d, g, g)
			VPADDD(g, x, x)
		}
		vw.store(x, Mem{Base: out})
	})
}

// foldKernel emits largeFoldAVX2 and largeFoldAVX512: the three terms of one coefficient of
// the reduction modulo X^p − X − 1 summed (each below 3q), multiplied by
// w·2^−32 modulo q (Montgomery, 9q·q < q·2^32) and centred to
// [−(q−1)/2, (q−1)/2].
func foldKernel() {
	name := begin("largeFold", "func(out *int32, a, b, c *uint32, n int, w, q, qNeg uint32)")
	Doc(name+" sets out[i] to (a[i] + b[i] + c[i])·w·2⁻³² mod q, centred,",
		fmt.Sprintf("for i < n, n a positive multiple of %d: LargeField.foldGeneric.", vw.lanes))
	out := Load(Param("out"), GP64())
	pa := Load(Param("a"), GP64())
	pb := Load(Param("b"), GP64())
	pc := Load(Param("c"), GP64())
	n := Load(Param("n"), GP64())
	qm := modulus{vw.vec(), vw.vec()}
	w, hq := vw.vec(), vw.vec()
	broadcast(Load(Param("w"), GP32()), w)
	broadcast(Load(Param("q"), GP32()), qm.p)
	broadcast(Load(Param("qNeg"), GP32()), qm.pNeg)
	VPSRLD(U8(1), qm.p, hq) // (q−1)/2
	loop(name, n, []Register{out, pa, pb, pc}, func() {
		x, y := vw.vec(), vw.vec()
		vw.load(Mem{Base: pa}, x)
		vw.load(Mem{Base: pb}, y)
		VPADDD(y, x, x)
		vw.load(Mem{Base: pc}, y)
		VPADDD(y, x, x)
		v := qm.mul(x, w, w)
		if vw.is512() {
			g := K()
			VPCMPGTD(hq, v, g) // v > (q−1)/2
			VPSUBD(qm.p, v, g, v)
		} else {
			g := vw.vec()
			VPCMPGTD(hq, v, g) // v > (q−1)/2
			VPAND(qm.p, g, g)
			VPSUBD(g, v, v)
		}
		vw.store(v, Mem{Base: out})
	})
}

// lastGSKernel emits largeLastGSAVX2 and largeLastGSAVX512: the inverse's last layer (length
// 2048, twiddle z) fused with its final scale s: a[j] = s·(a[j] +
// a[j+2048]) for every j < 2048, and a[j+2048] = (s·z)·(a[j] − a[j+2048])
// only for j < k (k a multiple of the lanes up to 2048), the outputs above 2048 + k
// being unused by the caller; sz is s·z·2^−32 mod p.
func lastGSKernel() {
	name := begin("largeLastGS", "func(a *uint32, k int, s, sz, p, pNeg uint32)")
	Doc(name+" runs the inverse's last layer with the final scale on the",
		fmt.Sprintf("4096 coefficients at a, the upper half only below 2048 + k (a multiple of %d):", vw.lanes),
		"largeModulus.lastGSGeneric.")
	pa := Load(Param("a"), GP64())
	k := Load(Param("k"), GP64())
	m := loadModulus()
	sv, szv := vw.vec(), vw.vec()
	broadcast(Load(Param("s"), GP32()), sv)
	broadcast(Load(Param("sz"), GP32()), szv)
	splitLoop(name, pa, k, 2048, func() {
		x, y := vw.vec(), vw.vec()
		vw.load(Mem{Base: pa}, x)
		vw.load(Mem{Base: pa, Disp: 4 * 2048}, y)
		vw.store(m.mul(m.sub(x, y), szv, szv), Mem{Base: pa, Disp: 4 * 2048})
		vw.store(m.mul(m.add(x, y), sv, sv), Mem{Base: pa})
	}, func() {
		x, y := vw.vec(), vw.vec()
		vw.load(Mem{Base: pa}, x)
		vw.load(Mem{Base: pa, Disp: 4 * 2048}, y)
		vw.store(m.mul(m.add(x, y), sv, sv), Mem{Base: pa})
	})
}

// pairKernel emits the layers of layersKernel two a pass over memory, a
// block's four quarters held in registers. Forward, a block of length 4L
// (b of the m such blocks) gets the layer of length 2L with twiddle
// zetas[m + b], then that of length L with zetas[2m + 2b] and
// zetas[2m + 2b + 1]; the pass's 2L runs from half/4 (half in bytes) down
// by fours while half ≥ end (bytes too). Inverse, the layer of length L (its m0
// blocks b' using p − zetas[2m0 − 1 − b']), then that of 2L (p −
// zetas[m0 − 1 − b]); L runs from half/4 up by fours while half < end.
// m0 is the number of blocks of the first pass's first layer. The
// products are Shoup's (mulShoup): the twiddles are read plain from the
// table zetas, and their quotients ⌊ζ·2^32/p⌋ from the table shoup at the
// same indices; p − ζ's quotient is the complement of ζ's (⌊(p − ζ)·2^32/p⌋
// = 2^32 − 1 − ⌊ζ·2^32/p⌋, p being odd), so the inverse negates both
// with one subtraction and one complement. The transform's length does not
// enter: the table, m0, half and end define the layers. A pass's quarter
// must be at least a register: 8 coefficients at AVX2, 16 at AVX-512 (the
// AVX2 kernel runs the passes below).
func pairKernel(name string, ct bool) {
	name = begin(name, "func(a, zetas, shoup *uint32, m0, half, end int, p uint32)")
	if ct {
		Doc(name+" runs the forward layers of lengths half/4 down to end/8, two",
			"a pass, on the coefficients at a (half and end in bytes, the",
			"halves of the first and last passes' first layers), the first layer",
			"with m0 blocks, the plain twiddles from the table zetas and their",
			"Shoup quotients from shoup: the middle layers of",
			"largeModulus.forwardFrom and large3Modulus.forward3Generic.")
	} else {
		Doc(name+" runs the inverse layers of lengths half/4 up to end/8, two a",
			"pass, on the coefficients at a (half in bytes, the first layer's",
			"half; end four times the last pass's), the first layer with m0 blocks,",
			"the plain twiddles from the table zetas and their Shoup quotients",
			"from shoup: the middle layers of largeModulus.inverseUpTo and",
			"large3Modulus.inverse3Generic.")
	}
	pa := Load(Param("a"), GP64())
	zt := Load(Param("zetas"), GP64())
	off := Load(Param("shoup"), GP64())
	SUBQ(zt, off)                   // shoup's distance from zetas, in bytes
	mb := Load(Param("m0"), GP64()) // blocks of the pass's first layer
	half := Load(Param("half"), GP64())
	m := modulus{p: vw.vec()}
	broadcast(Load(Param("p"), GP32()), m.p)
	ones := vw.vec()
	if !ct {
		vw.ones(ones)
	}
	Label(name + "_pass")
	// q is the quarter of a pass's block, in bytes: the second layer's half.
	q := GP64()
	MOVQ(half, q)
	if ct {
		SHRQ(U8(1), q)
	}
	// z1, z2 walk the twiddles of the two layers.
	z1, z2 := GP64(), GP64()
	if ct {
		LEAQ(Mem{Base: zt, Index: mb, Scale: 4}, z1) // &zetas[m]
		LEAQ(Mem{Base: z1, Index: mb, Scale: 4}, z2) // &zetas[2m]
	} else {
		// first layer (2m blocks of length L): p − zetas[2m−1−b'] from
		// &zetas[2m−1] down; second: p − zetas[m−1−b] from &zetas[m−1].
		LEAQ(Mem{Base: zt, Index: mb, Scale: 4, Disp: -4}, z2) // &zetas[m−1]
		LEAQ(Mem{Base: z2, Index: mb, Scale: 4}, z1)           // &zetas[2m−1]
	}
	start := GP64()
	MOVQ(pa, start)
	blocks := GP64()
	if ct {
		MOVQ(mb, blocks)
	} else {
		MOVQ(mb, blocks)
		SHRQ(U8(1), blocks)
	}
	Label(name + "_block")
	za, zb, zc := vw.vec(), vw.vec(), vw.vec()
	sa, sb, sc := vw.vec(), vw.vec(), vw.vec()
	if ct {
		VPBROADCASTD(Mem{Base: z1}, za)
		VPBROADCASTD(Mem{Base: z2}, zb)
		VPBROADCASTD(Mem{Base: z2, Disp: 4}, zc)
		VPBROADCASTD(Mem{Base: z1, Index: off, Scale: 1}, sa)
		VPBROADCASTD(Mem{Base: z2, Index: off, Scale: 1}, sb)
		VPBROADCASTD(Mem{Base: z2, Index: off, Scale: 1, Disp: 4}, sc)
		ADDQ(U8(4), z1)
		ADDQ(U8(8), z2)
	} else {
		VPBROADCASTD(Mem{Base: z1}, za)
		VPBROADCASTD(Mem{Base: z1, Disp: -4}, zb)
		VPBROADCASTD(Mem{Base: z2}, zc)
		VPBROADCASTD(Mem{Base: z1, Index: off, Scale: 1}, sa)
		VPBROADCASTD(Mem{Base: z1, Index: off, Scale: 1, Disp: -4}, sb)
		VPBROADCASTD(Mem{Base: z2, Index: off, Scale: 1}, sc)
		SUBQ(U8(8), z1)
		SUBQ(U8(4), z2)
		for _, z := range []VecVirtual{za, zb, zc} {
			VPSUBD(z, m.p, z)
		}
		for _, z := range []VecVirtual{sa, sb, sc} {
			vw.xor(ones, z, z)
		}
	}
	p0, j := GP64(), GP64()
	MOVQ(start, p0)
	MOVQ(q, j)
	Label(name + "_inner")
	x0, x1, x2, x3 := vw.vec(), vw.vec(), vw.vec(), vw.vec()
	vw.load(Mem{Base: p0}, x0)
	vw.load(Mem{Base: p0, Index: q, Scale: 1}, x1)
	vw.load(Mem{Base: p0, Index: q, Scale: 2}, x2)
	r3 := GP64()
	LEAQ(Mem{Base: p0, Index: q, Scale: 2}, r3)
	vw.load(Mem{Base: r3, Index: q, Scale: 1}, x3)
	ctFly := func(lo, hi, z, zs VecVirtual) (VecVirtual, VecVirtual) {
		t := m.mulShoup(hi, z, zs, zs)
		return m.add(lo, t), m.sub(lo, t)
	}
	gsFly := func(lo, hi, z, zs VecVirtual) (VecVirtual, VecVirtual) {
		return m.add(lo, hi), m.mulShoup(m.sub(lo, hi), z, zs, zs)
	}
	if ct {
		x0, x2 = ctFly(x0, x2, za, sa)
		x1, x3 = ctFly(x1, x3, za, sa)
		x0, x1 = ctFly(x0, x1, zb, sb)
		x2, x3 = ctFly(x2, x3, zc, sc)
	} else {
		x0, x1 = gsFly(x0, x1, za, sa)
		x2, x3 = gsFly(x2, x3, zb, sb)
		x0, x2 = gsFly(x0, x2, zc, sc)
		x1, x3 = gsFly(x1, x3, zc, sc)
	}
	vw.store(x0, Mem{Base: p0})
	vw.store(x1, Mem{Base: p0, Index: q, Scale: 1})
	vw.store(x2, Mem{Base: p0, Index: q, Scale: 2})
	vw.store(x3, Mem{Base: r3, Index: q, Scale: 1})
	ADDQ(U8(vw.bytes()), p0)
	SUBQ(U8(vw.bytes()), j)
	JNZ(LabelRef(name + "_inner"))
	LEAQ(Mem{Base: start, Index: q, Scale: 4}, start)
	DECQ(blocks)
	JNZ(LabelRef(name + "_block"))
	end := Load(Param("end"), GP64())
	if ct {
		SHLQ(U8(2), mb)
		SHRQ(U8(2), half)
		CMPQ(half, end)
		JAE(LabelRef(name + "_pass"))
	} else {
		SHRQ(U8(2), mb)
		SHLQ(U8(2), half)
		CMPQ(half, end)
		JB(LabelRef(name + "_pass"))
	}
	VZEROUPPER()
	RET()
}
