package ctest

import "math"

// welch accumulates the measurements of two classes (Welford's online mean
// and variance) for Welch's t-test.
type welch struct {
	n    [2]float64
	mean [2]float64
	m2   [2]float64 // sum of squared deviations from the mean
}

func (w *welch) add(class int, x float64) {
	w.n[class]++
	d := x - w.mean[class]
	w.mean[class] += d / w.n[class]
	w.m2[class] += d * (x - w.mean[class])
}

// count is the number of measurements in both classes.
func (w *welch) count() int { return int(w.n[0] + w.n[1]) }

// t is Welch's statistic (mean₀ − mean₁) / √(var₀/n₀ + var₁/n₁), 0 while a
// class has fewer than two measurements or both have no variance.
func (w *welch) t() float64 {
	if w.n[0] < 2 || w.n[1] < 2 {
		return 0
	}
	v0 := w.m2[0] / (w.n[0] - 1)
	v1 := w.m2[1] / (w.n[1] - 1)
	den := math.Sqrt(v0/w.n[0] + v1/w.n[1])
	if den == 0 {
		return 0
	}
	return (w.mean[0] - w.mean[1]) / den
}
