package smaug

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/accel/workpool"
)

// TestWorkAreas checks the contract of the pooled work areas (workpool)
// of encryption and of the lockstep matrix: an area left dirty gives the
// same ciphertext and the same Â as a fresh one, and encryption leaves no
// secret in its area.
func TestWorkAreas(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 7))
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, p := range allParams {
			ek := newTestKey(p, r).EncapsulationKey().inDomain()
			mu := make([]byte, p.MessageSize())
			seedR := make([]byte, 32)
			fill(r, mu)
			fill(r, seedR)
			want := make([]byte, p.CiphertextSize())
			ek.encrypt(want, mu, seedR, nil)

			w := new(encryptWork)
			for i := range w.buf {
				fill(r, w.buf[i][:])
				fill(r, w.in[i][:])
			}
			fill(r, w.bits[:])
			for i := range w.m {
				w.m[i] = uint16(r.Uint32())
				w.w[i] = int32(r.Uint32())
			}
			for i := range w.rHat {
				for j := range w.rHat[i] {
					w.rHat[i][j] = r.Uint32()
				}
			}
			got := make([]byte, p.CiphertextSize())
			ek.encryptIn(w, got, mu, seedR, nil)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s: encryption in a dirty work area differs", p.Name())
			}
			w.clearSecrets(p.k)
			for i := range p.k {
				if !workpool.Zeroed(&w.in[i]) || !workpool.Zeroed(&w.buf[i]) || !workpool.Zeroed(&w.rHat[i]) {
					t.Errorf("%s: encryption left seed_r, r's stream or r̂ %d in its work area", p.Name(), i)
				}
			}
			if !workpool.Zeroed(&w.x4) || !workpool.Zeroed(&w.w) || !workpool.Zeroed(&w.bits) || !workpool.Zeroed(&w.m) {
				t.Errorf("%s: encryption left its sponge, scratch or message in its work area", p.Name())
			}

			if p.k*p.k%4 == 0 {
				lw := new(lockstepWork)
				for i := range lw.out {
					fill(r, lw.out[i][:])
				}
				c := new(EncapsulationKey)
				if err := c.SetBytes(p, ek.Bytes()); err != nil {
					t.Fatal(err)
				}
				clear(c.a)
				in := matrixInputs(p.k, ek.encoded[:seedASize])
				c.lockstepIn(lw, &in, nil, false, 4)
				for i := range p.k * p.k {
					if c.a[i] != ek.a[i] {
						t.Fatalf("%s: Â's entry %d from a dirty work area differs", p.Name(), i)
					}
				}
			}
		}
	})
}
