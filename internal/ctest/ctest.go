// Package ctest gives the engines one dudect-style timing test (Reparaz,
// Balasch and Verbauwhede, "Dude, is my code constant time?", DATE 2017):
// an operation runs many times on secret inputs of two classes, the class
// of each measurement chosen at random so that drifts of the machine (other
// processes, frequency changes) fall on both classes alike, and Welch's
// t-test compares the two classes' timings. |t| above 4.5 rejects "the
// timings have the same distribution" with overwhelming confidence.
//
// As dudect does, the measurements are tested whole, cropped at a series of
// percentiles (the slow tail of a timing distribution is mostly
// interruptions, which drown a small difference), and in second order (the
// squared deviations from the mean, for a difference in spread); the
// result is the largest |t| over those tests. Timings come from the
// monotonic clock (time.Now), on a thread locked for the measurement.
package ctest

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/crystals-go/crystals/internal/accel/cpu"
)

// Threshold is the |t| at which a test fails, as in dudect.
const Threshold = 4.5

// minTested is the number of measurements a cropped test needs before its
// t counts, as in dudect (its enough_measurements).
const minTested = 10000

// percentiles is the number of cropping thresholds: measurements below the
// p-th percentile of all, for p = 1 − 0.5^(10·(i+1)/percentiles), i <
// percentiles (dudect's series, dense near the top).
const percentiles = 100

// Result is the outcome of Measure.
type Result struct {
	Measurements int     // measurements tested, after the warm-up
	PerClass     [2]int  // of which in each class
	T            float64 // the t of largest magnitude over the tests
	Test         string  // which test gave T
}

func (r Result) String() string {
	return fmt.Sprintf("|t| = %.2f (%s), %d measurements (%d and %d per class)",
		math.Abs(r.T), r.Test, r.Measurements, r.PerClass[0], r.PerClass[1])
}

// Measure times op n times, each after prepare(class) for a class drawn at
// random (0 or 1), after n/100 untested warm-up runs, and returns the
// largest |t| over dudect's tests. prepare, which is not timed, should copy
// its class's secret input into the buffers op works on: inputs in buffers
// of their own differ in alignment and cache placement, which timing shows
// as well as a secret. op must do the same work for both classes apart
// from what the secret input makes it do.
func Measure(n int, prepare func(class int), op func()) Result {
	warm := n / 100
	classes := make([]uint8, warm+n)
	for i := range classes {
		classes[i] = uint8(rand.IntN(2))
	}
	times := make([]float64, len(classes))
	runtime.GC()
	runtime.LockOSThread()
	for i, c := range classes {
		prepare(int(c))
		start := time.Now()
		op()
		times[i] = float64(time.Since(start))
	}
	runtime.UnlockOSThread()
	return analyse(classes[warm:], times[warm:])
}

// analyse runs the tests on the measurements times of classes.
func analyse(classes []uint8, times []float64) Result {
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	var cut [percentiles]float64
	for i := range cut {
		p := 1 - math.Pow(0.5, 10*float64(i+1)/percentiles)
		cut[i] = sorted[int(p*float64(len(sorted)-1))]
	}
	var whole, second welch
	var cropped [percentiles]welch
	for i, x := range times {
		c := int(classes[i])
		whole.add(c, x)
		for j := range cropped {
			if x < cut[j] {
				cropped[j].add(c, x)
			}
		}
	}
	// The second-order test needs the classes' means first.
	for i, x := range times {
		d := x - whole.mean[classes[i]]
		second.add(int(classes[i]), d*d)
	}
	r := Result{Measurements: len(times), PerClass: [2]int{int(whole.n[0]), int(whole.n[1])}}
	consider := func(w *welch, name string) {
		if t := w.t(); math.Abs(t) > math.Abs(r.T) {
			r.T, r.Test = t, name
		}
	}
	consider(&whole, "whole")
	consider(&second, "second order")
	for j := range cropped {
		if cropped[j].count() >= minTested {
			consider(&cropped[j], fmt.Sprintf("below the %.3g percentile", 100*(1-math.Pow(0.5, 10*float64(j+1)/percentiles))))
		}
	}
	if r.Test == "" {
		r.Test = "whole"
	}
	return r
}

// Run skips t under -short (saying why), runs Measure and logs the result
// (t.Logf, so -v prints |t| and the count); it fails t if |t| ≥ Threshold
// in a measurement and again in a second, fresh one taken to confirm it.
// The statistic is the largest of many crops' on a shared, noisy machine,
// where one burst of other work can push a single measurement over the
// threshold; a real dependence on the class shows in both (a leak of even a
// few cycles gives |t| in the tens or hundreds at these counts).
func Run(t *testing.T, n int, prepare func(class int), op func()) Result {
	t.Helper()
	if testing.Short() {
		t.Skipf("timing test of %d measurements: skipped under -short", n)
	}
	r := Measure(n, prepare, op)
	t.Logf("%s", r)
	if math.Abs(r.T) < Threshold {
		return r
	}
	first := r
	r = Measure(n, prepare, op)
	t.Logf("confirming %s: %s", first, r)
	if math.Abs(r.T) >= Threshold {
		t.Errorf("timing depends on the secret class: %s, then %s, both ≥ %.1f", first, r, Threshold)
	}
	return r
}

// Count is the number of measurements a test takes at level l: a few
// hundred thousand where the SIMD kernels run, fewer with the portable ones,
// which take several times as long, so that all the engines' timing tests
// stay within a few minutes.
func Count(l cpu.Level) int {
	if l == cpu.Portable {
		return 60000
	}
	return 200000
}

// Select sets dst to a if class is 0 and to b if it is 1, for a test's
// prepare function: it reads both whole, in the same order, and merges them
// by a mask, so that the caches the measured operation meets do not depend
// on the class through where each class's input lives (copying from the
// class's own buffer made such a difference show on a Zen 4). a, b and dst
// have one length.
func Select(dst, a, b []byte, class int) {
	m := -uint64(class & 1)
	i := 0
	for ; i+8 <= len(dst); i += 8 {
		x, y := binary.LittleEndian.Uint64(a[i:]), binary.LittleEndian.Uint64(b[i:])
		binary.LittleEndian.PutUint64(dst[i:], x^(x^y)&m)
	}
	for ; i < len(dst); i++ {
		dst[i] = a[i] ^ (a[i]^b[i])&byte(m)
	}
}

// Bytes is the memory of s as bytes, for [Select] on slices of fixed-size
// values without pointers (coefficients, lanes).
func Bytes[E any](s []E) []byte {
	var e E
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(e)))
}
