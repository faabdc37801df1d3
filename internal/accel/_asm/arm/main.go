// Command arm generates the 32-bit ARMv7 NEON kernels of the engines
// (GOARCH=arm, level cpu.NEON): for -pkg mlkem the NTT, inverse NTT, T_q
// dot product, polynomial sum and difference, CBD for η = 2 and 3,
// compress-and-encode and decode-and-decompress for d = 1, 4, 5, 10, 11,
// the 12-bit encoding and decodings and SampleNTT's rejection on eight
// 16-bit lanes per register, for -pkg mldsa the NTT, inverse NTT, pointwise
// and dot products, sum and difference, infinity-norm maximum, Power2Round,
// HighBits, LowBits norm, UseHint, RejNTTPoly, the packed challenge
// products and z's decoding on four 32-bit lanes, for -pkg keccak the
// single and 4-way
// Keccak-f[1600] with 64-bit lanes in D registers.
//
// Go's arm assembler knows no NEON instruction and no vector register, so
// every vector instruction is a WORD directive from the encoder a32,
// its GNU spelling in a comment; the encoder test assembles each of them
// with arm-linux-gnueabihf-as and compares the bytes. The products are
// Barrett multiplications by constants (VQRDMULH, VMUL, VMLS) and signed
// Montgomery multiplications of variables (VMUL, VQDMULH, VHSUB), see
// arith.go; the outputs equal the portable kernels' bit for bit.
//
// # Registers and the Go ABI
//
// Go's arm ABI (ABI0; arm has no register ABI) makes every register
// caller-saved except R10 (g) and R13 (SP); R11 is the assembler's
// temporary. The kernels use R0–R9 and never R10–R12, are leaves without a
// frame, and call nothing. The compiler's floating-point code uses F0–F15,
// which are d0–d15 (q0–q7) of the NEON register file, with FREGTMP F15 the
// assembler's scratch, and it keeps nothing live across a call in them: no
// fixed zero or constant register exists on arm, so the kernels may
// overwrite q0–q15 (d0–d31) without saving any. Assembly functions are never
// asynchronously preempted (the runtime only stops Go code at safe points),
// and signal delivery saves and restores the whole VFP/NEON state in the
// kernel, so no D register is live across anything the kernels do. They
// leave the FPSCR's rounding mode, flush-to-zero and exception enables
// untouched; the saturating multiplies can set only its sticky QC bit,
// which neither Go's floating-point code nor the runtime reads. Callers
// from C do not reach these functions (cgo's crosscall2 saves d8–d15 for
// them anyway).
//
// Run it through go generate in internal/accel/mlkem, internal/accel/mldsa
// and internal/accel/keccak.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	pkg := flag.String("pkg", "", "the engine: mlkem, mldsa or keccak")
	out := flag.String("out", "", "write the assembly to `file`")
	stubs := flag.String("stubs", "", "write the Go declarations to `file`")
	flag.Parse()
	p, err := build(*pkg)
	if err == nil {
		err = p.write("go run ./arm "+strings.Join(os.Args[1:], " "), *out, *stubs)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "arm:", err)
		os.Exit(1)
	}
}

// build returns the kernels of one engine.
func build(pkg string) (*program, error) {
	p := &program{pkg: pkg}
	switch pkg {
	case "mlkem":
		mlkemKernels(p)
	case "mldsa":
		mldsaKernels(p)
	case "keccak":
		keccakKernels(p)
	default:
		return nil, fmt.Errorf("-pkg %q: want mlkem, mldsa or keccak", pkg)
	}
	return p, nil
}
