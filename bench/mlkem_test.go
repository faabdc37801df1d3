package bench

import (
	"crypto"
	"crypto/mlkem"
	"crypto/rand"
	"testing"

	circlkem "github.com/cloudflare/circl/kem"
	circl1024 "github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	circl512 "github.com/cloudflare/circl/kem/mlkem/mlkem512"
	circl768 "github.com/cloudflare/circl/kem/mlkem/mlkem768"

	engine "github.com/crystals-go/crystals/internal/accel/mlkem"
	"github.com/crystals-go/crystals/internal/benchcpu"
	"github.com/crystals-go/crystals/kem"
)

// mlkemSet is one parameter set in the engine's, kem's, crypto/mlkem's and
// circl's terms (stdlib nil for ML-KEM-512, which crypto/mlkem lacks).
type mlkemSet struct {
	p      *engine.Params
	scheme kem.Scheme
	stdlib *stdlibMLKEM
	circl  circlkem.Scheme
}

// stdlibMLKEM is crypto/mlkem's constructors for one set.
type stdlibMLKEM struct {
	newDK func(seed []byte) (crypto.Decapsulator, error)
	newEK func(ek []byte) (crypto.Encapsulator, error)
}

var mlkemSets = []mlkemSet{
	{engine.MLKEM512, kem.MLKEM512(), nil, circl512.Scheme()},
	{engine.MLKEM768, kem.MLKEM768(), &stdlibMLKEM{
		func(s []byte) (crypto.Decapsulator, error) { return mlkem.NewDecapsulationKey768(s) },
		func(e []byte) (crypto.Encapsulator, error) { return mlkem.NewEncapsulationKey768(e) },
	}, circl768.Scheme()},
	{engine.MLKEM1024, kem.MLKEM1024(), &stdlibMLKEM{
		func(s []byte) (crypto.Decapsulator, error) { return mlkem.NewDecapsulationKey1024(s) },
		func(e []byte) (crypto.Encapsulator, error) { return mlkem.NewEncapsulationKey1024(e) },
	}, circl1024.Scheme()},
}

// mlkemOps returns, for set s, key generation from a seed, encapsulation
// from the key bytes (parse, modulus check, ExpandA, encapsulate: a TLS
// server's work per handshake), encapsulation to a loaded key and
// decapsulation, in every implementation. Every implementation draws its
// randomness m from crypto/rand, the engine too (its own benchmarks take a
// fixed m), so that engine and public API do the same work; key generation
// makes a new key each time, in the engine too, and keygen-inplace sets one
// key object again each time (SetSeed), allocating nothing.
func mlkemOps(b *testing.B, s mlkemSet) []op {
	seed := make([]byte, kem.SeedSize)
	for i := range seed {
		seed[i] = byte(7 * i)
	}
	var dk engine.DecapsulationKey
	check(b, dk.SetSeed(s.p, seed))
	ekBytes := dk.EncapsulationKey().AppendBytes(nil)
	var parsed engine.EncapsulationKey
	check(b, parsed.SetBytes(s.p, ekBytes))
	var m [engine.MessageSize]byte
	var k [engine.SharedKeySize]byte
	ct := make([]byte, s.p.CiphertextSize())
	check(b, dk.EncapsulationKey().EncapsulateInternal(&k, ct, &m))

	ours, err := s.scheme.NewDecapsulationKey(seed)
	check(b, err)
	oursEK := ours.PublicKey().(interface {
		EncapsulateTo(sharedKey, ciphertext []byte) error
	})
	oursDK := ours.(interface {
		DecapsulateTo(sharedKey, ciphertext []byte) error
	})
	outK := make([]byte, kem.SharedKeySize)
	outC := make([]byte, s.p.CiphertextSize())
	// encaps is the engine's encapsulation to ek with m from crypto/rand.
	encaps := func(b *testing.B, ek *engine.EncapsulationKey) {
		rand.Read(m[:])
		check(b, ek.EncapsulateInternal(&k, outC, &m))
	}

	ops := []op{
		{"keygen", "engine", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, new(engine.DecapsulationKey).SetSeed(s.p, seed)) })
		}},
		{"keygen", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { _, err := s.scheme.NewDecapsulationKey(seed); check(b, err) })
		}},
		{"keygen-inplace", "engine", func(b *testing.B) {
			var key engine.DecapsulationKey
			check(b, key.SetSeed(s.p, seed))
			benchcpu.Loop(b, func() { check(b, key.SetSeed(s.p, seed)) })
		}},
		{"keygen-inplace", "crystals", func(b *testing.B) {
			key, err := s.scheme.NewDecapsulationKey(seed)
			check(b, err)
			inPlace := key.(interface{ SetSeed(seed []byte) error })
			benchcpu.Loop(b, func() { check(b, inPlace.SetSeed(seed)) })
		}},
		{"encaps-bytes", "engine", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				check(b, parsed.SetBytes(s.p, ekBytes))
				encaps(b, &parsed)
			})
		}},
		{"encaps-bytes", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, kem.EncapsulateBytes(s.scheme, ekBytes, outK, outC)) })
		}},
		{"encaps-bytes-newkey", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				ek, err := s.scheme.NewEncapsulationKey(ekBytes)
				check(b, err)
				ek.Encapsulate()
			})
		}},
		{"encaps", "engine", func(b *testing.B) {
			benchcpu.Loop(b, func() { encaps(b, dk.EncapsulationKey()) })
		}},
		{"encaps", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, oursEK.EncapsulateTo(outK, outC)) })
		}},
		{"decaps", "engine", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, dk.Decapsulate(&k, ct)) })
		}},
		{"decaps", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, oursDK.DecapsulateTo(outK, ct)) })
		}},
	}
	if std := s.stdlib; std != nil {
		sdk, err := std.newDK(seed)
		check(b, err)
		sek := sdk.Encapsulator()
		ops = append(ops,
			op{"keygen", "stdlib", func(b *testing.B) {
				benchcpu.Loop(b, func() { _, err := std.newDK(seed); check(b, err) })
			}},
			op{"encaps-bytes", "stdlib", func(b *testing.B) {
				benchcpu.Loop(b, func() {
					ek, err := std.newEK(ekBytes)
					check(b, err)
					ek.Encapsulate()
				})
			}},
			op{"encaps", "stdlib", func(b *testing.B) {
				benchcpu.Loop(b, func() { sek.Encapsulate() })
			}},
			op{"decaps", "stdlib", func(b *testing.B) {
				benchcpu.Loop(b, func() { _, err := sdk.Decapsulate(ct); check(b, err) })
			}},
		)
	}
	cs := s.circl
	cpk, csk := cs.DeriveKeyPair(seed)
	return append(ops,
		op{"keygen", "circl", func(b *testing.B) {
			benchcpu.Loop(b, func() { cs.DeriveKeyPair(seed) })
		}},
		op{"encaps-bytes", "circl", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				pk, err := cs.UnmarshalBinaryPublicKey(ekBytes)
				check(b, err)
				_, _, err = cs.Encapsulate(pk)
				check(b, err)
			})
		}},
		op{"encaps", "circl", func(b *testing.B) {
			benchcpu.Loop(b, func() { _, _, err := cs.Encapsulate(cpk); check(b, err) })
		}},
		op{"decaps", "circl", func(b *testing.B) {
			benchcpu.Loop(b, func() { _, err := cs.Decapsulate(csk, ct); check(b, err) })
		}},
	)
}

// BenchmarkMLKEM runs every ML-KEM operation of every set in every
// implementation: BenchmarkMLKEM/set=<set>/op=<op>/impl=<impl>.
// encaps-bytes-newkey is kem's NewEncapsulationKey and Encapsulate, the path
// through a key object.
func BenchmarkMLKEM(b *testing.B) {
	for _, s := range mlkemSets {
		for _, o := range mlkemOps(b, s) {
			b.Run("set="+s.p.Name+"/op="+o.name+"/impl="+o.impl, o.run)
		}
	}
}
