package smaug

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestGeneratedKeyFirstUse checks the work key generation leaves to a key's
// first use (EncapsulationKey.complete) against a key set from the same sk
// bytes, which computes it all at once: a generated key whose first use is
// a decapsulation, one first used by eight goroutines at once (run with
// -race), and a used key generated again in place, whose completion must
// run again for the new key.
func TestGeneratedKeyFirstUse(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		r := rand.New(rand.NewPCG(7, 7))
		for _, p := range allParams {
			loaded := new(DecapsulationKey)
			check := func(name string, dk *DecapsulationKey, ct []byte, want [SharedKeySize]byte) {
				t.Helper()
				got, err := dk.Decapsulate(ct)
				if err != nil || got != want {
					t.Fatalf("%s: %s: Decapsulate = %x, %v; want %x", p.name, name, got, err, want)
				}
			}
			encaps := func(dk *DecapsulationKey) ([]byte, []byte, [SharedKeySize]byte) {
				if err := loaded.SetBytes(p, dk.Bytes()); err != nil {
					t.Fatalf("%s: SetBytes: %v", p.name, err)
				}
				mu := make([]byte, p.MessageSize())
				fill(r, mu)
				ct := make([]byte, p.CiphertextSize())
				return ct, mu, loaded.EncapsulationKey().Encapsulate(ct, mu)
			}

			// Decapsulation first.
			dk := newTestKey(p, r)
			ct, _, ss := encaps(dk)
			check("decapsulation first", dk, ct, ss)

			// Eight goroutines encapsulate with a new key at once.
			dk = newTestKey(p, r)
			ct, mu, ss := encaps(dk)
			var wg sync.WaitGroup
			results := make([][SharedKeySize]byte, 8)
			cts := make([][]byte, 8)
			for g := range results {
				cts[g] = make([]byte, p.CiphertextSize())
				wg.Go(func() { results[g] = dk.EncapsulationKey().Encapsulate(cts[g], mu) })
			}
			wg.Wait()
			for g := range results {
				if results[g] != ss || string(cts[g]) != string(ct) {
					t.Fatalf("%s: concurrent first use %d: ciphertext or key differs from the loaded key's", p.name, g)
				}
			}

			// A used key generated again in place.
			var seed, rej [32]byte
			fill(r, seed[:])
			fill(r, rej[:])
			dk.GenerateKey(p, &seed, &rej)
			ct, _, ss = encaps(dk)
			check("generated again", dk, ct, ss)
			if got := dk.EncapsulationKey().Encapsulate(make([]byte, p.CiphertextSize()), mu); got == results[0] {
				t.Fatalf("%s: generated again: encapsulation still uses the old key", p.name)
			}
		}
	})
}
