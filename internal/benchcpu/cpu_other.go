//go:build !unix

package benchcpu

// processCPU is unavailable here; only ns/op is reported.
func processCPU() (int64, bool) { return 0, false }
