package mldsa

import (
	"bytes"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestSignSchedules signs under every mask schedule a plan can choose —
// one mask per candidate, two candidates' masks per ExpandMask, the next
// mask expanded beside c̃ — at every level, and checks that the signatures
// are the same bytes as the active level's own plan gives: the schedule
// changes when masks are computed, never which. This runs the schedules of
// level AVX512 on CPUs without it (the carried hash is then absorbed by
// its Squeeze).
func TestSignSchedules(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		for _, p := range All() {
			sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{byte(p.K), 7})
			base := planFor(p)
			schedules := map[string]plan{"one mask": base, "paired masks": base, "mask ahead": base}
			for name, pl := range schedules {
				pl.pairedMasks = name == "paired masks"
				pl.maskAhead = name == "mask ahead"
				schedules[name] = pl
			}
			for i := range 8 { // enough candidates to pass through both halves of the masks
				var mu [MuSize]byte
				var rnd [RandomSize]byte
				mu[0], rnd[0] = byte(i), byte(3*i)
				want := make([]byte, p.SignatureSize())
				if err := sk.SignMu(want, &mu, &rnd); err != nil {
					t.Fatal(err)
				}
				for name, pl := range schedules {
					got := make([]byte, p.SignatureSize())
					sk.signMu(got, &mu, &rnd, pl)
					if !bytes.Equal(got, want) {
						t.Fatalf("%s, message %d: the %q schedule gives another signature", p.Name, i, name)
					}
				}
				if err := sk.PublicKey().VerifyMu(&mu, want); err != nil {
					t.Fatalf("%s, message %d: %v", p.Name, i, err)
				}
			}
		}
	})
}
