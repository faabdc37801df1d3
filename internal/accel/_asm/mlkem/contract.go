package main

import (
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// contract lists the hooks through which mlkem's kernels.go reaches the
// amd64 kernels, and which kernel each level runs. The …Padded hooks are the
// AVX2 packing kernels, which need packSlack bytes after their input or
// output; the contract gives them a padded buffer.
var contract = append([]dispatch.Kernel{
	{Hook: "nttArch", Of: "nttInPlace", Impls: dispatch.Both("ntt")},
	{Hook: "inverseNTTArch", Of: "inverseNTTInPlace", Impls: dispatch.Both("inverseNTT")},
	{Hook: "dotProductArch", Of: "dotProductTo", Impls: dispatch.Both("dotProduct")},
	{Hook: "cbdEta2Arch", Of: "samplePolyCBD", Impls: dispatch.Both("cbdEta2")},
	{Hook: "cbdEta3Arch", Of: "samplePolyCBD", Impls: dispatch.Both("cbdEta3")},
	{Hook: "sampleNTTRejectArch", Of: "sampleNTTParse", Impls: dispatch.Both("sampleNTTReject"), Probe: true},
	{Hook: "polyAddArch", Of: "polyAddTo", Impls: dispatch.Both("polyAdd")},
	{Hook: "polySubArch", Of: "polySubTo", Impls: dispatch.Both("polySub")},
	{Hook: "constantTimeEqualArch", Of: "constantTimeEqual", Impls: dispatch.Levels("AVX512", "constantTimeEqualAVX2", "AVX2", "constantTimeEqualAVX2")},
	{Hook: "constantTimeSelectArch", Of: "constantTimeSelect", Impls: dispatch.Levels("AVX512", "constantTimeSelectAVX2", "AVX2", "constantTimeSelectAVX2")},
	{Hook: "encode12Arch", Of: "byteEncode12", Impls: dispatch.Levels("AVX512", "encode12AVX512")},
	{Hook: "encode12PaddedArch", Of: "byteEncode12", Impls: dispatch.Levels("AVX2", "encode12AVX2")},
	{Hook: "decode12CheckedArch", Of: "byteDecode12Checked", Impls: dispatch.Levels("AVX512", "decode12CheckedAVX512")},
	{Hook: "decode12CheckedPaddedArch", Of: "byteDecode12Checked", Impls: dispatch.Levels("AVX2", "decode12CheckedAVX2")},
	{Hook: "decode12ReduceArch", Of: "byteDecode12Reduce", Impls: dispatch.Levels("AVX512", "decode12ReduceAVX512")},
	{Hook: "decode12ReducePaddedArch", Of: "byteDecode12Reduce", Impls: dispatch.Levels("AVX2", "decode12ReduceAVX2")},
}, compressHooks()...)

// compressHooks lists the compress-and-encode and decode-and-decompress
// families, one member per d with a kernel, exact (AVX-512) and padded
// (AVX2).
func compressHooks() []dispatch.Kernel {
	var ce, cePad, dd, ddPad []dispatch.Variant
	for _, d := range []int{1, 4, 5, 10, 11} {
		v := fmt.Sprint(d)
		ce = append(ce, dispatch.Variant{Value: v, Impls: dispatch.Levels("AVX512", "compressEncode"+v+"AVX512")})
		cePad = append(cePad, dispatch.Variant{Value: v, Impls: dispatch.Levels("AVX2", "compressEncode"+v+"AVX2")})
		dd = append(dd, dispatch.Variant{Value: v, Impls: dispatch.Levels("AVX512", "decodeDecompress"+v+"AVX512")})
		ddPad = append(ddPad, dispatch.Variant{Value: v, Impls: dispatch.Levels("AVX2", "decodeDecompress"+v+"AVX2")})
	}
	return []dispatch.Kernel{
		{Hook: "compressEncodeArch", Of: "compressEncode", Select: "d uint", Variants: ce},
		{Hook: "compressEncodePaddedArch", Of: "compressEncode", Select: "d uint", Variants: cePad},
		{Hook: "decodeDecompressArch", Of: "decodeDecompress", Select: "d uint", Variants: dd},
		{Hook: "decodeDecompressPaddedArch", Of: "decodeDecompress", Select: "d uint", Variants: ddPad},
	}
}
