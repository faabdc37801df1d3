package mldsa

import (
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestPower2RoundSumARM compares the Power2Round kernel of every arm level
// with the portable one on every residue, alone and plus a reversed copy of
// the residues (both sides of the reduction of a + b). On arm the NEON level
// has Power2Round but no HighBits kernel, so TestRoundingKernelsExhaustive,
// which also covers Power2Round, skips there.
func TestPower2RoundSumARM(t *testing.T) {
	blocks := everyResidue()
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		var zero ringElement
		for i := range blocks {
			other := blocks[len(blocks)-1-i]
			for _, b := range []*ringElement{&zero, &other} {
				var got1, got0, want1, want0 ringElement
				polyPower2RoundSum(&got1, &got0, &blocks[i], b)
				polyPower2RoundSumGeneric(&want1, &want0, &blocks[i], b)
				if got1 != want1 || got0 != want0 {
					t.Fatalf("Power2Round of a sum differs on block %d", i)
				}
			}
		}
		t.Logf("%d blocks of 256 residues checked", len(blocks))
	})
}
