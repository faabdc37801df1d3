package a32

import "fmt"

// Inst is one encoded instruction.
type Inst struct {
	Word uint32 // the encoding
	Asm  string // GNU assembler text
}

// Q is a 128-bit register q0–q15; it is the pair of D registers d(2n), d(2n+1).
type Q int

// D is a 64-bit register d0–d31.
type D int

// R is a core register r0–r12.
type R int

// Lo is the lower D half of q.
func (q Q) Lo() D { return D(2 * q) }

// Hi is the upper D half of q.
func (q Q) Hi() D { return D(2*q + 1) }

// String is the GNU name, as are the other String methods.
func (q Q) String() string { return fmt.Sprintf("q%d", int(q)) }

func (d D) String() string { return fmt.Sprintf("d%d", int(d)) }

func (r R) String() string { return fmt.Sprintf("r%d", int(r)) }

// Scalar is lane Lane of D register Reg, the operand of the by-scalar forms
// (d0–d7 for 16-bit lanes, d0–d15 for 32-bit lanes).
type Scalar struct {
	Reg  D
	Lane int
}

func (s Scalar) String() string { return fmt.Sprintf("%v[%d]", s.Reg, s.Lane) }

// Lane16 is lane i (0–7) of q as a 16-bit scalar; q must be q0–q3.
func (q Q) Lane16(i int) Scalar { return Scalar{D(2*int(q) + i/4), i % 4} }

// Lane32 is lane i (0–3) of q as a 32-bit scalar; q must be q0–q7.
func (q Q) Lane32(i int) Scalar { return Scalar{D(2*int(q) + i/2), i % 2} }
