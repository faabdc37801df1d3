package main

import (
	"encoding/binary"
	"fmt"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Field constants for q = 3329 with the Montgomery radix R = 2^16.
const (
	q        = 3329
	n        = 256
	zeta     = 17    // primitive 256-th root of unity (FIPS 203)
	invN128  = 3303  // 128⁻¹ mod q
	qInv     = 62209 // q⁻¹ mod 2^16
	rModQ    = 1 << 16 % q
	barrettV = 20159 // ⌊2^26/q⌉
)

// montConstant returns the pair (c·R mod q, centred; its product with q⁻¹ mod
// 2^16) that [width.montMul] takes to multiply by c: Montgomery multiplication
// divides by R, so the R folded into the constant cancels and the product is
// x·c mod q in the normal domain.
func montConstant(c int) (cR, cRQinv int16) {
	v := c * (1 << 16) % q
	if v > q/2 {
		v -= q
	}
	return int16(v), int16(uint16(v * qInv))
}

// zetas returns ζ^BitRev7(i) mod q and gammas ζ^(2·BitRev7(i)+1) mod q, as in
// the portable package.
func zetasAndGammas() (z, g [128]int) {
	var pow [256]int
	pow[0] = 1
	for e := 1; e < 256; e++ {
		pow[e] = pow[e-1] * zeta % q
	}
	for i := range 128 {
		r := 0
		for b := range 7 {
			r |= (i >> b & 1) << (6 - b)
		}
		z[i] = pow[r]
		g[i] = pow[2*r+1]
	}
	return z, g
}

// table collects the constant vectors of one width into one read-only
// symbol, storing each distinct vector once.
type table struct {
	name  string
	bytes []byte
	index map[string]int
}

func newTable(name string) *table { return &table{name: name, index: map[string]int{}} }

// words returns the address of the vector holding v.
func (t *table) words(v []int16) Mem {
	b := make([]byte, 2*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(x))
	}
	return t.raw(b)
}

// raw returns the address of the bytes b, aligned to their length.
func (t *table) raw(b []byte) Mem {
	key := string(b)
	off, ok := t.index[key]
	if !ok {
		for len(t.bytes)%len(b) != 0 {
			t.bytes = append(t.bytes, 0)
		}
		off = len(t.bytes)
		t.bytes = append(t.bytes, b...)
		t.index[key] = off
	}
	return NewDataAddr(NewStaticSymbol(t.name), off)
}

// splat returns the address of a vector of lanes copies of x.
func (t *table) splat(x int16, lanes int) Mem {
	v := make([]int16, lanes)
	for i := range v {
		v[i] = x
	}
	return t.words(v)
}

// emit writes the table as read-only data.
func (t *table) emit() {
	for len(t.bytes)%8 != 0 {
		t.bytes = append(t.bytes, 0)
	}
	GLOBL(t.name, RODATA|NOPTR)
	for i := 0; i < len(t.bytes); i += 8 {
		DATA(i, U64(binary.LittleEndian.Uint64(t.bytes[i:])))
	}
}

// width is one vector width: its registers, moves and the instructions that
// differ between AVX2 (VEX) and AVX-512 (EVEX) encodings.
type width struct {
	suffix string // kernel name suffix: "AVX512" or "AVX2"
	lanes  int    // 16-bit lanes per register
	regs   []VecPhysical
	data   *table
}

var (
	avx512 = width{suffix: "AVX512", lanes: 32, regs: []VecPhysical{
		Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15,
		Z16, Z17, Z18, Z19, Z20, Z21, Z22, Z23, Z24, Z25, Z26, Z27, Z28, Z29, Z30, Z31,
	}, data: newTable("mlkemConstantsAVX512")}
	avx2 = width{suffix: "AVX2", lanes: 16, regs: []VecPhysical{
		Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y8, Y9, Y10, Y11, Y12, Y13, Y14, Y15,
	}, data: newTable("mlkemConstantsAVX2")}
)

func (w width) name(kernel string) string { return kernel + w.suffix }

func (w width) bytes() int { return 2 * w.lanes }

func (w width) load(m Mem, r VecPhysical) {
	if w.lanes == 32 {
		VMOVDQU64(m, r)
	} else {
		VMOVDQU(m, r)
	}
}

func (w width) store(r VecPhysical, m Mem) {
	if w.lanes == 32 {
		VMOVDQU64(r, m)
	} else {
		VMOVDQU(r, m)
	}
}

func (w width) end() {
	VZEROUPPER()
	RET()
}

// montMul sets dst = x·c mod q, in (−q, q), for |x| < 2^15, where cR and
// cRQinv are the vectors [montConstant] gives for c (or, for a product of
// two variables, cR = y and cRQinv = y·q⁻¹): the signed Montgomery
// multiplication hi(x·cR) − hi(lo(x·cRQinv)·q). The low halves of x·cR and
// of the correction agree, so the difference of the high halves is exact.
// dst may be x; tmp must differ from both.
func (w width) montMul(dst, x VecPhysical, cR, cRQinv Op, qv, tmp VecPhysical) {
	VPMULLW(cRQinv, x, tmp)
	VPMULHW(cR, x, dst)
	VPMULHW(qv, tmp, tmp)
	VPSUBW(tmp, dst, dst)
}

// barrett maps x, |x| ≤ 8q, to a representative in [0, q]: x − ⌊x·v/2^26⌋·q
// with v = 20159 = ⌈2^26/q⌉, whose error keeps the quotient at ⌊x/q⌋ except
// for negative multiples of q, which become q.
func (w width) barrett(x VecPhysical, qv, tmp VecPhysical) {
	VPMULHW(w.data.splat(barrettV, w.lanes), x, tmp)
	VPSRAW(U8(10), tmp, tmp)
	VPMULLW(qv, tmp, tmp)
	VPSUBW(tmp, x, x)
}

// reduceOnce maps x in [0, 2q) to [0, q): min(x, x − q) as unsigned words,
// since x − q wraps to a large value exactly when x < q.
func (w width) reduceOnce(x, qv, tmp VecPhysical) {
	VPSUBW(qv, x, tmp)
	VPMINUW(tmp, x, x)
}

// normalise maps x in (−q, q) to [0, q): min(x, x + q) as unsigned words.
func (w width) normalise(x, qv, tmp VecPhysical) {
	VPADDW(qv, x, tmp)
	VPMINUW(tmp, x, x)
}

func (w width) comment(format string, args ...any) { Comment(fmt.Sprintf(format, args...)) }

func sig(params ...string) string { return "func(" + strings.Join(params, ", ") + ")" }
