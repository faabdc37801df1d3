//go:build unix

package smaug

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/guardpage"
)

// byteCodec is one of the unpackings, packings and samplers that take a
// byte buffer of a fixed length.
type byteCodec struct {
	name string
	size int
	dec  func(a *poly, b []byte) // reads b whole
	enc  func(b []byte, a *poly) // writes b whole; nil for samplers
	max  int32                   // enc's coefficients are below max
}

func byteCodecs() []byteCodec {
	var cs []byteCodec
	for _, d := range []uint{10, 11} {
		cs = append(cs, byteCodec{name: "Rq", size: int(d) * n / 8, max: 1 << d,
			dec: func(a *poly, b []byte) { decodeRq(a, b, d) }, enc: func(b []byte, a *poly) { encodeRq(b, a, d) }})
	}
	for _, d := range []uint{8, 9} {
		cs = append(cs, byteCodec{name: "Rp", size: int(d) * n / 8, max: 1 << d,
			dec: func(a *poly, b []byte) { decodeRp(a, b, d) }, enc: func(b []byte, a *poly) { encodeRp(b, a, d) }})
	}
	for _, d := range []uint{3, 4, 5, 7} {
		cs = append(cs, byteCodec{name: "Rp'", size: int(d) * n / 8, max: 1 << d,
			dec: func(a *poly, b []byte) { decodeRp2(a, b, d) }, enc: func(b []byte, a *poly) { encodeRp2(b, a, d) }})
	}
	cs = append(cs, byteCodec{name: "secret", size: secretPolySize,
		dec: func(a *poly, b []byte) { decodeSecret(a, b) }})
	for _, p := range allParams {
		cs = append(cs, byteCodec{name: "ephemeral " + p.name, size: p.ephemeralBytes(),
			dec: func(a *poly, b []byte) { sampleEphemeral(a, b, p.r) }})
		cs = append(cs, byteCodec{name: "HWT " + p.name, size: hwtStreamBytes,
			dec: func(a *poly, b []byte) {
				var sc hwtScratch
				*a = poly{} // an HWT that runs out of samples leaves a as it was
				hwtFromStreamTo(a, (*[hwtStreamBytes]byte)(b), p.hs, &sc)
			}})
	}
	return append(cs, byteCodec{name: "gaussian", size: gaussianBytes, dec: sampleGaussian})
}

// TestKernelsStayInsideBuffers runs every level's unpackings, packings and
// samplers on buffers that start and that end where an inaccessible page
// begins, and compares them with the same calls on ordinary buffers: a
// kernel that reads or writes one byte outside its buffer faults here.
func TestKernelsStayInsideBuffers(t *testing.T) {
	page := guardpage.Page(t)
	atEveryLevel(t, 21, func(t *testing.T, r *rand.Rand) (cases int, what string) {
		for _, c := range byteCodecs() {
			for range 4 {
				raw := make([]byte, c.size)
				fill(r, raw)
				var want poly
				c.dec(&want, raw)
				for _, place := range []func([]byte, int, []byte) []byte{guardpage.AtStart, guardpage.AtEnd} {
					var got poly
					c.dec(&got, place(page, c.size, raw))
					if got != want {
						t.Fatalf("%s (%d bytes): unpacking at a guard page differs", c.name, c.size)
					}
					cases++
					if c.enc == nil {
						continue
					}
					var a poly
					for i := range a {
						a[i] = r.Int32N(c.max)
					}
					wantB := make([]byte, c.size)
					c.enc(wantB, &a)
					out := place(page, c.size, nil)
					c.enc(out, &a)
					if !bytes.Equal(out, wantB) {
						t.Fatalf("%s (%d bytes): packing at a guard page differs", c.name, c.size)
					}
					cases++
				}
			}
		}
		return cases, "calls at a guard page"
	})
}
