//go:build unix

package mldsa

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/guardpage"
)

// TestKernelsStayInsideBuffers runs the unpacking, packing and sampling
// kernels on buffers that end where an inaccessible page begins, at every
// level, and compares them with the portable kernels: a kernel that reads
// or writes a byte past its buffer faults here.
func TestKernelsStayInsideBuffers(t *testing.T) {
	page := guardpage.Page(t)
	rng := rand.New(rand.NewPCG(18, 18))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		cases := 0
		for range 8 {
			raw := random(640)
			for _, p := range All() {
				var got, want ringElement
				size := 32 * p.gamma1Bits
				unpackZ(p, &got, guardpage.AtEnd(page, size, raw))
				unpackZGeneric(p, &want, raw[:size])
				if got != want {
					t.Fatalf("level %v, %s: unpackZ at a buffer's end differs", l, p.Name)
				}
				out := guardpage.AtEnd(page, size, nil)
				packZ(p, out, &want)
				ref := make([]byte, size)
				packZGeneric(p, ref, &want)
				if !bytes.Equal(out, ref) {
					t.Fatalf("level %v, %s: packZ at a buffer's end differs", l, p.Name)
				}
				for j := range got {
					got[j] = fieldElement(rng.Uint32N(1 << p.w1Bits))
				}
				out = guardpage.AtEnd(page, 32*p.w1Bits, nil)
				packW1(p, out, &got)
				ref = make([]byte, 32*p.w1Bits)
				packW1Generic(p, ref, &got)
				if !bytes.Equal(out, ref) {
					t.Fatalf("level %v, %s: packW1 at a buffer's end differs", l, p.Name)
				}
				for j := range got {
					got[j] = fieldFromInt32(int32(rng.IntN(2*p.Eta+1)) - int32(p.Eta))
				}
				out = guardpage.AtEnd(page, 32*p.etaBits, nil)
				packEta(p, out, &got)
				ref = make([]byte, 32*p.etaBits)
				packEtaGeneric(p, ref, &got)
				if !bytes.Equal(out, ref) {
					t.Fatalf("level %v, %s: packEta at a buffer's end differs", l, p.Name)
				}
				cases += 4
			}
			var t1, t1Want ringElement
			unpackT1(&t1, guardpage.AtEnd(page, 320, raw))
			unpackT1Generic(&t1Want, raw[:320])
			if t1 != t1Want {
				t.Fatalf("level %v: unpackT1 at a buffer's end differs", l)
			}
			out := guardpage.AtEnd(page, 320, nil)
			packT1(out, &t1Want)
			ref := make([]byte, 320)
			packT1Generic(ref, &t1Want)
			if !bytes.Equal(out, ref) {
				t.Fatalf("level %v: packT1 at a buffer's end differs", l)
			}
			var t0 ringElement
			for j := range t0 {
				t0[j] = fieldFromInt32(int32(rng.IntN(1<<d)) - 1<<(d-1) + 1)
			}
			out = guardpage.AtEnd(page, 32*d, nil)
			packT0(out, &t0)
			ref = make([]byte, 32*d)
			packT0Generic(ref, &t0)
			if !bytes.Equal(out, ref) {
				t.Fatalf("level %v: packT0 at a buffer's end differs", l)
			}
			cases += 3
			for _, length := range []int{3, 47, 48, 100, 168, 840} {
				buf := random(length)
				var a, aWant nttElement
				if f, fw := rejNTTPoly(&a, 0, guardpage.AtEnd(page, length, buf)), rejNTTPolyGeneric(&aWant, 0, buf); f != fw || !slices.Equal(a[:f], aWant[:f]) {
					t.Fatalf("level %v: rejNTTPoly of %d bytes at a buffer's end differs", l, length)
				}
				for _, eta := range []int{2, 4} {
					var s, sWant ringElement
					if f, fw := rejBoundedPoly(&s, 0, eta, guardpage.AtEnd(page, length, buf)), rejBoundedPolyGeneric(&sWant, 0, eta, buf); f != fw || !slices.Equal(s[:f], sWant[:f]) {
						t.Fatalf("level %v: rejBoundedPoly (η = %d) of %d bytes at a buffer's end differs", l, eta, length)
					}
				}
				cases += 3
			}
		}
		t.Logf("level %v: %d cases at a guard page", l, cases)
	})
}
