//go:build arm && !purego

package cpu

import "golang.org/x/sys/cpu"

func detect() (ladder []Level, best Level) {
	ladder = []Level{Portable, NEON}
	if cpu.ARM.HasNEON {
		return ladder, NEON
	}
	return ladder, Portable
}
