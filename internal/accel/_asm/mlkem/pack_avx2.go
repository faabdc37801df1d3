package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AVX2 packing kernels handle 16 coefficients (one ymm register, 2·d
// bytes) per step. AVX2 has neither byte-masked loads and stores nor
// cross-lane byte shuffles, so these kernels read and write whole 16-byte
// halves at byte offsets: they need 32 bytes of slack after the encoding,
// which the Go wrappers provide with a padded copy. They are constant-time
// in the same way as the AVX-512 kernels.

// compressEncodeAVX2Kernel emits ByteEncode_d(Compress_d(f)) (and
// ByteEncode_12 for d = 12) into 32·d bytes plus slack.
func compressEncodeAVX2Kernel(d int) {
	w := avx2
	name := fmt.Sprintf("compressEncode%dAVX2", d)
	doc := fmt.Sprintf("%s writes ByteEncode_%d(Compress_%d(f)) (FIPS 203, Algorithm 5), %d bytes, to out, in constant time; it may write up to 32 bytes past them.", name, d, d, 32*d)
	if d == 12 {
		name = "encode12AVX2"
		doc = name + " writes ByteEncode_12(f) (FIPS 203, Algorithm 5), 384 bytes, to out; it may write up to 32 bytes past them."
	}
	TEXT(name, NOSPLIT, "func(out *byte, f *[256]uint16)")
	Pragma("noescape")
	Doc(doc)
	out := Load(Param("out"), GP64())
	f := Load(Param("f"), GP64())
	qv, mv, one, maskD, x, t, u := Y15, Y14, Y13, Y12, Y0, Y1, Y2
	w.load(w.data.splat(q, 16), qv)
	if d != 12 {
		cp := compressConstants[d]
		w.load(w.data.splat(cp.m, 16), mv)
		w.load(w.data.splat(1, 16), one)
		w.load(w.data.splat(int16(1<<d-1), 16), maskD)
	}
	pk := newPackerAVX2(d)
	for i := range 16 {
		w.load(Mem{Base: f, Disp: 32 * i}, x)
		if d == 12 {
			pk.store(x, out, 24*i)
			continue
		}
		w.compress(d, x, t, u, qv, mv, one, maskD)
		pk.store(t, out, 2*d*i)
	}
	w.end()
}

// packerAVX2 packs 16 d-bit words into 2·d bytes.
type packerAVX2 struct {
	d                     int
	pairMul, shufA, shufB Mem
	sel                   GPVirtual
}

func newPackerAVX2(d int) *packerAVX2 {
	p := &packerAVX2{d: d}
	if d == 1 {
		p.sel = GP64()
		MOVQ(U32(0xaaaaaaaa), p.sel)
		return p
	}
	mul := make([]int16, 16)
	for i := 0; i < 16; i += 2 {
		mul[i], mul[i+1] = 1, int16(1<<d)
	}
	p.pairMul = avx2.data.words(mul)
	a, b := make([]byte, 32), make([]byte, 32)
	for i := range a {
		a[i], b[i] = 0x80, 0x80
	}
	for lane := range 2 {
		o := 16 * lane
		switch d {
		case 4: // two qwords of 16 bits
			a[o], a[o+1], a[o+2], a[o+3] = 0, 1, 8, 9
		case 10: // two qwords of 40 bits
			for j := range 5 {
				a[o+j], a[o+5+j] = byte(j), byte(8+j)
			}
		case 5: // the even qword holds 40 bits
			for j := range 5 {
				a[o+j] = byte(j)
			}
		case 11: // bytes 0–5 of the merged low qword, 0–4 of the high one >> 4
			for j := range 6 {
				a[o+j] = byte(j)
			}
			for j := range 5 {
				b[o+6+j] = byte(8 + j)
			}
		case 12: // four dwords of 24 bits
			for j := range 4 {
				for k := range 3 {
					a[o+3*j+k] = byte(4*j + k)
				}
			}
		}
	}
	p.shufA = avx2.data.raw(a)
	p.shufB = avx2.data.raw(b)
	return p
}

// store packs v (clobbering it and Y3–Y5) and writes the 2·d bytes to
// out+off, possibly with up to 16 bytes of garbage after them.
func (p *packerAVX2) store(v VecPhysical, out Register, off int) {
	d := p.d
	if d == 1 {
		r := GP32()
		VPSLLW(U8(15), v, v)
		VPMOVMSKB(v, r)
		PEXTL(p.sel.As32(), r, r)
		MOVW(r.As16(), Mem{Base: out, Disp: off})
		return
	}
	t, u := Y3, Y4
	avx2.joinFields(d, p.pairMul, v, t, u)
	if d == 11 {
		VPSHUFB(p.shufB, u, u)
	}
	VPSHUFB(p.shufA, v, v)
	if d == 11 {
		VPOR(u, v, v)
	}
	perLane := d // bytes per 128-bit half: 8 coefficients of d bits
	if d == 4 {
		// Two halves of 4 bytes: one 8-byte store.
		VPERMQ(U8(0x08), v, v) // qwords 0, 2
		VPSHUFD(U8(0xe8), v, v)
		VMOVQ(v.AsX(), Mem{Base: out, Disp: off})
		return
	}
	VMOVDQU(v.AsX(), Mem{Base: out, Disp: off})
	VEXTRACTI128(U8(1), v, Y5.AsX())
	VMOVDQU(Y5.AsX(), Mem{Base: out, Disp: off + perLane})
}

// decodeDecompressAVX2Kernel emits Decompress_d(ByteDecode_d(b)) from 32·d
// bytes (which must be followed by 32 readable bytes), or for d = 12 the
// plain decoding with the modulus check or the reduction modulo q.
func decodeDecompressAVX2Kernel(d int, mode string) {
	w := avx2
	w.decodeHeader(d, mode, " (followed by 32 readable ones)")
	f := Load(Param("f"), GP64())
	b := Load(Param("b"), GP64())
	qv, x, t, shuf, mul, bad, y := Y15, Y0, Y1, Y2, Y3, Y4, Y5
	w.load(w.data.splat(q, 16), qv)
	if mode == "check" {
		VPXOR(bad, bad, bad)
	}
	switch {
	case d == 1:
		bits := make([]int16, 16)
		for i := range bits {
			bits[i] = int16(uint16(1) << i)
		}
		w.load(w.data.words(bits), mul)
		for i := range 16 {
			VPBROADCASTW(Mem{Base: b, Disp: 2 * i}, x)
			VPAND(mul, x, x)
			VPCMPEQW(mul, x, x)
			VPAND(w.data.splat((q+1)/2, 16), x, x)
			w.store(x, Mem{Base: f, Disp: 32 * i})
		}
		w.end()
		return
	case d == 11:
		// Dword lanes: 8 coefficients per register, shifted by VPSRLVD.
		s, sh := make([]byte, 32), make([]int16, 16)
		for m := range 8 {
			start := 11 * m / 8
			for k := range 4 {
				s[4*m+k] = byte(start + k)
			}
			sh[2*m] = int16(11 * m % 8)
		}
		w.load(w.data.raw(s), shuf)
		w.load(w.data.words(sh), mul)
		for i := range 16 {
			for h, r := range []VecPhysical{x, y} {
				VBROADCASTI128(Mem{Base: b, Disp: 22*i + 11*h}, r)
				VPSHUFB(shuf, r, r)
				VPSRLVD(mul, r, r)
				VPAND(avx2.splat32(0x7ff), r, r)
			}
			VPACKUSDW(y, x, x)
			VPERMQ(U8(0xd8), x, x)
			decodeFinish(w, d, mode, x, t, qv, bad, f, i)
		}
	default:
		// Word lanes: each half holds 8 coefficients starting at its first
		// byte; a word takes the two bytes holding its bits, a multiply
		// moves its field to the top and a shift brings it down.
		s, mulv := make([]byte, 32), make([]int16, 16)
		for lane := range 2 {
			for m := range 8 {
				start, off := d*m/8, d*m%8
				s[16*lane+2*m], s[16*lane+2*m+1] = byte(start), byte(start+1)
				mulv[8*lane+m] = int16(uint16(1) << (16 - off - d))
			}
		}
		w.load(w.data.raw(s), shuf)
		w.load(w.data.words(mulv), mul)
		for i := range 16 {
			VMOVDQU(Mem{Base: b, Disp: 2 * d * i}, x.AsX())
			VINSERTI128(U8(1), Mem{Base: b, Disp: 2*d*i + d}, x, x)
			VPSHUFB(shuf, x, x)
			VPMULLW(mul, x, x)
			VPSRLW(U8(16-d), x, x)
			decodeFinish(w, d, mode, x, t, qv, bad, f, i)
		}
	}
	if mode == "check" {
		r := GP64()
		XORQ(r, r)
		VPTEST(bad, bad)
		SETNE(r.As8())
		Store(r, ReturnIndex(0))
	}
	w.end()
}

// decodeFinish decompresses (or checks, or reduces) the 16 decoded words in
// x and stores them as coefficients 16·i….
func decodeFinish(w width, d int, mode string, x, t, qv, bad VecPhysical, f Register, i int) {
	switch mode {
	case "check":
		VPCMPGTW(w.data.splat(q-1, 16), x, t) // x ≥ q
		VPOR(t, bad, bad)
	case "reduce":
		w.reduceOnce(x, qv, t)
	default:
		VPSLLW(U8(15-d), x, x)
		VPMULHRSW(qv, x, x)
	}
	w.store(x, Mem{Base: f, Disp: 32 * i})
}
