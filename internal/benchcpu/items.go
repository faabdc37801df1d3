package benchcpu

import "testing"

// LoopItems is [Loop] for an f that processes items items (a batch): beside
// the per-call metrics it reports ns/item and cpu-ns/item, so that batches
// of different sizes and single operations compare directly.
func LoopItems(b *testing.B, items int, f func()) {
	b.ReportAllocs()
	start, ok := processCPU()
	for b.Loop() {
		f()
	}
	if b.N == 0 {
		return
	}
	perItem := float64(b.N) * float64(items)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perItem, "ns/item")
	if end, ok2 := processCPU(); ok && ok2 {
		b.ReportMetric(float64(end-start)/perItem, "cpu-ns/item")
	}
}
