package main

import (
	"flag"
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// armKernels are the GOARCH=arm NEON kernels (written by command arm into
// kernels_arm.s and kernels_arm_stubs.go), joined to the contract.
var armKernels = []dispatch.Kernel{
	{Hook: "nttArch", Impls: dispatch.On("arm", "NEON", "nttNEON")},
	{Hook: "inverseNTTArch", Impls: dispatch.On("arm", "NEON", "inverseNTTNEON")},
	{Hook: "dotProductArch", Impls: dispatch.On("arm", "NEON", "dotProductNEON")},
	{Hook: "polyAddArch", Impls: dispatch.On("arm", "NEON", "polyAddNEON")},
	{Hook: "polySubArch", Impls: dispatch.On("arm", "NEON", "polySubNEON")},
	{Hook: "cbdEta2Arch", Impls: dispatch.On("arm", "NEON", "cbdEta2NEON")},
	{Hook: "cbdEta3Arch", Impls: dispatch.On("arm", "NEON", "cbdEta3NEON")},
	{Hook: "encode12Arch", Impls: dispatch.On("arm", "NEON", "encode12NEON")},
	{Hook: "decode12CheckedArch", Impls: dispatch.On("arm", "NEON", "decode12CheckedNEON")},
	{Hook: "decode12ReduceArch", Impls: dispatch.On("arm", "NEON", "decode12ReduceNEON")},
	{Hook: "sampleNTTRejectArch", Impls: dispatch.On("arm", "NEON", "sampleNTTRejectNEON")},
	armPerD("compressEncodeArch", "compressEncode%dNEON", 1, 4),
	armPerD("compressEncodePaddedArch", "compressEncode%dNEON", 5, 10, 11),
	armPerD("decodeDecompressArch", "decodeDecompress%dNEON", 1, 4),
	armPerD("decodeDecompressPaddedArch", "decodeDecompress%dNEON", 5, 10, 11),
}

// armPerD is a per-d hook whose kernels, named by format, exist for ds;
// the kernels of d = 5, 10 and 11 move whole 64-bit lanes past the
// encoding, so they take the padded hooks.
func armPerD(hook, format string, ds ...int) dispatch.Kernel {
	var vs []dispatch.Variant
	for _, d := range ds {
		vs = append(vs, dispatch.Variant{Value: fmt.Sprint(d), Impls: dispatch.On("arm", "NEON", fmt.Sprintf(format, d))})
	}
	return dispatch.Kernel{Hook: hook, Variants: vs}
}

var armStubs = flag.String("armstubs", "", "write only the arm hooks (-arch), from the arm kernels' declarations in `file`")

// armHooks writes the arm hooks and reports true if -armstubs asked for
// them; the assembly and its declarations come from command arm.
func armHooks() bool {
	flag.Parse()
	if *armStubs == "" {
		return false
	}
	dispatch.WriteFrom("mlkem", "arm && !purego", fullContract(), *armStubs)
	return true
}
