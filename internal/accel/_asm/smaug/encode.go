package main

import (
	"slices"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/vec"
)

// encodeRqKernel emits encodeRq<logQ>AVX2(b, a), the inverse of
// decodeRqKernel's unpacking (the layout is at decodeRqKernel and
// encodeRq): the top bytes packed from 32-bit lanes (VPACKUSDW,
// VPACKUSWB, then VPERMD into order), and each tail word accumulated from
// its coefficients' low bits by constant shifts, eight words a register,
// packed to 16 bits. Coefficients must lie in [0, q).
func encodeRqKernel(logQ int) {
	name := "encodeRq" + itoa(logQ) + "AVX2"
	low := logQ - 8
	TEXT(name, NOSPLIT, "func(b *["+itoa(logQ*n/8)+"]byte, a *[256]int32)")
	Pragma("noescape")
	Doc(name + " writes the packing of a, coefficients in [0, 2^" + itoa(logQ) + "), to b (the reference's layout; see encodeRq).")
	b := Load(Param("b"), GP64())
	a := Load(Param("a"), GP64())
	order := YMM()
	VMOVDQU(vec.Table32("encodeRqOrderAVX2", []uint32{0, 4, 1, 5, 2, 6, 3, 7}), order)
	for q := range n / 32 {
		var y [4]VecVirtual
		for j := range 4 {
			y[j] = YMM()
			VMOVDQU(Mem{Base: a, Disp: 4 * (32*q + 8*j)}, y[j])
			VPSRLD(U8(low), y[j], y[j])
		}
		VPACKUSDW(y[1], y[0], y[0])
		VPACKUSDW(y[3], y[2], y[2])
		VPACKUSWB(y[2], y[0], y[0])
		VPERMD(y[0], order, y[0])
		VMOVDQU(y[0], Mem{Base: b, Disp: 32 * q})
	}
	mask := vec.Broadcast32(1<<low - 1)
	one := vec.Broadcast32(1)
	coeffs := func(c int) Mem { return Mem{Base: a, Disp: 4 * c} }
	for i := range low {
		var acc [2]VecVirtual
		for h := range 2 {
			acc[h] = YMM()
			t := YMM()
			if logQ == 10 {
				VPXOR(acc[h], acc[h], acc[h])
				for m := range 8 {
					VMOVDQU(coeffs(128*i+16*m+8*h), t)
					VPAND(mask, t, t)
					VPSLLD(U8(14-2*m), t, t)
					VPOR(t, acc[h], acc[h])
				}
			} else {
				VMOVDQU(coeffs(8*h), acc[h])
				if i > 0 {
					VPSRLD(U8(i), acc[h], acc[h])
				}
				VPAND(one, acc[h], acc[h])
				for m := 1; m <= 5; m++ {
					VMOVDQU(coeffs(80*i+16*m+8*h), t)
					VPAND(mask, t, t)
					VPSLLD(U8(16-3*m), t, t)
					VPOR(t, acc[h], acc[h])
				}
			}
		}
		VPACKUSDW(acc[1], acc[0], acc[0])
		VPERMQ(U8(0xd8), acc[0], acc[0])
		VMOVDQU(acc[0], Mem{Base: b, Disp: n + 32*i})
	}
	VZEROUPPER()
	RET()
}

// rpBytesKernels emits the byte part of the R_p packing (encodeRp and
// decodeRp in encode.go; all of it for log p = 8): byte i of the packing is
// the low byte of coefficient i. rpBytesDecodeAVX2 widens eight bytes to a
// register of 32-bit coefficients; rpBytesEncodeAVX2 gathers the low byte
// of each 32-bit lane into the lane's first four bytes (VPSHUFB), the two
// halves' words next to each other (VPERMD), and stores the eight bytes.
// Straight-line and data-independent.
func rpBytesKernels() {
	TEXT("rpBytesDecodeAVX2", NOSPLIT, "func(a *[256]int32, b *[256]byte)")
	Pragma("noescape")
	Doc("rpBytesDecodeAVX2 sets a[i] = b[i].")
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	for g := range n / 8 {
		x := YMM()
		VPMOVZXBD(Mem{Base: b, Disp: 8 * g}, x)
		VMOVDQU(x, Mem{Base: a, Disp: 32 * g})
	}
	VZEROUPPER()
	RET()

	TEXT("rpBytesEncodeAVX2", NOSPLIT, "func(b *[256]byte, a *[256]int32)")
	Pragma("noescape")
	Doc("rpBytesEncodeAVX2 sets b[i] to the low byte of a[i].")
	b = Load(Param("b"), GP64())
	a = Load(Param("a"), GP64())
	low, order := YMM(), YMM()
	// Bytes 0, 4, 8, 12 of each 128-bit lane to its first word; the rest
	// cleared (index bit 7 set).
	lowBytes := []uint32{0x0c080400, 0x80808080, 0x80808080, 0x80808080}
	VMOVDQU(vec.Table32("rpBytesLowAVX2", append(lowBytes, lowBytes...)), low)
	VMOVDQU(vec.Table32("encodeRqOrderAVX2", []uint32{0, 4, 1, 5, 2, 6, 3, 7}), order)
	for g := range n / 8 {
		x := YMM()
		VMOVDQU(Mem{Base: a, Disp: 32 * g}, x)
		VPSHUFB(low, x, x)
		VPERMD(x, order, x)
		VMOVQ(x.AsX(), Mem{Base: b, Disp: 8 * g})
	}
	VZEROUPPER()
	RET()
}

// encodeSecretKernel emits encodeSecretAVX2(b *[64]byte, s *[256]int32),
// the secret's packing (encodeSecretGeneric): byte i holds the codes
// s[4i + j] & 3 in its bits 2j, 2j + 1, for ternary s. Four registers of
// coefficients (32) narrow by signed saturation to bytes, each dword then
// holding four consecutive coefficients (the packs work per 128-bit half:
// dword j of the low half is register j's coefficients 0–3, output byte
// 8h + 2j of the block h, and of the high half its 4–7, byte 8h + 2j + 1);
// a mask to the codes and two multiply-adds by (1, 4) and (1, 16) put each
// dword's output byte in it. Four such blocks narrow again to 32 bytes, and
// a qword permutation and a byte shuffle put them in order. Straight-line
// and data-independent.
func encodeSecretKernel() {
	TEXT("encodeSecretAVX2", NOSPLIT, "func(b *[64]byte, s *[256]int32)")
	Pragma("noescape")
	Doc("encodeSecretAVX2 packs the ternary polynomial s into b (see encodeSecretGeneric), in constant time.")
	b := Load(Param("b"), GP64())
	s := Load(Param("s"), GP64())
	three := vec.Broadcast32(0x03030303)
	mul4 := vec.Broadcast32(0x04010401)
	mul16 := vec.Broadcast32(0x00100001)
	// Output byte o of a 16-byte half comes from the permuted byte
	// 8·(o mod 2) + 4·⌊o/8⌋ + ⌊(o mod 8)/2⌋ of its half.
	var ctl [8]uint32
	for o := range 32 {
		src := (o%2)*8 + 4*(o%16/8) + (o%8)/2
		ctl[o/4] |= uint32(src) << (8 * (o % 4))
	}
	shuf := YMM()
	VMOVDQU(vec.Table32("encodeSecretShufAVX2", ctl[:]), shuf)
	for u := range 2 {
		var d [4]VecVirtual
		for q := range 4 {
			h := 4*u + q
			var w [2]VecVirtual
			for p := range 2 {
				w[p] = YMM()
				g := 4*h + 2*p
				VMOVDQU(Mem{Base: s, Disp: 32 * g}, w[p])
				VPACKSSDW(Mem{Base: s, Disp: 32 * (g + 1)}, w[p], w[p])
			}
			d[q] = YMM()
			VPACKSSWB(w[1], w[0], d[q])
			VPAND(three, d[q], d[q])
			VPMADDUBSW(mul4, d[q], d[q])
			VPMADDWD(mul16, d[q], d[q])
		}
		e0, e1 := YMM(), YMM()
		VPACKUSDW(d[1], d[0], e0)
		VPACKUSDW(d[3], d[2], e1)
		VPACKUSWB(e1, e0, e0)
		VPERMQ(U8(0xd8), e0, e0)
		VPSHUFB(shuf, e0, e0)
		VMOVDQU(e0, Mem{Base: b, Disp: 32 * u})
	}
	VZEROUPPER()
	RET()
}

// packBits5Kernel emits packBits5AVX2(b *[160]byte, a *[256]int32), c2's
// 5-bit packing for SMAUG-T128 (packBits with d = 5): eight coefficients
// below 2^5 a 40-bit little-endian group. Within each 64-bit lane a shift
// by 27 brings the odd coefficient beside the even one (10 bits), within
// each 128-bit half a byte shift by 8 and a shift by 10 bring the two
// lanes together (20 bits), and the high half shifted by 20 joins the low
// one (40 bits), stored as eight bytes whose top three the next group
// overwrites; the last group stores its five bytes alone. Straight-line
// and data-independent.
func packBits5Kernel() {
	TEXT("packBits5AVX2", NOSPLIT, "func(b *[160]byte, a *[256]int32)")
	Pragma("noescape")
	Doc("packBits5AVX2 packs the 5-bit coefficients of a into b (see packBits), in constant time.")
	b := Load(Param("b"), GP64())
	a := Load(Param("a"), GP64())
	mask := YMM()
	m := GP64()
	MOVQ(U32(1<<10-1), m)
	mx := XMM()
	MOVQ(m, mx)
	VPBROADCASTQ(mx, mask)
	for g := range n / 8 {
		x, t := YMM(), YMM()
		VMOVDQU(Mem{Base: a, Disp: 32 * g}, x)
		VPSRLQ(U8(27), x, t)
		VPOR(t, x, x)
		VPAND(mask, x, x)
		VPSRLDQ(U8(8), x, t)
		VPSLLQ(U8(10), t, t)
		VPOR(t, x, x)
		h := XMM()
		VEXTRACTI128(U8(1), x, h)
		VPSLLQ(U8(20), h, h)
		VPOR(h, x.AsX(), h)
		if g < n/8-1 {
			VMOVQ(h, Mem{Base: b, Disp: 5 * g})
			continue
		}
		w := GP64()
		VMOVQ(h, w)
		MOVL(w.As32(), Mem{Base: b, Disp: 5 * g})
		SHRQ(U8(32), w)
		MOVB(w.As8(), Mem{Base: b, Disp: 5*g + 4})
	}
	VZEROUPPER()
	RET()
}

// rpHighKernels emit rpHighEncodeAVX2(b *[32]byte, a *[256]int32) and
// rpHighDecodeAVX2(a *[256]int32, b *[32]byte), the ninth-bit part of the
// R_p packing for log p = 9 (encodeRp, decodeRp): bit 15 − m of the
// little-endian word j of b is bit 8 of a[16m + j]. The encoder masks bit 8
// of each row of sixteen coefficients, shifts it to 15 − m and ORs it into
// sixteen 32-bit accumulators, then narrows them to words in order; the
// decoder widens the words and ORs bit 15 − m, shifted to 8, into row m.
// Straight-line and data-independent.
func rpHighKernels() {
	TEXT("rpHighEncodeAVX2", NOSPLIT, "func(b *[32]byte, a *[256]int32)")
	Pragma("noescape")
	Doc("rpHighEncodeAVX2 packs bit 8 of each coefficient of a into b (see encodeRp), in constant time.")
	b := Load(Param("b"), GP64())
	a := Load(Param("a"), GP64())
	bit8 := vec.Broadcast32(1 << 8)
	var acc [2]VecVirtual
	for m := range 16 {
		for h := range 2 {
			t := YMM()
			VPAND(Mem{Base: a, Disp: 4 * (16*m + 8*h)}, bit8, t)
			if m == 0 {
				acc[h] = t
				VPSLLD(U8(7), t, t)
				continue
			}
			switch {
			case m < 7:
				VPSLLD(U8(7-m), t, t)
			case m > 7:
				VPSRLD(U8(m-7), t, t)
			}
			VPOR(t, acc[h], acc[h])
		}
	}
	VPACKUSDW(acc[1], acc[0], acc[0])
	VPERMQ(U8(0xd8), acc[0], acc[0])
	VMOVDQU(acc[0], Mem{Base: b})
	VZEROUPPER()
	RET()

	TEXT("rpHighDecodeAVX2", NOSPLIT, "func(a *[256]int32, b *[32]byte)")
	Pragma("noescape")
	Doc("rpHighDecodeAVX2 ORs bit 8 of each coefficient of a in from b (see decodeRp), in constant time.")
	a = Load(Param("a"), GP64())
	b = Load(Param("b"), GP64())
	bit8 = vec.Broadcast32(1 << 8)
	var w [2]VecVirtual
	for h := range 2 {
		w[h] = YMM()
		VPMOVZXWD(Mem{Base: b, Disp: 16 * h}, w[h])
	}
	for m := range 16 {
		for h := range 2 {
			t := YMM()
			switch {
			case m < 7:
				VPSRLD(U8(7-m), w[h], t)
			case m > 7:
				VPSLLD(U8(m-7), w[h], t)
			default:
				VMOVDQA(w[h], t)
			}
			VPAND(bit8, t, t)
			addr := Mem{Base: a, Disp: 4 * (16*m + 8*h)}
			VPOR(addr, t, t)
			VMOVDQU(t, addr)
		}
	}
	VZEROUPPER()
	RET()
}

// rp7EncodeKernel emits rp7EncodeAVX2(b *[224]byte, a *[256]int32), c2's
// packing for log p' = 7 (SMAUG-T256; encodeRp2): byte i < 224 is
// coefficient i, and its top bit, for i = 2(16m + j) + h, is bit 6 − m of
// coefficient 224 + 16h + j. The words c[224 + j] | c[240 + j]·2^8 put
// the two halves' coefficients at the bytes 2j + h of one register; shifted
// left by 1 + m (no bit crosses into a byte's top bit from its neighbour,
// for shifts below 8), masked to the top bits, they complete the 32 bytes
// of row m, whose low seven bits come from the coefficients by the byte
// narrowing of rpBytesEncodeAVX2. Straight-line and data-independent.
func rp7EncodeKernel() {
	TEXT("rp7EncodeAVX2", NOSPLIT, "func(b *[224]byte, a *[256]int32)")
	Pragma("noescape")
	Doc("rp7EncodeAVX2 packs the 7-bit coefficients of a into b (see encodeRp2), in constant time.")
	b := Load(Param("b"), GP64())
	a := Load(Param("a"), GP64())
	low, order := YMM(), YMM()
	lowBytes := []uint32{0x0c080400, 0x80808080, 0x80808080, 0x80808080}
	VMOVDQU(vec.Table32("rpBytesLowAVX2", append(lowBytes, lowBytes...)), low)
	VMOVDQU(vec.Table32("encodeRqOrderAVX2", []uint32{0, 4, 1, 5, 2, 6, 3, 7}), order)
	var half [2]VecVirtual
	for h := range 2 {
		half[h] = YMM()
		t := YMM()
		VMOVDQU(Mem{Base: a, Disp: 4 * (240 + 8*h)}, t)
		VPSLLD(U8(8), t, t)
		VPOR(Mem{Base: a, Disp: 4 * (224 + 8*h)}, t, half[h])
	}
	c := half[0]
	VPACKUSDW(half[1], half[0], c)
	VPERMQ(U8(0xd8), c, c)
	top := vec.Broadcast32(0x80808080)
	for m := range 7 {
		var q [4]VecVirtual
		for i := range 4 {
			q[i] = YMM()
			VMOVDQU(Mem{Base: a, Disp: 4 * (32*m + 8*i)}, q[i])
			VPSHUFB(low, q[i], q[i])
			VPERMD(q[i], order, q[i])
		}
		VPUNPCKLQDQ(q[1], q[0], q[0])
		VPUNPCKLQDQ(q[3], q[2], q[2])
		VINSERTI128(U8(1), q[2].AsX(), q[0], q[0])
		t := YMM()
		VPSLLW(U8(1+m), c, t)
		VPAND(top, t, t)
		VPOR(t, q[0], q[0])
		VMOVDQU(q[0], Mem{Base: b, Disp: 32 * m})
	}
	VZEROUPPER()
	RET()
}

// rp3EncodeKernel emits rp3EncodeAVX2(b *[96]byte, a *[256]int32), c2's
// packing for log p' = 3 (TiMER; encodeRp2): eight coefficients below 2^3
// a 24-bit big-endian group, the first in the top bits. Per group the
// coefficients are shifted to their places (VPSLLVD) and the halves ORed;
// the bits being disjoint, two horizontal adds finish four groups' words at
// once, and a byte shuffle writes them big-endian, twelve bytes stored as
// sixteen whose last four the next block overwrites (the last block stores
// its twelve alone). Straight-line and data-independent.
func rp3EncodeKernel() {
	TEXT("rp3EncodeAVX2", NOSPLIT, "func(b *[96]byte, a *[256]int32)")
	Pragma("noescape")
	Doc("rp3EncodeAVX2 packs the 3-bit coefficients of a into b (see encodeRp2), in constant time.")
	b := Load(Param("b"), GP64())
	a := Load(Param("a"), GP64())
	shifts := YMM()
	VMOVDQU(vec.Table32("rp3ShiftsAVX2", []uint32{21, 18, 15, 12, 9, 6, 3, 0}), shifts)
	var ctl [4]uint32
	for o := range 16 {
		src := uint32(0x80)
		if o < 12 {
			src = uint32(4*(o/3) + 2 - o%3)
		}
		ctl[o/4] |= src << (8 * (o % 4))
	}
	order := XMM()
	VMOVDQU(vec.Table32("rp3OrderAVX2", ctl[:]), order)
	for blk := range n / 32 {
		var w [4]VecVirtual
		for q := range 4 {
			x := YMM()
			VMOVDQU(Mem{Base: a, Disp: 4 * (32*blk + 8*q)}, x)
			VPSLLVD(shifts, x, x)
			w[q] = XMM()
			VEXTRACTI128(U8(1), x, w[q])
			VPOR(x.AsX(), w[q], w[q])
		}
		VPHADDD(w[1], w[0], w[0])
		VPHADDD(w[3], w[2], w[2])
		VPHADDD(w[2], w[0], w[0])
		VPSHUFB(order, w[0], w[0])
		if blk < n/32-1 {
			VMOVDQU(w[0], Mem{Base: b, Disp: 12 * blk})
			continue
		}
		VMOVQ(w[0], Mem{Base: b, Disp: 12 * blk})
		VPEXTRD(U8(2), w[0], Mem{Base: b, Disp: 12*blk + 8})
	}
	VZEROUPPER()
	RET()
}

// rp3DecodeKernel emits rp3DecodeAVX2(a *[256]int32, b *[96]byte), c2's
// unpacking for log p' = 3 (TiMER; decodeRp2), rp3EncodeAVX2's inverse:
// group g's 24-bit big-endian word is broadcast to the eight lanes of a
// register as the 32-bit word whose top three bytes it is (bytes 3g − 1 …
// 3g + 2; for the first group, which has no byte before it, bytes 0 … 3),
// byte-swapped into place (VPSHUFB), shifted right per lane (VPSRLVD) and
// masked to three bits: coefficients 8g … 8g + 7. It reads no byte outside
// b. Straight-line and data-independent.
func rp3DecodeKernel() {
	TEXT("rp3DecodeAVX2", NOSPLIT, "func(a *[256]int32, b *[96]byte)")
	Pragma("noescape")
	Doc("rp3DecodeAVX2 unpacks the 3-bit coefficients of b into a (see decodeRp2), in constant time.")
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	shifts, swap, swapFirst := YMM(), YMM(), YMM()
	VMOVDQU(vec.Table32("rp3ShiftsAVX2", []uint32{21, 18, 15, 12, 9, 6, 3, 0}), shifts)
	// Every lane holds the same word, so each lane's control reads the
	// first word of its 128-bit half: bytes 3, 2, 1 (or 2, 1, 0), high
	// byte zero.
	VMOVDQU(vec.Table32("rp3SwapAVX2", slices.Repeat([]uint32{0x80010203}, 8)), swap)
	VMOVDQU(vec.Table32("rp3SwapFirstAVX2", slices.Repeat([]uint32{0x80000102}, 8)), swapFirst)
	mask := vec.Broadcast32(7)
	for g := range n / 8 {
		x := YMM()
		off, ctl := 3*g-1, swap
		if g == 0 {
			off, ctl = 0, swapFirst
		}
		VPBROADCASTD(Mem{Base: b, Disp: off}, x)
		VPSHUFB(ctl, x, x)
		VPSRLVD(shifts, x, x)
		VPAND(mask, x, x)
		VMOVDQU(x, Mem{Base: a, Disp: 32 * g})
	}
	VZEROUPPER()
	RET()
}

// rp7DecodeKernel emits rp7DecodeAVX2(a *[256]int32, b *[224]byte), c2's
// unpacking for log p' = 7 (SMAUG-T256; decodeRp2), rp7EncodeAVX2's
// inverse: coefficient i < 224 is the low seven bits of byte i (VPMOVZXBD,
// masked). Row m (bytes 32m … 32m + 31) shifted right by 1 + m in 16-bit
// words puts each byte's top bit at bit 6 − m of the same byte (the bit
// that the high byte's shift moves into the low one lands below it), so
// the rows masked to those bits and ORed hold coefficient 224 + 16h + j at
// byte 2j + h, which the words' two bytes widen into. Straight-line and
// data-independent.
func rp7DecodeKernel() {
	TEXT("rp7DecodeAVX2", NOSPLIT, "func(a *[256]int32, b *[224]byte)")
	Pragma("noescape")
	Doc("rp7DecodeAVX2 unpacks the 7-bit coefficients of b into a (see decodeRp2), in constant time.")
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	low := vec.Broadcast32(0x7f)
	for i := range 224 / 8 {
		x := YMM()
		VPMOVZXBD(Mem{Base: b, Disp: 8 * i}, x)
		VPAND(low, x, x)
		VMOVDQU(x, Mem{Base: a, Disp: 32 * i})
	}
	top := vec.Broadcast32(0x40404040) // bit 6 of every byte
	acc := YMM()
	VPXOR(acc, acc, acc)
	for m := range 7 {
		x, bit := YMM(), YMM()
		// A shift by an immediate takes a register: its memory form is
		// AVX-512's.
		VMOVDQU(Mem{Base: b, Disp: 32 * m}, x)
		VPSRLW(U8(1+m), x, x)
		VPSRLW(U8(m), top, bit)
		VPAND(bit, x, x)
		VPOR(x, acc, acc)
	}
	bytes := YMM()
	VPSRLW(U8(8), acc, bytes) // coefficients 240 + j
	VPAND(vec.Broadcast32(0x00ff00ff), acc, acc)
	for h, words := range []VecVirtual{acc, bytes} {
		hi := XMM()
		VEXTRACTI128(U8(1), words, hi)
		for q, x := range []Op{words.AsX(), hi} {
			y := YMM()
			VPMOVZXWD(x, y)
			VMOVDQU(y, Mem{Base: a, Disp: 4 * (224 + 16*h + 8*q)})
		}
	}
	VZEROUPPER()
	RET()
}
