package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Both CBD kernels are constant-time: the PRF output is secret, and only
// shifts, masks, additions and one unsigned minimum touch it.

// splat32 returns the address of a vector of 32-bit words x.
func (w width) splat32(x uint32) Mem {
	v := make([]int16, w.lanes)
	for i := 0; i < w.lanes; i += 2 {
		v[i], v[i+1] = int16(uint16(x)), int16(uint16(x>>16))
	}
	return w.data.words(v)
}

// splat64 returns the address of a vector of 64-bit words x.
func (w width) splat64(x uint64) Mem {
	v := make([]int16, w.lanes)
	for i := 0; i < w.lanes; i += 4 {
		for j := range 4 {
			v[i+j] = int16(uint16(x >> (16 * j)))
		}
	}
	return w.data.words(v)
}

// vand, vor, vadd32, vsub32 are the 32-bit lane operations in the width's
// encoding (EVEX forms for zmm registers).
func (w width) vand(x Op, y, dst VecPhysical) {
	if w.lanes == 32 {
		VPANDD(x, y, dst)
	} else {
		VPAND(x, y, dst)
	}
}

func (w width) vxor(x Op, y, dst VecPhysical) {
	if w.lanes == 32 {
		VPXORD(x, y, dst)
	} else {
		VPXOR(x, y, dst)
	}
}

func (w width) vor(x Op, y, dst VecPhysical) {
	if w.lanes == 32 {
		VPORD(x, y, dst)
	} else {
		VPOR(x, y, dst)
	}
}

// cbdEta2Kernel emits SamplePolyCBD_2 (FIPS 203, Algorithm 8) from 128
// bytes: each byte gives two coefficients, (b0+b1) − (b2+b3) from its low
// nibble and the same from its high nibble. Bytes are widened to 32-bit
// lanes (VPMOVZXBD), where the low nibble's coefficient ends in the lane's
// low word and the high nibble's in its high word: the standard order.
func cbdEta2Kernel(w width) {
	name := w.name("cbdEta2")
	TEXT(name, NOSPLIT, sig("f *[256]uint16", "b *[128]byte"))
	Pragma("noescape")
	Doc(name + " sets f to SamplePolyCBD_2(b) (FIPS 203, Algorithm 8), coefficients in [0, q), in constant time.")
	f := Load(Param("f"), GP64())
	b := Load(Param("b"), GP64())
	r := w.regs
	qv, c55, c33, v, t, u := r[15], r[14], r[13], r[0], r[1], r[2]
	w.load(w.data.splat(q, w.lanes), qv)
	w.load(w.splat32(0x55), c55)
	w.load(w.splat32(0x33), c33)
	bytesPerIter := w.lanes / 2 // one byte per 32-bit lane
	for i := 0; i < 128; i += bytesPerIter {
		VPMOVZXBD(Mem{Base: b, Disp: i}, v)
		// Sum the bit pairs: s holds b0+b1, b2+b3, b4+b5, b6+b7 in 2-bit fields.
		VPSRLD(U8(1), v, t)
		w.vand(c55, v, v)
		w.vand(c55, t, t)
		VPADDD(t, v, v)
		// d = (x + 2) − y per nibble, in [0, 4], with no borrow between nibbles.
		VPSRLD(U8(2), v, t)
		w.vand(c33, v, v)
		w.vand(c33, t, t)
		VPADDD(w.splat32(0x22), v, v)
		VPSUBD(t, v, v)
		// Low nibble to the low word, high nibble to the high word.
		w.vand(w.splat32(0xf0), v, u)
		w.vand(w.splat32(0x0f), v, v)
		VPSLLD(U8(12), u, u)
		w.vor(u, v, v)
		VPSUBW(w.data.splat(2, w.lanes), v, v)
		w.normalise(v, qv, t)
		w.store(v, Mem{Base: f, Disp: 4 * i})
	}
	w.end()
}

// cbdEta3Kernel emits SamplePolyCBD_3 (FIPS 203, Algorithm 8) from 192
// bytes: each 3 bytes give four coefficients of 6 bits, (x0+x1+x2) −
// (y0+y1+y2). Every group of 3 bytes goes to its own 64-bit lane (VPERMB on
// AVX-512, VPSHUFB within 128-bit halves on AVX2), the bit triples are summed
// in place, and the four 6-bit results are spread to the lane's four words.
func cbdEta3Kernel(w width) {
	name := w.name("cbdEta3")
	TEXT(name, NOSPLIT, sig("f *[256]uint16", "b *[192]byte"))
	Pragma("noescape")
	Doc(name + " sets f to SamplePolyCBD_3(b) (FIPS 203, Algorithm 8), coefficients in [0, q), in constant time.")
	f := Load(Param("f"), GP64())
	b := Load(Param("b"), GP64())
	r := w.regs
	qv, c249, fields, v, t, u, idx := r[15], r[14], r[13], r[0], r[1], r[2], r[3]
	w.load(w.data.splat(q, w.lanes), qv)
	w.load(w.splat64(0x249249), c249)
	w.load(w.splat64(0x1c71c7), fields)
	groups := w.lanes / 4 // one group of 3 bytes per 64-bit lane
	inBytes := 3 * groups // input bytes per register
	for i := 0; i < 192; i += inBytes {
		// Load a window that ends inside the 192 bytes, and pick the
		// groups' bytes from it.
		if w.lanes == 32 {
			start := min(i, 192-32)
			VMOVDQU(Mem{Base: b, Disp: start}, v.AsY())
			perm := make([]byte, 64)
			for g := range groups {
				for j := range 8 {
					perm[8*g+j] = byte(i - start + 3*g + min(j, 2))
				}
			}
			VMOVDQU64(w.data.raw(perm), idx)
			VPERMB(v, idx, v)
		} else {
			start := min(i, 192-16)
			VBROADCASTI128(Mem{Base: b, Disp: start}, v)
			shuf := make([]byte, 32)
			for g := range groups {
				for j := range 8 {
					shuf[8*g+j] = 0x80
					if j < 3 {
						shuf[8*g+j] = byte(i - start + 3*g + j)
					}
				}
			}
			VPSHUFB(w.data.raw(shuf), v, v)
		}
		if w.lanes == 32 {
			VPANDQ(w.splat64(0xffffff), v, v)
		}
		// s = Σ of each bit triple, in 3-bit fields.
		VPSRLQ(U8(1), v, t)
		VPSRLQ(U8(2), v, u)
		w.vand(c249, v, v)
		w.vand(c249, t, t)
		w.vand(c249, u, u)
		VPADDQ(t, v, v)
		VPADDQ(u, v, v)
		// d = (x + 3) − y in the 6-bit fields at bits 0, 6, 12, 18.
		VPSRLQ(U8(3), v, t)
		w.vand(fields, v, v)
		w.vand(fields, t, t)
		VPADDQ(w.splat64(0x0c30c3), v, v)
		VPSUBQ(t, v, v)
		// Field h to word h.
		if w.lanes == 32 {
			ctrl := make([]byte, 64)
			for j := range ctrl {
				ctrl[j] = byte(6 * ((j % 8) / 2))
			}
			VMOVDQU64(w.data.raw(ctrl), idx)
			VPMULTISHIFTQB(v, idx, v)
			VPANDQ(w.splat64(0x0007000700070007), v, v)
		} else {
			VPSLLQ(U8(10), v, t)
			VPSLLQ(U8(20), v, u)
			VPAND(w.splat64(0x7<<16), t, t)
			VPAND(w.splat64(0x7<<32), u, u)
			VPOR(u, t, t)
			VPSLLQ(U8(30), v, u)
			VPAND(w.splat64(0x7<<48), u, u)
			VPAND(w.splat64(0x7), v, v)
			VPOR(u, t, t)
			VPOR(t, v, v)
		}
		VPSUBW(w.data.splat(3, w.lanes), v, v)
		w.normalise(v, qv, t)
		w.store(v, Mem{Base: f, Disp: 8 * i / 3})
	}
	w.end()
}
