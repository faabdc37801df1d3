package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// width is one vector width of the kernels, with the few instructions
// whose forms differ between the two: AVX2's ymm registers of eight 32-bit
// lanes, or AVX-512's zmm registers of sixteen. Every kernel is generated
// once for each from the same code; the AVX-512 kernel's register is two
// AVX2 registers side by side, the lane-by-lane arithmetic is the same
// instruction on twice the lanes, and where the AVX2 kernel moves data
// between the 128-bit halves of a ymm register (VPERM2I128), the AVX-512
// one does the same within each 256-bit half of a zmm register (VPERMT2Q
// with an index vector), so that each half runs the AVX2 kernel's steps on
// its own data.
type width struct {
	name  string // the kernels' name suffix
	lanes int    // 32-bit lanes per register
	// odd is the mask of the odd lanes (AVX-512), set by begin: VPBLENDD
	// has no zmm form, VPBLENDMD with it takes its place.
	odd OpmaskVirtual
	// perm holds the index vectors of laneSwap (AVX-512), set by loadPerm.
	perm [2]VecVirtual
}

var (
	avx2   = &width{name: "AVX2", lanes: 8}
	avx512 = &width{name: "AVX512", lanes: 16}
)

// vw is the width of the kernel being generated.
var vw *width

func (w *width) is512() bool { return w.lanes == 16 }

// bytes is the size of one register.
func (w *width) bytes() int { return 4 * w.lanes }

// vec returns a new virtual vector register.
func (w *width) vec() VecVirtual {
	if w.is512() {
		return ZMM()
	}
	return YMM()
}

// begin opens the kernel name+suffix with signature sig and returns its
// name; at AVX-512 it sets the odd-lane mask.
func begin(name, sig string) string {
	name += vw.name
	TEXT(name, NOSPLIT, sig)
	Pragma("noescape")
	if vw.is512() {
		t := GP32()
		MOVL(U32(0xaaaa), t)
		vw.odd = K()
		KMOVW(t, vw.odd)
	}
	return name
}

func (w *width) load(m Mem, v VecVirtual) {
	if w.is512() {
		VMOVDQU32(m, v)
		return
	}
	VMOVDQU(m, v)
}

func (w *width) store(v VecVirtual, m Mem) {
	if w.is512() {
		VMOVDQU32(v, m)
		return
	}
	VMOVDQU(v, m)
}

// mov copies register src to dst.
func (w *width) mov(src, dst VecVirtual) {
	if w.is512() {
		VMOVDQA32(src, dst)
		return
	}
	VMOVDQA(src, dst)
}

// blendOdd sets dst to odd's odd lanes and even's even lanes.
func (w *width) blendOdd(odd, even, dst VecVirtual) {
	if w.is512() {
		VPBLENDMD(odd, even, w.odd, dst)
		return
	}
	VPBLENDD(U8(0xaa), odd, even, dst)
}

// and sets dst = a & b.
func (w *width) and(a, b, dst VecVirtual) {
	if w.is512() {
		VPANDD(a, b, dst)
		return
	}
	VPAND(a, b, dst)
}

// xor sets dst = a ^ b.
func (w *width) xor(a, b, dst VecVirtual) {
	if w.is512() {
		VPXORD(a, b, dst)
		return
	}
	VPXOR(a, b, dst)
}

// ones sets every bit of v.
func (w *width) ones(v VecVirtual) {
	if w.is512() {
		VPTERNLOGD(U8(0xff), v, v, v)
		return
	}
	VPCMPEQD(v, v, v)
}

// chunks is the number of the AVX2 kernels' 256-bit register contents a
// register holds: 1, or 2 at AVX-512.
func (w *width) chunks() int { return w.lanes / 8 }

// loadHalves loads v with the 32 bytes at disp from base, and at AVX-512
// its upper half with the 32 bytes stride bytes further on: the data of
// one AVX2 register, or of two side by side.
func (w *width) loadHalves(base Register, disp, stride int, v VecVirtual) {
	if !w.is512() {
		VMOVDQU(Mem{Base: base, Disp: disp}, v)
		return
	}
	VMOVDQU32(Mem{Base: base, Disp: disp}, v.AsY()) // EVEX: v may be Y16–Y31
	VINSERTI64X4(U8(1), Mem{Base: base, Disp: disp + stride}, v, v)
}

// storeHalves is loadHalves' store.
func (w *width) storeHalves(v VecVirtual, base Register, disp, stride int) {
	if !w.is512() {
		VMOVDQU(v, Mem{Base: base, Disp: disp})
		return
	}
	VMOVDQU32(v.AsY(), Mem{Base: base, Disp: disp})
	VEXTRACTI64X4(U8(1), v, Mem{Base: base, Disp: disp + stride})
}

// permTable is the AVX-512 kernels' qword index vectors for VPERMT2Q
// (indices from 8 on select the second source): the two of laneSwap, then
// the two of the CRT's output order (crtKernel).
var permTable Mem

var permVectors = [4][8]uint64{
	{0, 1, 8, 9, 4, 5, 12, 13},   // in each 256-bit half: a's low 128 bits, b's low
	{2, 3, 10, 11, 6, 7, 14, 15}, // a's high 128 bits, b's high
	{0, 1, 8, 9, 2, 3, 10, 11},   // a0 b0 a1 b1 of the 128-bit quarters
	{4, 5, 12, 13, 6, 7, 14, 15}, // a2 b2 a3 b3
}

func declarePermTable() {
	permTable = GLOBL("largePermAVX512", RODATA|NOPTR)
	for i, v := range permVectors {
		for j, x := range v {
			DATA(64*i+8*j, U64(x))
		}
	}
}

// loadPerm loads the index vectors i and i+1 of permTable into w.perm
// (AVX-512 only).
func (w *width) loadPerm(i int) {
	if !w.is512() {
		return
	}
	for j := range w.perm {
		w.perm[j] = ZMM()
		VMOVDQU64(permTable.Offset(64*(i+j)), w.perm[j])
	}
}

// laneSwap sets dst to VPERM2I128's $0x20 (hi false: a's low 128 bits,
// then b's) or $0x31 (hi: their high 128 bits) of a and b; at AVX-512, in
// each 256-bit half, by VPERMT2Q with the index vector perm[0] or perm[1]
// (loadPerm(0), or loadPerm(2) for the CRT's whole-register order).
func (w *width) laneSwap(hi bool, b, a, dst VecVirtual) {
	i, imm := 0, 0x20
	if hi {
		i, imm = 1, 0x31
	}
	if !w.is512() {
		VPERM2I128(U8(imm), b, a, dst)
		return
	}
	VMOVDQA64(a, dst)
	VPERMT2Q(b, w.perm[i], dst)
}
