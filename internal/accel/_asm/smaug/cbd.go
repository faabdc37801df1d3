package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/vec"
)

// The ephemeral samplers (the reference's poly_cbd): bit groups of the
// SHAKE256 output become coefficients in {−1, 0, 1}. Each step broadcasts
// the 32-bit little-endian word holding eight (or sixteen) groups to every
// lane, shifts lane j by its group's offset (VPSRLVD), and combines the low
// bits: only shifts, masks and subtractions touch the secret bits, so the
// kernels are constant time.

// cbdKind is one of the three distributions.
type cbdKind struct {
	name  string
	bytes int // length of the input buffer: the groups' n·bits/8 bytes, 128 for cbd3 (see cbdKernel)
	step  int // input bytes per broadcast word: 3 (eight 3-bit groups) or 4
	bits  int // bits per group
}

var cbdKinds = []cbdKind{
	{"cbd3", 128, 3, 3},
	{"cbd1", 64, 4, 2},
	{"cbd4", 128, 4, 4},
}

// cbdKernel emits <kind>AVX2(r *[256]int32, b *[bytes]byte). For cbd3 the
// last step reads one byte past the 96 bytes of groups, so its input is a
// 128-byte buffer.
func cbdKernel(k cbdKind) {
	name := k.name + "AVX2"
	TEXT(name, NOSPLIT, "func(r *[256]int32, b *["+itoa(k.bytes)+"]byte)")
	Pragma("noescape")
	Doc(name + " sets r to the ephemeral polynomial of the group bits in b (see sampleEphemeral), in constant time.")
	r := Load(Param("r"), GP64())
	b := Load(Param("b"), GP64())
	one := vec.Broadcast32(1)
	var shifts []uint32
	for j := range 8 {
		shifts = append(shifts, uint32(k.bits*j))
	}
	shift := YMM()
	VMOVDQU(vec.Table32(k.name+"ShiftsAVX2", shifts), shift)
	sixteen := vec.Broadcast32(16) // cbd1's second eight groups: 16 bits further
	words := 32
	if k.bits == 2 {
		words = 16
	}
	for w := range words {
		x := YMM()
		VPBROADCASTD(Mem{Base: b, Disp: k.step * w}, x)
		halves := 1
		if k.bits == 2 {
			halves = 2
		}
		for h := range halves {
			g, t, u := YMM(), YMM(), YMM()
			VPSRLVD(shift, x, g)
			if h == 1 {
				VPSRLVD(sixteen, g, g)
			}
			switch k.bits {
			case 2: // b0 − b1
				VPSRLD(U8(1), g, t)
				VPAND(one, g, g)
				VPAND(one, t, t)
				VPSUBD(t, g, g)
			case 3: // nz = b0·b1, neg = nz·b2: nz − 2·neg
				VPSRLD(U8(1), g, t)
				VPAND(g, t, t)
				VPAND(one, t, t)
				VPSRLD(U8(2), g, u)
				VPAND(t, u, u)
				VPADDD(u, u, u)
				VPSUBD(u, t, g)
			case 4: // nz = (b0 ∨ b1)·b2, neg = nz·b3
				VPSRLD(U8(1), g, t)
				VPOR(g, t, t)
				VPSRLD(U8(2), g, u)
				VPAND(u, t, t)
				VPAND(one, t, t)
				VPSRLD(U8(3), g, u)
				VPAND(t, u, u)
				VPADDD(u, u, u)
				VPSUBD(u, t, g)
			}
			off := 8 * w
			if k.bits == 2 {
				off = 16*w + 8*h
			}
			VMOVDQU(g, Mem{Base: r, Disp: 4 * off})
		}
	}
	VZEROUPPER()
	RET()
}
