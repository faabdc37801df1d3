//go:build !linux

package benchcpu

// threadCPU is unavailable here; only wall time is reported.
func threadCPU() (int64, bool) { return 0, false }
