package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/vec"
)

// messageBitsKernel emits the message's spread over the coefficients in
// encryption (see messageBitsGeneric): out[c] = value if bit c of mu is set,
// else 0. Sixteen 16-bit lanes a ymm register: the two bytes of mu that
// hold coefficients 16g … 16g + 15 are broadcast to every lane, lane j keeps
// bit j, and the comparison with that bit turns it into a mask of value.
// Straight-line: nothing depends on the message but the lanes' values.
func messageBitsKernel() {
	TEXT("messageBitsAVX2", NOSPLIT, "func(out *[256]uint16, mu *[32]byte, value uint32)")
	Pragma("noescape")
	Doc("messageBitsAVX2 sets out[c] to value (its low 16 bits) if bit c%8 of mu[c/8] is set and to 0 otherwise, in constant time.")
	out := Load(Param("out"), GP64())
	mu := Load(Param("mu"), GP64())
	v := Load(Param("value"), GP32())
	vx, val := XMM(), YMM()
	VMOVD(v, vx)
	VPBROADCASTW(vx, val)
	var words []uint32
	for j := 0; j < 16; j += 2 {
		words = append(words, 1<<j|(1<<(j+1))<<16)
	}
	bit := YMM()
	VMOVDQU(vec.Table32("messageBitsAVX2", words), bit)
	for g := range n / 16 {
		x := YMM()
		VPBROADCASTW(Mem{Base: mu, Disp: 2 * g}, x)
		VPAND(bit, x, x)
		VPCMPEQW(bit, x, x)
		VPAND(val, x, x)
		VMOVDQU(x, Mem{Base: out, Disp: 32 * g})
	}
	VZEROUPPER()
	RET()
}

// messageDecodeKernel emits decryption's reading of the message (see
// messageDecodeGeneric): bit c of mu is bit 15 of
// c2[c]·2^s[0] + w[c]·2^s[1] + 2^14. Bit 15 of a sum depends only on the
// addends' low 16 bits, so 32-bit lanes give the reference's 16-bit
// arithmetic; a shift by 16 moves bit 15 to the sign, and VMOVMSKPS
// gathers the eight signs of a register into one byte of mu.
// Straight-line and data-independent.
func messageDecodeKernel() {
	d := decodeKernel("messageDecodeAVX2", "func(mu *[32]byte, c2 *[256]int32, w *[256]int32, s *[2]uint32)",
		"messageDecodeAVX2 sets bit c%8 of mu[c/8] to bit 15 of c2[c]<<s[0] + w[c]<<s[1] + 0x4000, in constant time.")
	half := vec.Broadcast32(0x4000)
	for g := range n / 8 {
		x := d.sum(32 * g)
		VPADDD(half, x, x)
		d.storeBit15(x, g)
	}
	VZEROUPPER()
	RET()
}

// messageDecodeD2Kernel emits TiMER's reading of the message (see
// messageDecodeD2Generic): with x[c] = c2[c]·2^s[0] + w[c]·2^s[1] in 16-bit
// arithmetic, bit i of mu (i < 128) is bit 15 of
// |x[i] − 0x7fff| + |x[i+128] − 0x7fff| − 0x7fff, the differences taken as
// signed 16-bit values. In 32-bit lanes a difference is sign-extended from
// its low 16 bits by a shift pair before VPABSD (|−2^15| = 2^15 is the
// reference's uint16 result too), and bit 15 of the final sum depends only
// on the addends' low 16 bits; VMOVMSKPS gathers the bits as in
// messageDecodeKernel. Straight-line and data-independent.
func messageDecodeD2Kernel() {
	d := decodeKernel("messageDecodeD2AVX2", "func(mu *[16]byte, c2 *[256]int32, w *[256]int32, s *[2]uint32)",
		"messageDecodeD2AVX2 sets bit i%8 of mu[i/8] to TiMER's D2 reading of coefficients i and i+128 of x = c2<<s[0] + w<<s[1], in constant time.")
	mid := vec.Broadcast32(0x7fff)
	for g := range n / 16 {
		var half [2]VecVirtual
		for h := range 2 {
			x := d.sum(32*g + 4*(n/2)*h)
			VPSUBD(mid, x, x)
			VPSLLD(U8(16), x, x)
			VPSRAD(U8(16), x, x)
			VPABSD(x, x)
			half[h] = x
		}
		t := half[0]
		VPADDD(half[1], t, t)
		VPSUBD(mid, t, t)
		d.storeBit15(t, g)
	}
	VZEROUPPER()
	RET()
}

// messageDecoder holds the operands of a message-reading kernel.
type messageDecoder struct {
	mu, c2, w Register
	s2, s1    VecVirtual // the shifts of c2 and w
}

// decodeKernel starts a kernel with the message readers' parameters
// (mu, c2, w, s) and loads them.
func decodeKernel(name, sig, doc string) messageDecoder {
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	Doc(doc)
	var d messageDecoder
	d.mu = Load(Param("mu"), GP64())
	d.c2 = Load(Param("c2"), GP64())
	d.w = Load(Param("w"), GP64())
	s := Load(Param("s"), GP64())
	d.s2, d.s1 = XMM(), XMM()
	VMOVD(Mem{Base: s}, d.s2)
	VMOVD(Mem{Base: s, Disp: 4}, d.s1)
	return d
}

// sum returns a new register with c2[c]·2^s[0] + w[c]·2^s[1] for the
// eight coefficients at byte offset off.
func (d messageDecoder) sum(off int) VecVirtual {
	x, y := YMM(), YMM()
	VMOVDQU(Mem{Base: d.c2, Disp: off}, x)
	VPSLLD(d.s2, x, x)
	VMOVDQU(Mem{Base: d.w, Disp: off}, y)
	VPSLLD(d.s1, y, y)
	VPADDD(y, x, x)
	return x
}

// storeBit15 writes bit 15 of x's eight lanes to byte g of mu.
func (d messageDecoder) storeBit15(x VecVirtual, g int) {
	VPSLLD(U8(16), x, x)
	b := GP32()
	VMOVMSKPS(x, b)
	MOVB(b.As8(), Mem{Base: d.mu, Disp: g})
}
