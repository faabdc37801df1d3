package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// roundKernel emits the rounding of encryption (see encrypt in pke.go):
// out[i] = ((in[i]·2^sq + add [+ msg[i]]) & and) >> shift, with the
// parameters (sq, add, and, shift) read from r. Only the low 16 bits of the
// sum matter, and and < 2^16 clears the rest, so 32-bit lanes give the
// reference's 16-bit arithmetic. Straight-line and data-independent.
func roundKernel(message bool) {
	name, sig := "roundAVX2", "func(out *[256]int32, in *[256]int32, r *[4]uint32)"
	doc := "roundAVX2 sets out[i] = ((in[i]<<r[0] + r[1]) & r[2]) >> r[3], in constant time."
	if message {
		name, sig = "roundMessageAVX2", "func(out *[256]int32, in *[256]int32, msg *[256]uint16, r *[4]uint32)"
		doc = "roundMessageAVX2 sets out[i] = ((in[i]<<r[0] + r[1] + msg[i]) & r[2]) >> r[3], in constant time."
	}
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	Doc(doc)
	out := Load(Param("out"), GP64())
	in := Load(Param("in"), GP64())
	var msg Register
	if message {
		msg = Load(Param("msg"), GP64())
	}
	r := Load(Param("r"), GP64())
	sq, shift := XMM(), XMM()
	VMOVD(Mem{Base: r}, sq)
	VMOVD(Mem{Base: r, Disp: 12}, shift)
	add, and := YMM(), YMM()
	VPBROADCASTD(Mem{Base: r, Disp: 4}, add)
	VPBROADCASTD(Mem{Base: r, Disp: 8}, and)
	for g := range n / 8 {
		x := YMM()
		VMOVDQU(Mem{Base: in, Disp: 32 * g}, x)
		VPSLLD(sq, x, x)
		VPADDD(add, x, x)
		if message {
			m := YMM()
			VPMOVZXWD(Mem{Base: msg, Disp: 16 * g}, m)
			VPADDD(m, x, x)
		}
		VPAND(and, x, x)
		VPSRLD(shift, x, x)
		VMOVDQU(x, Mem{Base: out, Disp: 32 * g})
	}
	VZEROUPPER()
	RET()
}

// subMaskKernel emits subMaskAVX2(out, a, b *[256]int32, mask uint32):
// out[i] = (a[i] − b[i]) & mask, key generation's b = e − A·s in R_q.
// Straight-line and data-independent.
func subMaskKernel() {
	TEXT("subMaskAVX2", NOSPLIT, "func(out, a, b *[256]int32, mask uint32)")
	Pragma("noescape")
	Doc("subMaskAVX2 sets out[i] = (a[i] − b[i]) & mask, in constant time.")
	out := Load(Param("out"), GP64())
	a := Load(Param("a"), GP64())
	b := Load(Param("b"), GP64())
	mx := XMM()
	VMOVD(Load(Param("mask"), GP32()), mx)
	mask := YMM()
	VPBROADCASTD(mx, mask)
	for g := range n / 8 {
		x := YMM()
		VMOVDQU(Mem{Base: a, Disp: 32 * g}, x)
		VPSUBD(Mem{Base: b, Disp: 32 * g}, x, x)
		VPAND(mask, x, x)
		VMOVDQU(x, Mem{Base: out, Disp: 32 * g})
	}
	VZEROUPPER()
	RET()
}
