package mlkem

import (
	"crypto/mlkem"
	"testing"

	"github.com/cloudflare/circl/kem"
	circl1024 "github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	circl512 "github.com/cloudflare/circl/kem/mlkem/mlkem512"
	circl768 "github.com/cloudflare/circl/kem/mlkem/mlkem768"
)

// Benchmarks run the engine ("crystals") beside Go's crypto/mlkem ("stdlib",
// 768 and 1024 only) and circl in the same binary. Names are
// Benchmark<Op>/<set>/<implementation>, for benchstat.

var benchSets = []struct {
	p     *Params
	circl kem.Scheme
}{
	{MLKEM512, circl512.Scheme()},
	{MLKEM768, circl768.Scheme()},
	{MLKEM1024, circl1024.Scheme()},
}

func benchSeed() []byte {
	seed := make([]byte, SeedSize)
	for i := range seed {
		seed[i] = byte(i * 7)
	}
	return seed
}

// stdlibKey is crypto/mlkem's key for p, or nil for ML-KEM-512.
type stdlibKey interface {
	Decapsulate([]byte) ([]byte, error)
}

func stdlibDecapsulationKey(b *testing.B, p *Params, seed []byte) (dk stdlibKey, ek []byte, encaps func() ([]byte, []byte), fromBytes func([]byte) error) {
	switch p {
	case MLKEM768:
		k, err := mlkem.NewDecapsulationKey768(seed)
		if err != nil {
			b.Fatal(err)
		}
		e := k.EncapsulationKey()
		return k, e.Bytes(), e.Encapsulate, func(b []byte) error {
			e, err := mlkem.NewEncapsulationKey768(b)
			if err == nil {
				e.Encapsulate()
			}
			return err
		}
	case MLKEM1024:
		k, err := mlkem.NewDecapsulationKey1024(seed)
		if err != nil {
			b.Fatal(err)
		}
		e := k.EncapsulationKey()
		return k, e.Bytes(), e.Encapsulate, func(b []byte) error {
			e, err := mlkem.NewEncapsulationKey1024(b)
			if err == nil {
				e.Encapsulate()
			}
			return err
		}
	}
	return nil, nil, nil, nil
}

func BenchmarkKeyGen(b *testing.B) {
	seed := benchSeed()
	for _, s := range benchSets {
		b.Run(s.p.Name()+"/crystals", func(b *testing.B) {
			b.ReportAllocs()
			var dk DecapsulationKey
			for b.Loop() {
				if err := dk.SetSeed(s.p, seed); err != nil {
					b.Fatal(err)
				}
			}
		})
		if s.p != MLKEM512 {
			b.Run(s.p.Name()+"/stdlib", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					stdlibDecapsulationKey(b, s.p, seed)
				}
			})
		}
		b.Run(s.p.Name()+"/circl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.circl.DeriveKeyPair(seed)
			}
		})
	}
}

// BenchmarkEncapsulateFromBytes measures a one-shot encapsulation to an
// encoded key: parse, modulus check, ExpandA, then Encaps.
func BenchmarkEncapsulateFromBytes(b *testing.B) {
	seed := benchSeed()
	var m [32]byte
	for _, s := range benchSets {
		var dk DecapsulationKey
		if err := dk.SetSeed(s.p, seed); err != nil {
			b.Fatal(err)
		}
		ekBytes := dk.ek.AppendBytes(nil)
		b.Run(s.p.Name()+"/crystals", func(b *testing.B) {
			b.ReportAllocs()
			var ek EncapsulationKey
			var k [32]byte
			c := make([]byte, s.p.CiphertextSize())
			for b.Loop() {
				if err := ek.SetBytes(s.p, ekBytes); err != nil {
					b.Fatal(err)
				}
				if err := ek.EncapsulateInternal(&k, c, &m); err != nil {
					b.Fatal(err)
				}
			}
		})
		if s.p != MLKEM512 {
			_, _, _, fromBytes := stdlibDecapsulationKey(b, s.p, seed)
			b.Run(s.p.Name()+"/stdlib", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if err := fromBytes(ekBytes); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		b.Run(s.p.Name()+"/circl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				pk, err := s.circl.UnmarshalBinaryPublicKey(ekBytes)
				if err != nil {
					b.Fatal(err)
				}
				if _, _, err := s.circl.EncapsulateDeterministically(pk, m[:]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEncapsulate measures encapsulation with a loaded key.
func BenchmarkEncapsulate(b *testing.B) {
	seed := benchSeed()
	var m [32]byte
	for _, s := range benchSets {
		var dk DecapsulationKey
		if err := dk.SetSeed(s.p, seed); err != nil {
			b.Fatal(err)
		}
		b.Run(s.p.Name()+"/crystals", func(b *testing.B) {
			b.ReportAllocs()
			var k [32]byte
			c := make([]byte, s.p.CiphertextSize())
			for b.Loop() {
				if err := dk.ek.EncapsulateInternal(&k, c, &m); err != nil {
					b.Fatal(err)
				}
			}
		})
		if s.p != MLKEM512 {
			_, _, encaps, _ := stdlibDecapsulationKey(b, s.p, seed)
			b.Run(s.p.Name()+"/stdlib", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					encaps()
				}
			})
		}
		pk, _ := s.circl.DeriveKeyPair(seed)
		b.Run(s.p.Name()+"/circl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := s.circl.EncapsulateDeterministically(pk, m[:]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDecapsulate(b *testing.B) {
	seed := benchSeed()
	var m [32]byte
	for _, s := range benchSets {
		var dk DecapsulationKey
		if err := dk.SetSeed(s.p, seed); err != nil {
			b.Fatal(err)
		}
		var k [32]byte
		c := make([]byte, s.p.CiphertextSize())
		if err := dk.ek.EncapsulateInternal(&k, c, &m); err != nil {
			b.Fatal(err)
		}
		b.Run(s.p.Name()+"/crystals", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := dk.Decapsulate(&k, c); err != nil {
					b.Fatal(err)
				}
			}
		})
		if s.p != MLKEM512 {
			sdk, _, _, _ := stdlibDecapsulationKey(b, s.p, seed)
			b.Run(s.p.Name()+"/stdlib", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := sdk.Decapsulate(c); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		_, sk := s.circl.DeriveKeyPair(seed)
		b.Run(s.p.Name()+"/circl", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.circl.Decapsulate(sk, c); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
