package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Bit packing of FIPS 204, Section 7.1, with AVX-512 VBMI: VPERMB gathers the
// bytes of each coefficient, masked loads and stores touch exactly the
// packed bytes, so nothing is read or written outside the caller's buffer.

// unpackKernel emits unpackZ{18,20}AVX512 (centred: BitUnpack(in, γ1 − 1,
// γ1), Algorithm 19, coefficient i = γ1 − the bits 18i or 20i onwards of in,
// as a field element) or unpackT1AVX512 (SimpleBitUnpack with 10 bits,
// Algorithm 18, for pkDecode).
func unpackKernel(c *constants, bits int, centred bool) {
	w := avx512
	name, doc := unpackNameDoc(w, bits, centred, fmt.Sprintf("exactly 32·%d bytes", bits))
	gamma1 := uint32(1) << (bits - 1)
	// The byte gather and shift of the 16 coefficients in one register.
	idx := GLOBL(fmt.Sprintf("mldsaUnpack%dIndex", bits), RODATA|NOPTR)
	for i := range 16 {
		for j := range 4 {
			DATA(4*i+j, U8(bits*i/8+j))
		}
	}
	shifts := GLOBL(fmt.Sprintf("mldsaUnpack%dShift", bits), RODATA|NOPTR)
	for i := range 16 {
		DATA(4*i, U32(bits*i%8))
	}
	a := polyKernel(c, w, name, "func(out *[256]uint32, in *byte)", doc...)
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	bytesPer := 2 * bits // 16 coefficients
	m := GP64()
	MOVQ(U64(1<<bytesPer-1), m)
	KMOVQ(m, K3)
	ix, sh, mask, g1 := w.regs[4], w.regs[5], w.regs[6], w.regs[7]
	VMOVDQU32(idx, ix)
	VMOVDQU32(shifts, sh)
	broadcastImm(w, 1<<bits-1, mask)
	broadcastImm(w, gamma1, g1)
	x, t := w.regs[0], w.regs[1]
	for v := range 16 {
		VMOVDQU8_Z(Mem{Base: in, Disp: v * bytesPer}, K3, x)
		VPERMB(x, ix, x)
		VPSRLVD(sh, x, x)
		w.and(mask, x, x)
		if centred {
			VPSUBD(x, g1, x) // γ1 − v in (−γ1, γ1]
			a.fixNegative(x, t)
		}
		w.store(Mem{Base: out, Disp: 64 * v}, x)
	}
	VZEROUPPER()
	RET()
}

// packKernel emits pack{4,6,10}AVX512: SimpleBitPack (Algorithm 16) with 4
// or 6 bits per coefficient (w1Encode) or 10 (the t1 of pkEncode), writing
// exactly 32·bits bytes.
func packKernel(c *constants, bits int) {
	w := avx512
	name := fmt.Sprintf("pack%dAVX512", bits)
	per := bits / 2 // bytes per 128-bit lane (four coefficients)
	var gather Mem
	if bits != 4 {
		gather = GLOBL(fmt.Sprintf("mldsaPack%dGather", bits), RODATA|NOPTR)
		for i := range 64 {
			// Bytes 0…per−1 of each 128-bit lane, then zeros.
			v := 0
			if i < 4*per {
				v = 16*(i/per) + i%per
			}
			DATA(i, U8(v))
		}
	}
	polyKernel(c, w, name, "func(out *byte, f *[256]uint32)",
		name+fmt.Sprintf(" writes the %d-bit packing of f, whose coefficients are below 2^%d,", bits, bits),
		"to out: the result of packPoly without an offset.")
	out := Load(Param("out"), GP64())
	in := Load(Param("f"), GP64())
	x, t, g, pairMask := w.regs[0], w.regs[1], w.regs[2], w.regs[3]
	if bits != 4 {
		m := GP64()
		MOVQ(U64(1<<(4*per)-1), m)
		KMOVQ(m, K3)
		VMOVDQU8(gather, g)
		MOVQ(U64(1<<(2*bits)-1), m)
		VPBROADCASTQ(m, pairMask)
	}
	for v := range 16 {
		w.load(Mem{Base: in, Disp: 64 * v}, x)
		// Pairs: d0 | d1 << bits in the low half of each 64-bit element.
		VPSRLQ(U8(32-bits), x, t)
		VPORQ(t, x, x)
		if bits == 4 {
			VPMOVQB(x, Mem{Base: out, Disp: 8 * v}) // one byte per pair
			continue
		}
		// Quadruples: pair0 | pair1 << 2·bits in the low 4·bits bits of
		// each lane, once the copy of d1 above each pair is cleared.
		VPANDQ(pairMask, x, x)
		VPSRLDQ(U8(8), x, t)
		VPSLLQ(U8(2*bits), t, t)
		VPORQ(t, x, x)
		VPERMB(x, g, x)
		VMOVDQU8(x, K3, Mem{Base: out, Disp: 4 * per * v})
	}
	VZEROUPPER()
	RET()
}

func packKernels(c *constants) {
	unpackKernel(c, 18, true)
	unpackKernel(c, 20, true)
	unpackKernel(c, 10, false)
	for _, bits := range []int{4, 6, 10} {
		packKernel(c, bits)
		packAVX2Kernel(c, bits)
	}
	unpackAVX2Kernel(c, 18, true)
	unpackAVX2Kernel(c, 20, true)
	unpackAVX2Kernel(c, 10, false)
	packZKernel(c, 18)
	packZKernel(c, 20)
	packZAVX2Kernel(c, 18)
	packZAVX2Kernel(c, 20)
}

// unpackAVX2Kernel emits unpackZ{18,20}AVX2 or unpack10AVX2: the AVX2 forms
// of the AVX-512 decoders. Each 128-bit lane decodes four coefficients from
// its own 16-byte load (lane 1 starting 4·bits/8 bytes later) with VPSHUFB
// and VPSRLVD, so it reads up to 16 bytes past the packing: the caller
// guarantees 32·bits + 16 readable bytes.
func unpackAVX2Kernel(c *constants, bits int, centred bool) {
	w := avx2
	name, doc := unpackNameDoc(w, bits, centred, fmt.Sprintf("32·%d + 16 bytes", bits))
	gamma1 := uint32(1) << (bits - 1)
	shuf := GLOBL(fmt.Sprintf("mldsaUnpack%dShuffleAVX2", bits), RODATA|NOPTR)
	for half := range 2 {
		for i := range 4 {
			for j := range 4 {
				DATA(16*half+4*i+j, U8(bits*i/8+j))
			}
		}
	}
	shifts := GLOBL(fmt.Sprintf("mldsaUnpack%dShiftAVX2", bits), RODATA|NOPTR)
	for i := range 8 {
		DATA(4*i, U32(bits*(i%4)%8))
	}
	a := polyKernel(c, w, name, "func(out *[256]uint32, in *byte)", doc...)
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	sh, sv, mask, g1 := w.regs[4], w.regs[5], w.regs[6], w.regs[7]
	VMOVDQU(shuf, sh)
	VMOVDQU(shifts, sv)
	broadcastImm(w, 1<<bits-1, mask)
	broadcastImm(w, gamma1, g1)
	x, t := w.regs[0], w.regs[1]
	step := bits // bytes per 8 coefficients
	for v := range 32 {
		VMOVDQU(Mem{Base: in, Disp: v * step}, x.AsX())
		VINSERTI128(U8(1), Mem{Base: in, Disp: v*step + step/2}, x, x)
		VPSHUFB(sh, x, x)
		VPSRLVD(sv, x, x)
		VPAND(mask, x, x)
		if centred {
			VPSUBD(x, g1, x)
			a.fixNegative(x, t)
		}
		w.store(Mem{Base: out, Disp: 32 * v}, x)
	}
	VZEROUPPER()
	RET()
}

// packAVX2Kernel emits pack{4,6,10}AVX2: the AVX2 form of packKernel,
// folding coefficients with shifts, gathering each lane's bytes with VPSHUFB
// (lane 1 to the positions after lane 0's) and merging the lanes; it writes
// exactly 32·bits bytes.
func packAVX2Kernel(c *constants, bits int) {
	w := avx2
	name := fmt.Sprintf("pack%dAVX2", bits)
	per := bits / 2 // output bytes per 128-bit lane (4 coefficients)
	shuf := GLOBL(fmt.Sprintf("mldsaPack%dShuffleAVX2", bits), RODATA|NOPTR)
	for half := range 2 {
		for i := range 16 {
			v := 0x80 // zero
			k := i - half*per
			if k >= 0 && k < per {
				if bits == 4 {
					v = 8 * k // byte 0 of each 64-bit element
				} else {
					v = k // bytes 0…per−1 of the lane
				}
			}
			DATA(16*half+i, U8(v))
		}
	}
	polyKernel(c, w, name, "func(out *byte, f *[256]uint32)",
		name+fmt.Sprintf(" writes the %d-bit packing of f, whose coefficients are below 2^%d,", bits, bits),
		"to out: the result of packPoly without an offset.")
	out := Load(Param("out"), GP64())
	in := Load(Param("f"), GP64())
	x, t, sh, pairMask := w.regs[0], w.regs[1], w.regs[2], w.regs[3]
	VMOVDQU(shuf, sh)
	if bits != 4 {
		m := GP64()
		MOVQ(U64(1<<(2*bits)-1), m)
		VMOVQ(m, pairMask.AsX())
		VPBROADCASTQ(pairMask.AsX(), pairMask)
	}
	for v := range 32 {
		w.load(Mem{Base: in, Disp: 32 * v}, x)
		VPSRLQ(U8(32-bits), x, t)
		VPOR(t, x, x)
		if bits != 4 {
			VPAND(pairMask, x, x) // clear the copy of d1 above each pair
			VPSRLDQ(U8(8), x, t)
			VPSLLQ(U8(2*bits), t, t)
			VPOR(t, x, x)
		}
		VPSHUFB(sh, x, x)
		VEXTRACTI128(U8(1), x, t.AsX())
		VPOR(t.AsX(), x.AsX(), x.AsX())
		o := Mem{Base: out, Disp: 2 * per * v}
		switch 2 * per { // bytes per register
		case 4:
			VMOVD(x.AsX(), o)
		case 6:
			VMOVD(x.AsX(), o)
			VPEXTRW(U8(2), x.AsX(), o.Offset(4))
		case 10:
			VMOVQ(x.AsX(), o)
			VPEXTRW(U8(4), x.AsX(), o.Offset(8))
		}
	}
	VZEROUPPER()
	RET()
}

// packZKernel emits packZ{18,20}AVX512: BitPack(z, γ1 − 1, γ1) (Algorithm
// 17, sigEncode), the bits-wide packing of γ1 − z mod q, writing exactly
// 32·bits bytes. Pairs of coefficients are folded into 64-bit elements; for
// 20 bits a pair is five whole bytes, for 18 bits two pairs are nine bytes,
// assembled in the low 72 bits of each 128-bit lane. VPERMB gathers the
// bytes and a masked store writes them.
func packZKernel(c *constants, bits int) {
	w := avx512
	name := fmt.Sprintf("packZ%dAVX512", bits)
	group, stride := 5, 8 // bytes per pair and their stride in the register
	if bits == 18 {
		group, stride = 9, 16 // bytes per two pairs, per 128-bit lane
	}
	perReg := 16 * bits / 8 // bytes per register of 16 coefficients
	gather := GLOBL(fmt.Sprintf("mldsaPackZ%dGather", bits), RODATA|NOPTR)
	for i := range 64 {
		v := 0
		if i < perReg {
			v = stride*(i/group) + i%group
		}
		DATA(i, U8(v))
	}
	a := polyKernel(c, w, name, "func(out *byte, z *[256]uint32)",
		name+fmt.Sprintf(" writes BitPack(z, γ1 − 1, γ1) for γ1 = 2^%d to out: the result of", bits-1),
		fmt.Sprintf("packZ for %d-bit coefficients.", bits))
	out := Load(Param("out"), GP64())
	in := Load(Param("z"), GP64())
	x, t, g, lowHalf, g1, u := w.regs[0], w.regs[1], w.regs[2], w.regs[3], w.regs[4], w.regs[5]
	m := GP64()
	MOVQ(U64(1<<perReg-1), m)
	KMOVQ(m, K3)
	MOVQ(U64(1<<32-1), m)
	VPBROADCASTQ(m, lowHalf)
	VMOVDQU8(gather, g)
	broadcastImm(w, 1<<(bits-1), g1)
	for v := range 16 {
		// γ1 − z mod q, in [0, 2γ1) for a z that passed the norm check.
		VPSUBD(Mem{Base: in, Disp: 64 * v}, g1, x)
		VPADDD(a.q, x, t)
		VPMINUD(t, x, x)
		// Pairs: d0 | d1 << bits in each 64-bit element.
		VPSRLQ(U8(32), x, t)
		VPSLLQ(U8(bits), t, t)
		VPANDQ(lowHalf, x, x)
		VPORQ(t, x, x)
		if bits == 18 {
			// Per lane (p0, p1) → p0 | p1 << 36 in 72 bits: the low 64 in
			// element 0, p1 >> 28 in the byte above.
			VPSRLDQ(U8(8), x, t) // (p1, 0)
			VPSLLQ(U8(36), t, u)
			VPSRLQ(U8(28), t, t)
			VPSLLDQ(U8(8), t, t) // (0, p1 >> 28)
			VPSLLDQ(U8(8), x, x)
			VPSRLDQ(U8(8), x, x) // (p0, 0)
			VPORQ(u, x, x)
			VPORQ(t, x, x)
		}
		VPERMB(x, g, x)
		VMOVDQU8(x, K3, Mem{Base: out, Disp: perReg * v})
	}
	VZEROUPPER()
	RET()
}

// packZAVX2Kernel emits packZ{18,20}AVX2, the AVX2 form of packZKernel:
// each 128-bit lane packs four coefficients into bits/2 bytes at its bottom
// (for 20 bits VPSHUFB joins two five-byte pairs; for 18 bits two 36-bit
// pairs are shifted together into 72 bits), and each lane's bytes are stored
// with an 8-byte store and a 1- or 2-byte extract, so that exactly 32·bits
// bytes are written.
func packZAVX2Kernel(c *constants, bits int) {
	w := avx2
	name := fmt.Sprintf("packZ%dAVX2", bits)
	per := bits / 2 // bytes per 128-bit lane (four coefficients)
	var shuf Mem
	if bits == 20 {
		shuf = GLOBL("mldsaPackZ20ShuffleAVX2", RODATA|NOPTR)
		for half := range 2 {
			for i := range 16 {
				v := 0x80 // zero
				if i < per {
					v = 8*(i/5) + i%5 // bytes 0…4 of each 64-bit element
				}
				DATA(16*half+i, U8(v))
			}
		}
	}
	a := polyKernel(c, w, name, "func(out *byte, z *[256]uint32)",
		name+fmt.Sprintf(" writes BitPack(z, γ1 − 1, γ1) for γ1 = 2^%d to out: the result of", bits-1),
		fmt.Sprintf("packZ for %d-bit coefficients.", bits))
	out := Load(Param("out"), GP64())
	in := Load(Param("z"), GP64())
	x, t, u, lowHalf, g1, sh, lowLane := w.regs[0], w.regs[1], w.regs[2], w.regs[3], w.regs[4], w.regs[5], w.regs[6]
	m := GP64()
	MOVQ(U64(1<<32-1), m)
	VMOVQ(m, lowHalf.AsX())
	VPBROADCASTQ(lowHalf.AsX(), lowHalf)
	broadcastImm(w, 1<<(bits-1), g1)
	if bits == 20 {
		VMOVDQU(shuf, sh)
	} else {
		VPCMPEQD(lowLane, lowLane, lowLane)
		VPSRLDQ(U8(8), lowLane, lowLane) // the low 64-bit element of each lane
	}
	for v := range 32 {
		// γ1 − z mod q, in [0, 2γ1) for a z that passed the norm check.
		VPSUBD(Mem{Base: in, Disp: 32 * v}, g1, x)
		a.fixNegative(x, t)
		// Pairs: d0 | d1 << bits in each 64-bit element.
		VPSRLQ(U8(32), x, t)
		VPSLLQ(U8(bits), t, t)
		VPAND(lowHalf, x, x)
		VPOR(t, x, x)
		if bits == 20 {
			VPSHUFB(sh, x, x)
		} else {
			// Per lane (p0, p1) → p0 | p1 << 36 in the low 72 bits.
			VPSRLDQ(U8(8), x, t) // (p1, 0)
			VPSLLQ(U8(36), t, u)
			VPSRLQ(U8(28), t, t)
			VPSLLDQ(U8(8), t, t) // (0, p1 >> 28)
			VPAND(lowLane, x, x) // (p0, 0)
			VPOR(u, x, x)
			VPOR(t, x, x)
		}
		VEXTRACTI128(U8(1), x, t.AsX())
		for lane, r := range []VecPhysical{x, t} {
			o := Mem{Base: out, Disp: bits*v + per*lane}
			VMOVQ(r.AsX(), o)
			if bits == 20 {
				VPEXTRW(U8(4), r.AsX(), o.Offset(8))
			} else {
				VPEXTRB(U8(8), r.AsX(), o.Offset(8))
			}
		}
	}
	VZEROUPPER()
	RET()
}

// unpackNameDoc names a decoder kernel and writes its doc comment: unpackZ
// for the centred BitUnpack of z, unpack for SimpleBitUnpack.
func unpackNameDoc(w *width, bits int, centred bool, reads string) (string, []string) {
	if centred {
		name := fmt.Sprintf("unpackZ%d%s", bits, w.name)
		return name, []string{name + fmt.Sprintf(" sets out to BitUnpack(in, γ1 − 1, γ1) for γ1 = 2^%d, reading", bits-1),
			reads + ": the result of unpackZ."}
	}
	name := fmt.Sprintf("unpack%d%s", bits, w.name)
	return name, []string{name + fmt.Sprintf(" sets out to SimpleBitUnpack(in, 2^%d − 1), reading", bits),
		reads + ": the result of unpackPoly without an offset."}
}
