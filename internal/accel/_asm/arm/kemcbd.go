package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/a32"

// The ML-KEM centred binomial samplers (FIPS 203, Algorithm 8), in constant
// time: masks and population counts (VCNT) turn the bytes into the
// differences x − y as signed bytes, VMOVL.S8 widens them, and
// min(c, c + q) on unsigned 16-bit lanes (the unsigned minimum of kemlanes.go)
// maps the negative ones to c + q, equal to the Go twin's fieldSub bit for
// bit.
//
//   - η = 2: each byte holds two coefficients, the low nibble's bit pairs
//     being x and y of the even one; 16 bytes a step, their even and odd
//     coefficients interleaved again by VST2.
//   - η = 3: each three bytes hold four coefficients of six bits. VLD3
//     splits 48 bytes into the first, second and third bytes of 16 groups;
//     shifts and shift-inserts rebuild the four 6-bit units of each group
//     in bytes (bits above the unit are ignored), whose low and high three
//     bits are x and y; VST4 interleaves the four units again.

// kemCBDReduce widens the signed byte differences in the two halves of c
// into lo and hi and maps them to [0, q); qv holds q in every 16-bit lane.
func kemCBDReduce(f *fn, c, lo, hi, qv, tmp Q) {
	f.I(a32.VMOVLS8(lo, c.Lo()), a32.VMOVLS8(hi, c.Hi()))
	for _, x := range []Q{lo, hi} {
		f.I(a32.VADD(16, tmp, x, qv), a32.VMINU(16, x, x, tmp))
	}
}

// kemBytes repeats the byte v over one Q register of 16-bit table entries.
func kemBytes(v int64) []int64 { return repeat([]int64{v | v<<8}, 8) }

func kemCBDEta2(p *program) {
	var tab []int64
	for _, m := range []int64{0x03, 0x0c, 0x30, 0xc0} {
		tab = append(tab, kemBytes(m)...)
	}
	tab = append(tab, repeat([]int64{kemQ}, 8)...)
	sym := p.data("kemCBDEta2Table", 16, tab)
	f := p.function("cbdEta2NEON", "f *[256]uint16, b *[128]byte", 8,
		"sets f to SamplePolyCBD_2(b) (FIPS 203, Algorithm 8), coefficients in [0, q), in constant time.")
	f.loadArgs("f", "b")
	f.op("MOVW $%s, R2", sym)
	f.I(a32.VLD1(16, 22, 4, a32.Inc(2)), a32.VLD1(16, 26, 4, a32.Inc(2)), a32.VLD1(16, 30, 2, a32.At(2)))
	x0, y0, x1, y1, qv := a32.Q(11), a32.Q(12), a32.Q(13), a32.Q(14), a32.Q(15)
	f.op("MOVW $8, R3")
	f.label("cbd2")
	f.I(a32.VLD1(8, 0, 2, a32.Inc(1)))
	f.I(a32.VAND(1, 0, x0), a32.VAND(2, 0, y0), a32.VAND(3, 0, x1), a32.VAND(0, 0, y1))
	f.I(a32.VCNT(1, 1), a32.VCNT(2, 2), a32.VCNT(3, 3), a32.VCNT(0, 0))
	f.I(a32.VSUB(8, 1, 1, 2), a32.VSUB(8, 3, 3, 0))
	// q4, q5: coefficients 0–15 (even, odd); q6, q7: 16–31.
	kemCBDReduce(f, 1, 4, 6, qv, 8)
	kemCBDReduce(f, 3, 5, 7, qv, 8)
	f.I(a32.VST2(16, 4, a32.Inc(0)), a32.VST2(16, 6, a32.Inc(0)))
	f.countDown(3, "cbd2")
}

func kemCBDEta3(p *program) {
	var tab []int64
	tab = append(tab, kemBytes(0x07)...)
	tab = append(tab, kemBytes(0x38)...)
	tab = append(tab, repeat([]int64{kemQ}, 8)...)
	sym := p.data("kemCBDEta3Table", 16, tab)
	f := p.function("cbdEta3NEON", "f *[256]uint16, b *[192]byte", 8,
		"sets f to SamplePolyCBD_3(b) (FIPS 203, Algorithm 8), coefficients in [0, q), in constant time.")
	f.loadArgs("f", "b")
	f.op("MOVW $%s, R2", sym)
	f.I(a32.VLD1(16, 26, 4, a32.Inc(2)), a32.VLD1(16, 30, 2, a32.At(2)))
	xm, ym, qv := a32.Q(13), a32.Q(14), a32.Q(15)
	f.op("MOVW $4, R3")
	f.label("cbd3")
	// q0, q1, q2: the first, second and third bytes of 16 groups.
	f.I(a32.VLD3(8, 0, 2, a32.Inc(1)), a32.VLD3(8, 1, 2, a32.Inc(1)))
	f.I(a32.VSHL(8, 3, 1, 2), a32.VSRI(8, 3, 0, 6)) // unit 1
	f.I(a32.VSHL(8, 4, 2, 4), a32.VSRI(8, 4, 1, 4)) // unit 2
	f.I(a32.VSHRU(8, 2, 2, 2))                      // unit 3
	// Unit h of groups 0–7 goes to q(5+h), of groups 8–15 to q(9+h).
	for h, u := range []Q{0, 3, 4, 2} {
		f.I(a32.VAND(1, u, xm), a32.VAND(u, u, ym), a32.VCNT(1, 1), a32.VCNT(u, u), a32.VSUB(8, u, 1, u))
		kemCBDReduce(f, u, Q(5+h), Q(9+h), qv, 1)
	}
	for _, first := range []a32.D{10, 11, 18, 19} {
		f.I(a32.VST4(16, first, 2, a32.Inc(0)))
	}
	f.countDown(3, "cbd3")
}
