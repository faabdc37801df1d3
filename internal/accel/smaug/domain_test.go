package smaug

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
)

// atLevel runs f with level l forced.
func atLevel(t *testing.T, l cpu.Level, f func()) {
	t.Helper()
	restore, err := cpu.Force(l)
	if err != nil {
		t.Fatal(err)
	}
	defer restore()
	f()
}

// TestKeysAcrossLevels makes keys at every level and uses them at every
// other: encapsulation, decapsulation of a valid and a tampered ciphertext
// must give the bytes of the level's own keys, while the key keeps the
// transform domain it was made in (the conversion works on a copy).
func TestKeysAcrossLevels(t *testing.T) {
	levels := cpu.Levels()
	domains := map[domain]bool{}
	for _, l := range levels {
		atLevel(t, l, func() { domains[activeDomain()] = true })
	}
	t.Logf("levels %v use %d transform domain(s)", levels, len(domains))
	r := rand.New(rand.NewPCG(20, 4))
	cases := 0
	for _, p := range allParams {
		var seed, rej [32]byte
		fill(r, seed[:])
		fill(r, rej[:])
		mu := make([]byte, p.MessageSize())
		fill(r, mu)
		for _, made := range levels {
			var dk DecapsulationKey
			var loaded DecapsulationKey
			atLevel(t, made, func() {
				dk.GenerateKey(p, &seed, &rej)
				if err := loaded.SetBytes(p, dk.Bytes()); err != nil {
					t.Fatal(err)
				}
			})
			dom := dk.ek.dom
			for _, used := range levels {
				atLevel(t, used, func() {
					var own DecapsulationKey
					own.GenerateKey(p, &seed, &rej)
					want := make([]byte, p.CiphertextSize())
					wantSS := own.EncapsulationKey().Encapsulate(want, mu)
					bad := bytes.Clone(want)
					bad[r.IntN(len(bad))] ^= 1 << r.IntN(8)
					wantBad, _ := own.Decapsulate(bad)
					for _, k := range []*DecapsulationKey{&dk, &loaded} {
						ct := make([]byte, p.CiphertextSize())
						ss := k.EncapsulationKey().Encapsulate(ct, mu)
						if !bytes.Equal(ct, want) || ss != wantSS {
							t.Fatalf("%s: key made at %v, used at %v: encapsulation differs", p.name, made, used)
						}
						got, err := k.Decapsulate(ct)
						if err != nil || got != wantSS {
							t.Fatalf("%s: key made at %v, used at %v: Decapsulate = %x, %v; want %x", p.name, made, used, got, err, wantSS)
						}
						got, err = k.Decapsulate(bad)
						if err != nil || got != wantBad {
							t.Fatalf("%s: key made at %v, used at %v: tampered Decapsulate = %x, %v; want %x", p.name, made, used, got, err, wantBad)
						}
					}
					cases++
				})
				if dk.ek.dom != dom || loaded.ek.dom != dom {
					t.Fatalf("%s: using a key at %v changed its domain", p.name, used)
				}
			}
		}
	}
	t.Logf("%d (set, made-at, used-at) cases", cases)
	if cases == 0 {
		t.Fatal("no cases ran")
	}
}
