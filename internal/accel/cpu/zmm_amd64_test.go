//go:build amd64 && !purego

package cpu

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestVendorFamily checks the CPUID decoding against the kernel's reading
// of the same registers in /proc/cpuinfo, and HalfWidthZMM against it.
func TestVendorFamily(t *testing.T) {
	v, f := vendor(), family()
	t.Logf("CPUID: vendor %q, family %#x; best level %v; HalfWidthZMM %v", v, f, Best(), HalfWidthZMM())
	if len(v) != 12 || strings.ContainsRune(v, 0) {
		t.Fatalf("vendor %q is not a 12-character CPUID vendor string", v)
	}
	file, err := os.Open("/proc/cpuinfo")
	if err != nil {
		t.Skipf("no /proc/cpuinfo to check CPUID against: %v", err)
	}
	defer file.Close()
	info := map[string]string{}
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		key, value, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			if len(info) > 0 {
				break // the first processor's block is enough
			}
			continue
		}
		info[strings.TrimSpace(key)] = strings.TrimSpace(value)
	}
	if info["vendor_id"] != v {
		t.Errorf("CPUID vendor %q, /proc/cpuinfo vendor_id %q", v, info["vendor_id"])
	}
	want, err := strconv.ParseUint(info["cpu family"], 10, 32)
	if err != nil {
		t.Fatalf("/proc/cpuinfo cpu family %q: %v", info["cpu family"], err)
	}
	if uint64(f) != want {
		t.Errorf("CPUID family %#x, /proc/cpuinfo cpu family %d", f, want)
	}
	zen4 := v == "AuthenticAMD" && want == 0x19 && Best() == AVX512
	if HalfWidthZMM() != zen4 {
		t.Errorf("HalfWidthZMM() = %v on vendor %s family %#x at best level %v", HalfWidthZMM(), v, want, Best())
	}
}
