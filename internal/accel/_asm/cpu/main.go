// Command cpu generates the amd64 CPUID access of package
// internal/accel/cpu: cpuid, the instruction for one leaf and subleaf,
// from which detect_amd64.go reads the vendor and family that
// golang.org/x/sys/cpu does not report.
//
// Run it through go generate in internal/accel/cpu.
package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("amd64,!purego")
	TEXT("cpuid", NOSPLIT, "func(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)")
	Doc("cpuid executes CPUID with leaf in EAX and subleaf in ECX.")
	Load(Param("leaf"), EAX)
	Load(Param("subleaf"), ECX)
	CPUID()
	Store(EAX, Return("eax"))
	Store(EBX, Return("ebx"))
	Store(ECX, Return("ecx"))
	Store(EDX, Return("edx"))
	RET()
	Generate()
}
