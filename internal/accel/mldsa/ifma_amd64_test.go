//go:build !purego

package mldsa

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// Tests and benchmarks of the AVX-512 IFMA variants of the NTT and of the
// dot product (internal/accel/_asm/mldsa/ifma.go) beside the kernels that
// dispatch runs at level AVX512.

func skipWithoutAVX512(tb testing.TB) {
	if cpu.Best() < cpu.AVX512 {
		tb.Skipf("the CPU lacks level %v (AVX-512 with IFMA)", cpu.AVX512)
	}
}

func TestIFMAKernelsMatchPortable(t *testing.T) {
	skipWithoutAVX512(t)
	inputs := kernelInputs(7, 300)
	for i, f := range inputs {
		var got nttElement
		nttAVX512IFMA(words(&got), words(&f))
		if want := nttGeneric(&f); got != want {
			t.Fatalf("input %d: nttAVX512IFMA differs from the portable kernel", i)
		}
		for terms := 1; terms <= maxL; terms++ {
			var a, b [maxL]nttElement
			for j := range terms {
				a[j] = nttElement(inputs[(i+j)%len(inputs)])
				b[j] = nttElement(inputs[(i+3*j+2)%len(inputs)])
			}
			var dot nttElement
			nttDotAVX512IFMA(words(&dot), words(&a[0]), words(&b[0]), terms)
			if want := nttDotGeneric(a[:terms], b[:terms]); dot != want {
				t.Fatalf("input %d: nttDotAVX512IFMA of %d terms differs from the portable kernel", i, terms)
			}
		}
	}
	// In place, as nttTo may be called.
	f := inputs[len(inputs)-1]
	want := nttGeneric(&f)
	nttAVX512IFMA(words(&f), words(&f))
	if nttElement(f) != want {
		t.Fatal("nttAVX512IFMA in place differs from the portable kernel")
	}
}

// FuzzIFMAKernels compares the IFMA kernels with the portable ones on
// arbitrary coefficients reduced into [0, q).
func FuzzIFMAKernels(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0x00, 0xe0, 0x7f, 0x00, 0x00, 0xe0, 0x7f})
	f.Add(make([]byte, 2*4*n))
	f.Fuzz(func(t *testing.T, data []byte) {
		skipWithoutAVX512(t)
		in := polysFromBytes(data, 2)
		a, b := nttElement(in[0]), nttElement(in[1])
		var got nttElement
		nttAVX512IFMA(words(&got), words(&in[0]))
		if got != nttGeneric(&in[0]) {
			t.Fatal("nttAVX512IFMA differs from the portable kernel")
		}
		pairA, pairB := []nttElement{a, b}, []nttElement{b, a}
		nttDotAVX512IFMA(words(&got), words(&pairA[0]), words(&pairB[0]), 2)
		if got != nttDotGeneric(pairA, pairB) {
			t.Fatal("nttDotAVX512IFMA differs from the portable kernel")
		}
	})
}

// BenchmarkIFMAKernels times each IFMA kernel beside the kernel dispatch
// runs at level AVX512; compare with benchstat -col /impl.
func BenchmarkIFMAKernels(b *testing.B) {
	skipWithoutAVX512(b)
	rng := rand.New(rand.NewPCG(1, 1))
	f := randomRing(rng)
	var fH nttElement
	var rowA, vec [maxL]nttElement
	for i := range rowA {
		rowA[i], vec[i] = nttElement(randomRing(rng)), nttElement(randomRing(rng))
	}
	out, in := words(&fH), words(&f)
	pa, pb := words(&rowA[0]), words(&vec[0])
	kernels := []struct {
		name string
		run  func()
	}{
		{"NTT/impl=montgomery", func() { nttAVX512(out, in) }},
		{"NTT/impl=ifma", func() { nttAVX512IFMA(out, in) }},
		{"dot5/impl=montgomery", func() { nttDotAVX512(out, pa, pb, 5) }},
		{"dot5/impl=ifma", func() { nttDotAVX512IFMA(out, pa, pb, 5) }},
	}
	for _, k := range kernels {
		b.Run(k.name, func(b *testing.B) { benchcpu.Loop(b, k.run) })
	}
}
