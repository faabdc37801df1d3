package keccak

import "golang.org/x/sys/unix"

// threadCPUTime returns the CPU time the calling OS thread has used, in
// nanoseconds, or -1 if it cannot be read.
func threadCPUTime() int64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return -1
	}
	return ts.Nano()
}
