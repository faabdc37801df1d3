// Package benchcpu runs benchmark loops that also report the CPU time the
// benchmark's own OS thread spent per operation ("cpu-ns/op"), beside Go's
// wall-clock ns/op. On a machine shared with other work, wall time counts the
// time the benchmark waits for a core, and process CPU time counts other
// threads (the garbage collector's, other goroutines'); the thread's CPU
// time does neither, so it compares implementations more steadily.
package benchcpu

import (
	"runtime"
	"testing"
)

// Loop runs f in a b.Loop and reports cpu-ns/op where the platform offers
// thread CPU time.
func Loop(b *testing.B, f func()) { run(b, 0, f) }

// LoopItems is [Loop] for an f that processes items items (a batch, or the
// states of a multi-state kernel): it also reports ns/item and cpu-ns/item,
// so that batches of different sizes and single operations compare directly.
func LoopItems(b *testing.B, items int, f func()) { run(b, items, f) }

func run(b *testing.B, items int, f func()) {
	// The thread's clock measures only while f runs on this thread.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	start, ok := threadCPU()
	for b.Loop() {
		f()
	}
	if b.N == 0 {
		return
	}
	end, ok2 := threadCPU()
	ok = ok && ok2
	if ok {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
	}
	if items > 0 {
		perItem := float64(b.N) * float64(items)
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perItem, "ns/item")
		if ok {
			b.ReportMetric(float64(end-start)/perItem, "cpu-ns/item")
		}
	}
}
