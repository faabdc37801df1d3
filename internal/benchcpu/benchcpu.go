// Package benchcpu runs benchmark loops that also report the process CPU time
// per operation ("cpu-ns/op") beside Go's wall-clock ns/op. On a machine
// shared with other work, wall time counts the time the benchmark waits for a
// core; CPU time does not, so it compares implementations more steadily.
package benchcpu

import "testing"

// Loop runs f in a b.Loop and reports cpu-ns/op where the platform offers
// process CPU time.
func Loop(b *testing.B, f func()) {
	b.ReportAllocs()
	start, ok := processCPU()
	for b.Loop() {
		f()
	}
	if end, ok2 := processCPU(); ok && ok2 && b.N > 0 {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
}
