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
	{Hook: "lowBitsNormMaxArch", Of: "lowBitsNormBelow", Select: "by32 bool", Variants: byGamma2("lowBitsNormMax")},
	{Hook: "power2RoundSumArch", Of: "polyPower2RoundSum", Impls: dispatch.Both("power2RoundSum")},
	{Hook: "narrowT0Arch", Of: "narrowT0", Impls: dispatch.Both("narrowT0")},
	{Hook: "widenT0Arch", Of: "widenT0", Impls: dispatch.Both("widenT0")},
	{Hook: "highBitsArch", Of: "polyHighBits", Select: "by32 bool", Variants: byGamma2("highBits")},
	{Hook: "makeHintsArch", Of: "polyMakeHints", Select: "by32 bool", Variants: byGamma2("makeHints")},
	{Hook: "useHintsArch", Of: "polyUseHints", Select: "by32 bool", Variants: byGamma2("useHints")},
	{Hook: "unpackZArch", Of: "unpackZ", Select: "bits int", Variants: []dispatch.Variant{
		{Value: "18", Impls: dispatch.Levels("AVX512", "unpackZ18AVX512")},
		{Value: "20", Impls: dispatch.Levels("AVX512", "unpackZ20AVX512")}}},
	{Hook: "unpackZOverreadArch", Of: "unpackZ", Select: "bits int", Variants: []dispatch.Variant{
		{Value: "18", Impls: dispatch.Levels("AVX2", "unpackZ18AVX2")},
		{Value: "20", Impls: dispatch.Levels("AVX2", "unpackZ20AVX2")}}},
	{Hook: "unpackT1Arch", Of: "unpackT1", Impls: dispatch.Levels("AVX512", "unpack10AVX512")},
	{Hook: "unpackT1OverreadArch", Of: "unpackT1", Impls: dispatch.Levels("AVX2", "unpack10AVX2")},
	{Hook: "packZArch", Of: "packZ", Select: "bits int", Variants: []dispatch.Variant{
		{Value: "18", Impls: dispatch.Both("packZ18")}, {Value: "20", Impls: dispatch.Both("packZ20")}}},
	{Hook: "packW1Arch", Of: "packW1", Select: "bits int", Variants: []dispatch.Variant{
		{Value: "4", Impls: dispatch.Both("pack4")}, {Value: "6", Impls: dispatch.Both("pack6")}}},
	{Hook: "pack10Arch", Of: "packT1", Impls: dispatch.Both("pack10")},
	// skEncode (Algorithm 24): t0 as BitPack(t0, 2¹²−1, 2¹²) and s1, s2 as
	// BitPack(s, η, η) (Algorithm 17). Only arm64 has kernels for them.
	{Hook: "packT0Arch", Of: "packT0"},
	{Hook: "packEtaArch", Of: "packEta", Select: "bits int"},
	{Hook: "rejUniformArch", Of: "rejNTTPoly", Impls: dispatch.Both("rejUniform")},
	{Hook: "rejEtaArch", Of: "rejBoundedPoly", Select: "eta int", Variants: []dispatch.Variant{
		{Value: "2", Impls: dispatch.Both("rejEta2")}, {Value: "4", Impls: dispatch.Both("rejEta4")}}},
	{Hook: "packedMulArch", Of: "packedMulTo", Impls: dispatch.Both("packedMul")},
	{Hook: "challengeWindowsArch", Of: "challengeWindows", Impls: dispatch.Both("challengeWindows")},
	{Hook: "fillTableArch", Of: "fillTable", Impls: dispatch.Both("fillTable")},
	{Hook: "tableSecretArch", Of: "tableSecret", Impls: dispatch.Both("tableSecret")},
}

// byGamma2 is the family of name's kernels for γ2 = (q−1)/32 (name+"32…",
// selected by true) and γ2 = (q−1)/88 (name+"88…").
func byGamma2(name string) []dispatch.Variant {
	return []dispatch.Variant{
		{Value: "true", Impls: dispatch.Both(name + "32")},
		{Value: "false", Impls: dispatch.Both(name + "88")},
	}
}
