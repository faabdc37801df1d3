package a64

import "fmt"

// Inst is one encoded instruction.
type Inst struct {
	Word uint32 // the encoding
	Asm  string // GNU assembler text
}

// VReg is a vector register V0–V31.
type VReg uint8

// V returns vector register n.
func V(n int) VReg {
	if n < 0 || n > 31 {
		panic(fmt.Sprintf("a64: no vector register %d", n))
	}
	return VReg(n)
}

// XReg is a general register R0–R30 (Go's Rn, GNU's xn).
type XReg uint8

// X returns general register n.
func X(n int) XReg {
	if n < 0 || n > 30 {
		panic(fmt.Sprintf("a64: no general register %d", n))
	}
	return XReg(n)
}

func (x XReg) String() string { return fmt.Sprintf("x%d", x) }

// Arr is a vector arrangement.
type Arr uint8

// The arrangements: lanes and lane width.
const (
	B8 Arr = iota
	B16
	H4
	H8
	S2
	S4
	D1
	D2
)

var arrNames = [...]string{"8b", "16b", "4h", "8h", "2s", "4s", "1d", "2d"}

func (a Arr) String() string { return arrNames[a] }

// size is the encoding's size field (log2 of the lane bytes).
func (a Arr) size() uint32 { return uint32(a) / 2 }

// q is the encoding's Q bit (128-bit register).
func (a Arr) q() uint32 { return uint32(a) % 2 }

// Bits is the lane width.
func (a Arr) Bits() int { return 8 << a.size() }

// suffix is the element suffix of an indexed operand ("h" in v0.h[3]).
func (a Arr) suffix() string { return string("bhsd"[a.size()]) }

func (v VReg) in(a Arr) string { return fmt.Sprintf("v%d.%s", v, a) }

// half is the arrangement of the other half of a widening or narrowing pair:
// the arrangement of lanes half as wide, with as many lanes in a 64-bit
// (Q = 0) or 128-bit register (Q = 1) as q says.
func narrow(wide Arr, q uint32) Arr { return Arr(2*(wide.size()-1) + q) }
