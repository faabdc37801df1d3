//go:build arm64 && !purego

package cpu

import "golang.org/x/sys/cpu"

func detect() (ladder []Level, best Level) {
	ladder = []Level{Portable, NEON, NEONSHA3}
	a := cpu.ARM64
	switch {
	case a.HasASIMD && a.HasSHA3:
		return ladder, NEONSHA3
	case a.HasASIMD:
		return ladder, NEON
	}
	return ladder, Portable
}
