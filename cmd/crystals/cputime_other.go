//go:build !linux

package main

// threadCPU reports that this platform offers no thread CPU clock; bench
// then measures wall time.
func threadCPU() (int64, bool) { return 0, false }
