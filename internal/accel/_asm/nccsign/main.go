// Command nccsign generates the amd64 kernels of the large products of
// package internal/accel/polymul (NCC-Sign's rings, embedded in
// Z[x]/(x^4096+1)): AVX2 butterflies of the length-4096 transforms for
// either modulus (P = 8380417 or P1 = 2147377153, both below 2^31), eight
// unsigned 32-bit lanes per ymm register, and the pointwise and scaling
// Montgomery products.
//
// The arithmetic is that of polymul's Go twins (large.go) lane for lane:
// unsigned Montgomery multiplication with R = 2^32 (even and odd lanes
// through VPMULUDQ, recombined by VPBLENDD), and the conditional
// subtractions as unsigned minima (VPMINUD: x − p wraps above x exactly when
// x < p). Every output is fully reduced to [0, p), so the kernels agree with
// the Go code bit for bit.
//
// Run it through go generate in internal/accel/polymul.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("amd64,!purego")
	butterflyKernel("largeCTAVX2", true)
	butterflyKernel("largeGSAVX2", false)
	pointwiseKernel()
	scaleKernel()
	Generate()
}

// modulus holds p and −p^−1 mod 2^32 broadcast to every lane.
type modulus struct{ p, pNeg VecVirtual }

func loadModulus() modulus {
	m := modulus{YMM(), YMM()}
	broadcast(Load(Param("p"), GP32()), m.p)
	broadcast(Load(Param("pNeg"), GP32()), m.pNeg)
	return m
}

// broadcast sets every lane of y to the 32-bit value r.
func broadcast(r Register, y VecVirtual) {
	x := XMM()
	MOVD(r, x)
	VPBROADCASTD(x, y)
}

// mul returns x·y·2^−32 mod p in [0, p) lane by lane, for x, y in [0, p):
// yOdd holds y's odd lanes in the even positions (y itself when y is a
// broadcast).
func (m modulus) mul(x, y, yOdd VecVirtual) VecVirtual {
	xo, pe, po, te, to := YMM(), YMM(), YMM(), YMM(), YMM()
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
	r := YMM()
	VPBLENDD(U8(0xaa), po, pe, r)
	return m.reduce(r)
}

// reduce maps lanes in [0, 2p) to [0, p).
func (m modulus) reduce(r VecVirtual) VecVirtual {
	t := YMM()
	VPSUBD(m.p, r, t)
	VPMINUD(t, r, r)
	return r
}

// add returns a + b mod p lane by lane.
func (m modulus) add(a, b VecVirtual) VecVirtual {
	s := YMM()
	VPADDD(b, a, s)
	return m.reduce(s)
}

// sub returns a − b mod p lane by lane: a − b + p is the answer exactly
// when a − b wraps, and then it is the smaller of the two.
func (m modulus) sub(a, b VecVirtual) VecVirtual {
	d, t := YMM(), YMM()
	VPSUBD(b, a, d)
	VPADDD(m.p, d, t)
	VPMINUD(t, d, d)
	return d
}

// butterflyKernel emits the n/8 butterflies of one block of a layer, lo and
// hi being its two halves of n coefficients (n a positive multiple of 8)
// and z its twiddle factor in Montgomery form: Cooley–Tukey (lo + z·hi,
// lo − z·hi) for the forward transform, Gentleman–Sande (lo + hi,
// z·(lo − hi)) for the inverse.
func butterflyKernel(name string, ct bool) {
	TEXT(name, NOSPLIT, "func(lo, hi *uint32, n int, z, p, pNeg uint32)")
	Pragma("noescape")
	if ct {
		Doc(name+" runs the Cooley–Tukey butterflies (lo + z·hi, lo − z·hi) mod p on",
			"n coefficients of each half, n a positive multiple of 8: the inner loop of",
			"largeModulus.forwardGeneric.")
	} else {
		Doc(name+" runs the Gentleman–Sande butterflies (lo + hi, z·(lo − hi)) mod p on",
			"n coefficients of each half, n a positive multiple of 8: the inner loop of",
			"largeModulus.inverseGeneric.")
	}
	lo := Load(Param("lo"), GP64())
	hi := Load(Param("hi"), GP64())
	n := Load(Param("n"), GP64())
	m := loadModulus()
	z := YMM()
	broadcast(Load(Param("z"), GP32()), z)
	Label(name + "_loop")
	x, y := YMM(), YMM()
	VMOVDQU(Mem{Base: lo}, x)
	VMOVDQU(Mem{Base: hi}, y)
	if ct {
		t := m.mul(y, z, z)
		VMOVDQU(m.sub(x, t), Mem{Base: hi})
		VMOVDQU(m.add(x, t), Mem{Base: lo})
	} else {
		VMOVDQU(m.add(x, y), Mem{Base: lo})
		d := m.sub(x, y)
		VMOVDQU(m.mul(d, z, z), Mem{Base: hi})
	}
	ADDQ(U8(32), lo)
	ADDQ(U8(32), hi)
	SUBQ(U8(8), n)
	JNZ(LabelRef(name + "_loop"))
	VZEROUPPER()
	RET()
}

// pointwiseKernel emits largeMulAVX2: out = a·b·2^−32 mod p lane by lane.
func pointwiseKernel() {
	TEXT("largeMulAVX2", NOSPLIT, "func(out, a, b *uint32, n int, p, pNeg uint32)")
	Pragma("noescape")
	Doc("largeMulAVX2 sets out[i] = a[i]·b[i]·2⁻³² mod p for i < n, n a positive",
		"multiple of 8: largeModulus.pointwiseGeneric.")
	out := Load(Param("out"), GP64())
	pa := Load(Param("a"), GP64())
	pb := Load(Param("b"), GP64())
	n := Load(Param("n"), GP64())
	m := loadModulus()
	Label("largeMulAVX2_loop")
	x, y, yo := YMM(), YMM(), YMM()
	VMOVDQU(Mem{Base: pa}, x)
	VMOVDQU(Mem{Base: pb}, y)
	VPSRLQ(U8(32), y, yo)
	VMOVDQU(m.mul(x, y, yo), Mem{Base: out})
	ADDQ(U8(32), out)
	ADDQ(U8(32), pa)
	ADDQ(U8(32), pb)
	SUBQ(U8(8), n)
	JNZ(LabelRef("largeMulAVX2_loop"))
	VZEROUPPER()
	RET()
}

// scaleKernel emits largeScaleAVX2: a = a·z·2^−32 mod p lane by lane.
func scaleKernel() {
	TEXT("largeScaleAVX2", NOSPLIT, "func(a *uint32, n int, z, p, pNeg uint32)")
	Pragma("noescape")
	Doc("largeScaleAVX2 sets a[i] = a[i]·z·2⁻³² mod p for i < n, n a positive",
		"multiple of 8: the last step of largeModulus.inverseGeneric.")
	pa := Load(Param("a"), GP64())
	n := Load(Param("n"), GP64())
	m := loadModulus()
	z := YMM()
	broadcast(Load(Param("z"), GP32()), z)
	Label("largeScaleAVX2_loop")
	x := YMM()
	VMOVDQU(Mem{Base: pa}, x)
	VMOVDQU(m.mul(x, z, z), Mem{Base: pa})
	ADDQ(U8(32), pa)
	SUBQ(U8(8), n)
	JNZ(LabelRef("largeScaleAVX2_loop"))
	VZEROUPPER()
	RET()
}
