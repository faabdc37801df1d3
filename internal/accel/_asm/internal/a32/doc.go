// Package a32 is a small encoder of the A32 Advanced SIMD (NEON)
// instructions of ARMv7-A, which Go's arm assembler lacks altogether (it
// knows no vector register either), for the generator of internal/accel's
// GOARCH=arm kernels.
//
// Every instruction is a function returning an [Inst]: its 32-bit encoding
// (ARM Architecture Reference Manual ARMv7-A and ARMv7-R, chapter A7,
// "Advanced SIMD and Floating-point Instruction Encoding") and its text in
// GNU assembler syntax. A [File] writes an instruction as
//
//	WORD $0xf2100840 // vadd.i16 q0, q0, q0
//
// so the generated assembly can be read, and the encoding test assembles
// every sample form and the comment of every WORD of every generated
// kernels_arm.s with arm-linux-gnueabihf-as and compares the bytes. Scalar
// code (argument loads, address arithmetic, loops) is written in Go
// assembler syntax with [File.Go], which Go's assembler checks itself.
//
// The design mirrors package a64: one function per instruction form, each
// building the word from the fields of its encoding class (same3, byScalar,
// misc2, multi, …) and the GNU text from the same operands. Registers are
// plain numbers: Q(n) for q0–q15, D(n) for d0–d31 (q n is d 2n and d 2n+1),
// R(n) for r0–r12, n equal to Go's Rn; lane widths are given in bits.
package a32
