package mldsa

import (
	"bytes"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/accel/workpool"
)

// zeroElements reports whether every element of v is zero.
func zeroElements[T any](v []T) bool {
	for i := range v {
		if !workpool.Zeroed(&v[i]) {
			return false
		}
	}
	return true
}

// dirty fills the arrays of ring elements in a work area with a value no
// computation leaves there, as an area used for another key would hold
// them.
func dirty(rings ...[]ringElement) {
	for _, r := range rings {
		for i := range r {
			for j := range r[i] {
				r[i][j] = fieldElement(q - 1 - j)
			}
		}
	}
}

// TestWorkAreas checks the contract of the pooled work areas (workpool)
// of signing and key generation: an area left dirty by another key gives
// the same result as a fresh one, and what the area keeps afterwards holds
// no secret.
func TestWorkAreas(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, p := range All() {
			seed := [SeedSize]byte{7, byte(p.K)}
			want := NewPrivateKeyFromSeed(p, &seed)

			kw := new(keyWork)
			dirty(kw.s1[:], kw.s2[:])
			kw.t1, kw.t, kw.t0, kw.given = kw.s1[0], kw.s1[0], kw.s1[0], kw.s1[0]
			for i := range kw.window {
				kw.window[i] = nttElement(kw.s1[0])
			}
			for i := range kw.s1H {
				kw.s1H[i] = nttElement(kw.s1[0])
			}
			got := newPrivateKey(p)
			got.fromSeedIn(p, &seed, kw)
			if !got.Equal(want) || !bytes.Equal(got.PublicKey().Bytes(), want.PublicKey().Bytes()) {
				t.Fatalf("%s: key generation in a dirty work area differs", p.Name)
			}
			for name, clean := range map[string]bool{
				"s1": zeroElements(kw.s1[:p.L]), "s2": zeroElements(kw.s2[:p.K]), "streams": workpool.Zeroed(&kw.streams),
				"table": workpool.Zeroed(&kw.table), "ŝ1": zeroElements(kw.s1H[:p.L]), "acc": workpool.Zeroed(&kw.acc),
				"t": workpool.Zeroed(&kw.t), "t0": workpool.Zeroed(&kw.t0), "given": workpool.Zeroed(&kw.given),
			} {
				if !clean {
					t.Errorf("%s: key generation left %s in its work area", p.Name, name)
				}
			}

			mu := [MuSize]byte{1, 2, 3}
			rnd := [RandomSize]byte{4}
			wantSig := make([]byte, p.SignatureSize())
			if err := want.SignMu(wantSig, &mu, &rnd); err != nil {
				t.Fatal(err)
			}
			sw := new(signWork)
			dirty(sw.masks.y[:], sw.w[:], sw.scratch.z[:], sw.scratch.w0[:], sw.scratch.hints[:])
			sig := make([]byte, p.SignatureSize())
			want.signMuIn(sw, sig, &mu, &rnd, planFor(p))
			if !bytes.Equal(sig, wantSig) {
				t.Fatalf("%s: signing in a dirty work area differs", p.Name)
			}
			for name, clean := range map[string]bool{
				"ρ″": workpool.Zeroed(&sw.masks.rhoPP), "y": workpool.Zeroed(&sw.masks.y), "streams": workpool.Zeroed(&sw.masks.streams),
				"w": workpool.Zeroed(&sw.w), "scratch": workpool.Zeroed(&sw.scratch),
			} {
				if !clean {
					t.Errorf("%s: signing left %s in its work area", p.Name, name)
				}
			}
		}
	})
}
