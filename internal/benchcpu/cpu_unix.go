//go:build unix

package benchcpu

import "syscall"

// processCPU returns the user and system CPU time of the process in
// nanoseconds.
func processCPU() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
