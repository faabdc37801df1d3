//go:build !unix

package main

import "time"

// processCPU reports that this platform's process CPU time is not read
// here; the burst then reports wall time only.
func processCPU() (time.Duration, bool) { return 0, false }
