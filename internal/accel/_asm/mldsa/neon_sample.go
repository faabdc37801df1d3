package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/a64"
	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// The rejection samplers on 32-bit lanes (RejNTTPoly and RejBoundedPoly,
// Algorithms 14, 15, 30 and 31, FIPS 204). Each decodes a chunk of
// candidates into registers of four lanes; per register, the 4-bit mask of
// accepted lanes indexes a 16-entry table of TBL controls that move the
// accepted lanes to the front, and the compacted register is stored at the
// fill level, which then grows by the mask's population count (a second
// table). A chunk is taken only while all its candidates fit below n, so
// the kernel accepts exactly what the portable kernel accepts from the
// same bytes; chunks of sixteen candidates run first, then chunks of four,
// and the portable kernel takes the last candidates. Registers: R0 a, R1
// the fill level, R2 buf, R3 its length, R4 the bytes consumed, R5 and R6
// the two tables, R7–R9 scratch; V16 and V17 the compaction.

// neonSampleFunc is the declaration of a rejection sampler named name.
func neonSampleFunc(name, what string, big, small, need int) a64.Func {
	return a64.Func{Name: name, Params: "a *[256]uint32, filled int, buf *byte, length int", Result: "(int, int)", Args: 48,
		Doc: fmt.Sprintf("%s appends to a, from index filled on, %s, taking %d-byte chunks while one fits in length and filled ≤ 240, then %d-byte ones while %d bytes remain and filled ≤ 252, and returns the new fill level and the number of bytes consumed.",
			name, what, big, small, need)}
}

// neonSampleStart loads the arguments and the compaction tables.
func neonSampleStart(f *a64.File, fn a64.Func) {
	f.Text(fn)
	f.Go("MOVD a+0(FP), R0")
	f.Go("MOVD filled+8(FP), R1")
	f.Go("MOVD buf+16(FP), R2")
	f.Go("MOVD length+24(FP), R3")
	f.Go("MOVD $0, R4")
	f.Go("MOVD $mldsaNEONCompact<>(SB), R5")
	f.Go("MOVD $mldsaNEONCompactCount<>(SB), R6")
}

// neonSampleLoop writes a loop over chunks of step bytes, each needing need
// bytes of buf and taking lanes candidates while the fill level is at most
// n − lanes; body gets R7 = buf + consumed.
func neonSampleLoop(f *a64.File, label, next string, step, need, lanes int, body func()) {
	f.Label(label)
	f.Go("CMP $%d, R1", n-lanes)
	f.Go("BGT %s", next)
	f.Go("ADD $%d, R4, R7", need)
	f.Go("CMP R3, R7")
	f.Go("BGT %s", next)
	f.Go("ADD R4, R2, R7")
	body()
	f.Go("ADD $%d, R4", step)
	f.Go("B %s", label)
}

// neonSampleFinish returns the fill level and the bytes consumed.
func neonSampleFinish(f *a64.File, label string) {
	f.Label(label)
	f.Go("MOVD R1, ret+32(FP)")
	f.Go("MOVD R4, ret1+40(FP)")
	f.Go("RET")
}

// neonCompactStore stores the lanes of v selected by the 4-bit mask in R7
// at a[filled…], in order, and adds their count to the fill level. The
// mask is the acceptance pattern, which only says how much of the stream
// was used: the table loads it indexes reveal nothing about the values.
func neonCompactStore(f *a64.File, v a64.VReg) {
	ctl, packed := a64.V(16), a64.V(17)
	f.Go("MOVBU (R6)(R7), R8")
	f.Go("ADD R7<<4, R5, R9")
	f.I(a64.LD1(1, a64.B16, ctl, a64.X(9), false), a64.TBL(a64.B16, packed, v, 1, ctl))
	f.Go("ADD R1<<2, R0, R9")
	f.I(a64.ST1(1, a64.B16, packed, a64.X(9), false))
	f.Go("ADD R8, R1")
}

// neonRejUniformKernel writes rejUniformNEON. Sixteen candidates come from
// 48 bytes: LD3 splits the three byte positions, the top bit of the third
// byte is cleared, and ZIPs with zero bytes build the 32-bit lanes; four
// candidates from 12 bytes (of 16 read) come from one TBL. CMHI by q marks
// the accepted lanes and a weighted ADDV makes the mask. The stream is
// SHAKE128 of the public ρ.
func neonRejUniformKernel(f *a64.File) a64.Func {
	fn := neonSampleFunc("rejUniformNEON", "the candidates of buf below q", 48, 12, 16)
	S4, B16, H8 := a64.S4, a64.B16, a64.H8
	c7f, zero, vq, weights, spread, c23 := a64.V(20), a64.V(21), a64.V(22), a64.V(23), a64.V(24), a64.V(25)
	neonSampleStart(f, fn)
	f.Go("MOVD $mldsaNEONLaneWeights<>(SB), R7")
	f.I(a64.LD1(1, S4, weights, a64.X(7), false))
	f.Go("MOVD $mldsaNEONRejUniformSpread<>(SB), R7")
	f.I(a64.LD1(1, B16, spread, a64.X(7), false))
	f.Go("MOVD $0x7f, R7")
	f.I(a64.DUP(B16, c7f, a64.X(7)), a64.EOR(B16, zero, zero, zero))
	f.Go("MOVD $%d, R7", q)
	f.I(a64.DUP(S4, vq, a64.X(7)))
	f.Go("MOVD $%d, R7", 1<<23-1)
	f.I(a64.DUP(S4, c23, a64.X(7)))
	keep := a64.V(18)
	compact := func(v a64.VReg) {
		f.I(a64.CMHI(S4, keep, vq, v), a64.AND(B16, keep, keep, weights), a64.ADDV(S4, keep, keep), a64.UMOV(S4, a64.X(7), keep, 0))
		neonCompactStore(f, v)
	}
	b0, b1, b2 := a64.V(0), a64.V(1), a64.V(2)
	lo01, hi01, lo2, hi2 := a64.V(3), a64.V(4), a64.V(5), a64.V(6)
	vs := []a64.VReg{a64.V(8), a64.V(9), a64.V(10), a64.V(11)}
	neonSampleLoop(f, "uniform16", "uniform4", 48, 48, 16, func() {
		f.I(a64.LD3(B16, b0, a64.X(7), false), a64.AND(B16, b2, b2, c7f))
		f.I(a64.ZIP1(B16, lo01, b0, b1), a64.ZIP2(B16, hi01, b0, b1), a64.ZIP1(B16, lo2, b2, zero), a64.ZIP2(B16, hi2, b2, zero))
		f.I(a64.ZIP1(H8, vs[0], lo01, lo2), a64.ZIP2(H8, vs[1], lo01, lo2), a64.ZIP1(H8, vs[2], hi01, hi2), a64.ZIP2(H8, vs[3], hi01, hi2))
		for _, v := range vs {
			compact(v)
		}
	})
	neonSampleLoop(f, "uniform4", "uniformdone", 12, 16, 4, func() {
		f.I(a64.LD1(1, B16, b0, a64.X(7), false), a64.TBL(B16, vs[0], b0, 1, spread), a64.AND(B16, vs[0], vs[0], c23))
		compact(vs[0])
	})
	neonSampleFinish(f, "uniformdone")
	return fn
}

// neonRejEtaKernel writes rejEta{2,4}NEON. The half-bytes z of 8 bytes
// (2 bytes for a chunk of four) are split with AND and USHR and put in
// stream order by ZIP1; CMHI marks those below the bound (15 or 9), and the
// marks weighted 1, 2, 4, 8 within each 32-bit lane are summed by a MUL by
// 0x01010101 into the lane's top byte. The coefficients are secret (s1,
// s2): each lane's value, η − z mod 5 (η = 2) or η − z reduced mod q, is
// looked up in registers, never in memory: a TBL spreads z to bytes 0–2 of
// its lane, plus 0, 16 and 32, and a 48-byte TBL over the three bytes of
// each value gives the lane's field element. As in the portable kernel only
// the acceptance pattern (the stores' addresses and the compaction table's
// index) is observable, and a rejected half-byte says nothing about the
// accepted ones, independent uniform draws.
func neonRejEtaKernel(f *a64.File, eta int) a64.Func {
	name := fmt.Sprintf("rejEta%dNEON", eta)
	fn := neonSampleFunc(name, fmt.Sprintf("the coefficients in [−%d, %d] that the half-bytes of buf give", eta, eta), 8, 2, 2)
	S4, B16, H8 := a64.S4, a64.B16, a64.H8
	bound := map[int]int{2: 15, 4: 9}[eta]
	values := fmt.Sprintf("mldsaNEONRejEta%dValues", eta)
	var vb [48]byte
	for z := range 16 {
		var v uint32
		if z < bound {
			c := eta - z
			if eta == 2 {
				c = 2 - z%5
			}
			v = uint32((c + q) % q)
		}
		vb[z], vb[16+z], vb[32+z] = byte(v), byte(v>>8), byte(v>>16)
	}
	f.Data32(values, bytesToWords(vb[:]))
	c0f, cBound, bweights, rep, offs := a64.V(20), a64.V(21), a64.V(22), a64.V(23), a64.V(24)
	spread := []a64.VReg{a64.V(25), a64.V(26), a64.V(27), a64.V(28)}
	table := a64.V(29) // V29–V31
	neonSampleStart(f, fn)
	f.Go("MOVD $%s<>(SB), R7", values)
	f.I(a64.LD1(3, B16, table, a64.X(7), false))
	f.Go("MOVD $mldsaNEONRejEtaSpread<>(SB), R7")
	f.I(a64.LD1(4, B16, spread[0], a64.X(7), true), a64.LD1(1, B16, offs, a64.X(7), true), a64.LD1(1, B16, bweights, a64.X(7), false))
	for _, c := range []struct {
		r a64.VReg
		a a64.Arr
		v int
	}{{c0f, B16, 15}, {cBound, B16, bound}, {rep, S4, 0x01010101}} {
		f.Go("MOVD $%d, R7", c.v)
		f.I(a64.DUP(c.a, c.r, a64.X(7)))
	}
	raw, lo, hi, z, accept, idx, v := a64.V(0), a64.V(1), a64.V(2), a64.V(3), a64.V(4), a64.V(5), a64.V(6)
	// chunk decodes the half-bytes in raw and stores the accepted values
	// of the first regs registers of four.
	chunk := func(regs int) {
		f.I(a64.AND(B16, lo, raw, c0f), a64.USHR(B16, hi, raw, 4), a64.ZIP1(B16, z, lo, hi))
		f.I(a64.CMHI(B16, accept, cBound, z), a64.AND(B16, accept, accept, bweights), a64.MUL(S4, accept, accept, rep), a64.USHR(S4, accept, accept, 24))
		for k := range regs {
			f.I(a64.TBL(B16, idx, z, 1, spread[k]), a64.ADD(B16, idx, idx, offs), a64.TBL(B16, v, table, 3, idx))
			f.I(a64.UMOV(S4, a64.X(7), accept, k))
			neonCompactStore(f, v)
		}
	}
	l16, l4, done := fmt.Sprintf("eta%d16", eta), fmt.Sprintf("eta%d4", eta), fmt.Sprintf("eta%ddone", eta)
	neonSampleLoop(f, l16, l4, 8, 8, 16, func() {
		f.I(a64.LDRD(raw, a64.X(7), 0))
		chunk(4)
	})
	neonSampleLoop(f, l4, done, 2, 2, 4, func() {
		f.Go("MOVHU (R7), R7")
		f.I(a64.DUP(H8, raw, a64.X(7)))
		chunk(1)
	})
	neonSampleFinish(f, done)
	return fn
}

// bytesToWords packs b (a multiple of 4 bytes) into little-endian words.
func bytesToWords(b []byte) []uint32 {
	w := make([]uint32, len(b)/4)
	for i := range w {
		w[i] = uint32(b[4*i]) | uint32(b[4*i+1])<<8 | uint32(b[4*i+2])<<16 | uint32(b[4*i+3])<<24
	}
	return w
}

// neonSampleTables writes the samplers' shared tables: for each 4-bit mask
// the TBL control moving the selected 32-bit lanes to the front (the rest
// zero) and its population count, the lane weights, the uniform sampler's
// 3-byte spread and the bounded samplers' spreads (lane j of register k
// takes half-byte 4k + j in bytes 0–2, byte 3 out of range after the
// offsets), offsets 0, 16, 32, 128 and byte weights 1, 2, 4, 8 per lane.
func neonSampleTables(f *a64.File) {
	var ctl [16 * 16]byte
	var counts [16]byte
	for m := range 16 {
		j := 0
		for i := range 16 {
			ctl[16*m+i] = 0xff
		}
		for k := range 4 {
			if m>>k&1 == 1 {
				for b := range 4 {
					ctl[16*m+4*j+b] = byte(4*k + b)
				}
				j++
			}
		}
		counts[m] = byte(j)
	}
	f.Data32("mldsaNEONCompact", bytesToWords(ctl[:]))
	f.Data32("mldsaNEONCompactCount", bytesToWords(counts[:]))
	f.Data32("mldsaNEONLaneWeights", []uint32{1, 2, 4, 8})
	var uspread [16]byte
	for j := range 4 {
		uspread[4*j], uspread[4*j+1], uspread[4*j+2], uspread[4*j+3] = byte(3*j), byte(3*j+1), byte(3*j+2), 0xff
	}
	f.Data32("mldsaNEONRejUniformSpread", bytesToWords(uspread[:]))
	var espread [16*4 + 16 + 16]byte
	for k := range 4 {
		for j := range 4 {
			for b := range 4 {
				e := byte(4*k + j)
				if b == 3 {
					e = 0xff
				}
				espread[16*k+4*j+b] = e
			}
		}
	}
	for j := range 4 {
		copy(espread[64+4*j:], []byte{0, 16, 32, 128})
		copy(espread[80+4*j:], []byte{1, 2, 4, 8})
	}
	f.Data32("mldsaNEONRejEtaSpread", bytesToWords(espread[:]))
}

// neonSamplingKernels writes the rejection samplers and returns their
// declarations and contract entries.
func neonSamplingKernels(f *a64.File) ([]a64.Func, []dispatch.Kernel) {
	uni := neonRejUniformKernel(f)
	eta2 := neonRejEtaKernel(f, 2)
	eta4 := neonRejEtaKernel(f, 4)
	neonSampleTables(f)
	return []a64.Func{uni, eta2, eta4}, []dispatch.Kernel{
		{Hook: "rejUniformArch", Impls: neonLevels(uni.Name)},
		{Hook: "rejEtaArch", Variants: []dispatch.Variant{
			{Value: "2", Impls: neonLevels(eta2.Name)}, {Value: "4", Impls: neonLevels(eta4.Name)}}},
	}
}
