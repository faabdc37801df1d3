package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// neonUnpackKernel writes an unpacking of bits-bit values (offset 0: the
// values; else offset − value mod q), four per step: the step's bits/2
// bytes are loaded as sixteen, TBL gathers for lane j the four bytes from
// bit j·bits on, USHL shifts the value down and an AND masks it. The last
// steps, whose sixteen bytes would run past the packing, take theirs from
// the packing's last sixteen bytes with the TBL indexes moved up, so the
// kernel reads exactly the packing (indexes past it give zero bytes, which
// the mask drops).
func neonUnpackKernel(f *a64.File, name string, bits, offset int) a64.Func {
	fn := a64.Func{Name: name, Params: "out *[256]uint32, in *byte", Args: 16,
		Doc: fmt.Sprintf("%s sets out to the %d-bit unpacking of in (offset %d) from the 32·%d bytes at in: the result of unpackPoly.", name, bits, offset, bits)}
	S4, B16 := a64.S4, a64.B16
	idx, sh, mask, off, vq := a64.V(24), a64.V(25), a64.V(26), a64.V(27), a64.V(28)
	var ib [16]byte
	var shifts [4]uint32
	for j := range 4 {
		for b := range 4 {
			ib[4*j+b] = byte(j*bits/8 + b)
		}
		shifts[j] = uint32(-(j * bits % 8))
	}
	table := fmt.Sprintf("mldsaNEONUnpack%d", bits)
	f.Data32(table, []uint32{
		uint32(ib[0]) | uint32(ib[1])<<8 | uint32(ib[2])<<16 | uint32(ib[3])<<24,
		uint32(ib[4]) | uint32(ib[5])<<8 | uint32(ib[6])<<16 | uint32(ib[7])<<24,
		uint32(ib[8]) | uint32(ib[9])<<8 | uint32(ib[10])<<16 | uint32(ib[11])<<24,
		uint32(ib[12]) | uint32(ib[13])<<8 | uint32(ib[14])<<16 | uint32(ib[15])<<24,
		shifts[0], shifts[1], shifts[2], shifts[3],
	})
	f.Text(fn)
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD in+8(FP), R1")
	f.Go("MOVD $%s<>(SB), R3", table)
	f.I(a64.LD1(2, S4, idx, a64.X(3), false))
	f.Go("MOVD $%d, R3", 1<<bits-1)
	f.I(a64.DUP(S4, mask, a64.X(3)))
	f.Go("MOVD $%d, R3", offset)
	f.I(a64.DUP(S4, off, a64.X(3)))
	f.Go("MOVD $%d, R3", q)
	f.I(a64.DUP(S4, vq, a64.X(3)))
	total, step := 32*bits, bits/2
	whole := (total-16)/step + 1 // steps whose sixteen bytes lie in the packing
	f.Go("MOVD $%d, R2", whole)
	label := "unpack" + fmt.Sprint(bits)
	x, v, t, moved := a64.V(0), a64.V(1), a64.V(2), a64.V(3)
	unpack := func(idx a64.VReg) {
		f.I(a64.TBL(B16, v, x, 1, idx), a64.USHL(S4, v, v, sh), a64.AND(B16, v, v, mask))
		if offset != 0 {
			f.I(a64.SUB(S4, v, off, v), a64.SSHR(S4, t, v, 31), a64.AND(B16, t, t, vq), a64.ADD(S4, v, v, t))
		}
		f.I(a64.ST1(1, S4, v, a64.X(0), true))
	}
	f.Label(label)
	f.I(a64.LD1(1, B16, x, a64.X(1), false))
	unpack(idx)
	f.Go("ADD $%d, R1", step)
	f.Go("SUBS $1, R2")
	f.Go("BNE %s", label)
	f.Go("SUB $%d, R1", whole*step-(total-16))
	f.I(a64.LD1(1, B16, x, a64.X(1), false))
	for i := whole; i < 64; i++ {
		f.Go("MOVD $%d, R3", i*step-(total-16))
		f.I(a64.DUP(B16, moved, a64.X(3)), a64.ADD(B16, moved, moved, idx))
		unpack(moved)
	}
	f.Go("RET")
	return fn
}

// neonPack4Kernel writes pack4NEON: 32 coefficients below 16 per step,
// narrowed to bytes (UZP1), split into even and odd ones and joined
// two to a byte (SLI).
func neonPack4Kernel(f *a64.File) a64.Func {
	fn := a64.Func{Name: "pack4NEON", Params: "out *byte, f *[256]uint32", Args: 16,
		Doc: "pack4NEON writes the 4-bit packing of f, whose coefficients are below 2^4, to out: the result of packPoly without an offset."}
	S4, H8, B16 := a64.S4, a64.H8, a64.B16
	f.Text(fn)
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD f+8(FP), R1")
	f.Go("MOVD $8, R2")
	f.Label("pack4")
	f.I(a64.LD1(4, S4, a64.V(0), a64.X(1), true), a64.LD1(4, S4, a64.V(4), a64.X(1), true))
	for i := range 4 {
		f.I(a64.UZP1(H8, a64.V(8+i), a64.V(2*i), a64.V(2*i+1)))
	}
	f.I(a64.UZP1(B16, a64.V(12), a64.V(8), a64.V(9)), a64.UZP1(B16, a64.V(13), a64.V(10), a64.V(11)))
	f.I(a64.UZP1(B16, a64.V(14), a64.V(12), a64.V(13)), a64.UZP2(B16, a64.V(15), a64.V(12), a64.V(13)))
	f.I(a64.SLI(B16, a64.V(14), a64.V(15), 4), a64.ST1(1, B16, a64.V(14), a64.X(0), true))
	f.Go("SUBS $1, R2")
	f.Go("BNE pack4")
	f.Go("RET")
	return fn
}

// neonPackKernel writes a packing of bits-bit values (3 ≤ bits ≤ 20;
// offset 0: the coefficients, else offset − coefficient mod q), eight per
// step into bits bytes: USHL moves coefficient j up by j·bits mod 8 within
// its lane, so that its bytes line up with the output bytes from
// ⌊j·bits/8⌋ on; every output byte has bits of at most two coefficients
// (four at 3 bits), so one TBL over the eight lanes per contributor
// (the lowest, the next, …) joined by ORR gives 16 output bytes, and for
// bits > 16 as many more give the rest. Exactly bits bytes are stored per
// step.
func neonPackKernel(f *a64.File, name string, bits, offset int) a64.Func {
	fn := a64.Func{Name: name, Params: "out *byte, f *[256]uint32", Args: 16,
		Doc: fmt.Sprintf("%s writes the %d-bit packing of f (offset %d) to the 32·%d bytes at out: the result of packPoly.", name, bits, offset, bits)}
	S4, B16 := a64.S4, a64.B16
	var shifts [8]uint32
	var ctl [2][4][16]byte // [output register][contributor, lowest first][byte]
	for i := range ctl {
		for c := range ctl[i] {
			for k := range ctl[i][c] {
				ctl[i][c][k] = 0xff
			}
		}
	}
	contributors := 1
	for j := range 8 {
		shifts[j] = uint32(j * bits % 8)
		first := j * bits / 8
		for k := first; k <= (j*bits+bits-1)/8; k++ {
			c := 0
			for c < len(ctl[k/16]) && ctl[k/16][c][k%16] != 0xff {
				c++
			}
			if c == len(ctl[k/16]) {
				panic("neonPackKernel: a byte of five coefficients")
			}
			ctl[k/16][c][k%16] = byte(4*j + k - first)
			contributors = max(contributors, c+1)
		}
	}
	contributors = max(contributors, 2)
	outRegs := (bits + 15) / 16
	if outRegs*contributors > 4 {
		panic("neonPackKernel: more than four TBL controls")
	}
	table := fmt.Sprintf("mldsaNEONPack%d", bits)
	var data []byte
	for i := range outRegs {
		for c := range contributors {
			data = append(data, ctl[i][c][:]...)
		}
	}
	data = append(data, bytesOf(shifts[:])...)
	f.Data32(table, bytesToWords(data))
	ctlRegs := a64.V(20) // V20… : the controls, then the two shift vectors
	sh := a64.V(20 + contributors*outRegs)
	off, vq := a64.V(26), a64.V(27)
	f.Text(fn)
	f.Go("MOVD out+0(FP), R0")
	f.Go("MOVD f+8(FP), R1")
	f.Go("MOVD $%s<>(SB), R3", table)
	f.I(a64.LD1(contributors*outRegs, B16, ctlRegs, a64.X(3), true), a64.LD1(2, S4, sh, a64.X(3), false))
	f.Go("MOVD $%d, R3", offset)
	f.I(a64.DUP(S4, off, a64.X(3)))
	f.Go("MOVD $%d, R3", q)
	f.I(a64.DUP(S4, vq, a64.X(3)))
	f.Go("MOVD $32, R2")
	label := fmt.Sprintf("pack%d", bits)
	f.Label(label)
	f.I(a64.LD1(2, S4, a64.V(0), a64.X(1), true))
	for i := range 2 {
		v, t := a64.V(i), a64.V(2+i)
		if offset != 0 {
			f.I(a64.SUB(S4, v, off, v), a64.SSHR(S4, t, v, 31), a64.AND(B16, t, t, vq), a64.ADD(S4, v, v, t))
		}
		f.I(a64.USHL(S4, v, v, a64.V(int(sh)+i)))
	}
	for i := range outRegs {
		o, t := a64.V(4+i), a64.V(6)
		f.I(a64.TBL(B16, o, a64.V(0), 2, a64.V(int(ctlRegs)+contributors*i)))
		for c := 1; c < contributors; c++ {
			f.I(a64.TBL(B16, t, a64.V(0), 2, a64.V(int(ctlRegs)+contributors*i+c)), a64.ORR(B16, o, o, t))
		}
	}
	neonStoreBytes(f, a64.V(4), a64.V(5), bits)
	f.Go("ADD $%d, R0", bits)
	f.Go("SUBS $1, R2")
	f.Go("BNE %s", label)
	f.Go("RET")
	return fn
}

// neonStoreBytes stores the first n bytes (n ≤ 32) of lo, then hi, at R0,
// using R8 for the pieces below 16 bytes.
func neonStoreBytes(f *a64.File, lo, hi a64.VReg, n int) {
	pos := 0
	if n >= 16 {
		f.I(a64.ST1(1, a64.B16, lo, a64.X(0), false))
		pos, n, lo = 16, n-16, hi
	}
	for lane := 0; n > 0; lane++ {
		f.I(a64.UMOV(a64.D2, a64.X(8), lo, lane))
		if n >= 8 {
			f.Go("MOVD R8, %d(R0)", pos)
			pos, n = pos+8, n-8
			continue
		}
		for _, piece := range []struct {
			size int
			mov  string
		}{{4, "MOVW"}, {2, "MOVH"}, {1, "MOVB"}} {
			if n >= piece.size {
				f.Go("%s R8, %d(R0)", piece.mov, pos)
				pos, n = pos+piece.size, n-piece.size
				if n > 0 {
					f.Go("LSR $%d, R8", 8*piece.size)
				}
			}
		}
	}
}

// bytesOf is the little-endian bytes of words.
func bytesOf(words []uint32) []byte {
	var b []byte
	for _, w := range words {
		b = append(b, byte(w), byte(w>>8), byte(w>>16), byte(w>>24))
	}
	return b
}

// neonPackingKernels writes the packing kernels and returns their
// declarations and contract entries.
func neonPackingKernels(f *a64.File) ([]a64.Func, []dispatch.Kernel) {
	z18 := neonUnpackKernel(f, "unpackZ18NEON", 18, 1<<17)
	z20 := neonUnpackKernel(f, "unpackZ20NEON", 20, 1<<19)
	t1 := neonUnpackKernel(f, "unpack10NEON", 10, 0)
	p4 := neonPack4Kernel(f)
	p6 := neonPackKernel(f, "pack6NEON", 6, 0)
	p10 := neonPackKernel(f, "pack10NEON", 10, 0)
	pz18 := neonPackKernel(f, "packZ18NEON", 18, 1<<17)
	pz20 := neonPackKernel(f, "packZ20NEON", 20, 1<<19)
	pt0 := neonPackKernel(f, "packT0NEON", 13, 1<<12)
	pe2 := neonPackKernel(f, "packEta2NEON", 3, 2)
	pe4 := neonPackKernel(f, "packEta4NEON", 4, 4)
	return []a64.Func{z18, z20, t1, p4, p6, p10, pz18, pz20, pt0, pe2, pe4}, []dispatch.Kernel{
		{Hook: "unpackZArch", Variants: []dispatch.Variant{
			{Value: "18", Impls: neonLevels(z18.Name)}, {Value: "20", Impls: neonLevels(z20.Name)}}},
		{Hook: "unpackT1Arch", Impls: neonLevels(t1.Name)},
		{Hook: "packW1Arch", Variants: []dispatch.Variant{
			{Value: "4", Impls: neonLevels(p4.Name)}, {Value: "6", Impls: neonLevels(p6.Name)}}},
		{Hook: "pack10Arch", Impls: neonLevels(p10.Name)},
		{Hook: "packZArch", Variants: []dispatch.Variant{
			{Value: "18", Impls: neonLevels(pz18.Name)}, {Value: "20", Impls: neonLevels(pz20.Name)}}},
		{Hook: "packT0Arch", Impls: neonLevels(pt0.Name)},
		{Hook: "packEtaArch", Variants: []dispatch.Variant{
			{Value: "3", Impls: neonLevels(pe2.Name)}, {Value: "4", Impls: neonLevels(pe4.Name)}}},
	}
}
