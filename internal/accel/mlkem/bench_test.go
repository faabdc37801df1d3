package mlkem

import (
	"crypto"
	"crypto/mlkem"
	"testing"

	"github.com/cloudflare/circl/kem"
	circl1024 "github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	circl512 "github.com/cloudflare/circl/kem/mlkem/mlkem512"
	circl768 "github.com/cloudflare/circl/kem/mlkem/mlkem768"

	"github.com/crystals-go/crystals/internal/benchcpu"
)

// benchOps are the four benchmarked operations of one implementation, with
// their inputs prepared: the engine ("crystals") beside Go's crypto/mlkem
// ("stdlib", 768 and 1024 only) and circl, in the same binary.
type benchOps struct {
	impl string
	// keyGen derives a decapsulation key from a 64-byte seed.
	keyGen func(seed []byte)
	// encapsulateFromBytes parses and checks an encapsulation key, expands Â,
	// and encapsulates.
	encapsulateFromBytes func(ek []byte)
	// encapsulate encapsulates to a loaded key.
	encapsulate func()
	// decapsulate decapsulates with a loaded key.
	decapsulate func()
}

// namedOp is one benchmarked operation, ready to run.
type namedOp struct {
	name string
	run  func()
}

// named returns the four operations with their inputs bound: keys from seed,
// and the encapsulation key of seed's key for EncapsulateFromBytes.
func (ops benchOps) named(p *Params, seed []byte) []namedOp {
	var dk DecapsulationKey
	panicOn(dk.SetSeed(p, seed))
	ekBytes := dk.EncapsulationKey().AppendBytes(nil)
	return []namedOp{
		{"KeyGen", func() { ops.keyGen(seed) }},
		{"EncapsulateFromBytes", func() { ops.encapsulateFromBytes(ekBytes) }},
		{"Encapsulate", ops.encapsulate},
		{"Decapsulate", ops.decapsulate},
	}
}

// benchSeed is the fixed seed d‖z of the benchmarked keys.
func benchSeed() []byte {
	seed := make([]byte, SeedSize)
	for i := range seed {
		seed[i] = byte(i * 7)
	}
	return seed
}

// panicOn is for benchmark bodies, whose inputs are valid by construction.
func panicOn(err error) {
	if err != nil {
		panic(err)
	}
}

func engineOps(p *Params, seed []byte) benchOps {
	var dk, scratch DecapsulationKey
	panicOn(dk.SetSeed(p, seed))
	var m [MessageSize]byte
	var k [SharedKeySize]byte
	c := make([]byte, p.CiphertextSize())
	panicOn(dk.EncapsulationKey().EncapsulateInternal(&k, c, &m))
	// The reused keys get their storage here, not in the timed loop.
	panicOn(scratch.SetSeed(p, seed))
	var ek EncapsulationKey
	panicOn(ek.SetBytes(p, dk.EncapsulationKey().AppendBytes(nil)))
	return benchOps{
		impl:   "crystals",
		keyGen: func(seed []byte) { panicOn(scratch.SetSeed(p, seed)) },
		encapsulateFromBytes: func(b []byte) {
			panicOn(ek.SetBytes(p, b))
			panicOn(ek.EncapsulateInternal(&k, c, &m))
		},
		encapsulate: func() { panicOn(dk.EncapsulationKey().EncapsulateInternal(&k, c, &m)) },
		decapsulate: func() { panicOn(dk.Decapsulate(&k, c)) },
	}
}

// stdlibOps drives crypto/mlkem through its interfaces; newDK and newEK are
// its constructors for one parameter set.
func stdlibOps[D crypto.Decapsulator, E crypto.Encapsulator](seed []byte, newDK func([]byte) (D, error), newEK func([]byte) (E, error)) benchOps {
	dk, err := newDK(seed)
	panicOn(err)
	ek := dk.Encapsulator()
	_, c := ek.Encapsulate()
	return benchOps{
		impl: "stdlib",
		keyGen: func(seed []byte) {
			_, err := newDK(seed)
			panicOn(err)
		},
		encapsulateFromBytes: func(b []byte) {
			ek, err := newEK(b)
			panicOn(err)
			ek.Encapsulate()
		},
		encapsulate: func() { ek.Encapsulate() },
		decapsulate: func() {
			_, err := dk.Decapsulate(c)
			panicOn(err)
		},
	}
}

func circlOps(s kem.Scheme, seed []byte) benchOps {
	pk, sk := s.DeriveKeyPair(seed)
	var m [MessageSize]byte
	c, _, err := s.EncapsulateDeterministically(pk, m[:])
	panicOn(err)
	return benchOps{
		impl:   "circl",
		keyGen: func(seed []byte) { s.DeriveKeyPair(seed) },
		encapsulateFromBytes: func(b []byte) {
			pk, err := s.UnmarshalBinaryPublicKey(b)
			panicOn(err)
			_, _, err = s.EncapsulateDeterministically(pk, m[:])
			panicOn(err)
		},
		encapsulate: func() {
			_, _, err := s.EncapsulateDeterministically(pk, m[:])
			panicOn(err)
		},
		decapsulate: func() {
			_, err := s.Decapsulate(sk, c)
			panicOn(err)
		},
	}
}

// Benchmark runs, per parameter set and implementation, KeyGen (from a seed),
// EncapsulateFromBytes (parse, modulus check, ExpandA, Encaps), Encapsulate
// (a loaded key) and Decapsulate. Names are
// Benchmark/<set>/<op>/<implementation>, for benchstat.
func Benchmark(b *testing.B) {
	seed := benchSeed()
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		impls := []benchOps{engineOps(p, seed)}
		switch p {
		case MLKEM512:
			impls = append(impls, circlOps(circl512.Scheme(), seed))
		case MLKEM768:
			impls = append(impls, stdlibOps(seed, mlkem.NewDecapsulationKey768, mlkem.NewEncapsulationKey768), circlOps(circl768.Scheme(), seed))
		case MLKEM1024:
			impls = append(impls, stdlibOps(seed, mlkem.NewDecapsulationKey1024, mlkem.NewEncapsulationKey1024), circlOps(circl1024.Scheme(), seed))
		}
		for _, ops := range impls {
			for _, op := range ops.named(p, seed) {
				b.Run(p.Name+"/"+op.name+"/"+ops.impl, func(b *testing.B) { benchcpu.Loop(b, op.run) })
			}
		}
	}
}

// BenchmarkKernels measures the ring kernels alone, the units the SIMD
// versions will replace.
func BenchmarkKernels(b *testing.B) {
	var f ringElement
	for i := range f {
		f[i] = fieldElement(i * 13 % q)
	}
	g := ntt(&f)
	// In place, as in BenchmarkKernel: copies around the transform would
	// cost store-forwarding stalls of their own.
	b.Run("NTT", func(b *testing.B) {
		h := f
		for b.Loop() {
			nttInPlace(&h)
		}
	})
	b.Run("InverseNTT", func(b *testing.B) {
		h := g
		for b.Loop() {
			inverseNTTInPlace(&h)
		}
	})
	b.Run("MultiplyAccumulate", func(b *testing.B) {
		var acc [n]uint32
		for b.Loop() {
			multiplyAccumulate(&acc, &g, &g)
			clear(acc[:])
		}
	})
	b.Run("CompressEncode10", func(b *testing.B) {
		var c [n]uint16
		out := make([]byte, 320)
		for b.Loop() {
			compressPoly(&c, &f, 10)
			byteEncode(out, &c, 10)
		}
	})
	buf := make([]byte, 192)
	b.Run("SamplePolyCBD2", func(b *testing.B) {
		for b.Loop() {
			samplePolyCBD(&f, buf, 2)
		}
	})
}
