package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The packed tables of signing (pspm.go): fillTable runs once per secret
// polynomial of a new private key, which keeps the first window, and
// tableSecret reads s back from that window once per expanded encoding. A coefficient x of s in [0, q) with
// x ≡ s, |s| ≤ η, becomes the byte η + s = min(x + η, x + η − q) (unsigned:
// x + η − q wraps above every value when x + η < q), and the table's three
// windows are η − s = 2η − (η + s), η + s and η − s again. Each group of four
// registers of η + s is packed to bytes with saturating packs, which
// interleave the registers within each 128-bit lane, and a VPERMD puts the
// 4-byte chunks back in order. The inverse turns a byte b = η − s into
// η − b mod q = min(η + q − b, η − b) in the same way. Both run the same
// instructions on the same addresses whatever s is.

// fillOrder returns the VPERMD index that undoes the lane interleaving of
// two VPACKUSDW and a VPACKUSWB of four registers: the packed register holds
// the four bytes of register k's 128-bit lane ℓ at dword 4ℓ + k, and they
// belong at dword k·m + ℓ, for m lanes of 128 bits.
func fillOrder(w *width) Mem {
	m := w.lanes / 4
	idx := GLOBL(fmt.Sprintf("mldsaFillOrder%s", w.name), RODATA|NOPTR)
	for k := range 4 {
		for l := range m {
			DATA(4*(k*m+l), U32(4*l+k))
		}
	}
	return idx
}

// fillKernel emits fillTable<width>(table *[768]byte, s *[256]uint32, eta
// uint32): the table (η − s, η + s, η − s) of s, coefficients ≡ s with
// |s| ≤ η.
func fillKernel(c *constants, w *width) {
	order := fillOrder(w)
	name := kernelName("fillTable", w)
	TEXT(name, NOSPLIT, "func(table *[768]byte, s *[256]uint32, eta uint32)")
	Pragma("noescape")
	Doc(name+" writes the packed table (η − s, η + s, η − s) of s, one byte",
		"per coefficient in each third, for coefficients in [0, q) congruent to",
		"values in [−η, η].")
	table := Load(Param("table"), GP64())
	s := Load(Param("s"), GP64())
	e := Load(Param("eta"), GP32()).(GPVirtual)
	etav, qv, top, idx, tmp := w.regs[4], w.regs[5], w.regs[6], w.regs[7], w.regs[8]
	r := w.regs[:4]
	broadcast(w, e, etav)
	VPBROADCASTD(c.at(offQ), qv)
	IMUL3L(U32(2*0x01010101), e, e) // 2η in every byte
	broadcast(w, e, top)
	w.load(order, idx)
	block := 4 * w.lanes // coefficients per group of four registers
	for off := 0; off < n; off += block {
		for k, x := range r {
			VPADDD(Mem{Base: s, Disp: 4 * (off + k*w.lanes)}, etav, x)
			VPSUBD(qv, x, tmp)
			VPMINUD(tmp, x, x) // η + s
		}
		VPACKUSDW(r[1], r[0], r[0])
		VPACKUSDW(r[3], r[2], r[2])
		VPACKUSWB(r[2], r[0], r[0])
		VPERMD(r[0], idx, r[0])
		VPSUBB(r[0], top, r[1]) // η − s
		w.store(Mem{Base: table, Disp: off}, r[1])
		w.store(Mem{Base: table, Disp: n + off}, r[0])
		w.store(Mem{Base: table, Disp: 2*n + off}, r[1])
	}
	VZEROUPPER()
	RET()
}

// secretKernel emits tableSecret<width>(s *[256]uint32, table *[256]byte,
// eta uint32): s[j] = η − table[j] mod q, the inverse of the first window
// of fillTable, for any bytes.
func secretKernel(c *constants, w *width) {
	name := kernelName("tableSecret", w)
	TEXT(name, NOSPLIT, "func(s *[256]uint32, table *[256]byte, eta uint32)")
	Pragma("noescape")
	Doc(name+" sets s[j] to η − table[j] mod q, reading the first window",
		"η − s of a packed table back into s.")
	s := Load(Param("s"), GP64())
	table := Load(Param("table"), GP64())
	e := Load(Param("eta"), GP32()).(GPVirtual)
	etaq, qv := w.regs[8], w.regs[9]
	ADDL(U32(q), e)
	broadcast(w, e, etaq) // η + q
	VPBROADCASTD(c.at(offQ), qv)
	for i := 0; i < n; i += w.lanes {
		x, t := w.regs[2*(i/w.lanes%4)], w.regs[2*(i/w.lanes%4)+1]
		VPMOVZXBD(Mem{Base: table, Disp: i}, x)
		VPSUBD(x, etaq, x) // η + q − b, in (0, 2q)
		VPSUBD(qv, x, t)
		VPMINUD(t, x, x)
		w.store(Mem{Base: s, Disp: 4 * i}, x)
	}
	VZEROUPPER()
	RET()
}
