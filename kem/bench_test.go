package kem

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"crypto/mlkem"
	"crypto/rand"
	"crypto/sha3"
	"testing"

	circlkem "github.com/cloudflare/circl/kem"
	"github.com/cloudflare/circl/kem/hybrid"
	circl1024 "github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	circl512 "github.com/cloudflare/circl/kem/mlkem/mlkem512"
	circl768 "github.com/cloudflare/circl/kem/mlkem/mlkem768"
	circlxwing "github.com/cloudflare/circl/kem/xwing"

	"github.com/crystals-go/crystals/internal/benchcpu"
)

// benchKEM is one implementation of a scheme, driven the same way for every
// benchmark: derive a key from a seed, parse an encapsulation key, encapsulate
// to a parsed key, decapsulate.
type benchKEM struct {
	impl    string
	newKey  func(b *testing.B) (dk any, ek []byte)
	parseEK func(b *testing.B, ek []byte) any
	encaps  func(ek any) (ss, ct []byte)
	decaps  func(b *testing.B, dk any, ct []byte) []byte
}

// must returns v, panicking on err: benchmark setup and bodies use it on
// inputs that are valid by construction.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func oursBench(s Scheme) benchKEM {
	return benchKEM{
		impl: "crystals",
		newKey: func(b *testing.B) (any, []byte) {
			dk := must(s.NewDecapsulationKey(bytes.Repeat([]byte{1}, s.SeedSize())))
			return dk, dk.PublicKey().Bytes()
		},
		parseEK: func(b *testing.B, ek []byte) any { return must(s.NewEncapsulationKey(ek)) },
		encaps:  func(ek any) ([]byte, []byte) { return ek.(EncapsulationKey).Encapsulate() },
		decaps: func(b *testing.B, dk any, ct []byte) []byte {
			return must(dk.(DecapsulationKey).Decapsulate(ct))
		},
	}
}

func circlBench(s circlkem.Scheme) benchKEM {
	return benchKEM{
		impl: "circl",
		newKey: func(b *testing.B) (any, []byte) {
			pk, sk := s.DeriveKeyPair(make([]byte, s.SeedSize()))
			return sk, must(pk.MarshalBinary())
		},
		parseEK: func(b *testing.B, ek []byte) any { return must(s.UnmarshalBinaryPublicKey(ek)) },
		encaps: func(ek any) ([]byte, []byte) {
			ct, ss, err := s.Encapsulate(ek.(circlkem.PublicKey))
			if err != nil {
				panic(err)
			}
			return ss, ct
		},
		decaps: func(b *testing.B, dk any, ct []byte) []byte {
			return must(s.Decapsulate(dk.(circlkem.PrivateKey), ct))
		},
	}
}

// stdlibMLKEMBench is crypto/mlkem.
func stdlibMLKEMBench(is1024 bool) benchKEM {
	return benchKEM{
		impl: "stdlib",
		newKey: func(b *testing.B) (any, []byte) {
			var dk crypto.Decapsulator
			if is1024 {
				dk = must(mlkem.NewDecapsulationKey1024(make([]byte, SeedSize)))
			} else {
				dk = must(mlkem.NewDecapsulationKey768(make([]byte, SeedSize)))
			}
			return dk, dk.Encapsulator().Bytes()
		},
		parseEK: func(b *testing.B, ek []byte) any {
			if is1024 {
				return must(mlkem.NewEncapsulationKey1024(ek))
			}
			return must(mlkem.NewEncapsulationKey768(ek))
		},
		encaps: func(ek any) ([]byte, []byte) { return ek.(crypto.Encapsulator).Encapsulate() },
		decaps: func(b *testing.B, dk any, ct []byte) []byte {
			return must(dk.(crypto.Decapsulator).Decapsulate(ct))
		},
	}
}

// stdlibHybridKey is a TLS hybrid or X-Wing key assembled from crypto/mlkem
// and crypto/ecdh.
type stdlibHybridKey struct {
	pq crypto.Decapsulator
	ec *ecdh.PrivateKey
}

type stdlibHybridPub struct {
	pq crypto.Encapsulator
	ec *ecdh.PublicKey
}

// stdlibHybridBench is the TLS hybrid of ref, or X-Wing when xwing is set,
// built from the standard library as crypto/tls and crypto/hpke build them.
func stdlibHybridBench(ref stdlibHybrid, xwing bool) benchKEM {
	mlkemRef := stdlibMLKEMBench(ref.is1024)
	return benchKEM{
		impl: "stdlib",
		newKey: func(b *testing.B) (any, []byte) {
			pq, _ := mlkemRef.newKey(b)
			ec := must(ref.curve.NewPrivateKey(bytes.Repeat([]byte{1}, scalarSize(ref.curve))))
			k := &stdlibHybridKey{pq.(crypto.Decapsulator), ec}
			return k, ref.cat(k.pq.Encapsulator().Bytes(), ec.PublicKey().Bytes())
		},
		parseEK: func(b *testing.B, ek []byte) any {
			pqBytes, ecBytes := ref.cut(ek, ref.ekSize)
			return &stdlibHybridPub{mlkemRef.parseEK(b, pqBytes).(crypto.Encapsulator), must(ref.curve.NewPublicKey(ecBytes))}
		},
		encaps: func(ek any) ([]byte, []byte) {
			pub := ek.(*stdlibHybridPub)
			eph, _ := ref.curve.GenerateKey(rand.Reader)
			ssEC, err := eph.ECDH(pub.ec)
			if err != nil {
				panic(err)
			}
			ssPQ, ctPQ := pub.pq.Encapsulate()
			ctEC := eph.PublicKey().Bytes()
			if xwing {
				return xwingCombinerStdlib(ssPQ, ssEC, ctEC, pub.ec.Bytes()), append(ctPQ, ctEC...)
			}
			return ref.cat(ssPQ, ssEC), ref.cat(ctPQ, ctEC)
		},
		decaps: func(b *testing.B, dk any, ct []byte) []byte {
			k := dk.(*stdlibHybridKey)
			ctPQ, ctEC := ref.cut(ct, ref.ctSize)
			ssPQ := must(k.pq.Decapsulate(ctPQ))
			ssEC := must(k.ec.ECDH(must(ref.curve.NewPublicKey(ctEC))))
			if xwing {
				return xwingCombinerStdlib(ssPQ, ssEC, ctEC, k.ec.PublicKey().Bytes())
			}
			return ref.cat(ssPQ, ssEC)
		},
	}
}

func scalarSize(c ecdh.Curve) int {
	if c == ecdh.P384() {
		return 48
	}
	return 32
}

// xwingCombinerStdlib is crypto/hpke's MLKEM768-X25519 combiner, written
// against crypto/sha3 for the stdlib reference.
func xwingCombinerStdlib(ssM, ssX, ctX, pkX []byte) []byte {
	h := sha3.New256()
	for _, b := range [][]byte{ssM, ssX, ctX, pkX, []byte(xwingLabel)} {
		h.Write(b)
	}
	return h.Sum(nil)
}

func benchImplementations(s Scheme) []benchKEM {
	impls := []benchKEM{oursBench(s)}
	switch s.Name() {
	case "ML-KEM-512":
		impls = append(impls, circlBench(circl512.Scheme()))
	case "ML-KEM-768":
		impls = append(impls, stdlibMLKEMBench(false), circlBench(circl768.Scheme()))
	case "ML-KEM-1024":
		impls = append(impls, stdlibMLKEMBench(true), circlBench(circl1024.Scheme()))
	case "X25519MLKEM768":
		impls = append(impls, stdlibHybridBench(stdlibHybridOf(s), false), circlBench(hybrid.X25519MLKEM768()))
	case "SecP256r1MLKEM768", "SecP384r1MLKEM1024":
		impls = append(impls, stdlibHybridBench(stdlibHybridOf(s), false))
	case "X-Wing":
		ref := stdlibHybrid{ecdh.X25519(), false, true, mlkem.EncapsulationKeySize768, mlkem.CiphertextSize768}
		impls = append(impls, stdlibHybridBench(ref, true), circlBench(circlxwing.Scheme()))
	}
	return impls
}

// BenchmarkKEM runs, for every scheme and implementation:
//   - KeyGen: a decapsulation key from a seed;
//   - EncapsulateFromBytes: parse and check an encoded encapsulation key,
//     then encapsulate (the TLS server's work per handshake);
//   - Encapsulate: encapsulate to a parsed key;
//   - Decapsulate: decapsulate with a loaded key.
//
// Names are BenchmarkKEM/<scheme>/<op>/<implementation>, for benchstat.
func BenchmarkKEM(b *testing.B) {
	for _, s := range Schemes() {
		for _, impl := range benchImplementations(s) {
			dk, ekBytes := impl.newKey(b)
			ek := impl.parseEK(b, ekBytes)
			_, ct := impl.encaps(ek)
			for _, op := range []struct {
				name string
				run  func()
			}{
				{"KeyGen", func() { impl.newKey(b) }},
				{"EncapsulateFromBytes", func() { impl.encaps(impl.parseEK(b, ekBytes)) }},
				{"Encapsulate", func() { impl.encaps(ek) }},
				{"Decapsulate", func() { impl.decaps(b, dk, ct) }},
			} {
				b.Run(s.Name()+"/"+op.name+"/"+impl.impl, func(b *testing.B) { benchcpu.Loop(b, op.run) })
			}
		}
	}
}
