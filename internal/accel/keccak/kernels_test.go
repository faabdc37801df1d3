package keccak

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestPermutationsMatchPortable compares the 1-, 4- and 8-way permutations
// of every level with the portable ones, bit for bit, on random states and
// on the all-zero and all-one states.
func TestPermutationsMatchPortable(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		rng := rand.New(rand.NewPCG(21, uint64(l)))
		for iter := range 200 {
			var a [25 * 8]uint64
			for i := range a {
				switch iter {
				case 0:
				case 1:
					a[i] = ^uint64(0)
				default:
					a[i] = rng.Uint64()
				}
			}
			one, want1 := [25]uint64(a[:25]), [25]uint64(a[:25])
			permuteX1InPlace(&one)
			permuteX1Generic(&want1)
			four, want4 := [100]uint64(a[:100]), [100]uint64(a[:100])
			permuteX4InPlace(&four)
			permuteInterleavedGeneric(want4[:])
			eight, want8 := a, a
			permuteX8InPlace(&eight)
			permuteInterleavedGeneric(want8[:])
			if one != want1 || four != want4 || eight != want8 {
				t.Fatalf("state %d: x1 %v, x4 %v, x8 %v equal to the portable permutation", iter, one == want1, four == want4, eight == want8)
			}
		}
	})
}

// TestPermutationKernels compares the permutation of every level with the
// portable one on random states, for one, four and eight interleaved states.
func TestPermutationKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, n := range []int{1, 4, 8} {
			for iter := 0; iter < 50; iter++ {
				a := make([]uint64, 25*n)
				for i := range a {
					a[i] = rng.Uint64()
				}
				want := append([]uint64(nil), a...)
				permuteInterleavedGeneric(want)
				permuteInterleavedInPlace(a)
				if !slicesEqual(a, want) {
					t.Fatalf("%d states, iteration %d: permutation differs from the portable code", n, iter)
				}
			}
		}
	})
}
