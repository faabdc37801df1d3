//go:build !amd64 || purego

package polymul

// fast16Arch reports false: the two-prime kernels have no assembly in this
// build.
func fast16Arch() bool { return false }
