//go:build !amd64 || purego

package cpu

// detectHalfWidthZMM is false where there is no AVX-512.
func detectHalfWidthZMM() bool { return false }
