package main

import (
	"encoding/binary"
	"math/bits"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The two-prime 16-bit kernels (polymul's small16.go): the negacyclic NTT
// modulo 7681 and 10753 in int16 lanes, its inverse with the CRT, and the
// pointwise dot product, at two widths (width16): AVX2's sixteen lanes a
// ymm register and AVX-512's thirty-two a zmm register. Each performs
// exactly the lane operations of its Go twin, in the same order on the same
// values, so the outputs agree bit for bit, and both widths read and write
// the transform in the Go twins' order, polymul's layout16 (one domain for
// both levels: a key's transforms made at one serve the other).
//
// The layers whose length is at least twice the register pair whole
// registers. The remaining ones pair lanes of two adjacent registers A, B,
// which a fixed sequence of involutive shuffles brings into two registers
// X, Y holding the butterflies' two sides: each shuffle interleaves groups
// of w lanes of its two inputs (X takes the even groups of both, Y the odd
// ones), for w = 8, 4, 2, 1 at AVX2 (perm: 128-bit halves; unpack: 64-bit
// words; s2: 32-bit words; s1: 16-bit words) and w = 32 (the registers as
// they are), 16, 8, 4, 2, 1 at AVX-512. The generator follows the
// coefficient index of every lane through the same shuffles (lanes16) to
// lay out the twiddle vectors and to check the pairing. layout16 is the
// order in which AVX2's last in-register layer leaves the lanes, so AVX2
// stores them as they are and its inverse starts from them; AVX-512 undoes
// its shuffles and permutes each register into that order (and back).

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

// words16 is a read-only table of vectors of int16 lanes, one a width.
type words16 struct {
	name  string
	bytes []byte
	index map[string]int
}

// vec returns the address of the vector v, adding it once.
func (t *words16) vec(v []int16) Mem {
	var b []byte
	for _, x := range v {
		b = binary.LittleEndian.AppendUint16(b, uint16(x))
	}
	off, ok := t.index[string(b)]
	if !ok {
		off = len(t.bytes)
		t.bytes = append(t.bytes, b...)
		t.index[string(b)] = off
	}
	return NewDataAddr(NewStaticSymbol(t.name), off)
}

func (t *words16) emit() {
	GLOBL(t.name, RODATA|NOPTR)
	for i := 0; i < len(t.bytes); i += 8 {
		DATA(i, U64(binary.LittleEndian.Uint64(t.bytes[i:])))
	}
}

// width16 is one vector width of the two-prime kernels.
type width16 struct {
	suffix string // of the kernels' names: "AVX2", "AVX512"
	lanes  int    // int16 lanes a register
	reg    func() VecVirtual
	mov    func(src, dst Op) // whole-register load or store
	zero   func(x Op)        // x = 0
	table  *words16
	// dotRows is the number of registers the dot product sums at once:
	// half a prime's rows at AVX2, as many as its sixteen registers hold
	// beside the constants and temporaries, and all of them at AVX-512.
	dotRows int
	// pairs is the number of register pairs the in-register layers
	// carry at once: two at AVX2, four, all of a prime's, at AVX-512
	// (docs/PERFORMANCE.md has why two at AVX2).
	pairs int
	// ownLayout is true where the transform's order (polymul's layout16)
	// is the one this width's in-register layers leave, so the forward
	// transform stores its registers as they are and the inverse starts
	// from them (AVX2). Elsewhere (AVX-512) the kernels undo their
	// shuffles to the natural order and permute each register into
	// layout16 and back (VPERMW).
	ownLayout bool
	// pack stores the int32 input as int16 into both rows of out.
	pack func(out, in Register)
	// shuffles emits the setup of the in-register shuffles (AVX-512's
	// blend masks) and returns them, the first layer's first.
	shuffles func() []shuffle
}

// rowBytes is the size of one register of int16 lanes.
func (w width16) rowBytes() int { return 2 * w.lanes }

func (w width16) splat(x int16) Mem {
	v := make([]int16, w.lanes)
	for i := range v {
		v[i] = x
	}
	return w.table.vec(v)
}

var avx2 = width16{
	suffix: "AVX2", lanes: 16, reg: YMM, mov: VMOVDQU, dotRows: 8, pairs: 2, ownLayout: true,
	zero:  func(x Op) { VPXOR(x, x, x) },
	table: &words16{name: "polymulSmall16", index: map[string]int{}},
	pack: func(out, in Register) {
		for i := range n / 16 {
			x, y := YMM(), YMM()
			VMOVDQU(Mem{Base: in, Disp: 64 * i}, x)
			VMOVDQU(Mem{Base: in, Disp: 64*i + 32}, y)
			VPACKSSDW(y, x, x)
			VPERMQ(U8(0xd8), x, x)
			VMOVDQU(x, Mem{Base: out, Disp: 32 * i})
			VMOVDQU(x, Mem{Base: out, Disp: 512 + 32*i})
		}
	},
	shuffles: func() []shuffle {
		perm := shuffle{8, func(x, y, nx, ny, _ VecVirtual) {
			VPERM2I128(U8(0x20), y, x, nx)
			VPERM2I128(U8(0x31), y, x, ny)
		}}
		blend := func(a, b, dst Op) { VPBLENDD(U8(0xaa), a, b, dst) }
		blendW := func(a, b, dst Op) { VPBLENDW(U8(0xaa), a, b, dst) }
		return []shuffle{perm, unpack, blendShuffle(2, VPSLLQ, VPSRLQ, blend), blendShuffle(1, VPSLLD, VPSRLD, blendW)}
	},
}

// avx512 is the zmm width (AVX-512 F and BW). The pack truncates (VPMOVDW)
// where AVX2 saturates: both are the Go twin's int16(c) on its domain, and
// the truncation is so outside it too.
var avx512 = width16{
	suffix: "AVX512", lanes: 32, reg: ZMM, dotRows: 8, pairs: 4,
	mov:   func(src, dst Op) { VMOVDQU64(src, dst) },
	zero:  func(x Op) { VPXORQ(x, x, x) },
	table: &words16{name: "polymulSmall16AVX512", index: map[string]int{}},
	pack: func(out, in Register) {
		for i := range n / 16 {
			x := ZMM()
			VMOVDQU64(Mem{Base: in, Disp: 64 * i}, x)
			VPMOVDW(x, Mem{Base: out, Disp: 32 * i})
			VPMOVDW(x, Mem{Base: out, Disp: 512 + 32*i})
		}
	},
	shuffles: func() []shuffle {
		// Blend masks: the odd 128-bit quarters (as quadwords), the odd
		// 32-bit words, the odd 16-bit words.
		mask := func(kmov func(r, k Op), bits uint32) Register {
			r, k := GP32(), K()
			MOVL(U32(bits), r)
			kmov(r, k)
			return k
		}
		k8, k2, k1 := mask(KMOVW, 0xcc), mask(KMOVW, 0xaaaa), mask(KMOVD, 0xaaaaaaaa)
		ident := shuffle{32, nil}
		halves := shuffle{16, func(x, y, nx, ny, _ VecVirtual) {
			VSHUFI64X2(U8(0x44), y, x, nx)
			VSHUFI64X2(U8(0xee), y, x, ny)
		}}
		// Swapping the 128-bit quarters of each 256-bit half moves the
		// groups of eight lanes as the shifts do the smaller groups.
		swap := func(ops ...Op) { VPERMQ(U8(0x4e), ops[1], ops[2]) }
		blend := func(k Register, blend func(...Op)) func(a, b, dst Op) {
			return func(a, b, dst Op) { blend(a, b, k, dst) }
		}
		return []shuffle{ident, halves,
			blendShuffle(8, swap, swap, blend(k8, VPBLENDMQ)), unpack,
			blendShuffle(2, VPSLLQ, VPSRLQ, blend(k2, VPBLENDMD)),
			blendShuffle(1, VPSLLD, VPSRLD, blend(k1, VPBLENDMW))}
	},
}

var widths = []width16{avx2, avx512}

// lanes16 is the coefficient index held by each lane of a register.
type lanes16 []int

// shuffle is one of the involutive two-register shuffles: it interleaves
// groups of w lanes of x and y (see interleave); for w = lanes it is the
// identity, and emits nothing.
type shuffle struct {
	w    int
	emit func(x, y, nx, ny, t VecVirtual)
}

// apply emits s on x, y with scratch t and returns the registers holding
// the result.
func (w width16) apply(s shuffle, x, y, t VecVirtual) (VecVirtual, VecVirtual) {
	if s.w == w.lanes {
		return x, y
	}
	nx, ny := w.reg(), w.reg()
	s.emit(x, y, nx, ny, t)
	return nx, ny
}

// sim is the shuffle on lane indices.
func (s shuffle) sim(x, y lanes16) (lanes16, lanes16) { return interleave(x, y, s.w) }

var unpack = shuffle{4, func(x, y, nx, ny, _ VecVirtual) {
	VPUNPCKLQDQ(y, x, nx)
	VPUNPCKHQDQ(y, x, ny)
}}

// blendShuffle is the shuffle that interleaves groups of w 16-bit lanes by
// moving each group of one register to its neighbour's place (shl up, shr
// down; the immediate operand is the shift) and blending the odd groups.
func blendShuffle(w int, shl, shr func(...Op), blend func(a, b, dst Op)) shuffle {
	bitsW := U8(16 * w)
	// Each blend writes the register it reads the moved groups from:
	// AVX-512's masked blends read their destination as well (for avo).
	return shuffle{w, func(x, y, nx, ny, _ VecVirtual) {
		shl(bitsW, y, nx)
		blend(nx, x, nx)
		shr(bitsW, x, ny)
		blend(y, ny, ny)
	}}
}

// interleave splits x and y into groups of w lanes and returns (x0, y0,
// x2, y2, …) and (x1, y1, x3, y3, …), or x and y for w = len(x): the action
// of every shuffle.
func interleave(x, y lanes16, w int) (a, b lanes16) {
	if w == len(x) {
		return x, y
	}
	a, b = make(lanes16, len(x)), make(lanes16, len(x))
	for g := 0; g < len(x)/w; g += 2 {
		for i := range w {
			a[g*w+i], a[g*w+w+i] = x[g*w+i], y[g*w+i]
			b[g*w+i], b[g*w+w+i] = x[g*w+w+i], y[g*w+w+i]
		}
	}
	return a, b
}

// consts16 holds one prime's broadcast constants in registers.
type consts16 struct {
	sp          prime16
	q, v, round VecVirtual
}

func (w width16) loadConsts(sp prime16) consts16 {
	c := consts16{sp: sp, q: w.reg(), v: w.reg(), round: w.reg()}
	w.mov(w.splat(sp.p), c.q)
	w.mov(w.splat(sp.barV), c.v)
	w.mov(w.splat(1<<9), c.round)
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
func (w width16) zetaPair(sp prime16, f func(lane int) int16) (Mem, Mem) {
	z, zq := make([]int16, w.lanes), make([]int16, w.lanes)
	for i := range z {
		z[i] = f(i)
		zq[i] = z[i] * sp.pInv
	}
	return w.table.vec(z), w.table.vec(zq)
}

// ct emits the Cooley–Tukey butterfly x, y = x + z·y, x − z·y.
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

// lanePair is registers 2m and 2m+1 of a prime's row on their way through
// the in-register layers: the registers x, y, their lanes' coefficient
// indices la, lb, and a scratch register t.
type lanePair struct {
	m      int
	x, y   VecVirtual
	la, lb lanes16
	t      VecVirtual
}

// loadPair loads registers 2m and 2m+1 of row.
func (w width16) loadPair(row func(int) Mem, m int) lanePair {
	p := lanePair{m: m, x: w.reg(), y: w.reg(), t: w.reg()}
	w.mov(row(2*m), p.x)
	w.mov(row(2*m+1), p.y)
	p.la, p.lb = w.pairLanes(m)
	return p
}

// shuffle applies s to the pair, and follows its lanes.
func (p *lanePair) shuffle(w width16, s shuffle) {
	p.x, p.y = w.apply(s, p.x, p.y, p.t)
	p.la, p.lb = s.sim(p.la, p.lb)
}

// pairLanes returns the coefficient indices of registers 2m and 2m+1.
func (w width16) pairLanes(m int) (la, lb lanes16) {
	la, lb = make(lanes16, w.lanes), make(lanes16, w.lanes)
	for i := range w.lanes {
		la[i], lb[i] = 2*w.lanes*m+i, 2*w.lanes*m+w.lanes+i
	}
	return la, lb
}

// forward16Kernel emits forward16<width>: the int32 input packed to int16
// into both rows, then each prime's transform in place. Barrett reductions
// follow the layers of length 16 and 1 (the Go twin's fourth and eighth);
// with lazy set (forward16Lazy<width>, Forward16Lazy) the last is left out.
func forward16Kernel(w width16, lazy bool) {
	name, doc := "forward16"+w.suffix, ", Barrett reduced"
	if lazy {
		name, doc = "forward16Lazy"+w.suffix, ", without the final reduction"
	}
	TEXT(name, NOSPLIT, "func(out *[2][256]int16, in *[256]int32)")
	Pragma("noescape")
	Doc(name + " sets out[j] to the negacyclic NTT modulo the j-th prime of in" + doc + ", for |in[i]| < 2^11, in constant time.")
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	w.pack(out, in)
	sh := w.shuffles()
	first := 1 << (len(sh) - 1) // the first in-register layer's length
	for j, sp := range primes {
		c := w.loadConsts(sp)
		row := func(r int) Mem { return Mem{Base: out, Disp: 512*j + w.rowBytes()*r} }
		// The layers longer than first, two at a time on groups of four
		// registers: 128 and 64, then (AVX2) 32 and 16.
		for length := 128; length > first; length /= 4 {
			w.crossPair(length, func(g [4]int, b int) {
				regs := w.loadRows(row, g)
				t, u := w.reg(), w.reg()
				kz := func(k int) (Mem, Mem) { return w.zetaPair(sp, func(int) int16 { return sp.zetas[k] }) }
				z, zq := kz(n/(2*length) + b*w.lanes/(2*length))
				c.ct(regs[0], regs[2], z, zq, t, u)
				c.ct(regs[1], regs[3], z, zq, t, u)
				k := n/length + b*w.lanes/length
				z, zq = kz(k)
				c.ct(regs[0], regs[1], z, zq, t, u)
				z, zq = kz(k + 1)
				c.ct(regs[2], regs[3], z, zq, t, u)
				if length/2 == 16 {
					for _, x := range regs {
						c.barrett(x, t)
					}
				}
				w.storeRows(row, g, regs)
			})
		}
		// The in-register layers, on w.pairs register pairs at a time, each
		// step emitted for every pair before the next: the pairs' chains
		// are independent, and interleaved they fill the pipelines where
		// one pair's chain would stall them.
		for m0 := 0; m0 < n/(2*w.lanes); m0 += w.pairs {
			p := make([]lanePair, min(w.pairs, n/(2*w.lanes)-m0))
			for g := range p {
				p[g] = w.loadPair(row, m0+g)
			}
			for s, length := 0, first; length >= 1; s, length = s+1, length/2 {
				for g := range p {
					p[g].shuffle(w, sh[s])
					checkPairs(p[g].la, p[g].lb, length)
				}
				for g := range p {
					la := p[g].la
					z, zq := w.zetaPair(sp, func(i int) int16 { return sp.zetas[n/(2*length)+la[i]/(2*length)] })
					c.ct(p[g].x, p[g].y, z, zq, p[g].t, w.reg())
				}
				if length == 16 || length == 1 && !lazy {
					for g := range p {
						c.barrett(p[g].x, p[g].t)
						c.barrett(p[g].y, p[g].t)
					}
				}
			}
			if w.ownLayout {
				for g := range p {
					checkLayout(p[g].la, p[g].lb)
				}
			} else {
				for s := len(sh) - 1; s >= 0; s-- {
					for g := range p {
						p[g].shuffle(w, sh[s])
					}
				}
				for g := range p {
					w.toLayout(p[g].x, p[g].t, false)
					w.toLayout(p[g].y, p[g].t, false)
				}
			}
			for g := range p {
				w.mov(p[g].x, row(2*p[g].m))
				w.mov(p[g].y, row(2*p[g].m+1))
			}
		}
	}
	VZEROUPPER()
	RET()
}

// layout16 is polymul's layout16: the coefficient each position of an
// NTT16 row holds, the lanes AVX2's in-register layers leave (see
// checkLayout).
var layout16 = func() (l [n]int) {
	for m := range n / 32 {
		x, y := avx2.pairLanes(m)
		for _, s := range avx2.shuffles() {
			x, y = s.sim(x, y)
		}
		copy(l[32*m:], x)
		copy(l[32*m+16:], y)
	}
	return l
}()

// checkLayout stops the generator unless lanes x, y (registers 2m and 2m+1
// of an AVX2 row, stored as they are) hold layout16's coefficients.
func checkLayout(x, y lanes16) {
	b := x[0] / 32 * 32
	for i := range 16 {
		if x[i] != layout16[b+i] || y[i] != layout16[b+16+i] {
			panic("small16: the AVX2 lanes are not layout16")
		}
	}
}

// toLayout permutes the 32 coefficients of a zmm register between the
// natural order and layout16's (back to natural if inverse), with scratch t
// for the index vector (VPERMW, AVX-512 BW): the pattern is the same for
// every block of 32.
func (w width16) toLayout(x, t VecVirtual, inverse bool) {
	idx := make([]int16, 32)
	for i := range idx {
		if inverse {
			idx[layout16[i]] = int16(i)
		} else {
			idx[i] = int16(layout16[i])
		}
	}
	w.mov(w.table.vec(idx), t)
	VPERMW(x, t, x)
}

// crossPair calls f for each group of four registers (in units of
// w.lanes coefficients) that the layers of length L and L/2 (L ≥ 4 lanes)
// pair among themselves, with the group's first register b: g[0]–g[2] and
// g[1]–g[3] at length L, g[0]–g[1] and g[2]–g[3] at L/2.
func (w width16) crossPair(length int, f func(g [4]int, b int)) {
	r := length / w.lanes
	for b := 0; b < n/w.lanes; b += 2 * r {
		for off := range r / 2 {
			f([4]int{b + off, b + off + r/2, b + off + r, b + off + 3*r/2}, b)
		}
	}
}

func (w width16) loadRows(row func(int) Mem, g [4]int) (regs [4]VecVirtual) {
	for i, r := range g {
		regs[i] = w.reg()
		w.mov(row(r), regs[i])
	}
	return regs
}

func (w width16) storeRows(row func(int) Mem, g [4]int, regs [4]VecVirtual) {
	for i, r := range g {
		w.mov(regs[i], row(r))
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

// inverse16Kernel emits inverse16<width>: each prime's inverse transform
// of in into tmp, then the CRT into out. Barrett reductions follow the
// layers of length 2, 8 and 32 (the Go twin's second, fourth and sixth),
// the final factor the layer of length 128.
func inverse16Kernel(w width16) {
	name := "inverse16" + w.suffix
	TEXT(name, NOSPLIT, "func(out *[256]int32, in *[2][256]int16, tmp *[2][256]int16)")
	Pragma("noescape")
	Doc(name + " sets out to the CRT of the inverse transforms of in (times 2^16), using tmp, in constant time.")
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	tmp := Load(Param("tmp"), GP64())
	sh := w.shuffles()
	last := 1 << (len(sh) - 1) // the last in-register layer's length
	// The layer of length 1 takes the layout that every shuffle leaves
	// (reached before the loop below, order[0] unused); each later layer
	// undoes one more shuffle, the last first, up to the layer of length
	// last.
	order := []shuffle{sh[len(sh)-1]}
	for s := len(sh) - 1; s >= 1; s-- {
		order = append(order, sh[s])
	}
	for j, sp := range primes {
		c := w.loadConsts(sp)
		row := func(r int) Mem { return Mem{Base: tmp, Disp: 512*j + w.rowBytes()*r} }
		// The in-register layers on w.pairs pairs at a time, as in the
		// forward transform.
		inRow := func(r int) Mem { return Mem{Base: in, Disp: 512*j + w.rowBytes()*r} }
		for m0 := 0; m0 < n/(2*w.lanes); m0 += w.pairs {
			p := make([]lanePair, min(w.pairs, n/(2*w.lanes)-m0))
			for g := range p {
				p[g] = w.loadPair(inRow, m0+g)
			}
			if w.ownLayout {
				// The rows hold the layout of length 1 already: follow
				// the lanes there without emitting the shuffles.
				for g := range p {
					for _, s := range sh {
						p[g].la, p[g].lb = s.sim(p[g].la, p[g].lb)
					}
					checkLayout(p[g].la, p[g].lb)
				}
			} else {
				for g := range p {
					w.toLayout(p[g].x, p[g].t, true)
					w.toLayout(p[g].y, p[g].t, true)
				}
				for _, s := range sh {
					for g := range p {
						p[g].shuffle(w, s)
					}
				}
			}
			for s, length := 0, 1; length <= last; s, length = s+1, length*2 {
				for g := range p {
					if s > 0 {
						p[g].shuffle(w, order[s])
					}
					checkPairs(p[g].la, p[g].lb, length)
				}
				for g := range p {
					la := p[g].la
					z, zq := w.zetaPair(sp, func(i int) int16 { return -sp.zetas[n/length-1-la[i]/(2*length)] })
					c.gs(p[g].x, p[g].y, z, zq, p[g].t, w.reg())
				}
				if length == 2 || length == 8 || length == 32 {
					for g := range p {
						c.barrett(p[g].x, p[g].t)
						c.barrett(p[g].y, p[g].t)
					}
				}
			}
			for g := range p {
				p[g].shuffle(w, sh[0])
				w.mov(p[g].x, row(2*p[g].m))
				w.mov(p[g].y, row(2*p[g].m+1))
			}
		}
		scale, scaleQ := w.zetaPair(sp, func(int) int16 { return sp.scale })
		// The layers longer than last, two at a time on groups of four
		// registers: (AVX2) 16 and 32, then 64 and 128.
		for length := 4 * last; length <= 128; length *= 4 {
			w.crossPair(length, func(g [4]int, b int) {
				regs := w.loadRows(row, g)
				t, u := w.reg(), w.reg()
				kz := func(l, start int) (Mem, Mem) {
					return w.zetaPair(sp, func(int) int16 { return -sp.zetas[n/l-1-start/(2*l)] })
				}
				half := length / 2
				z, zq := kz(half, b*w.lanes)
				c.gs(regs[0], regs[1], z, zq, t, u)
				z, zq = kz(half, b*w.lanes+2*half)
				c.gs(regs[2], regs[3], z, zq, t, u)
				z, zq = kz(length, b*w.lanes)
				c.gs(regs[0], regs[2], z, zq, t, u)
				c.gs(regs[1], regs[3], z, zq, t, u)
				for _, x := range regs {
					if length == 32 {
						c.barrett(x, t)
					} else {
						c.mul16(x, x, scale, scaleQ, t)
					}
				}
				w.storeRows(row, g, regs)
			})
		}
	}
	// CRT: u = (c1 − c0)·7681^−1 mod 10753 into tmp[1], then
	// out = c0 + 7681·u in 32-bit lanes.
	c := w.loadConsts(primes[1])
	inv := centred(powMod(7681, 10753-2, 10753)<<16%10753, 10753)
	z, zq := w.zetaPair(primes[1], func(int) int16 { return inv })
	for r := range n / w.lanes {
		c0, c1, t := w.reg(), w.reg(), w.reg()
		w.mov(Mem{Base: tmp, Disp: w.rowBytes() * r}, c0)
		w.mov(Mem{Base: tmp, Disp: 512 + w.rowBytes()*r}, c1)
		VPSUBW(c0, c1, c1)
		c.mul16(c1, c1, z, zq, t)
		w.mov(c1, Mem{Base: tmp, Disp: 512 + w.rowBytes()*r})
	}
	p0 := GP32()
	MOVL(U32(7681), p0)
	px := XMM()
	VMOVD(p0, px)
	pv := w.reg()
	VPBROADCASTD(px, pv)
	// Each register widens half a row of int16 lanes to int32.
	half := w.lanes / 2
	for r := range n / half {
		u, c0 := w.reg(), w.reg()
		VPMOVSXWD(Mem{Base: tmp, Disp: 512 + 2*half*r}, u)
		VPMOVSXWD(Mem{Base: tmp, Disp: 2 * half * r}, c0)
		VPMULLD(pv, u, u)
		VPADDD(c0, u, u)
		w.mov(u, Mem{Base: out, Disp: 4 * half * r})
	}
	VZEROUPPER()
	RET()
}

// dot16Kernel emits dot16<width>: each prime's rows in passes of
// w.dotRows registers, a pass one loop over the k pairs that accumulates
// the Montgomery products of its rows in registers, Barrett reduced every
// four products and at the end. The loop runs k times, k public.
func dot16Kernel(w width16) {
	name := "dot16" + w.suffix
	TEXT(name, NOSPLIT, "func(out *[2][256]int16, a *[2][256]int16, b *[2][256]int16, k int)")
	Pragma("noescape")
	Doc(name + " sets out to the reduced sum of the k pointwise Montgomery products of a[j] and b[j] (consecutive in memory), in constant time.")
	out := Load(Param("out"), GP64())
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	k := Load(Param("k"), GP64())
	for j, sp := range primes {
		c := w.loadConsts(sp)
		pinv := w.reg()
		w.mov(w.splat(sp.pInv), pinv)
		for first := 0; first < n/w.lanes; first += w.dotRows {
			off := func(r int) int { return 512*j + w.rowBytes()*(first+r) }
			acc := make([]VecVirtual, w.dotRows)
			for r := range acc {
				acc[r] = w.reg()
				w.zero(acc[r])
			}
			i, pa, pb := GP64(), GP64(), GP64()
			XORQ(i, i)
			MOVQ(a, pa)
			MOVQ(b, pb)
			loop := name + "_" + string(rune('a'+j)) + "_" + itoa(first)
			Label(loop)
			for r := range acc {
				x, y, yq, t, u := w.reg(), w.reg(), w.reg(), w.reg(), w.reg()
				w.mov(Mem{Base: pa, Disp: off(r)}, x)
				w.mov(Mem{Base: pb, Disp: off(r)}, y)
				VPMULLW(pinv, y, yq)
				c.mul16(u, x, y, yq, t)
				VPADDW(u, acc[r], acc[r])
			}
			INCQ(i)
			TESTQ(U32(3), i)
			skip := loop + "_skip"
			JNE(LabelRef(skip))
			t := w.reg()
			for r := range acc {
				c.barrett(acc[r], t)
			}
			Label(skip)
			ADDQ(U32(1024), pa)
			ADDQ(U32(1024), pb)
			CMPQ(i, k)
			JB(LabelRef(loop))
			t2 := w.reg()
			for r := range acc {
				c.barrett(acc[r], t2)
				w.mov(acc[r], Mem{Base: out, Disp: off(r)})
			}
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
