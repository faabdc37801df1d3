//go:build amd64 && !purego

package cpu

import "golang.org/x/sys/cpu"

func detect() (ladder []Level, best Level) {
	ladder = []Level{Portable, AVX2, AVX512}
	x := cpu.X86
	switch {
	case x.HasAVX512F && x.HasAVX512BW && x.HasAVX512VL && x.HasAVX512DQ &&
		x.HasAVX512IFMA && x.HasAVX512VBMI && x.HasAVX512VBMI2 && x.HasBMI1 && x.HasBMI2:
		return ladder, AVX512
	case x.HasAVX2 && x.HasBMI1 && x.HasBMI2:
		return ladder, AVX2
	}
	return ladder, Portable
}
