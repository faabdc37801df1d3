// Package vec holds the small ymm helpers that several generators share.
package vec

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Broadcast32 returns a new ymm register holding v in every 32-bit lane.
func Broadcast32(v uint32) VecVirtual {
	r := GP32()
	MOVL(U32(v), r)
	x := XMM()
	VMOVD(r, x)
	y := YMM()
	VPBROADCASTD(x, y)
	return y
}

// Table32 returns the address of a read-only table of 32-bit words v,
// named name; a second call with the same name returns the first table.
func Table32(name string, v []uint32) Mem {
	if m, ok := tables[name]; ok {
		return m
	}
	m := GLOBL(name, RODATA|NOPTR)
	for i, x := range v {
		DATA(4*i, U32(x))
	}
	tables[name] = m
	return m
}

// tables holds the tables Table32 has emitted, by name.
var tables = map[string]Mem{}
