// Package a64 is a small encoder of the AArch64 Advanced SIMD (and SHA3)
// instructions that Go's arm64 assembler lacks or spells unusually, for the
// generators of internal/accel's arm64 kernels.
//
// Every instruction is a function returning an [Inst]: its 32-bit encoding
// and its text in GNU assembler syntax. A [File] writes an instruction as
//
//	WORD $0x4e609c00 // mul v0.8h, v0.8h, v0.8h
//
// so the generated assembly can be read, and the encoding test assembles the
// comment of every WORD in every generated kernels_arm64.s with
// aarch64-linux-gnu-as and compares the bytes. Scalar code (argument loads,
// address arithmetic, loops) is written in Go assembler syntax with
// [File.Go], which Go's assembler checks itself.
//
// The design is one function per instruction form, each building the word
// from the fields of the Arm ARM's encoding class (threeSame, byElement,
// shiftImm, …) and the GNU text from the same operands; registers are plain
// numbers (V(n) for vector registers, X(n) for general registers, n equal
// to Go's Rn), and arrangements are the constants B16 … D2.
package a64
