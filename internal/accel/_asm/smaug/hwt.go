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

// hwtSignsKernel emits hwtSignsAVX2(out *[256]int32, isZero *[256]int32,
// sign *[64]byte): out[i] = (1 + isZero[i])·(−1)^(1−bit) with bit (i/16)%8
// of byte 16·(i/128) + i%16 of sign, for isZero[i] in {−1, 0}; out may be
// isZero.
func hwtSignsKernel() {
	TEXT("hwtSignsAVX2", NOSPLIT, "func(out *[256]int32, isZero *[256]int32, sign *[64]byte)")
	Pragma("noescape")
	Doc("hwtSignsAVX2 gives the HWT's non-zero coefficients their signs (see hwtFromStream), in constant time.")
	out := Load(Param("out"), GP64())
	isZero := Load(Param("isZero"), GP64())
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
				VMOVDQU(Mem{Base: isZero, Disp: 4 * i}, z)
				VPADDD(one, z, z) // 1 + isZero: 0 or 1
				VPSIGND(v, z, z)
				VMOVDQU(z, Mem{Base: out, Disp: 4 * i})
			}
		}
	}
	VZEROUPPER()
	RET()
}

// hwtSparesKernel emits hwtSparesAVX2(index, pending *[256]uint32,
// spares *[104]byte, rejected int) int, the HWT's spare pass
// (hwtSparesGeneric): while rejected positions remain, spare t (in order)
// is tried at the lowest pending position c with its bound 256 − c and,
// if accepted, written to index[c] and c leaves the pending set; it
// returns the number of positions still pending, 0 unless the 52 spares run
// out first.
//
// The pending set lives as a 256-bit mask in four general registers. Its
// lowest position comes from TZCNT and CMOV, the bound's threshold
// 2^16 mod (256 − c) from a 17-step restoring division by SUB and CMOV,
// the acceptance from a compare into a borrow mask, and the write from a
// pass over all 32 groups of index that compares each lane's position with
// the target (c if accepted, 256 otherwise) and blends: no branch or
// address depends on c, the samples or the verdicts. TZCNT, CMOV, IMUL and
// SBB take a time independent of their operands (they are on Intel's
// data-operand-independent-timing list; AMD documents fixed latencies). The
// loop runs once per spare consumed, which is public (see hwtFromStream).
func hwtSparesKernel() {
	TEXT("hwtSparesAVX2", NOSPLIT, "func(index, pending *[256]uint32, spares *[104]byte, rejected int) int")
	Pragma("noescape")
	Doc("hwtSparesAVX2 is the HWT's spare pass (see hwtSparesGeneric), in constant time but for the number of spares it uses; it returns the number of positions still pending, 0 unless they run out.")
	index := Load(Param("index"), GP64())
	pending := Load(Param("pending"), GP64())
	spares := Load(Param("spares"), GP64())
	rejected := Load(Param("rejected"), GP64())

	// The pending mask: bit i of word w is lane 64w + i of pending.
	var words [4]GPVirtual
	for w := range 4 {
		words[w] = GP64()
		XORQ(words[w], words[w])
		for q := range 8 {
			g := 8*w + q
			y := YMM()
			VMOVDQU(Mem{Base: pending, Disp: 32 * g}, y)
			bits := GP32()
			VMOVMSKPS(y, bits)
			if q > 0 {
				SHLQ(U8(8*q), bits.As64())
			}
			ORQ(bits.As64(), words[w])
		}
	}
	var iota []uint32
	for i := range n {
		iota = append(iota, uint32(i))
	}
	lanes := GP64()
	LEAQ(vec.Table32("hwtLanesAVX2", iota), lanes)

	t := GP64()
	XORQ(t, t)
	Label("hwtSpareLoop")
	TESTQ(rejected, rejected)
	JZ(LabelRef("hwtSparesDone"))
	CMPQ(t, U8(52))
	JAE(LabelRef("hwtSparesDone"))

	// c: the lowest set bit of the mask, which is not empty here.
	var tz [4]GPVirtual
	for w := range 4 {
		tz[w] = GP64()
		TZCNTQ(words[w], tz[w])
		if w > 0 {
			ADDQ(U32(64*w), tz[w])
		}
	}
	c := tz[3]
	for w := 2; w >= 0; w-- {
		TESTQ(words[w], words[w])
		CMOVQNE(tz[w], c)
	}

	// m = y·(256 − c) and the threshold 2^16 mod (256 − c).
	bound := GP64()
	MOVQ(U32(n), bound)
	SUBQ(c, bound)
	y := GP64()
	MOVWQZX(Mem{Base: spares, Index: t, Scale: 2}, y)
	m := GP64()
	MOVQ(y, m)
	IMULQ(bound, m)
	r, d := GP64(), GP64()
	MOVQ(U32(1), r)
	for step := range 17 {
		if step > 0 {
			ADDQ(r, r)
		}
		MOVQ(r, d)
		SUBQ(bound, d)
		CMOVQCC(d, r) // r ≥ bound: r − bound
	}

	// Accepted unless the low 16 bits of m fall below the threshold; the
	// target lane is c if accepted and 256 (no lane) otherwise.
	low := GP64()
	MOVWQZX(m.As16(), low)
	none, rej := GP64(), GP64()
	MOVQ(U32(n), none)
	CMPQ(low, r) // borrow if rejected
	CMOVQCS(none, c)
	SBBQ(rej, rej) // all ones if rejected, else 0 (whatever rej held)
	SHRQ(U8(16), m)

	cx, mx := XMM(), XMM()
	MOVQ(c, cx)
	MOVQ(m, mx)
	cv, mv := YMM(), YMM()
	VPBROADCASTD(cx, cv)
	VPBROADCASTD(mx, mv)
	for g := range n / 8 {
		hit, x := YMM(), YMM()
		VPCMPEQD(Mem{Base: lanes, Disp: 32 * g}, cv, hit)
		VMOVDQU(Mem{Base: index, Disp: 32 * g}, x)
		VPBLENDVB(hit, mv, x, x)
		VMOVDQU(x, Mem{Base: index, Disp: 32 * g})
	}

	// If accepted, the lowest bit leaves the mask: mask & (mask − 1), the
	// subtraction borrowing across the four words, kept where rejected.
	var dec [4]GPVirtual
	for w := range 4 {
		dec[w] = GP64()
		MOVQ(words[w], dec[w])
	}
	SUBQ(U8(1), dec[0])
	for w := 1; w < 4; w++ {
		SBBQ(U8(0), dec[w])
	}
	for w := range 4 {
		ORQ(rej, dec[w])
		ANDQ(dec[w], words[w])
	}
	ADDQ(U8(1), rej) // 1 if accepted, 0 if rejected
	SUBQ(rej, rejected)
	INCQ(t)
	JMP(LabelRef("hwtSpareLoop"))

	Label("hwtSparesDone")
	VZEROUPPER()
	Store(rejected, ReturnIndex(0))
	RET()
}

// hwtZerosKernel emits hwtZerosAVX2(isZero *[256]int32,
// index *[256]uint32, zeros int32), the HWT's placement count
// (hwtZerosGeneric): coefficient i is zero (isZero[i] = −1, and one zero
// fewer is left to place) if index[i] is below the zeros still to place,
// else isZero[i] = 0. Each step is a compare into the borrow, SBB, ADD and
// a store; the count depends on the previous step, so the 256 steps run in
// order, unrolled, with no branch.
func hwtZerosKernel() {
	TEXT("hwtZerosAVX2", NOSPLIT, "func(isZero *[256]int32, index *[256]uint32, zeros int32)")
	Pragma("noescape")
	Doc("hwtZerosAVX2 is the HWT's placement count (see hwtZerosGeneric), in constant time.")
	isZero := Load(Param("isZero"), GP64())
	index := Load(Param("index"), GP64())
	zeros := Load(Param("zeros"), GP32())
	z := GP32()
	for i := range n {
		CMPL(Mem{Base: index, Disp: 4 * i}, zeros) // borrow if index[i] < zeros
		SBBL(z, z)                                 // −1 if zero, else 0, whatever z held
		ADDL(z, zeros)
		MOVL(z, Mem{Base: isZero, Disp: 4 * i})
	}
	RET()
}
