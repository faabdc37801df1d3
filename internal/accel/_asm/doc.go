// Module _asm holds the programs that generate the engine's amd64 assembly
// with avo (v0.5.0, the newest the module proxy serves). Its instruction
// database has AVX-512 F, BW, DQ, VL and CD, IFMA (VPMADD52LUQ), VBMI
// (VPERMB, VPMULTISHIFTQB), VPOPCNTDQ and VPCOMPRESSD/Q, but not VBMI2
// (VPSHLDQ, VPSHLDV*, VPCOMPRESSB/W, VPEXPANDB/W), VNNI or GFNI.
//
// Each kernel family is a command in its own directory — keccak/
// (Keccak-f[1600] ×1/×4/×8 and the lane transposes), mldsa/ (the q = 8380417
// ring: NTT, pointwise products, samplers, rounding, hints, norms, packing)
// and mlkem/ (the q = 3329 ring: NTT, T_q dot products, SampleNTT, CBD,
// compress/encode, 12-bit packing with the modulus check) — run by the
// //go:generate line in the package's contract file kernels.go, of the form
//
//	//go:generate go -C ../_asm run ./keccak -out ../keccak/kernels_amd64.s -stubs ../keccak/kernels_amd64_stubs.go -arch ../keccak/kernels_amd64.go -noasm ../keccak/kernels_noasm.go -pkg keccak
//
// Each command writes the assembly and avo's Go declarations, then (package
// internal/dispatch, from the command's contract.go table) the hooks the
// contract calls: kernels_amd64.go switches on cpu.Active() to the level's
// kernel, kernels_noasm.go reports "no kernel" for builds without assembly.
// cpu/ is the exception: it writes only cpuid for package cpu's detection,
// from the //go:generate line in cpu's zmm_amd64.go, with no hooks.
//
// The generated files are committed, and check-generated.sh (run by CI)
// regenerates them all with go generate and fails on any difference. A new
// family needs no change to the script.
//
// The leading underscore keeps this directory out of the main module's
// ./... patterns, so the main module does not depend on avo.
package asm
