package main

import "golang.org/x/sys/unix"

// threadCPU returns the CPU time the calling OS thread has used, in
// nanoseconds: on a shared machine it leaves out the time spent waiting for
// a core, which wall time counts.
func threadCPU() (int64, bool) {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts) != nil {
		return 0, false
	}
	return ts.Nano(), true
}
