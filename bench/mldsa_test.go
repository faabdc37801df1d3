package bench

import (
	"crypto/mldsa"
	"crypto/rand"
	"testing"

	engine "github.com/crystals-go/crystals/internal/accel/mldsa"
	"github.com/crystals-go/crystals/internal/benchcpu"
	"github.com/crystals-go/crystals/internal/circltest"
	"github.com/crystals-go/crystals/signer"
)

// msg is what every ML-DSA benchmark signs and verifies, with no context.
var msg = []byte("a message of modest length, as a TLS 1.3 CertificateVerify would sign")

// mldsaSet is one parameter set in the engine's and crypto/mldsa's terms.
type mldsaSet struct {
	p      *engine.Params
	params mldsa.Parameters
}

var mldsaSets = []mldsaSet{
	{engine.MLDSA44, mldsa.MLDSA44()},
	{engine.MLDSA65, mldsa.MLDSA65()},
	{engine.MLDSA87, mldsa.MLDSA87()},
}

// op is one benchmarked operation of one implementation, inputs bound.
type op struct {
	name, impl string
	run        func(b *testing.B)
}

// check stops the benchmark on an error; the inputs are valid by
// construction, so any error is a bug.
func check(b *testing.B, err error) {
	if err != nil {
		b.Fatal(err)
	}
}

// mldsaOps returns, for set s, key generation from a seed (a new key, and
// the same key set in place with SetSeed), hedged signing
// with a loaded key, verification from the public-key bytes and with a
// prepared key, in every implementation.
func mldsaOps(b *testing.B, s mldsaSet) []op {
	seed := make([]byte, engine.SeedSize)
	for i := range seed {
		seed[i] = byte(3*i + 1)
	}
	eng := engine.NewPrivateKeyFromSeed(s.p, (*[engine.SeedSize]byte)(seed))
	pkBytes := eng.PublicKey().Bytes()
	sig := make([]byte, s.p.SignatureSize())
	m, err := engine.NewMessage(msg, nil)
	check(b, err)
	var mu [engine.MuSize]byte
	m.Mu(&mu, eng.PublicKey().Tr())
	check(b, eng.SignMu(sig, &mu, &[engine.RandomSize]byte{}))
	out := make([]byte, s.p.SignatureSize())

	ours, err := signer.NewPrivateKey(s.params, seed)
	check(b, err)
	check(b, ours.SignTo(out, msg, nil)) // a loaded key: Â is expanded on the first signature
	std, err := mldsa.NewPrivateKey(s.params, seed)
	check(b, err)
	stdPK := std.PublicKey()
	scheme := circltest.Scheme(s.params)
	circlPK, circlSK := scheme.DeriveKey(seed)
	circlSign := circltest.HedgedSign(circlSK)
	engPK, err := engine.NewPublicKey(s.p, pkBytes)
	check(b, err)
	verifier := signer.NewVerifier(ours.PublicKey())

	return []op{
		{"keygen", "engine", func(b *testing.B) {
			benchcpu.Loop(b, func() { engine.NewPrivateKeyFromSeed(s.p, (*[engine.SeedSize]byte)(seed)) })
		}},
		{"keygen", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { _, err := signer.NewPrivateKey(s.params, seed); check(b, err) })
		}},
		{"keygen-inplace", "engine", func(b *testing.B) {
			k := engine.NewPrivateKeyFromSeed(s.p, &[engine.SeedSize]byte{})
			benchcpu.Loop(b, func() { k.SetSeed((*[engine.SeedSize]byte)(seed)) })
		}},
		{"keygen-inplace", "crystals", func(b *testing.B) {
			k, err := signer.NewPrivateKey(s.params, make([]byte, signer.SeedSize))
			check(b, err)
			benchcpu.Loop(b, func() { check(b, k.SetSeed(seed)) })
		}},
		{"keygen", "stdlib", func(b *testing.B) {
			benchcpu.Loop(b, func() { _, err := mldsa.NewPrivateKey(s.params, seed); check(b, err) })
		}},
		{"keygen", "circl", func(b *testing.B) {
			benchcpu.Loop(b, func() { scheme.DeriveKey(seed) })
		}},

		{"sign", "engine", func(b *testing.B) {
			var rnd [engine.RandomSize]byte
			benchcpu.Loop(b, func() {
				rand.Read(rnd[:]) // hedged, as the public API signs
				m, err := engine.NewMessage(msg, nil)
				check(b, err)
				var mu [engine.MuSize]byte
				m.Mu(&mu, eng.PublicKey().Tr())
				check(b, eng.SignMu(out, &mu, &rnd))
			})
		}},
		{"sign", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, ours.SignTo(out, msg, nil)) })
		}},
		{"sign", "stdlib", func(b *testing.B) {
			benchcpu.Loop(b, func() { _, err := std.Sign(nil, msg, nil); check(b, err) })
		}},
		{"sign", "circl", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, circlSign(msg, out)) })
		}},

		// Deterministic signing takes the same rejection-loop iterations in
		// both, so that instruction counts compare exactly.
		{"sign-deterministic", "engine", func(b *testing.B) {
			var rnd [engine.RandomSize]byte
			benchcpu.Loop(b, func() {
				m, err := engine.NewMessage(msg, nil)
				check(b, err)
				var mu [engine.MuSize]byte
				m.Mu(&mu, eng.PublicKey().Tr())
				check(b, eng.SignMu(out, &mu, &rnd))
			})
		}},
		{"sign-deterministic", "crystals", func(b *testing.B) {
			opts := &signer.Options{Deterministic: true}
			benchcpu.Loop(b, func() { check(b, ours.SignTo(out, msg, opts)) })
		}},

		{"verify-bytes", "engine", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				m, err := engine.NewMessage(msg, nil)
				check(b, err)
				check(b, engine.VerifyEncoded(s.p, pkBytes, &m, sig))
			})
		}},
		{"verify-bytes", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, signer.VerifyBytes(s.params, pkBytes, msg, sig, nil)) })
		}},
		{"verify-bytes-stdkey", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				pk, err := mldsa.NewPublicKey(s.params, pkBytes)
				check(b, err)
				check(b, signer.Verify(pk, msg, sig, nil))
			})
		}},
		{"verify-bytes", "stdlib", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				pk, err := mldsa.NewPublicKey(s.params, pkBytes)
				check(b, err)
				check(b, mldsa.Verify(pk, msg, sig, nil))
			})
		}},
		{"verify-bytes", "circl", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				pk, err := scheme.UnmarshalBinaryPublicKey(pkBytes)
				check(b, err)
				if !scheme.Verify(pk, msg, sig, nil) {
					b.Fatal("circl rejects the signature")
				}
			})
		}},

		{"verify-prepared", "engine", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				m, err := engine.NewMessage(msg, nil)
				check(b, err)
				var mu [engine.MuSize]byte
				m.Mu(&mu, engPK.Tr())
				check(b, engPK.VerifyMu(&mu, sig))
			})
		}},
		{"verify-prepared", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, verifier.Verify(msg, sig, nil)) })
		}},
		{"verify-prepared", "stdlib", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, mldsa.Verify(stdPK, msg, sig, nil)) })
		}},
		{"verify-prepared", "circl", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if !scheme.Verify(circlPK, msg, sig, nil) {
					b.Fatal("circl rejects the signature")
				}
			})
		}},
	}
}

// BenchmarkMLDSA runs every ML-DSA operation of every set in every
// implementation: BenchmarkMLDSA/set=<set>/op=<op>/impl=<impl>.
// verify-bytes-stdkey is signer.Verify on a key from mldsa.NewPublicKey, the
// path code holding crypto/mldsa keys takes.
func BenchmarkMLDSA(b *testing.B) {
	for _, s := range mldsaSets {
		for _, o := range mldsaOps(b, s) {
			b.Run("set="+s.p.Name+"/op="+o.name+"/impl="+o.impl, o.run)
		}
	}
}
