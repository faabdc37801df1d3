package ctest

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestWelch checks the statistic against one computed by hand: classes
// {1, 2, 3} and {4, 6}: means 2 and 5, variances 1 and 2.
func TestWelch(t *testing.T) {
	var w welch
	for _, x := range []float64{1, 2, 3} {
		w.add(0, x)
	}
	for _, x := range []float64{4, 6} {
		w.add(1, x)
	}
	want := (2.0 - 5.0) / math.Sqrt(1.0/3+2.0/2)
	if got := w.t(); math.Abs(got-want) > 1e-12 {
		t.Fatalf("t = %v, want %v", got, want)
	}
}

// synthetic returns n measurements of random classes, class 1 taking delta
// longer, with the same noise (and occasional long interruptions) for both.
func synthetic(n int, delta float64) ([]uint8, []float64) {
	rng := rand.New(rand.NewPCG(1, 2))
	classes := make([]uint8, n)
	times := make([]float64, n)
	for i := range times {
		classes[i] = uint8(rng.IntN(2))
		times[i] = 1000 + 50*rng.NormFloat64() + delta*float64(classes[i])
		if rng.IntN(100) == 0 {
			times[i] += 1e5 * rng.Float64()
		}
	}
	return classes, times
}

// TestAnalyse checks that a difference of a tenth of the noise is found,
// through the interruptions thanks to cropping, and that equal classes
// pass.
func TestAnalyse(t *testing.T) {
	if r := analyse(synthetic(100000, 5)); math.Abs(r.T) < Threshold {
		t.Errorf("a difference of 5 in noise of 50 went unnoticed: %s", r)
	} else {
		t.Logf("different classes: %s", r)
	}
	if r := analyse(synthetic(100000, 0)); math.Abs(r.T) >= Threshold {
		t.Errorf("equal classes fail: %s", r)
	} else {
		t.Logf("equal classes: %s", r)
	}
}

// TestMeasure checks that Measure finds a real timing difference: class 1
// does a thousand times more work.
func TestMeasure(t *testing.T) {
	var sink uint64
	work := 0
	r := Measure(20000, func(class int) { work = 1 + 999*class }, func() {
		for i := range work {
			sink += uint64(i) * 0x9e3779b97f4a7c15
		}
	})
	if math.Abs(r.T) < Threshold {
		t.Fatalf("a thousandfold difference went unnoticed: %s (%d)", r, sink)
	}
	if r.Measurements != 20000 || r.PerClass[0]+r.PerClass[1] != 20000 {
		t.Fatalf("measurement counts %d, %v", r.Measurements, r.PerClass)
	}
}

// TestSelect checks Select's choice for both classes, across a length that
// leaves a tail past the last whole word.
func TestSelect(t *testing.T) {
	a, b := make([]byte, 21), make([]byte, 21)
	for i := range a {
		a[i], b[i] = byte(i), byte(0xf0^i)
	}
	for class, want := range [][]byte{a, b} {
		dst := make([]byte, len(a))
		Select(dst, a, b, class)
		if string(dst) != string(want) {
			t.Errorf("class %d: got %x, want %x", class, dst, want)
		}
	}
}
