//go:build (!amd64 && !arm64 && !arm) || purego

package cpu

func detect() (ladder []Level, best Level) { return []Level{Portable}, Portable }
