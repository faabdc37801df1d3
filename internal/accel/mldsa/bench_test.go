package mldsa

import (
	"crypto/mldsa"
	"testing"

	"github.com/crystals-go/crystals/internal/benchcpu"
)

// Benchmarks of the engine beside crypto/mldsa in the same run.

func BenchmarkKeyGen(b *testing.B) {
	for _, p := range All() {
		seed := [SeedSize]byte{1, 2, 3}
		b.Run(p.Name+"/crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				NewPrivateKeyFromSeed(p, &seed)
			})
		})
		b.Run(p.Name+"/stdlib", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if _, err := mldsa.NewPrivateKey(stdParams(p), seed[:]); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

func BenchmarkSign(b *testing.B) {
	msg := []byte("a message of modest length, as a TLS handshake would sign")
	for _, p := range All() {
		seed := [SeedSize]byte{1, 2, 3}
		sk := NewPrivateKeyFromSeed(p, &seed)
		ref, _ := mldsa.NewPrivateKey(stdParams(p), seed[:])
		b.Run(p.Name+"/crystals", func(b *testing.B) {
			sig := make([]byte, p.SignatureSize())
			rnd := [RandomSize]byte{9}
			benchcpu.Loop(b, func() {
				rnd[1]++ // hedged: a fresh rnd each time, as from a CSPRNG
				if err := sk.Sign(sig, msg, nil, &rnd); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(p.Name+"/stdlib", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if _, err := ref.Sign(nil, msg, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

func BenchmarkVerify(b *testing.B) {
	msg := []byte("a message of modest length, as a TLS handshake would sign")
	for _, p := range All() {
		seed := [SeedSize]byte{1, 2, 3}
		sk := NewPrivateKeyFromSeed(p, &seed)
		sig := make([]byte, p.SignatureSize())
		if err := sk.Sign(sig, msg, nil, &[RandomSize]byte{}); err != nil {
			b.Fatal(err)
		}
		pkBytes := sk.PublicKey().Bytes()
		b.Run(p.Name+"/crystals/from-bytes", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				var tr [64]byte
				var mu [MuSize]byte
				if err := EncodedTr(p, pkBytes, &tr); err != nil {
					b.Fatal(err)
				}
				if err := ComputeMu(&mu, &tr, msg, nil); err != nil {
					b.Fatal(err)
				}
				if err := VerifyEncodedMu(p, pkBytes, &mu, sig); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(p.Name+"/crystals/new-public-key", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				pk, err := NewPublicKey(p, pkBytes)
				if err != nil {
					b.Fatal(err)
				}
				if err := pk.Verify(msg, nil, sig); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(p.Name+"/crystals/prepared", func(b *testing.B) {
			pk, _ := NewPublicKey(p, pkBytes)
			benchcpu.Loop(b, func() {
				if err := pk.Verify(msg, nil, sig); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(p.Name+"/stdlib/from-bytes", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				pk, err := mldsa.NewPublicKey(stdParams(p), pkBytes)
				if err != nil {
					b.Fatal(err)
				}
				if err := mldsa.Verify(pk, msg, sig, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(p.Name+"/stdlib/prepared", func(b *testing.B) {
			pk, _ := mldsa.NewPublicKey(stdParams(p), pkBytes)
			benchcpu.Loop(b, func() {
				if err := mldsa.Verify(pk, msg, sig, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// Kernel benchmarks: the baselines the SIMD kernels will be measured against.

func BenchmarkNTT(b *testing.B) {
	var f ringElement
	for i := range f {
		f[i] = fieldElement(i * 1000)
	}
	b.Run("forward", func(b *testing.B) {
		benchcpu.Loop(b, func() {
			h := ntt(&f)
			f[0] = h[1]
		})
	})
	b.Run("inverse", func(b *testing.B) {
		h := nttElement(f)
		benchcpu.Loop(b, func() {
			g := invNTT(&h)
			h[0] = g[1]
		})
	})
}
