package main

import (
	"fmt"
	"slices"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// block is a run of coefficients held in registers. The generator tracks
// which coefficient every lane holds (layout), so each butterfly layer can
// check that partners j and j+len share a lane and derive its per-lane twiddle
// vectors, and so the shuffles can be undone into standard order before the
// store. Registers are renamed rather than copied: a shuffle writes fresh
// registers from the pool and returns the old ones.
type block struct {
	w      width
	slot   []VecPhysical // slot[s] holds the coefficients layout[s]
	layout [][]int
	pool   []VecPhysical // free registers
	qv     VecPhysical   // q in every lane
}

// newBlock returns an empty block with every register except qv free.
func newBlock(w width, qv VecPhysical) *block {
	b := &block{w: w, qv: qv}
	for _, r := range w.regs {
		if r != qv {
			b.pool = append(b.pool, r)
		}
	}
	return b
}

func (b *block) take() VecPhysical {
	r := b.pool[0]
	b.pool = b.pool[1:]
	return r
}

func (b *block) give(r VecPhysical) { b.pool = append(b.pool, r) }

// load appends a slot holding the lanes coefficients from first on, read
// from base.
func (b *block) load(base Register, first int) {
	r := b.take()
	b.w.load(Mem{Base: base, Disp: 2 * first}, r)
	lay := make([]int, b.w.lanes)
	for i := range lay {
		lay[i] = first + i
	}
	b.slot = append(b.slot, r)
	b.layout = append(b.layout, lay)
}

// loadRun appends eight slots holding the coefficients from first on, each
// slot stride coefficients after the one before.
func (b *block) loadRun(f Register, first, stride int) {
	for s := range 8 {
		b.load(f, first+stride*s)
	}
}

// loadPartners128 loads, for the AVX2 layer len = 128, coefficients
// 64·batch … 64·batch+63 into slots 0–3 and their partners 128 further on
// into slots 4–7.
func (b *block) loadPartners128(f Register, batch int) {
	for _, base := range []int{0, 128} {
		for s := range 4 {
			b.load(f, base+64*batch+16*s)
		}
	}
}

// storeAll writes every slot back, checking it is in standard order, and
// empties the block.
func (b *block) storeAll(base Register) {
	for s, r := range b.slot {
		first := b.layout[s][0]
		for i, c := range b.layout[s] {
			if c != first+i {
				panic(fmt.Sprintf("slot %d is not in standard order: %v", s, b.layout[s]))
			}
		}
		b.w.store(r, Mem{Base: base, Disp: 2 * first})
		b.give(r)
	}
	b.slot, b.layout = nil, nil
}

// twiddles returns the addresses of the per-lane Montgomery constants of the
// butterflies between slots lo and hi at layer len: the twiddle of the pair
// (j, j+len) is ζ^BitRev7(k) with k = 128/len + j/(2·len) for the NTT, and
// k = 256/len − 1 − j/(2·len) for the inverse (Algorithms 9 and 10).
func (b *block) twiddles(lo, hi, length int, inverse bool) (cR, cRQinv Mem) {
	z, _ := zetasAndGammas()
	vr := make([]int16, b.w.lanes)
	vq := make([]int16, b.w.lanes)
	for m := range b.w.lanes {
		j := b.layout[lo][m]
		if b.layout[hi][m] != j+length || j&length != 0 {
			panic(fmt.Sprintf("lanes of slots %d and %d are not butterfly partners at len %d", lo, hi, length))
		}
		k := 128/length + j/(2*length)
		if inverse {
			k = 256/length - 1 - j/(2*length)
		}
		vr[m], vq[m] = montConstant(z[k])
	}
	return b.w.data.words(vr), b.w.data.words(vq)
}

// forwardButterfly is the Cooley–Tukey butterfly of Algorithm 9 on slots lo
// and hi: t = ζ·hi, hi = lo − t, lo = lo + t. With |t| < q, a layer adds at
// most q to the bound on |coefficient|.
func (b *block) forwardButterfly(lo, hi, length int) {
	cR, cRQinv := b.twiddles(lo, hi, length, false)
	t, u := b.take(), b.take()
	b.w.montMul(t, b.slot[hi], cR, cRQinv, b.qv, u)
	VPSUBW(t, b.slot[lo], b.slot[hi])
	VPADDW(t, b.slot[lo], b.slot[lo])
	b.give(t)
	b.give(u)
}

// inverseButterfly is the Gentleman–Sande butterfly of Algorithm 10 on slots
// lo and hi: lo = lo + hi, hi = ζ·(hi − lo). A layer doubles the bound on
// the sums and leaves |hi| < q.
func (b *block) inverseButterfly(lo, hi, length int) {
	cR, cRQinv := b.twiddles(lo, hi, length, true)
	d, u := b.take(), b.take()
	VPSUBW(b.slot[lo], b.slot[hi], d)
	VPADDW(b.slot[hi], b.slot[lo], b.slot[lo])
	b.w.montMul(b.slot[hi], d, cR, cRQinv, b.qv, u)
	b.give(d)
	b.give(u)
}

// layer runs the butterflies of one layer on the pairs of slots (s, s+dist),
// s not a multiple of... (every s with s/dist even).
func (b *block) layer(length, dist int, inverse bool) {
	for s := range b.slot {
		if (s/dist)%2 != 0 {
			continue
		}
		if inverse {
			b.inverseButterfly(s, s+dist, length)
		} else {
			b.forwardButterfly(s, s+dist, length)
		}
	}
}

// reduceSlots Barrett-reduces the given slots to [0, q].
func (b *block) reduceSlots(slots []int) {
	t := b.take()
	for _, s := range slots {
		b.w.barrett(b.slot[s], b.qv, t)
	}
	b.give(t)
}

// evenSlots returns the slots s with s/dist even: the low halves of the
// butterflies of a layer at distance dist.
func (b *block) evenSlots(dist int) []int {
	var s []int
	for i := range b.slot {
		if (i/dist)%2 == 0 {
			s = append(s, i)
		}
	}
	return s
}

// permuteAVX512 rearranges the 64 coefficients of slots (lo, lo+1) with two
// VPERMI2B: slot lo receives those where pick is false, slot lo+1 those where
// it is true, each in increasing order.
func (b *block) permuteAVX512(lo int, pick func(c int) bool) {
	lanes := b.w.lanes
	pool := append(slices.Clone(b.layout[lo]), b.layout[lo+1]...)
	var targets [2][]int
	sorted := slices.Sorted(slices.Values(pool))
	for _, c := range sorted {
		if pick(c) {
			targets[1] = append(targets[1], c)
		} else {
			targets[0] = append(targets[0], c)
		}
	}
	var out [2]VecPhysical
	for h := range 2 {
		idx := make([]byte, 2*lanes)
		for m, c := range targets[h] {
			src := slices.Index(pool, c) // word index in the two-register table
			idx[2*m], idx[2*m+1] = byte(2*src), byte(2*src+1)
		}
		out[h] = b.take()
		VMOVDQU64(b.w.data.raw(idx), out[h])
		VPERMI2B(b.slot[lo+1], b.slot[lo], out[h])
	}
	for h := range 2 {
		b.give(b.slot[lo+h])
		b.slot[lo+h] = out[h]
		b.layout[lo+h] = targets[h]
	}
}

// splitAVX512 puts partners at distance length (< 32) of slots (lo, lo+1)
// into the same lanes of the two slots.
func (b *block) splitAVX512(lo, length int) {
	b.permuteAVX512(lo, func(c int) bool { return c&length != 0 })
}

// sortAVX512 returns slots (lo, lo+1) to standard order.
func (b *block) sortAVX512(lo int) {
	first := min(slices.Min(b.layout[lo]), slices.Min(b.layout[lo+1]))
	b.permuteAVX512(lo, func(c int) bool { return c >= first+b.w.lanes })
}

// AVX2 shuffles of a pair of slots (x, y). Each is an involution on the pair,
// so applying it again undoes it.

// swap128 exchanges 128-bit halves: x = [x.lo, y.lo], y = [x.hi, y.hi].
func (b *block) swap128(x int) {
	y := x + 1
	lo, hi := b.take(), b.take()
	VPERM2I128(U8(0x20), b.slot[y], b.slot[x], lo)
	VPERM2I128(U8(0x31), b.slot[y], b.slot[x], hi)
	b.rename(x, lo, hi, func(i int) (int, int) {
		// lane i of the new x comes from x (i < 8) or y; of new y likewise.
		if i < 8 {
			return 0, i
		}
		return 1, i - 8
	}, func(i int) (int, int) {
		if i < 8 {
			return 0, i + 8
		}
		return 1, i
	})
}

// swap64 exchanges 64-bit words within each 128-bit half:
// x = [x.q0, y.q0 | x.q2, y.q2], y = [x.q1, y.q1 | x.q3, y.q3].
func (b *block) swap64(x int) {
	y := x + 1
	lo, hi := b.take(), b.take()
	VPUNPCKLQDQ(b.slot[y], b.slot[x], lo)
	VPUNPCKHQDQ(b.slot[y], b.slot[x], hi)
	src := func(odd int) func(i int) (int, int) {
		return func(i int) (int, int) {
			quad, within := i/4, i%4
			half := quad / 2
			return quad % 2, (2*half+odd)*4 + within
		}
	}
	b.rename(x, lo, hi, src(0), src(1))
}

// swap32 exchanges 32-bit words within each 64-bit word:
// x = [x.d0, y.d0, x.d2, y.d2, …], y = [x.d1, y.d1, x.d3, y.d3, …].
func (b *block) swap32(x int) {
	y := x + 1
	lo, hi := b.take(), b.take()
	VPSLLQ(U8(32), b.slot[y], lo)
	VPBLENDD(U8(0xaa), lo, b.slot[x], lo)
	VPSRLQ(U8(32), b.slot[x], hi)
	VPBLENDD(U8(0xaa), b.slot[y], hi, hi)
	src := func(odd int) func(i int) (int, int) {
		return func(i int) (int, int) {
			dword, within := i/2, i%2
			pair := dword / 2
			return dword % 2, (2*pair+odd)*2 + within
		}
	}
	b.rename(x, lo, hi, src(0), src(1))
}

// rename installs the registers lo and hi as slots x and x+1, whose lane i
// came from lane srcLo(i) (or srcHi(i)) of the old pair (0 for x, 1 for
// x+1), and frees the old registers.
func (b *block) rename(x int, lo, hi VecPhysical, srcLo, srcHi func(i int) (int, int)) {
	old := [2][]int{b.layout[x], b.layout[x+1]}
	var lay [2][]int
	for h, src := range []func(int) (int, int){srcLo, srcHi} {
		lay[h] = make([]int, b.w.lanes)
		for i := range lay[h] {
			s, l := src(i)
			lay[h][i] = old[s][l]
		}
	}
	b.give(b.slot[x])
	b.give(b.slot[x+1])
	b.slot[x], b.slot[x+1] = lo, hi
	b.layout[x], b.layout[x+1] = lay[0], lay[1]
}

// innerForward runs the NTT layers with len < lanes on every pair of slots.
// With AVX-512 it emits each layer for all four pairs before the next layer:
// a pair alone is one chain of dependent shuffles and products, and four
// independent chains side by side keep the multipliers busy.
func (b *block) innerForward() {
	if b.w.lanes == 32 {
		for length := 16; length >= 2; length /= 2 {
			for p := 0; p < len(b.slot); p += 2 {
				b.splitAVX512(p, length)
				b.forwardButterfly(p, p+1, length)
			}
		}
		for p := 0; p < len(b.slot); p += 2 {
			b.sortAVX512(p)
		}
		return
	}
	for p := 0; p < len(b.slot); p += 2 {
		shuffles := []func(int){b.swap128, b.swap64, b.swap32}
		for i, length := range []int{8, 4, 2} {
			shuffles[i](p)
			b.forwardButterfly(p, p+1, length)
		}
		for i := len(shuffles) - 1; i >= 0; i-- {
			shuffles[i](p)
		}
	}
}

// innerInverse runs the inverse-NTT layers with len < lanes on every pair of
// slots, and Barrett-reduces the sums after layer len = 8 (the third). With
// AVX-512 it emits each layer for all pairs in turn, as innerForward does.
func (b *block) innerInverse() {
	if b.w.lanes == 32 {
		for length := 2; length <= 16; length *= 2 {
			for p := 0; p < len(b.slot); p += 2 {
				b.splitAVX512(p, length)
				b.inverseButterfly(p, p+1, length)
				if length == 8 {
					b.reduceSlots([]int{p})
				}
			}
		}
		for p := 0; p < len(b.slot); p += 2 {
			b.sortAVX512(p)
		}
		return
	}
	for p := 0; p < len(b.slot); p += 2 {
		b.swap128(p)
		b.swap64(p)
		b.swap32(p)
		b.inverseButterfly(p, p+1, 2)
		b.swap32(p)
		b.inverseButterfly(p, p+1, 4)
		b.swap64(p)
		b.inverseButterfly(p, p+1, 8)
		b.reduceSlots([]int{p})
		b.swap128(p)
	}
}

// Bounds. The NTT takes coefficients in [0, q); each layer adds less than q
// to |coefficient|, so after seven layers |coefficient| < 8q < 2^15 and every
// Montgomery input is below 7q. The inverse NTT doubles the bound on the sums
// per layer while the products stay below q; the differences fed to the
// products must stay below 2^15, so the sums are Barrett-reduced to [0, q]
// after layers 3 and 6 (when they reach 8q), and the last layer ends below 2q.

// beginTransform emits the header of the in-place transform kernel name
// (documented as doing what) over f *[256]uint16 and the splat of q it keeps
// in the last register, and returns f's address and an empty block over the
// other registers.
func beginTransform(w width, name, what string) (Register, *block) {
	TEXT(w.name(name), NOSPLIT, sig("f *[256]uint16"))
	Pragma("noescape")
	Doc(w.name(name) + " " + what)
	f := Load(Param("f"), GP64())
	qv := w.regs[len(w.regs)-1]
	w.load(w.data.splat(q, w.lanes), qv)
	return f, newBlock(w, qv)
}

// nttKernel emits the NTT (FIPS 203, Algorithm 9) of f in place.
func nttKernel(w width) {
	f, b := beginTransform(w, "ntt", "computes the NTT of f in place (FIPS 203, Algorithm 9): coefficients in [0, q) in, NTT-domain values in [0, q) out, in standard order.")
	if w.lanes == 32 {
		b.loadRun(f, 0, 32)
		w.comment("Layers len = 128, 64, 32 across registers")
		b.layer(128, 4, false)
		b.layer(64, 2, false)
		b.layer(32, 1, false)
		w.comment("Layers len = 16 … 2 within register pairs")
		b.innerForward()
		b.finishForward(f)
		w.end()
		return
	}
	// AVX2: len = 128 over the whole polynomial, four pairs of registers at
	// a time, then the six other layers on each half.
	for batch := range 2 {
		w.comment("Layer len = 128, coefficients %d … %d and their partners", 64*batch, 64*batch+63)
		b.loadPartners128(f, batch)
		b.layer(128, 4, false)
		b.storeAll(f)
	}
	for half := range 2 {
		w.comment("Layers len = 64 … 2 on coefficients %d … %d", 128*half, 128*half+127)
		b.loadRun(f, 128*half, 16)
		b.layer(64, 4, false)
		b.layer(32, 2, false)
		b.layer(16, 1, false)
		b.innerForward()
		b.finishForward(f)
	}
	w.end()
}

// finishForward reduces every slot from |x| < 8q to [0, q) and stores it.
func (b *block) finishForward(f Register) {
	t := b.take()
	for _, r := range b.slot {
		b.w.barrett(r, b.qv, t)
		b.w.reduceOnce(r, b.qv, t)
	}
	b.give(t)
	b.storeAll(f)
}

// inverseNTTKernel emits the inverse NTT (FIPS 203, Algorithm 10) of f in
// place, including the scaling by 128⁻¹.
func inverseNTTKernel(w width) {
	f, b := beginTransform(w, "inverseNTT", "computes the inverse NTT of f in place (FIPS 203, Algorithm 10): NTT-domain values in [0, q) in, coefficients in [0, q) out, in standard order.")
	if w.lanes == 32 {
		b.loadRun(f, 0, 32)
		w.comment("Layers len = 2 … 16 within register pairs")
		b.innerInverse()
		w.comment("Layers len = 32, 64, 128 across registers")
		b.layer(32, 1, true)
		b.layer(64, 2, true)
		b.reduceSlots(b.evenSlots(2))
		b.layer(128, 4, true)
		b.finishInverse(f)
		w.end()
		return
	}
	for half := range 2 {
		w.comment("Layers len = 2 … 64 on coefficients %d … %d", 128*half, 128*half+127)
		b.loadRun(f, 128*half, 16)
		b.innerInverse()
		b.layer(16, 1, true)
		b.layer(32, 2, true)
		b.layer(64, 4, true)
		b.reduceSlots(b.evenSlots(4))
		b.storeAll(f)
	}
	for batch := range 2 {
		w.comment("Layer len = 128 and scaling, coefficients %d … %d and their partners", 64*batch, 64*batch+63)
		b.loadPartners128(f, batch)
		b.layer(128, 4, true)
		b.finishInverse(f)
	}
	w.end()
}

// finishInverse multiplies every slot (|x| < 2q) by 128⁻¹, maps it to
// [0, q) and stores it.
func (b *block) finishInverse(f Register) {
	cR, cRQinv := montConstant(invN128)
	mR, mQ := b.w.data.splat(cR, b.w.lanes), b.w.data.splat(cRQinv, b.w.lanes)
	t := b.take()
	for _, r := range b.slot {
		b.w.montMul(r, r, mR, mQ, b.qv, t)
		b.w.normalise(r, b.qv, t)
	}
	b.give(t)
	b.storeAll(f)
}
