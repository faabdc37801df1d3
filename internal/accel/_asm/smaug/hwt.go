package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/vec"
)

// The two data-parallel passes of the HWT sampler (hwtFromStream in
// sample.go); the spare pass and the placement count between them stay in
// Go. Only multiplications, shifts, masks, compares into masks and sign
// operations touch the secret samples, so both kernels are constant time.

// hwtFirstKernel emits hwtFirstAVX2(index, pending *[256]uint32,
// samples *[512]byte) int: for each i, m = sample_i·(256 − i),
// index[i] = m >> 16 and pending[i] = all ones if m mod 2^16 is below
// 2^16 mod (256 − i) (Lemire's rejection), else 0; it returns the number of
// rejections.
func hwtFirstKernel() {
	TEXT("hwtFirstAVX2", NOSPLIT, "func(index, pending *[256]uint32, samples *[512]byte) int")
	Pragma("noescape")
	Doc("hwtFirstAVX2 tries the first 256 samples of the HWT sampler (see hwtFromStream): index[i] and the rejection mask pending[i], in constant time; it returns the number of rejections.")
	index := Load(Param("index"), GP64())
	pending := Load(Param("pending"), GP64())
	samples := Load(Param("samples"), GP64())
	var bounds, thresholds []uint32
	for i := range n {
		s := uint32(n - i)
		bounds = append(bounds, s)
		thresholds = append(thresholds, (1<<16)%s)
	}
	boundT := vec.Table32("hwtBoundsAVX2", bounds)
	thresholdT := vec.Table32("hwtThresholdsAVX2", thresholds)
	low := vec.Broadcast32(0xffff)
	acc := YMM()
	VPXOR(acc, acc, acc)
	base, tb := GP64(), GP64()
	LEAQ(boundT, base)
	LEAQ(thresholdT, tb)
	for g := range n / 8 {
		y, m, t, thr := YMM(), YMM(), YMM(), YMM()
		VPMOVZXWD(Mem{Base: samples, Disp: 16 * g}, y)
		VPMULLD(Mem{Base: base, Disp: 32 * g}, y, m)
		VMOVDQU(Mem{Base: tb, Disp: 32 * g}, thr)
		VPAND(low, m, t)
		VPCMPGTD(t, thr, t) // threshold > low 16 bits: rejected
		VPSRLD(U8(16), m, m)
		VMOVDQU(m, Mem{Base: index, Disp: 32 * g})
		VMOVDQU(t, Mem{Base: pending, Disp: 32 * g})
		VPSUBD(t, acc, acc) // one per rejection
	}
	hi := XMM()
	VEXTRACTI128(U8(1), acc, hi)
	VPADDD(hi, acc.AsX(), hi)
	sh := XMM()
	VPSHUFD(U8(0x4e), hi, sh)
	VPADDD(sh, hi, hi)
	VPSHUFD(U8(0xb1), hi, sh)
	VPADDD(sh, hi, hi)
	count := GP32()
	VMOVD(hi, count) // zero-extends into the 64-bit register
	VZEROUPPER()
	Store(count.As64(), ReturnIndex(0))
	RET()
}

// hwtSignsKernel emits hwtSignsAVX2(out *[256]int32, nonZero *[256]int32,
// sign *[64]byte): out[i] = nonZero[i]·(−1)^(1−bit) with bit (i/16)%8 of
// byte 16·(i/128) + i%16 of sign, for nonZero[i] in {0, 1}.
func hwtSignsKernel() {
	TEXT("hwtSignsAVX2", NOSPLIT, "func(out *[256]int32, nonZero *[256]int32, sign *[64]byte)")
	Pragma("noescape")
	Doc("hwtSignsAVX2 gives the HWT's non-zero coefficients their signs (see hwtFromStream), in constant time.")
	out := Load(Param("out"), GP64())
	nonZero := Load(Param("nonZero"), GP64())
	sign := Load(Param("sign"), GP64())
	one := vec.Broadcast32(1)
	var bytes [2][2]VecVirtual
	for half := range 2 {
		for jh := range 2 {
			bytes[half][jh] = YMM()
			VPMOVZXBD(Mem{Base: sign, Disp: 16*half + 8*jh}, bytes[half][jh])
		}
	}
	for half := range 2 {
		for shift := range 8 {
			for jh := range 2 {
				i := 128*half + 16*shift + 8*jh
				v, z := YMM(), YMM()
				VPSRLD(U8(shift), bytes[half][jh], v)
				VPAND(one, v, v)
				VPADDD(v, v, v)
				VPSUBD(one, v, v) // 2·bit − 1
				VMOVDQU(Mem{Base: nonZero, Disp: 4 * i}, z)
				VPSIGND(v, z, z)
				VMOVDQU(z, Mem{Base: out, Disp: 4 * i})
			}
		}
	}
	VZEROUPPER()
	RET()
}
