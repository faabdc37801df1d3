package signer

import (
	"crypto/mldsa"
	"testing"

	"github.com/cloudflare/circl/sign"

	"github.com/crystals-go/crystals/internal/benchcpu"
	"github.com/crystals-go/crystals/internal/circltest"
)

// Benchmarks of the public API beside crypto/mldsa and circl in the same
// run. Every signature is hedged (randomized), as crypto.Signer users get.

var benchMsg = []byte("a message of modest length, as a TLS 1.3 CertificateVerify would sign")

// benchKeys is the one key pair of params every benchmark uses, in our,
// crypto/mldsa's and circl's types.
type benchKeys struct {
	ours    *PrivateKey
	std     *mldsa.PrivateKey
	circlPK sign.PublicKey
	circlSK sign.PrivateKey
}

func newBenchKeys(params mldsa.Parameters) benchKeys {
	seed := seedFor(9)
	var k benchKeys
	k.ours, _ = NewPrivateKey(params, seed)
	k.std, _ = mldsa.NewPrivateKey(params, seed)
	k.circlPK, k.circlSK = circltest.Scheme(params).DeriveKey(seed)
	return k
}

func BenchmarkSign(b *testing.B) {
	for _, params := range allParams {
		keys := newBenchKeys(params)
		ours, std, circlSK := keys.ours, keys.std, keys.circlSK
		b.Run(params.String()+"/crystals/Sign", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if _, err := ours.Sign(nil, benchMsg, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(params.String()+"/crystals/SignMessage", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if _, err := ours.SignMessage(nil, benchMsg, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(params.String()+"/crystals/SignTo", func(b *testing.B) {
			sig := make([]byte, params.SignatureSize())
			benchcpu.Loop(b, func() {
				if err := ours.SignTo(sig, benchMsg, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(params.String()+"/stdlib/Sign", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if _, err := std.Sign(nil, benchMsg, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(params.String()+"/circl/SignTo", func(b *testing.B) {
			signTo := circltest.HedgedSign(circlSK)
			sig := make([]byte, params.SignatureSize())
			benchcpu.Loop(b, func() {
				if err := signTo(benchMsg, sig); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

func BenchmarkVerify(b *testing.B) {
	for _, params := range allParams {
		seed := seedFor(9)
		ours, _ := NewPrivateKey(params, seed)
		sig, _ := ours.Sign(nil, benchMsg, nil)
		pk := ours.PublicKey()
		circlPK, _ := circltest.Scheme(params).DeriveKey(seed)
		b.Run(params.String()+"/crystals/Verify", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if err := Verify(pk, benchMsg, sig, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(params.String()+"/crystals/Verifier", func(b *testing.B) {
			v := NewVerifier(pk)
			benchcpu.Loop(b, func() {
				if err := v.Verify(benchMsg, sig, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(params.String()+"/stdlib/Verify", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if err := mldsa.Verify(pk, benchMsg, sig, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(params.String()+"/circl/Verify", func(b *testing.B) {
			scheme := circltest.Scheme(params)
			benchcpu.Loop(b, func() {
				if !scheme.Verify(circlPK, benchMsg, sig, nil) {
					b.Fatal("circl rejects the signature")
				}
			})
		})
	}
}
