//go:build amd64 && !purego

package cpu

//go:generate go -C ../_asm run ./cpu -out ../cpu/cpuid_amd64.s -stubs ../cpu/cpuid_amd64_stubs.go -pkg cpu

// detectHalfWidthZMM reports an AVX-512 CPU of AMD family 19h: Zen 4, the
// family's only cores with AVX-512 (Zen 3 has none), which issue each
// 512-bit instruction as two 256-bit halves. Later AMD families (Zen 5)
// and Intel's AVX-512 cores execute zmm instructions at full width.
func detectHalfWidthZMM() bool {
	return best == AVX512 && vendor() == "AuthenticAMD" && family() == 0x19
}

// vendor returns the CPU's vendor string, CPUID leaf 0's EBX, EDX, ECX.
func vendor() string {
	_, b, c, d := cpuid(0, 0)
	var s [12]byte
	for i, w := range [3]uint32{b, d, c} {
		s[4*i], s[4*i+1], s[4*i+2], s[4*i+3] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
	}
	return string(s[:])
}

// family returns the CPU's display family from CPUID leaf 1's EAX: the
// base family, plus the extended family where the base is 0xF.
func family() uint32 {
	a, _, _, _ := cpuid(1, 0)
	f := a >> 8 & 0xF
	if f == 0xF {
		f += a >> 20 & 0xFF
	}
	return f
}
