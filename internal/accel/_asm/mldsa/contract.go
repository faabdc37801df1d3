package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"

// contract lists the hooks through which mldsa's kernels.go reaches the
// amd64 kernels, and which kernel each level runs. The …Overread hooks are
// the kernels that read 16 bytes past their input, which the contract runs
// only when the input has them.
var contract = []dispatch.Kernel{
	{Hook: "nttArch", Of: "nttTo", Impls: dispatch.Both("ntt")},
	{Hook: "invNTTArch", Of: "invNTTTo", Impls: dispatch.Both("invNTT")},
	{Hook: "nttMulArch", Of: "nttMulTo", Impls: dispatch.Both("nttMul")},
	{Hook: "nttDotArch", Of: "nttDotTo", Impls: dispatch.Both("nttDot")},
	{Hook: "polyAddArch", Of: "polyAddTo", Impls: dispatch.Both("polyAdd")},
	{Hook: "polySubArch", Of: "polySubTo", Impls: dispatch.Both("polySub")},
	{Hook: "normMaxArch", Of: "infinityNormBelow", Impls: dispatch.Both("normMax")},
	{Hook: "lowBitsNormMax32Arch", Of: "lowBitsNormBelow", Impls: dispatch.Both("lowBitsNormMax32")},
	{Hook: "lowBitsNormMax88Arch", Of: "lowBitsNormBelow", Impls: dispatch.Both("lowBitsNormMax88")},
	{Hook: "power2RoundSumArch", Of: "polyPower2RoundSum", Impls: dispatch.Both("power2RoundSum")},
	{Hook: "highBits32Arch", Of: "polyHighBits", Impls: dispatch.Both("highBits32")},
	{Hook: "highBits88Arch", Of: "polyHighBits", Impls: dispatch.Both("highBits88")},
	{Hook: "makeHints32Arch", Of: "polyMakeHints", Impls: dispatch.Both("makeHints32")},
	{Hook: "makeHints88Arch", Of: "polyMakeHints", Impls: dispatch.Both("makeHints88")},
	{Hook: "useHints32Arch", Of: "polyUseHints", Impls: dispatch.Both("useHints32")},
	{Hook: "useHints88Arch", Of: "polyUseHints", Impls: dispatch.Both("useHints88")},
	{Hook: "unpackZ18Arch", Of: "unpackZ", Impls: dispatch.Levels("AVX512", "unpackZ18AVX512")},
	{Hook: "unpackZ20Arch", Of: "unpackZ", Impls: dispatch.Levels("AVX512", "unpackZ20AVX512")},
	{Hook: "unpackZ18OverreadArch", Of: "unpackZ", Impls: dispatch.Levels("AVX2", "unpackZ18AVX2")},
	{Hook: "unpackZ20OverreadArch", Of: "unpackZ", Impls: dispatch.Levels("AVX2", "unpackZ20AVX2")},
	{Hook: "unpackT1Arch", Of: "unpackT1", Impls: dispatch.Levels("AVX512", "unpack10AVX512")},
	{Hook: "unpackT1OverreadArch", Of: "unpackT1", Impls: dispatch.Levels("AVX2", "unpack10AVX2")},
	{Hook: "packZ18Arch", Of: "packZ", Impls: dispatch.Both("packZ18")},
	{Hook: "packZ20Arch", Of: "packZ", Impls: dispatch.Both("packZ20")},
	{Hook: "pack4Arch", Of: "packW1", Impls: dispatch.Both("pack4")},
	{Hook: "pack6Arch", Of: "packW1", Impls: dispatch.Both("pack6")},
	{Hook: "pack10Arch", Of: "packT1", Impls: dispatch.Both("pack10")},
	{Hook: "rejUniformArch", Of: "rejNTTPoly", Impls: dispatch.Both("rejUniform")},
	{Hook: "rejEta2Arch", Of: "rejBoundedPoly", Impls: dispatch.Both("rejEta2")},
	{Hook: "rejEta4Arch", Of: "rejBoundedPoly", Impls: dispatch.Both("rejEta4")},
	{Hook: "packedMulArch", Of: "packedMulTo", Impls: dispatch.Both("packedMul")},
	{Hook: "challengeWindowsArch", Of: "challengeWindows", Impls: dispatch.Both("challengeWindows")},
	{Hook: "fillTableArch", Of: "fillTable", Impls: dispatch.Both("fillTable")},
	{Hook: "tableSecretArch", Of: "tableSecret", Impls: dispatch.Both("tableSecret")},
}
