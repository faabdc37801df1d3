package main

import "github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"

// contract lists the hooks through which keccak's kernels.go reaches the
// amd64 kernels, and which kernel each level runs.
var contract = []dispatch.Kernel{
	{Hook: "permuteX1Arch", Of: "permuteX1InPlace", Impls: dispatch.Levels("AVX512", "keccakF1600x1BMI2", "AVX2", "keccakF1600x1BMI2")},
	{Hook: "permuteX4Arch", Of: "permuteX4InPlace", Impls: dispatch.Both("keccakF1600x4")},
	{Hook: "permuteX8Arch", Of: "permuteX8InPlace", Impls: dispatch.Both("keccakF1600x8")},
	{Hook: "permuteX8x1Arch", Of: "permuteX8CarryingInPlace", Impls: dispatch.Levels("AVX512", "keccakF1600x8x1AVX512"), Probe: true},
	{Hook: "permuteX4x1Arch", Of: "permuteX4CarryingInPlace", Impls: dispatch.Levels("AVX2", "keccakF1600x4x1AVX2"), Probe: true},
	{Hook: "xorWordsX8TilesArch", Of: "xorWords", Impls: dispatch.Levels("AVX512", "xorWordsX8AVX512")},
	{Hook: "xorWordsX8Arch", Of: "xorWords", Impls: dispatch.Levels("AVX512", "xorWordsX8AVX2", "AVX2", "xorWordsX8AVX2"), Probe: true},
	{Hook: "xorWordsX4Arch", Of: "xorWords", Impls: dispatch.Levels("AVX512", "xorWordsX4AVX2", "AVX2", "xorWordsX4AVX2"), Probe: true},
	{Hook: "storeWordsX8TilesArch", Of: "storeWords", Impls: dispatch.Levels("AVX512", "storeWordsX8AVX512")},
	{Hook: "storeWordsX8Arch", Of: "storeWords", Impls: dispatch.Levels("AVX512", "storeWordsX8AVX2", "AVX2", "storeWordsX8AVX2"), Probe: true},
	{Hook: "storeWordsX4Arch", Of: "storeWords", Impls: dispatch.Levels("AVX512", "storeWordsX4AVX2", "AVX2", "storeWordsX4AVX2"), Probe: true},
}
