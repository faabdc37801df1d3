package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

const (
	q           = 8380417
	n           = 256
	qInv uint32 = 58728449 // q⁻¹ mod 2³²
	// invNTTScale is 256⁻¹·2⁶⁴ mod q, the final factor of the inverse NTT.
	invNTTScale = 41978
)

// zetasMont returns ζ^BitRev8(i)·2³² mod q for ζ = 1753, the twiddle
// factors of Algorithms 41 and 42 (FIPS 204) in the Montgomery domain.
func zetasMont() (z [n]uint32) {
	for i := range z {
		z[i] = uint32(zetaPlain(i) << 32 % q)
	}
	return
}

// zetaPlain returns ζ^BitRev8(i) mod q, twiddle i outside the Montgomery
// domain.
func zetaPlain(i int) uint64 {
	r := uint64(0)
	for b := range 8 {
		r |= uint64(i>>b&1) << (7 - b)
	}
	return powMod(1753, r)
}

func powMod(b, e uint64) uint64 {
	r := uint64(1)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % q
		}
		b = b * b % q
	}
	return r
}

// constants is the read-only table every kernel shares: scalars to
// broadcast, then for each of the 256 twiddle indices ζ (Montgomery) and
// ζ·q⁻¹ mod 2³² for Montgomery's products, and ζ centred and its quotient
// for Shoup's (shoupMul).
type constants struct {
	mem   Mem
	zetas [n]uint32
}

const (
	offQ        = 0
	offQInv     = 4
	offHalf     = 8  // 2²², the rounding term of the final reduction
	offScale    = 12 // invNTTScale
	offScaleQ   = 16 // invNTTScale·q⁻¹ mod 2³²
	offZetas    = 32
	offZetasQ   = offZetas + 4*n
	offZetasC   = offZetasQ + 4*n // ζ centred in (−q/2, q/2), for Shoup's products
	offZetasS   = offZetasC + 4*n // ⌊ζ_c·2³²/q⌋, Shoup's quotient of ζ_c
	constantLen = offZetasS + 4*n
)

func newConstants() *constants {
	c := &constants{mem: GLOBL("mldsaConstants", RODATA|NOPTR), zetas: zetasMont()}
	DATA(offQ, U32(q))
	DATA(offQInv, U32(qInv))
	DATA(offHalf, U32(1<<22))
	DATA(offScale, U32(invNTTScale))
	DATA(offScaleQ, U32(mulLow(invNTTScale, qInv)))
	// The assembler wants DATA offsets in increasing order.
	for i, z := range c.zetas {
		DATA(offZetas+4*i, U32(z))
	}
	for i, z := range c.zetas {
		DATA(offZetasQ+4*i, U32(z*qInv))
	}
	for i := range n {
		DATA(offZetasC+4*i, U32(uint32(zetaCentred(i))))
	}
	for i := range n {
		DATA(offZetasS+4*i, U32(uint32(shoupQuotient(zetaCentred(i)))))
	}
	return c
}

func (c *constants) at(off int) Mem { return c.mem.Offset(off) }

// width is one vector width: its registers and the instructions that differ
// between the AVX-512 and AVX2 encodings.
type width struct {
	name  string // kernel name suffix
	lanes int    // 32-bit coefficients per register
	regs  []VecPhysical
	// load and store move one register of coefficients.
	load, store func(m Mem, r VecPhysical)
}

var avx512 = &width{
	name: "AVX512", lanes: 16,
	regs: []VecPhysical{Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
		Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31},
	load:  func(m Mem, r VecPhysical) { VMOVDQU32(m, r) },
	store: func(m Mem, r VecPhysical) { VMOVDQU32(r, m) },
}

// avx2 uses only Y0–Y15, so that every instruction has a VEX encoding.
var avx2 = &width{
	name: "AVX2", lanes: 8,
	regs:  []VecPhysical{Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15},
	load:  func(m Mem, r VecPhysical) { VMOVDQU(m, r) },
	store: func(m Mem, r VecPhysical) { VMOVDQU(r, m) },
}

func (w *width) is512() bool { return w.lanes == 16 }

// Mask registers of the AVX-512 kernels: even and odd 32-bit lanes.
var (
	maskEven = K1
	maskOdd  = K2
)

// setMasks loads maskEven and maskOdd (AVX-512 only).
func (w *width) setMasks() {
	if !w.is512() {
		return
	}
	t := GP32()
	MOVL(U32(0x5555), t)
	KMOVW(t, maskEven)
	MOVL(U32(0xAAAA), t)
	KMOVW(t, maskOdd)
}

// regPool hands out the registers of a kernel.
type regPool struct{ free []VecPhysical }

func (p *regPool) get() VecPhysical {
	if len(p.free) == 0 {
		panic("out of vector registers")
	}
	r := p.free[0]
	p.free = p.free[1:]
	return r
}

func (p *regPool) put(r VecPhysical) { p.free = append(p.free, r) }

// arith holds the registers every arithmetic helper needs.
type arith struct {
	w       *width
	c       *constants
	q       VecPhysical // q in every lane
	t2, t3  VecPhysical // scratch of montMul
	pool    *regPool
	zeta    VecPhysical // broadcast twiddle and its ·q⁻¹ twin
	zetaQ   VecPhysical
	zetaIdx int  // twiddle index now in zeta, or −1
	shoup   bool // twiddles for Shoup's products (shoupMul), not Montgomery's
}

func newArith(w *width, c *constants, pool *regPool) *arith {
	a := &arith{w: w, c: c, pool: pool, zetaIdx: -1}
	a.q, a.t2, a.t3 = pool.get(), pool.get(), pool.get()
	a.zeta, a.zetaQ = pool.get(), pool.get()
	VPBROADCASTD(c.at(offQ), a.q)
	return a
}

// montMul sets out to the signed Montgomery product x·z·2⁻³² in (−q, q) for
// |x·z| < 2³¹·q, lane by lane: exactly montReduce(z·x) of the Go code. x is
// clobbered. zE and zqE give z and z·q⁻¹ mod 2³² in the even lanes (the low
// halves of the 64-bit elements VPMULDQ reads), zO and zqO the values for the
// odd lanes, in the same positions.
func (a *arith) montMul(out, x VecPhysical, zE, zO, zqE, zqO Op) {
	VPSRLQ(U8(32), x, out) // odd lanes, in even positions
	VPMULDQ(zqE, x, a.t2)  // m = x·z·q⁻¹ mod 2³², even lanes
	VPMULDQ(zqO, out, a.t3)
	VPMULDQ(zE, x, x) // x·z, 64 bits
	VPMULDQ(zO, out, out)
	VPMULDQ(a.q, a.t2, a.t2) // m·q
	VPMULDQ(a.q, a.t3, a.t3)
	VPSUBQ(a.t2, x, x) // x·z − m·q: its low half is 0, its high half the result
	VPSUBQ(a.t3, out, out)
	a.combine(x, out)
}

// combine moves the high halves of the 64-bit elements of even into the
// even lanes of odd, whose odd lanes already hold their results.
func (a *arith) combine(even, odd VecPhysical) {
	if a.w.is512() {
		VPSHUFD(U8(0xB1), even, maskEven, odd)
		return
	}
	VPSRLQ(U8(32), even, even)
	VPBLENDD(U8(0xAA), odd, even, odd)
}

// montReduce64 sets out to the signed Montgomery reduction of the 64-bit
// products pE (even lanes) and pO (odd lanes, in even positions); both are
// clobbered.
func (a *arith) montReduce64(out, pE, pO VecPhysical, qinv Op) {
	VPMULDQ(qinv, pE, a.t2)
	VPMULDQ(qinv, pO, a.t3)
	VPMULDQ(a.q, a.t2, a.t2)
	VPMULDQ(a.q, a.t3, a.t3)
	VPSUBQ(a.t2, pE, pE)
	VPSUBQ(a.t3, pO, out)
	a.combine(pE, out)
}

// fixNegative maps x in (−q, q) to [0, q): the unsigned minimum of x and
// x + q is x when x ≥ 0 and x + q otherwise.
func (a *arith) fixNegative(x, tmp VecPhysical) {
	VPADDD(a.q, x, tmp)
	VPMINUD(tmp, x, x)
}

// broadcastZeta loads twiddle k into zeta and zetaQ unless it is there:
// ζ·2³² and its ·q⁻¹ twin for Montgomery's products, or with shoup ζ_c and
// its quotient for Shoup's.
func (a *arith) broadcastZeta(k int) {
	if a.zetaIdx == k {
		return
	}
	a.zetaIdx = k
	if a.shoup {
		VPBROADCASTD(a.c.at(offZetasC+4*k), a.zeta)
		VPBROADCASTD(a.c.at(offZetasS+4*k), a.zetaQ)
		return
	}
	VPBROADCASTD(a.c.at(offZetas+4*k), a.zeta)
	VPBROADCASTD(a.c.at(offZetasQ+4*k), a.zetaQ)
}

// zetaCentred returns twiddle i outside the Montgomery domain, centred in
// (−q/2, q/2).
func zetaCentred(i int) int64 {
	z := int64(zetaPlain(i))
	if z > q/2 {
		z -= q
	}
	return z
}

// shoupQuotient returns ⌊z·2³²/q⌋ for |z| < q/2, which fits in an int32.
func shoupQuotient(z int64) int32 {
	num := z << 32
	quo := num / q
	if num%q != 0 && num < 0 {
		quo-- // floor, not truncation
	}
	return int32(quo)
}

// shoupMul sets out to x·z mod q in (−q/2, 3q/2) for |x| < 2³¹, lane by
// lane, by Shoup's product: t = ⌊x·z′/2³²⌋ for z′ = ⌊z·2³²/q⌋ (the signed
// high products of the even and the odd lanes), then x·z − t·q in the low
// 32 bits. z is a twiddle centred in (−q/2, q/2), so that z′ fits in an
// int32; x·z′/2³² is within |x|/2³² < 1/2 of x·z/q, which bounds the
// result. z holds z in every lane's natural position; zsE and zsO hold z′
// for the even lanes and the odd lanes' values in even positions, as
// montMul's operands. x is clobbered.
func (a *arith) shoupMul(out, x VecPhysical, z, zsE, zsO Op) {
	VPSRLQ(U8(32), x, out)   // odd lanes, in even positions
	VPMULDQ(zsE, x, a.t2)    // x·z′, even lanes
	VPMULDQ(zsO, out, a.t3)  // x·z′, odd lanes: t in their high halves
	a.combine(a.t2, a.t3)    // t in every lane of t3
	VPMULLD(z, x, out)       // x·z mod 2³²
	VPMULLD(a.q, a.t3, a.t3) // t·q mod 2³²
	VPSUBD(a.t3, out, out)
}

func kernelName(base string, w *width) string { return fmt.Sprintf("%s%s", base, w.name) }

// mulLow returns a·b mod 2³².
func mulLow(a, b uint32) uint32 { return a * b }
