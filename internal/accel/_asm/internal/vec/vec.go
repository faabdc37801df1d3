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
