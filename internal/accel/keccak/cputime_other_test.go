//go:build !linux

package keccak

// threadCPUTime reports that thread CPU time is not available here.
func threadCPUTime() int64 { return -1 }
