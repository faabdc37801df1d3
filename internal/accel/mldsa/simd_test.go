package mldsa

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
)

// Differential tests of the dispatched kernels: at every level, each kernel
// must return exactly what its portable Go twin returns, on random inputs
// and on inputs with every coefficient at a bound.

// edgeRings are inputs with all coefficients at the ends of [0, q), and
// mixes of them.
func edgeRings(rng *rand.Rand) []ringElement {
	var zero, one, top, alt, mix ringElement
	for i := range top {
		one[i] = 1
		top[i] = q - 1
		alt[i] = fieldElement((q - 1) * (i & 1))
		mix[i] = []fieldElement{0, 1, q - 1, q - 2, (q - 1) / 2, (q + 1) / 2}[rng.IntN(6)]
	}
	return []ringElement{zero, one, top, alt, mix}
}

// kernelInputs returns the edge inputs followed by count random ones.
func kernelInputs(seed uint64, count int) []ringElement {
	rng := rand.New(rand.NewPCG(seed, 99))
	in := edgeRings(rng)
	for range count {
		in = append(in, randomRing(rng))
	}
	return in
}

func TestKernelsMatchPortable(t *testing.T) {
	inputs := kernelInputs(1, 300)
	forEachLevel(t, func(t *testing.T, l cpu.Level) {
		for i, f := range inputs {
			g := inputs[(i*7+3)%len(inputs)]
			if got, want := ntt(&f), nttGeneric(&f); got != want {
				t.Fatalf("input %d: ntt differs from the portable kernel", i)
			}
			fH, gH := nttElement(f), nttElement(g)
			if got, want := invNTT(&fH), invNTTGeneric(&fH); got != want {
				t.Fatalf("input %d: invNTT differs from the portable kernel", i)
			}
			if got, want := nttMul(&fH, &gH), nttMulGeneric(&fH, &gH); got != want {
				t.Fatalf("input %d: nttMul differs from the portable kernel", i)
			}
			for terms := 1; terms <= maxL; terms++ {
				var a, b [maxL]nttElement
				for j := range terms {
					a[j] = nttElement(inputs[(i+j)%len(inputs)])
					b[j] = nttElement(inputs[(i+5*j+1)%len(inputs)])
				}
				if got, want := nttDot(a[:terms], b[:terms]), nttDotGeneric(a[:terms], b[:terms]); got != want {
					t.Fatalf("input %d: nttDot of %d terms differs from the portable kernel", i, terms)
				}
			}
		}
	})
}

// FuzzNTTKernels feeds arbitrary coefficients (reduced into [0, q)) to every
// transform and product kernel at every level and compares with the
// portable kernels.
func FuzzNTTKernels(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0xff, 0xff, 0x7f, 0x00, 0x00, 0x80, 0x01})
	f.Add(make([]byte, 2*4*n))
	f.Fuzz(func(t *testing.T, data []byte) {
		var a, b ringElement
		for i := range 2 * n {
			var v uint32
			for k := range 4 {
				if j := 4*i + k; j < len(data) {
					v |= uint32(data[j]) << (8 * k)
				}
			}
			if i < n {
				a[i] = fieldElement(v % q)
			} else {
				b[i-n] = fieldElement(v % q)
			}
		}
		aH, bH := nttElement(a), nttElement(b)
		wantNTT, wantInv := nttGeneric(&a), invNTTGeneric(&aH)
		wantMul := nttMulGeneric(&aH, &bH)
		pairA, pairB := []nttElement{aH, bH}, []nttElement{bH, aH}
		wantDot := nttDotGeneric(pairA, pairB)
		for _, l := range cpu.Levels() {
			restore, err := cpu.Force(l)
			if err != nil {
				t.Fatal(err)
			}
			if ntt(&a) != wantNTT || invNTT(&aH) != wantInv || nttMul(&aH, &bH) != wantMul ||
				nttDot(pairA, pairB) != wantDot {
				restore()
				t.Fatalf("level %v differs from the portable kernels", l)
			}
			restore()
		}
	})
}
