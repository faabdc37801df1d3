package main

import (
	"encoding/binary"
	"math/bits"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The two-prime 16-bit kernels (polymul's small16.go): the negacyclic NTT
// modulo 7681 and 10753 in sixteen int16 lanes a ymm register, its inverse
// with the CRT, and the pointwise dot product. Each performs exactly the
// lane operations of its Go twin, in the same order on the same values, so
// the outputs agree bit for bit.
//
// The layers with length ≥ 16 pair whole registers. The four with length
// 8, 4, 2, 1 pair lanes of two adjacent registers A, B, which a fixed
// sequence of involutive shuffles (perm: 128-bit halves; unpack: 64-bit
// words; s2: 32-bit words; s1: 16-bit words) brings into two registers X,
// Y holding the butterflies' two sides; the generator follows the
// coefficient index of every lane through the same shuffles (lanes16) to
// lay out the twiddle vectors and to check the pairing, and undoes the
// shuffles at the end so that the transform's output is in natural order.

// prime16 is one 16-bit prime's constants, as in polymul.
type prime16 struct {
	p, pInv, barV int16
	zetas         [n]int16
	scale         int16
}

func newPrime16(p int64) prime16 {
	sp := prime16{p: int16(p)}
	var psi int64
	for g := int64(2); ; g++ {
		psi = powMod(g, (p-1)/512, p)
		if powMod(psi, 256, p) == p-1 {
			break
		}
	}
	sp.pInv = int16(powMod(p, 1<<15-1, 1<<16))
	sp.barV = int16(((1 << 26) + p/2) / p)
	for i := range sp.zetas {
		sp.zetas[i] = centred(powMod(psi, int64(bits.Reverse8(uint8(i))), p)<<16%p, p)
	}
	sp.scale = centred((1<<32)%p*powMod(n, p-2, p)%p, p)
	return sp
}

func centred(v, m int64) int16 {
	if v > m/2 {
		v -= m
	}
	return int16(v)
}

func powMod(b, e, m int64) int64 {
	r := int64(1)
	b %= m
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * b % m
		}
		b = b * b % m
	}
	return r
}

var primes = [2]prime16{newPrime16(7681), newPrime16(10753)}

// words16 is the read-only table of 16-lane vectors of the kernels.
type words16 struct {
	bytes []byte
	index map[[16]int16]int
}

var table16 = &words16{index: map[[16]int16]int{}}

// vec returns the address of the vector v, adding it once.
func (t *words16) vec(v [16]int16) Mem {
	off, ok := t.index[v]
	if !ok {
		off = len(t.bytes)
		for _, x := range v {
			t.bytes = binary.LittleEndian.AppendUint16(t.bytes, uint16(x))
		}
		t.index[v] = off
	}
	return NewDataAddr(NewStaticSymbol("polymulSmall16"), off)
}

func (t *words16) splat(x int16) Mem {
	var v [16]int16
	for i := range v {
		v[i] = x
	}
	return t.vec(v)
}

func (t *words16) emit() {
	GLOBL("polymulSmall16", RODATA|NOPTR)
	for i := 0; i < len(t.bytes); i += 8 {
		DATA(i, U64(binary.LittleEndian.Uint64(t.bytes[i:])))
	}
}

// lanes16 is the coefficient index held by each lane of a register.
type lanes16 [16]int

// shuffle is one of the involutive two-register shuffles, on registers and
// on lane indices alike.
type shuffle struct {
	emit func(x, y, nx, ny, t VecVirtual)
	sim  func(x, y lanes16) (lanes16, lanes16)
}

var (
	perm = shuffle{
		func(x, y, nx, ny, _ VecVirtual) {
			VPERM2I128(U8(0x20), y, x, nx)
			VPERM2I128(U8(0x31), y, x, ny)
		},
		func(x, y lanes16) (a, b lanes16) {
			copy(a[:8], x[:8])
			copy(a[8:], y[:8])
			copy(b[:8], x[8:])
			copy(b[8:], y[8:])
			return a, b
		},
	}
	unpack = shuffle{
		func(x, y, nx, ny, _ VecVirtual) {
			VPUNPCKLQDQ(y, x, nx)
			VPUNPCKHQDQ(y, x, ny)
		},
		func(x, y lanes16) (a, b lanes16) { return interleave(x, y, 4) },
	}
	s2 = blendShuffle(2, VPSLLQ, VPSRLQ, VPBLENDD)
	s1 = blendShuffle(1, VPSLLD, VPSRLD, VPBLENDW)
)

// blendShuffle is the shuffle that interleaves groups of w 16-bit lanes
// (w = 2: 32-bit words, w = 1: 16-bit words) by shifting one register by
// the group width within each group pair and blending the odd groups.
func blendShuffle(w int, shl, shr func(...Op), blend func(imm, a, b, dst Op)) shuffle {
	bitsW := U8(16 * w)
	return shuffle{
		func(x, y, nx, ny, t VecVirtual) {
			shl(bitsW, y, t)
			blend(U8(0xaa), t, x, nx)
			shr(bitsW, x, t)
			blend(U8(0xaa), y, t, ny)
		},
		func(x, y lanes16) (a, b lanes16) { return interleave(x, y, w) },
	}
}

// interleave splits x and y into groups of w lanes and returns (x0, y0,
// x2, y2, …) and (x1, y1, x3, y3, …): the action of unpack, s2 and s1.
func interleave(x, y lanes16, w int) (a, b lanes16) {
	for g := 0; g < 16/w; g += 2 {
		for i := range w {
			a[g*w+i], a[g*w+w+i] = x[g*w+i], y[g*w+i]
			b[g*w+i], b[g*w+w+i] = x[g*w+w+i], y[g*w+w+i]
		}
	}
	return a, b
}

// inRegister is the shuffle that brings the layer of length 8, 4, 2, 1
// into X, Y from the previous layout (natural order for length 8).
var inRegister = []shuffle{perm, unpack, s2, s1}

// consts16 holds one prime's broadcast constants in registers.
type consts16 struct {
	sp          prime16
	q, v, round VecVirtual
}

func loadConsts(sp prime16) consts16 {
	c := consts16{sp: sp, q: YMM(), v: YMM(), round: YMM()}
	VMOVDQU(table16.splat(sp.p), c.q)
	VMOVDQU(table16.splat(sp.barV), c.v)
	VMOVDQU(table16.splat(1<<9), c.round)
	return c
}

// mul16 sets dst = a·z·2^−16 mod p (polymul's mul16), zq = z·p^−1.
func (c consts16) mul16(dst, a VecVirtual, z, zq Op, t VecVirtual) {
	VPMULLW(zq, a, t)
	VPMULHW(z, a, dst)
	VPMULHW(c.q, t, t)
	VPSUBW(t, dst, dst)
}

// barrett reduces a in place (polymul's barrett16).
func (c consts16) barrett(a, t VecVirtual) {
	VPMULHW(c.v, a, t)
	VPADDW(c.round, t, t)
	VPSRAW(U8(10), t, t)
	VPMULLW(c.q, t, t)
	VPSUBW(t, a, a)
}

// zetaPair returns the twiddle vector and its low multiplier for zeta
// value z in every lane i given by f(i).
func zetaPair(sp prime16, f func(lane int) int16) (Mem, Mem) {
	var z, zq [16]int16
	for i := range z {
		z[i] = f(i)
		zq[i] = z[i] * sp.pInv
	}
	return table16.vec(z), table16.vec(zq)
}

// ctLayer emits the Cooley–Tukey butterfly x, y = x + z·y, x − z·y.
func (c consts16) ct(x, y VecVirtual, z, zq Mem, t, u VecVirtual) {
	c.mul16(u, y, z, zq, t)
	VPSUBW(u, x, y)
	VPADDW(u, x, x)
}

// gs emits the Gentleman–Sande butterfly x, y = x + y, z·(x − y).
func (c consts16) gs(x, y VecVirtual, z, zq Mem, t, u VecVirtual) {
	VPSUBW(y, x, u)
	VPADDW(y, x, x)
	c.mul16(y, u, z, zq, t)
}

// forward16Kernel emits forward16AVX2: the int32 input packed to int16
// into both rows, then each prime's transform in place.
func forward16Kernel() {
	TEXT("forward16AVX2", NOSPLIT, "func(out *[2][256]int16, in *[256]int32)")
	Pragma("noescape")
	Doc("forward16AVX2 sets out[j] to the negacyclic NTT modulo the j-th prime of in, for |in[i]| < 2^11, in constant time.")
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	for i := range n / 16 {
		x, y := YMM(), YMM()
		VMOVDQU(Mem{Base: in, Disp: 64 * i}, x)
		VMOVDQU(Mem{Base: in, Disp: 64*i + 32}, y)
		VPACKSSDW(y, x, x)
		VPERMQ(U8(0xd8), x, x)
		VMOVDQU(x, Mem{Base: out, Disp: 32 * i})
		VMOVDQU(x, Mem{Base: out, Disp: 512 + 32*i})
	}
	for j, sp := range primes {
		c := loadConsts(sp)
		row := func(r int) Mem { return Mem{Base: out, Disp: 512*j + 32*r} }
		// Layers of length 128 and 64, then 32 and 16, two at a time on
		// groups of four registers; Barrett after the fourth.
		for _, length := range []int{128, 32} {
			crossPair(length, func(g [4]int, b int) {
				regs := loadRows(row, g)
				t, u := YMM(), YMM()
				kz := func(k int) (Mem, Mem) { return zetaPair(sp, func(int) int16 { return sp.zetas[k] }) }
				z, zq := kz(n/(2*length) + b*16/(2*length))
				c.ct(regs[0], regs[2], z, zq, t, u)
				c.ct(regs[1], regs[3], z, zq, t, u)
				k := n/length + b*16/length
				z, zq = kz(k)
				c.ct(regs[0], regs[1], z, zq, t, u)
				z, zq = kz(k + 1)
				c.ct(regs[2], regs[3], z, zq, t, u)
				if length == 32 {
					for _, x := range regs {
						c.barrett(x, t)
					}
				}
				storeRows(row, g, regs)
			})
		}
		for m := range 8 {
			a, b := YMM(), YMM()
			VMOVDQU(row(2*m), a)
			VMOVDQU(row(2*m+1), b)
			var la, lb lanes16
			for i := range 16 {
				la[i], lb[i] = 32*m+i, 32*m+16+i
			}
			x, y := a, b
			for s, length := 0, 8; length >= 1; s, length = s+1, length/2 {
				nx, ny, t := YMM(), YMM(), YMM()
				inRegister[s].emit(x, y, nx, ny, t)
				x, y = nx, ny
				la, lb = inRegister[s].sim(la, lb)
				checkPairs(la, lb, length)
				z, zq := zetaPair(sp, func(i int) int16 { return sp.zetas[n/(2*length)+la[i]/(2*length)] })
				u := YMM()
				c.ct(x, y, z, zq, t, u)
			}
			t := YMM()
			c.barrett(x, t)
			c.barrett(y, t)
			for s := len(inRegister) - 1; s >= 0; s-- {
				nx, ny := YMM(), YMM()
				inRegister[s].emit(x, y, nx, ny, t)
				x, y = nx, ny
			}
			VMOVDQU(x, row(2*m))
			VMOVDQU(y, row(2*m+1))
		}
	}
	VZEROUPPER()
	RET()
}

// crossPair calls f for each group of four registers (in units of 16
// coefficients) that the layers of length L and L/2 (L ≥ 32) pair among
// themselves, with the group's first register b: g[0]–g[2] and g[1]–g[3]
// at length L, g[0]–g[1] and g[2]–g[3] at L/2.
func crossPair(length int, f func(g [4]int, b int)) {
	r := length / 16
	for b := 0; b < n/16; b += 2 * r {
		for off := range r / 2 {
			f([4]int{b + off, b + off + r/2, b + off + r, b + off + 3*r/2}, b)
		}
	}
}

func loadRows(row func(int) Mem, g [4]int) (regs [4]VecVirtual) {
	for i, r := range g {
		regs[i] = YMM()
		VMOVDQU(row(r), regs[i])
	}
	return regs
}

func storeRows(row func(int) Mem, g [4]int, regs [4]VecVirtual) {
	for i, r := range g {
		VMOVDQU(regs[i], row(r))
	}
}

// checkPairs stops the generator unless lane i of y holds the partner
// (index + length) of lane i of x.
func checkPairs(x, y lanes16, length int) {
	for i := range x {
		if y[i] != x[i]+length || x[i]/length%2 != 0 {
			panic("small16: shuffles do not pair the butterflies")
		}
	}
}

// inverse16Kernel emits inverse16AVX2: each prime's inverse transform of
// in into tmp, then the CRT into out.
func inverse16Kernel() {
	TEXT("inverse16AVX2", NOSPLIT, "func(out *[256]int32, in *[2][256]int16, tmp *[2][256]int16)")
	Pragma("noescape")
	Doc("inverse16AVX2 sets out to the CRT of the inverse transforms of in (times 2^16), using tmp, in constant time.")
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	tmp := Load(Param("tmp"), GP64())
	for j, sp := range primes {
		c := loadConsts(sp)
		row := func(r int) Mem { return Mem{Base: tmp, Disp: 512*j + 32*r} }
		for m := range 8 {
			x, y := YMM(), YMM()
			VMOVDQU(Mem{Base: in, Disp: 512*j + 64*m}, x)
			VMOVDQU(Mem{Base: in, Disp: 512*j + 64*m + 32}, y)
			var la, lb lanes16
			for i := range 16 {
				la[i], lb[i] = 32*m+i, 32*m+16+i
			}
			t := YMM()
			for _, sh := range inRegister[:3] {
				nx, ny := YMM(), YMM()
				sh.emit(x, y, nx, ny, t)
				x, y = nx, ny
				la, lb = sh.sim(la, lb)
			}
			// From the layout of length 2: s1 to length 1, then each
			// shuffle undone in turn.
			for s, length := 0, 1; length <= 8; s, length = s+1, length*2 {
				sh := []shuffle{s1, s1, s2, unpack}[s]
				nx, ny := YMM(), YMM()
				sh.emit(x, y, nx, ny, t)
				x, y = nx, ny
				la, lb = sh.sim(la, lb)
				checkPairs(la, lb, length)
				z, zq := zetaPair(sp, func(i int) int16 { return -sp.zetas[n/length-1-la[i]/(2*length)] })
				u := YMM()
				c.gs(x, y, z, zq, t, u)
				if length == 2 || length == 8 {
					c.barrett(x, t)
					c.barrett(y, t)
				}
			}
			nx, ny := YMM(), YMM()
			perm.emit(x, y, nx, ny, t)
			VMOVDQU(nx, row(2*m))
			VMOVDQU(ny, row(2*m+1))
		}
		scale, scaleQ := zetaPair(sp, func(int) int16 { return sp.scale })
		// Layers of length 16 and 32, then 64 and 128, two at a time on
		// groups of four registers; Barrett after the sixth, the final
		// factor after the eighth.
		for _, length := range []int{32, 128} {
			crossPair(length, func(g [4]int, b int) {
				regs := loadRows(row, g)
				t, u := YMM(), YMM()
				kz := func(l, start int) (Mem, Mem) {
					return zetaPair(sp, func(int) int16 { return -sp.zetas[n/l-1-start/(2*l)] })
				}
				half := length / 2
				z, zq := kz(half, b*16)
				c.gs(regs[0], regs[1], z, zq, t, u)
				z, zq = kz(half, b*16+2*half)
				c.gs(regs[2], regs[3], z, zq, t, u)
				z, zq = kz(length, b*16)
				c.gs(regs[0], regs[2], z, zq, t, u)
				c.gs(regs[1], regs[3], z, zq, t, u)
				for _, x := range regs {
					if length == 32 {
						c.barrett(x, t)
					} else {
						c.mul16(x, x, scale, scaleQ, t)
					}
				}
				storeRows(row, g, regs)
			})
		}
	}
	// CRT: u = (c1 − c0)·7681^−1 mod 10753 into tmp[1], then
	// out = c0 + 7681·u in 32-bit lanes.
	c := loadConsts(primes[1])
	inv := centred(powMod(7681, 10753-2, 10753)<<16%10753, 10753)
	z, zq := zetaPair(primes[1], func(int) int16 { return inv })
	for r := range 16 {
		c0, c1, t := YMM(), YMM(), YMM()
		VMOVDQU(Mem{Base: tmp, Disp: 32 * r}, c0)
		VMOVDQU(Mem{Base: tmp, Disp: 512 + 32*r}, c1)
		VPSUBW(c0, c1, c1)
		c.mul16(c1, c1, z, zq, t)
		VMOVDQU(c1, Mem{Base: tmp, Disp: 512 + 32*r})
	}
	p0 := GP32()
	MOVL(U32(7681), p0)
	px := XMM()
	VMOVD(p0, px)
	pv := YMM()
	VPBROADCASTD(px, pv)
	for r := range 32 {
		u, c0 := YMM(), YMM()
		VPMOVSXWD(Mem{Base: tmp, Disp: 512 + 16*r}, u)
		VPMOVSXWD(Mem{Base: tmp, Disp: 16 * r}, c0)
		VPMULLD(pv, u, u)
		VPADDD(c0, u, u)
		VMOVDQU(u, Mem{Base: out, Disp: 32 * r})
	}
	VZEROUPPER()
	RET()
}

// dot16Kernel emits dot16AVX2: for each of the 32 vectors, the sum over
// the k pairs of Montgomery products, Barrett reduced every four and at
// the end.
func dot16Kernel() {
	TEXT("dot16AVX2", NOSPLIT, "func(out *[2][256]int16, a *[2][256]int16, b *[2][256]int16, k int)")
	Pragma("noescape")
	Doc("dot16AVX2 sets out to the reduced sum of the k pointwise Montgomery products of a[j] and b[j] (consecutive in memory), in constant time.")
	out := Load(Param("out"), GP64())
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	k := Load(Param("k"), GP64())
	for j, sp := range primes {
		c := loadConsts(sp)
		pinv := YMM()
		VMOVDQU(table16.splat(sp.pInv), pinv)
		for r := range 16 {
			off := 512*j + 32*r
			acc := YMM()
			VPXOR(acc, acc, acc)
			i, pa, pb := GP64(), GP64(), GP64()
			XORQ(i, i)
			MOVQ(a, pa)
			MOVQ(b, pb)
			loop := "dot16_" + string(rune('a'+j)) + "_" + itoa(r)
			Label(loop)
			x, y, yq, t, u := YMM(), YMM(), YMM(), YMM(), YMM()
			VMOVDQU(Mem{Base: pa, Disp: off}, x)
			VMOVDQU(Mem{Base: pb, Disp: off}, y)
			VPMULLW(pinv, y, yq)
			c.mul16(u, x, y, yq, t)
			VPADDW(u, acc, acc)
			INCQ(i)
			TESTQ(U32(3), i)
			skip := loop + "_skip"
			JNE(LabelRef(skip))
			c.barrett(acc, t)
			Label(skip)
			ADDQ(U32(1024), pa)
			ADDQ(U32(1024), pb)
			CMPQ(i, k)
			JB(LabelRef(loop))
			t2 := YMM()
			c.barrett(acc, t2)
			VMOVDQU(acc, Mem{Base: out, Disp: off})
		}
	}
	VZEROUPPER()
	RET()
}

func itoa(v int) string {
	if v < 10 {
		return string(rune('0' + v))
	}
	return string(rune('0'+v/10)) + string(rune('0'+v%10))
}
