package mldsa

import (
	"crypto/mldsa"
	"math/rand/v2"
	"testing"

	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/benchcpu"
)

// Benchmarks of the engine, at every level this CPU has, beside
// crypto/mldsa and circl in the same run.

// circlImpl is one circl parameter set behind closures, so that the
// benchmarks can loop over the three packages.
type circlImpl struct {
	keyGen func(seed *[SeedSize]byte)
	// loadExpanded decodes an expanded private key.
	loadExpanded func(sk []byte) error
	// prepare loads the key of seed and returns a hedged signer, a verifier
	// with the key loaded, and a verifier that starts from public-key bytes.
	prepare func(seed *[SeedSize]byte) (sign func(msg, sig []byte) error, verify, verifyBytes func(pk, msg, sig []byte) bool)
}

// circlSet builds a circlImpl from one circl package's functions.
func circlSet[PK, SK any](newKey func(*[SeedSize]byte) (*PK, *SK),
	signTo func(*SK, []byte, []byte, bool, []byte) error,
	verify func(*PK, []byte, []byte, []byte) bool, unpack func(*PK, []byte),
	unmarshal func(*SK, []byte) error) circlImpl {
	return circlImpl{
		keyGen:       func(seed *[SeedSize]byte) { newKey(seed) },
		loadExpanded: func(b []byte) error { var k SK; return unmarshal(&k, b) },
		prepare: func(seed *[SeedSize]byte) (func(msg, sig []byte) error, func(pk, msg, sig []byte) bool, func(pk, msg, sig []byte) bool) {
			pk, sk := newKey(seed)
			return func(msg, sig []byte) error { return signTo(sk, msg, nil, true, sig) },
				func(_, msg, sig []byte) bool { return verify(pk, msg, nil, sig) },
				func(b, msg, sig []byte) bool {
					var k PK
					unpack(&k, b)
					return verify(&k, msg, nil, sig)
				}
		},
	}
}

func circlFor(p *Params) circlImpl {
	switch p {
	case MLDSA44:
		return circlSet(mldsa44.NewKeyFromSeed, mldsa44.SignTo, mldsa44.Verify,
			func(k *mldsa44.PublicKey, b []byte) { k.Unpack((*[mldsa44.PublicKeySize]byte)(b)) },
			(*mldsa44.PrivateKey).UnmarshalBinary)
	case MLDSA65:
		return circlSet(mldsa65.NewKeyFromSeed, mldsa65.SignTo, mldsa65.Verify,
			func(k *mldsa65.PublicKey, b []byte) { k.Unpack((*[mldsa65.PublicKeySize]byte)(b)) },
			(*mldsa65.PrivateKey).UnmarshalBinary)
	}
	return circlSet(mldsa87.NewKeyFromSeed, mldsa87.SignTo, mldsa87.Verify,
		func(k *mldsa87.PublicKey, b []byte) { k.Unpack((*[mldsa87.PublicKeySize]byte)(b)) },
		(*mldsa87.PrivateKey).UnmarshalBinary)
}

// BenchmarkEncodeExpanded encodes a private key (skEncode), which recovers
// s1, s2 and t0 from the key's NTT forms.
func BenchmarkEncodeExpanded(b *testing.B) {
	for _, p := range All() {
		sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{1, 2, 3})
		enc := make([]byte, p.PrivateKeySize())
		b.Run(p.Name+"/crystals", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() { sk.EncodeExpanded(enc) })
			})
		})
	}
}

// BenchmarkNewPrivateKeyFromExpanded decodes and checks an expanded private
// key (skDecode and the t0 and tr checks), beside circl's decoding, which
// checks nothing. crypto/mldsa does not load expanded keys.
func BenchmarkNewPrivateKeyFromExpanded(b *testing.B) {
	for _, p := range All() {
		seed := [SeedSize]byte{1, 2, 3}
		enc := make([]byte, p.PrivateKeySize())
		NewPrivateKeyFromSeed(p, &seed).EncodeExpanded(enc)
		b.Run(p.Name+"/crystals", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() {
					if _, err := NewPrivateKeyFromExpanded(p, enc); err != nil {
						b.Fatal(err)
					}
				})
			})
		})
		b.Run(p.Name+"/circl", func(b *testing.B) {
			loadExpanded := circlFor(p).loadExpanded
			benchcpu.Loop(b, func() {
				if err := loadExpanded(enc); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

func BenchmarkKeyGen(b *testing.B) {
	for _, p := range All() {
		seed := [SeedSize]byte{1, 2, 3}
		b.Run(p.Name+"/crystals", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() {
					NewPrivateKeyFromSeed(p, &seed)
				})
			})
		})
		b.Run(p.Name+"/stdlib", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if _, err := mldsa.NewPrivateKey(stdParams(p), seed[:]); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(p.Name+"/circl", func(b *testing.B) {
			keyGen := circlFor(p).keyGen
			benchcpu.Loop(b, func() {
				keyGen(&seed)
			})
		})
	}
}

// BenchmarkKeyGenSign is key generation in place (SetSeed) followed by the
// key's first signature (deterministic, so that every run signs alike): the
// work a generated key does before its first signature, wherever it falls
// (t̂0 is computed on first use). The key has signed before the loop, so
// SetSeed expands Â into the key's own (BenchmarkKeyGenFirstSign is a new
// key, which allocates and expands Â on its first signature).
func BenchmarkKeyGenSign(b *testing.B) {
	msg := []byte("first signature")
	for _, p := range All() {
		seed := [SeedSize]byte{1, 2, 3}
		sk := NewPrivateKeyFromSeed(p, &seed)
		sig := make([]byte, p.SignatureSize())
		if err := sk.Sign(sig, msg, nil, &[RandomSize]byte{}); err != nil {
			b.Fatal(err)
		}
		b.Run(p.Name, func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() {
					sk.SetSeed(&seed)
					if err := sk.Sign(sig, msg, nil, &[RandomSize]byte{}); err != nil {
						b.Fatal(err)
					}
				})
			})
		})
	}
}

// BenchmarkKeyGenFirstSign is key generation of a new key
// (NewPrivateKeyFromSeed) followed by its first signature (deterministic):
// the work a new key does up to its first signature, including whatever it
// leaves for first use. Beside BenchmarkKeyGen and BenchmarkSign it gives
// the first signature's extra cost.
func BenchmarkKeyGenFirstSign(b *testing.B) {
	msg := []byte("first signature")
	for _, p := range All() {
		seed := [SeedSize]byte{1, 2, 3}
		sig := make([]byte, p.SignatureSize())
		b.Run(p.Name, func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() {
					sk := NewPrivateKeyFromSeed(p, &seed)
					if err := sk.Sign(sig, msg, nil, &[RandomSize]byte{}); err != nil {
						b.Fatal(err)
					}
				})
			})
		})
	}
}

// BenchmarkKeyBlock allocates a private key's block alone (newPrivateKey),
// the Go runtime's share of BenchmarkKeyGen: zeroing, page faults after the
// scavenger returned freed pages, and garbage collection. With the small
// heap of a benchmark binary it is a large part of key generation on the
// project's virtual machine; a program with a larger live heap pays less.
func BenchmarkKeyBlock(b *testing.B) {
	for _, p := range All() {
		b.Run(p.Name, func(b *testing.B) {
			benchcpu.Loop(b, func() { newPrivateKey(p) })
		})
	}
}

// BenchmarkKeyGenVerify generates a key and verifies one signature through
// its public half: the first verification after key generation, which
// includes whatever the key leaves for its first use.
func BenchmarkKeyGenVerify(b *testing.B) {
	msg := []byte("a message of modest length, as a TLS handshake would sign")
	for _, p := range All() {
		seed := [SeedSize]byte{1, 2, 3}
		sig := make([]byte, p.SignatureSize())
		if err := NewPrivateKeyFromSeed(p, &seed).Sign(sig, msg, nil, &[RandomSize]byte{}); err != nil {
			b.Fatal(err)
		}
		b.Run(p.Name+"/crystals", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() {
					sk := NewPrivateKeyFromSeed(p, &seed)
					if err := sk.PublicKey().Verify(msg, nil, sig); err != nil {
						b.Fatal(err)
					}
				})
			})
		})
	}
}

// BenchmarkSign signs hedged with the key loaded (it has signed once, so
// Â is expanded): a fresh rnd each time, as from a CSPRNG (crystals takes
// rnd from the caller; stdlib and circl read crypto/rand).
func BenchmarkSign(b *testing.B) {
	msg := []byte("a message of modest length, as a TLS handshake would sign")
	for _, p := range All() {
		seed := [SeedSize]byte{1, 2, 3}
		sk := NewPrivateKeyFromSeed(p, &seed)
		if err := sk.Sign(make([]byte, p.SignatureSize()), msg, nil, &[RandomSize]byte{}); err != nil {
			b.Fatal(err)
		}
		ref, _ := mldsa.NewPrivateKey(stdParams(p), seed[:])
		b.Run(p.Name+"/crystals", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				sig := make([]byte, p.SignatureSize())
				rnd := [RandomSize]byte{9}
				benchcpu.Loop(b, func() {
					rnd[1]++
					if err := sk.Sign(sig, msg, nil, &rnd); err != nil {
						b.Fatal(err)
					}
				})
			})
		})
		b.Run(p.Name+"/stdlib", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if _, err := ref.Sign(nil, msg, nil); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(p.Name+"/circl", func(b *testing.B) {
			sign, _, _ := circlFor(p).prepare(&seed)
			sig := make([]byte, p.SignatureSize())
			benchcpu.Loop(b, func() {
				if err := sign(msg, sig); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkVerify verifies from the public-key bytes (one-shot), after
// building a public key (NewPublicKey then Verify), and with a prepared key
// (Â and t̂1 cached).
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
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() {
					m, err := NewMessage(msg, nil)
					if err != nil {
						b.Fatal(err)
					}
					if err := VerifyEncoded(p, pkBytes, &m, sig); err != nil {
						b.Fatal(err)
					}
				})
			})
		})
		b.Run(p.Name+"/crystals/new-public-key", func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
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
		})
		b.Run(p.Name+"/crystals/prepared", func(b *testing.B) {
			pk, _ := NewPublicKey(p, pkBytes)
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() {
					if err := pk.Verify(msg, nil, sig); err != nil {
						b.Fatal(err)
					}
				})
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
		_, verify, verifyBytes := circlFor(p).prepare(&seed)
		b.Run(p.Name+"/circl/from-bytes", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if !verifyBytes(pkBytes, msg, sig) {
					b.Fatal("circl rejects the signature")
				}
			})
		})
		b.Run(p.Name+"/circl/prepared", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				if !verify(nil, msg, sig) {
					b.Fatal("circl rejects the signature")
				}
			})
		})
	}
}

// Kernel benchmarks, at every level this CPU has: the ratios between the
// sub-benchmarks portable, avx2 and avx512 are the speedups of the SIMD
// kernels.

func BenchmarkKernels(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	f, g := randomRing(rng), randomRing(rng)
	fH, gH := nttElement(f), nttElement(g)
	var rowA, vec [maxL]nttElement
	for i := range rowA {
		rowA[i], vec[i] = nttElement(randomRing(rng)), nttElement(randomRing(rng))
	}
	p := MLDSA65
	var h ringElement
	for i := range h {
		h[i] = fieldElement(rng.IntN(2))
	}
	stream := make([]byte, 5*168)
	for i := range stream {
		stream[i] = byte(rng.Uint32())
	}
	packed := make([]byte, 32*20+16)
	var a [maxK * maxL]nttElement
	var s1 [maxL]ringElement
	var s2 [maxK]ringElement
	var y [maxL]ringElement
	var rho [32]byte
	var rho64 [64]byte
	var t0 t0Element
	kernels := []struct {
		name string
		run  func()
	}{
		{"NTT", func() { fH = ntt(&f) }},
		{"invNTT", func() { f = invNTT(&fH) }},
		{"pointwise", func() { fH = nttMul(&fH, &gH) }},
		{"dot5", func() { fH = nttDot(rowA[:5], vec[:5]) }},
		{"add", func() { f = polyAdd(&f, &g) }},
		{"normCheck", func() { infinityNormBelow(&f, 1<<19-196) }},
		{"power2RoundSum", func() { polyPower2RoundSum(&h, &f, &f, &g) }},
		{"narrowT0", func() { narrowT0(&t0, &f) }},
		{"widenT0", func() { widenT0(&f, &t0) }},
		{"highBits", func() { polyHighBits(p, &f, &g) }},
		{"lowBitsNorm", func() { lowBitsNormBelow(p, &g, p.Gamma2-p.Beta) }},
		{"makeHints", func() { polyMakeHints(p, &f, &g, &g) }},
		{"useHints", func() { polyUseHints(p, &f, &h, &g) }},
		{"unpackZ", func() { unpackZ(p, &f, packed) }},
		{"packW1", func() { packW1(p, packed, &h) }},
		{"packZ", func() { packZ(p, packed, &h) }},
		{"packT1", func() { packT1(packed, &h) }},
		{"unpackT1", func() { unpackT1(&f, packed) }},
		{"rejNTTPoly-840B", func() { rejNTTPoly(&fH, 0, stream) }},
		{"rejBoundedPoly-272B", func() { rejBoundedPoly(&f, 0, 4, stream[:272]) }},
		{"ExpandA-65", func() { pl := planFor(p); var s aScratch; expandA(&pl, p, &s, a[:p.K*p.L], &rho, 0, nil) }},
		{"ExpandS-65", func() { pl := planFor(p); var s streamScratch; expandS(&pl, p, &s1, &s2, &rho64, &s) }},
		{"ExpandMask-65", func() { pl := planFor(p); var s streamScratch; expandMask(&pl, p, y[:p.L], &rho64, 0, nil, &s) }},
	}
	for _, k := range kernels {
		b.Run(k.name, func(b *testing.B) {
			cputest.BenchLevels(b, "", func(b *testing.B) {
				benchcpu.Loop(b, func() {
					k.run()
				})
			})
		})
	}
}
