package mlkem

import (
	"bytes"
	"crypto/mlkem"
	"crypto/mlkem/mlkemtest"
	"crypto/sha256"
	"crypto/sha3"
	"github.com/crystals-go/crystals/internal/accel/cpu"
	"hash"
	"testing"

	"github.com/cloudflare/circl/kem"
	circl1024 "github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	circl512 "github.com/cloudflare/circl/kem/mlkem/mlkem512"
	circl768 "github.com/cloudflare/circl/kem/mlkem/mlkem768"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// reference is another ML-KEM implementation, driven deterministically.
type reference interface {
	// run derives a key from seed, encapsulates with m, and decapsulates c
	// and bad; it returns ek, expanded dk (nil if not offered), the
	// ciphertext and shared key of encapsulation, and both decapsulations.
	run(t *testing.T, seed, m, bad []byte) (ek, dk, c, k, kDec, kBad []byte)
}

// stdlibReference is Go's crypto/mlkem, with crypto/mlkem/mlkemtest for the
// derandomized encapsulation. It offers no expanded dk.
type stdlibReference struct{ p *Params }

func (r stdlibReference) run(t *testing.T, seed, m, bad []byte) (ek, dk, c, k, kDec, kBad []byte) {
	var err error
	type decapsulator interface {
		Decapsulate([]byte) ([]byte, error)
	}
	var d decapsulator
	switch r.p {
	case MLKEM768:
		key, err := mlkem.NewDecapsulationKey768(seed)
		if err != nil {
			t.Fatal(err)
		}
		ek = key.EncapsulationKey().Bytes()
		k, c, err = mlkemtest.Encapsulate768(key.EncapsulationKey(), m)
		if err != nil {
			t.Fatal(err)
		}
		d = key
	case MLKEM1024:
		key, err := mlkem.NewDecapsulationKey1024(seed)
		if err != nil {
			t.Fatal(err)
		}
		ek = key.EncapsulationKey().Bytes()
		k, c, err = mlkemtest.Encapsulate1024(key.EncapsulationKey(), m)
		if err != nil {
			t.Fatal(err)
		}
		d = key
	}
	if kDec, err = d.Decapsulate(c); err != nil {
		t.Fatal(err)
	}
	if kBad, err = d.Decapsulate(bad); err != nil {
		t.Fatal(err)
	}
	return ek, nil, c, k, kDec, kBad
}

// circlReference is circl's kem/mlkem through its kem.Scheme interface.
type circlReference struct{ s kem.Scheme }

func (r circlReference) run(t *testing.T, seed, m, bad []byte) (ek, dk, c, k, kDec, kBad []byte) {
	pk, sk := r.s.DeriveKeyPair(seed)
	ek, _ = pk.MarshalBinary()
	dk, _ = sk.MarshalBinary()
	c, k, err := r.s.EncapsulateDeterministically(pk, m)
	if err != nil {
		t.Fatal(err)
	}
	if kDec, err = r.s.Decapsulate(sk, c); err != nil {
		t.Fatal(err)
	}
	if kBad, err = r.s.Decapsulate(sk, bad); err != nil {
		t.Fatal(err)
	}
	return ek, dk, c, k, kDec, kBad
}

// TestDifferential compares the engine with Go's crypto/mlkem (768, 1024) and
// circl (all three sets) on seeded random keys and messages: ek, expanded dk,
// ciphertext, shared key, and the implicit-rejection key of a corrupted
// ciphertext must be byte-identical. Each side's outputs are folded into one
// SHA-256 per set, logged and compared.
//
// It runs at every SIMD level: 10 000 iterations per set at the CPU's best
// level (the one production uses), 300 at the others and under -short.
func TestDifferential(t *testing.T) {
	cputest.ForEachLevel(t, differential)
}

func differential(t *testing.T, level cpu.Level) {
	iterations := 10000
	if testing.Short() || level != cpu.Best() {
		iterations = 300
	}
	cases := []struct {
		p    *Params
		refs []reference
	}{
		{MLKEM512, []reference{circlReference{circl512.Scheme()}}},
		{MLKEM768, []reference{stdlibReference{MLKEM768}, circlReference{circl768.Scheme()}}},
		{MLKEM1024, []reference{stdlibReference{MLKEM1024}, circlReference{circl1024.Scheme()}}},
	}
	for _, tc := range cases {
		t.Run(tc.p.Name, func(t *testing.T) {
			t.Parallel()
			p := tc.p
			rng := sha3.NewSHAKE128()
			rng.Write([]byte("crystals mlkem differential " + p.Name))
			ours := sha256.New()
			theirs := make([]hash.Hash, len(tc.refs))
			for i := range theirs {
				theirs[i] = sha256.New()
			}
			seed := make([]byte, SeedSize)
			var m [32]byte
			var dk DecapsulationKey
			c := make([]byte, p.CiphertextSize())
			bad := make([]byte, p.CiphertextSize())
			var pos [2]byte
			for it := range iterations {
				rng.Read(seed)
				rng.Read(m[:])
				rng.Read(pos[:])
				if err := dk.SetSeed(p, seed); err != nil {
					t.Fatal(err)
				}
				ek := dk.ek.AppendBytes(nil)
				dkBytes := dk.AppendExpanded(nil)
				var k, kDec, kBad [32]byte
				if err := dk.ek.EncapsulateInternal(&k, c, &m); err != nil {
					t.Fatal(err)
				}
				if err := dk.Decapsulate(&kDec, c); err != nil {
					t.Fatal(err)
				}
				// Corrupt one bit at a random position for implicit rejection.
				copy(bad, c)
				bit := int(pos[0])<<8 | int(pos[1])
				bad[(bit>>3)%len(bad)] ^= 1 << (bit & 7)
				if err := dk.Decapsulate(&kBad, bad); err != nil {
					t.Fatal(err)
				}
				if k != kDec {
					t.Fatalf("iteration %d: Decaps does not invert Encaps", it)
				}
				for _, b := range [][]byte{ek, dkBytes, c, k[:], kBad[:]} {
					ours.Write(b)
				}
				for i, ref := range tc.refs {
					rEK, rDK, rC, rK, rKDec, rKBad := ref.run(t, seed, m[:], bad)
					if rDK == nil {
						rDK = dkBytes // not offered by this reference
					}
					if !bytes.Equal(ek, rEK) || !bytes.Equal(dkBytes, rDK) || !bytes.Equal(c, rC) ||
						!bytes.Equal(k[:], rK) || !bytes.Equal(kDec[:], rKDec) || !bytes.Equal(kBad[:], rKBad) {
						t.Fatalf("iteration %d: differs from reference %T", it, ref)
					}
					for _, b := range [][]byte{rEK, rDK, rC, rK, rKBad} {
						theirs[i].Write(b)
					}
				}
			}
			sum := ours.Sum(nil)
			t.Logf("%d iterations, engine digest %x", iterations, sum)
			for i, h := range theirs {
				if got := h.Sum(nil); !bytes.Equal(got, sum) {
					t.Errorf("reference %T digest %x differs", tc.refs[i], got)
				}
			}
		})
	}
}
