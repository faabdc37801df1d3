package main

import (
	"flag"

	"github.com/crystals-go/crystals/internal/accel/_asm/internal/dispatch"
)

// armKernels are the GOARCH=arm NEON kernels (written by command arm into
// kernels_arm.s and kernels_arm_stubs.go), joined to the contract.
var armKernels = []dispatch.Kernel{
	{Hook: "nttArch", Impls: dispatch.On("arm", "NEON", "nttNEON")},
	{Hook: "invNTTArch", Impls: dispatch.On("arm", "NEON", "invNTTNEON")},
	{Hook: "nttMulArch", Impls: dispatch.On("arm", "NEON", "nttMulNEON")},
	{Hook: "nttDotArch", Impls: dispatch.On("arm", "NEON", "nttDotNEON")},
	{Hook: "polyAddArch", Impls: dispatch.On("arm", "NEON", "polyAddNEON")},
	{Hook: "polySubArch", Impls: dispatch.On("arm", "NEON", "polySubNEON")},
	{Hook: "normMaxArch", Impls: dispatch.On("arm", "NEON", "normMaxNEON")},
	{Hook: "power2RoundSumArch", Impls: dispatch.On("arm", "NEON", "power2RoundSumNEON")},
	{Hook: "rejUniformArch", Impls: dispatch.On("arm", "NEON", "rejUniformNEON")},
	{Hook: "rejEtaArch", Variants: []dispatch.Variant{
		{Value: "2", Impls: dispatch.On("arm", "NEON", "rejEta2NEON")},
		{Value: "4", Impls: dispatch.On("arm", "NEON", "rejEta4NEON")}}},
	{Hook: "packedMulArch", Impls: dispatch.On("arm", "NEON", "packedMulNEON")},
	{Hook: "unpackZOverreadArch", Variants: []dispatch.Variant{
		{Value: "18", Impls: dispatch.On("arm", "NEON", "unpackZ18NEON")},
		{Value: "20", Impls: dispatch.On("arm", "NEON", "unpackZ20NEON")}}},
	armByGamma2("highBitsArch", "highBits"),
	armByGamma2("lowBitsNormMaxArch", "lowBitsNormMax"),
	armByGamma2("useHintsArch", "useHints"),
}

// armByGamma2 is a hook chosen by γ2 (by32) whose kernels are
// <prefix>32NEON and <prefix>88NEON.
func armByGamma2(hook, prefix string) dispatch.Kernel {
	return dispatch.Kernel{Hook: hook, Variants: []dispatch.Variant{
		{Value: "true", Impls: dispatch.On("arm", "NEON", prefix+"32NEON")},
		{Value: "false", Impls: dispatch.On("arm", "NEON", prefix+"88NEON")},
	}}
}

var armStubs = flag.String("armstubs", "", "write only the arm hooks (-arch), from the arm kernels' declarations in `file`")

// armHooks writes the arm hooks and reports true if -armstubs asked for
// them; the assembly and its declarations come from command arm.
func armHooks() bool {
	flag.Parse()
	if *armStubs == "" {
		return false
	}
	dispatch.WriteFrom("mldsa", "arm && !purego", fullContract(), *armStubs)
	return true
}
