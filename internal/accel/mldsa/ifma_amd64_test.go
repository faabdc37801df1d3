//go:build !purego

package mldsa

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// Tests and benchmarks of the AVX-512 IFMA variant of the NTT
// (internal/accel/_asm/mldsa/ifma.go), an experiment that dispatch does not
// run: it measured slower than nttAVX512.

func skipWithoutAVX512(tb testing.TB) {
	if cpu.Best() < cpu.AVX512 {
		tb.Skipf("the CPU lacks level %v (AVX-512 with IFMA)", cpu.AVX512)
	}
}

func TestIFMANTTMatchesPortable(t *testing.T) {
	skipWithoutAVX512(t)
	inputs := kernelInputs(7, 300)
	for i, f := range inputs {
		var got nttElement
		nttAVX512IFMA(words(&got), words(&f))
		if want := nttGeneric(&f); got != want {
			t.Fatalf("input %d: nttAVX512IFMA differs from the portable kernel", i)
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

// FuzzIFMANTT compares nttAVX512IFMA with the portable kernel on arbitrary
// coefficients reduced into [0, q).
func FuzzIFMANTT(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0x00, 0xe0, 0x7f, 0x00, 0x00, 0xe0, 0x7f})
	f.Add(make([]byte, 2*4*n))
	f.Fuzz(func(t *testing.T, data []byte) {
		skipWithoutAVX512(t)
		in := polysFromBytes(data, 1)
		var got nttElement
		nttAVX512IFMA(words(&got), words(&in[0]))
		if got != nttGeneric(&in[0]) {
			t.Fatal("nttAVX512IFMA differs from the portable kernel")
		}
	})
}

// BenchmarkIFMAKernels times nttAVX512IFMA beside nttAVX512, which dispatch
// runs at level AVX512; compare with benchstat -col /impl.
func BenchmarkIFMAKernels(b *testing.B) {
	skipWithoutAVX512(b)
	rng := rand.New(rand.NewPCG(1, 1))
	f := randomRing(rng)
	var fH nttElement
	out, in := words(&fH), words(&f)
	kernels := []struct {
		name string
		run  func()
	}{
		{"NTT/impl=montgomery", func() { nttAVX512(out, in) }},
		{"NTT/impl=ifma", func() { nttAVX512IFMA(out, in) }},
	}
	for _, k := range kernels {
		b.Run(k.name, func(b *testing.B) { benchcpu.Loop(b, k.run) })
	}
}
