// Package cpu decides, in one place, which SIMD level the engine runs at.
//
// Every kernel package asks [Active] when it is called, so a test
// can force a lower level with [Force] and compare the outputs of all levels
// in one binary. Nothing outside internal/accel knows about SIMD.
package cpu

import (
	"fmt"
	"sync/atomic"
)

// Level is a SIMD implementation level. Each architecture has its own ladder
// of levels (see [All]); on one architecture a higher level includes the
// lower ones. Levels of different architectures are not comparable: ask
// [Supports], never compare a Level with < or >.
type Level int32

const (
	// Portable is pure Go: the specification every other level must match.
	Portable Level = iota
	// AVX2 is amd64 with AVX2, BMI1 and BMI2.
	AVX2
	// AVX512 is amd64 with AVX-512 F, BW, VL, DQ, IFMA, VBMI and VBMI2.
	AVX512
	// NEON is Advanced SIMD: every ARMv8-A core on arm64, and ARMv7 cores
	// that report NEON on arm.
	NEON
	// NEONSHA3 is arm64 NEON with the SHA3 extension (EOR3, RAX1, XAR, BCAX).
	NEONSHA3
)

// String returns the level's name as used in test and benchmark names.
func (l Level) String() string {
	switch l {
	case Portable:
		return "portable"
	case AVX2:
		return "avx2"
	case AVX512:
		return "avx512"
	case NEON:
		return "neon"
	case NEONSHA3:
		return "neon+sha3"
	}
	return fmt.Sprintf("Level(%d)", int32(l))
}

// ladder is this architecture's levels, lowest first, and best the highest of
// them this CPU (and build) supports; both come from the architecture file.
var ladder, best = detect()

// active is the level kernels use; it equals best unless a test forced it.
var active atomic.Int32

func init() { active.Store(int32(best)) }

// Best reports the highest level the CPU and the build support.
func Best() Level { return best }

// halfWidthZMM is detected once, after best; see HalfWidthZMM.
var halfWidthZMM = detectHalfWidthZMM()

// HalfWidthZMM reports whether this AVX-512 CPU executes each 512-bit
// instruction as two 256-bit halves (AMD Zen 4), so that a kernel on zmm
// registers does no more work a cycle than its ymm form: an 8-way Keccak
// permutation then costs two 4-way ones rather than about one. Callers
// that choose between widths by cost read it; it is false below AVX512.
func HalfWidthZMM() bool { return halfWidthZMM }

// Active reports the level kernels use now.
func Active() Level { return Level(active.Load()) }

// Levels lists every level the CPU supports, lowest first.
func Levels() []Level {
	var ls []Level
	for _, l := range ladder {
		ls = append(ls, l)
		if l == best {
			break
		}
	}
	return ls
}

// All lists every level the engine knows on this architecture, lowest first,
// whether or not this CPU has it; tests use it to print why they skip a level.
func All() []Level { return append([]Level(nil), ladder...) }

// Supports reports whether this CPU (and build) can run kernels of level l.
func Supports(l Level) bool {
	for _, s := range Levels() {
		if s == l {
			return true
		}
	}
	return false
}

// Force makes kernels run at level l until the returned function restores the
// previous level. It is a test hook: it is not safe to call while other
// goroutines run kernels, and it fails if the CPU lacks l.
func Force(l Level) (restore func(), err error) {
	if !Supports(l) {
		return nil, fmt.Errorf("cpu: level %v is not available on this CPU (best is %v)", l, best)
	}
	prev := active.Swap(int32(l))
	return func() { active.Store(prev) }, nil
}
