package circlkem

import (
	"bytes"
	"crypto/rand"
	"errors"
	"testing"

	circl "github.com/cloudflare/circl/kem"
	"github.com/cloudflare/circl/kem/hybrid"
	circl1024 "github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	circl512 "github.com/cloudflare/circl/kem/mlkem/mlkem512"
	circl768 "github.com/cloudflare/circl/kem/mlkem/mlkem768"
	circlxwing "github.com/cloudflare/circl/kem/xwing"

	"github.com/crystals-go/crystals/kem"
)

func marshal(t *testing.T, k interface{ MarshalBinary() ([]byte, error) }) []byte {
	t.Helper()
	b, err := k.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func random(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// TestAgainstCircl checks each adapter against circl's own scheme of the same
// name: sizes, DeriveKeyPair, both key encodings, EncapsulateDeterministically,
// and decapsulation of each other's ciphertexts (including corrupted ones).
func TestAgainstCircl(t *testing.T) {
	pairs := []struct {
		ours   kem.Scheme
		theirs circl.Scheme
	}{
		{kem.MLKEM512(), circl512.Scheme()},
		{kem.MLKEM768(), circl768.Scheme()},
		{kem.MLKEM1024(), circl1024.Scheme()},
		{kem.XWing(), circlxwing.Scheme()},
		{kem.X25519MLKEM768(), hybrid.X25519MLKEM768()},
	}
	n := 200
	if testing.Short() {
		n = 20
	}
	for _, p := range pairs {
		ours, theirs := Scheme(p.ours), p.theirs
		t.Run(ours.Name(), func(t *testing.T) {
			if ours.Name() != theirs.Name() || ours.PublicKeySize() != theirs.PublicKeySize() ||
				ours.PrivateKeySize() != theirs.PrivateKeySize() || ours.SeedSize() != theirs.SeedSize() ||
				ours.SharedKeySize() != theirs.SharedKeySize() || ours.CiphertextSize() != theirs.CiphertextSize() ||
				ours.EncapsulationSeedSize() != theirs.EncapsulationSeedSize() {
				t.Fatal("sizes or name differ from circl")
			}
			for range n {
				seed := random(ours.SeedSize())
				pk, sk := ours.DeriveKeyPair(seed)
				pk2, sk2 := theirs.DeriveKeyPair(seed)
				if !bytes.Equal(marshal(t, pk), marshal(t, pk2)) || !bytes.Equal(marshal(t, sk), marshal(t, sk2)) {
					t.Fatal("DeriveKeyPair differs from circl")
				}
				eseed := random(ours.EncapsulationSeedSize())
				ct, ss, err := ours.EncapsulateDeterministically(pk, eseed)
				if err != nil {
					t.Fatal(err)
				}
				ct2, ss2, err := theirs.EncapsulateDeterministically(pk2, eseed)
				if err != nil || !bytes.Equal(ct, ct2) || !bytes.Equal(ss, ss2) {
					t.Fatal("EncapsulateDeterministically differs from circl")
				}
				// Their ciphertext, our key imported from their encoding.
				imported, err := ours.UnmarshalBinaryPrivateKey(marshal(t, sk2))
				if err != nil {
					t.Fatal(err)
				}
				ct2, ss2, err = theirs.Encapsulate(pk2)
				if err != nil {
					t.Fatal(err)
				}
				if got, err := ours.Decapsulate(imported, ct2); err != nil || !bytes.Equal(got, ss2) {
					t.Fatalf("circl → ours: %v", err)
				}
				// A corrupted ML-KEM part gets the same implicit rejection.
				ct2[5] ^= 0x20
				got, err := ours.Decapsulate(sk, ct2)
				want, err2 := theirs.Decapsulate(sk2, ct2)
				if err != nil || err2 != nil || !bytes.Equal(got, want) {
					t.Fatalf("implicit rejection differs from circl: %v %v", err, err2)
				}
			}
		})
	}
}

// TestSchemeContract exercises every adapter as a circl kem.Scheme, the way
// circl's own scheme tests do, including the NIST-curve hybrids circl lacks.
func TestSchemeContract(t *testing.T) {
	for _, s := range Schemes() {
		t.Run(s.Name(), func(t *testing.T) {
			pk, sk, err := s.GenerateKeyPair()
			if err != nil {
				t.Fatal(err)
			}
			pkb, skb := marshal(t, pk), marshal(t, sk)
			if len(pkb) != s.PublicKeySize() || len(skb) != s.PrivateKeySize() {
				t.Fatal("encoded sizes")
			}
			pk2, err := s.UnmarshalBinaryPublicKey(pkb)
			if err != nil || !pk.Equal(pk2) || !pk2.Equal(sk.Public()) {
				t.Fatalf("public key round trip: %v", err)
			}
			sk2, err := s.UnmarshalBinaryPrivateKey(skb)
			if err != nil || !sk.Equal(sk2) || pk.Scheme() != s || sk.Scheme() != s {
				t.Fatalf("private key round trip: %v", err)
			}
			ct, ss, err := s.Encapsulate(pk)
			if err != nil || len(ct) != s.CiphertextSize() || len(ss) != s.SharedKeySize() {
				t.Fatalf("encapsulate: %v", err)
			}
			if got, err := s.Decapsulate(sk2, ct); err != nil || !bytes.Equal(got, ss) {
				t.Fatalf("decapsulate: %v", err)
			}
			seed := random(s.SeedSize())
			a, _ := s.DeriveKeyPair(seed)
			b, _ := s.DeriveKeyPair(seed)
			if !a.Equal(b) {
				t.Fatal("DeriveKeyPair is not deterministic")
			}
			eseed := random(s.EncapsulationSeedSize())
			c1, k1, err1 := s.EncapsulateDeterministically(pk, eseed)
			c2, k2, err2 := s.EncapsulateDeterministically(pk, eseed)
			if err1 != nil || err2 != nil || !bytes.Equal(c1, c2) || !bytes.Equal(k1, k2) {
				t.Fatal("EncapsulateDeterministically is not deterministic")
			}

			// Bad input: circl's errors, no panic.
			if _, err := s.UnmarshalBinaryPublicKey(pkb[1:]); !errors.Is(err, circl.ErrPubKeySize) {
				t.Errorf("short public key: %v", err)
			}
			if _, err := s.UnmarshalBinaryPrivateKey(skb[1:]); !errors.Is(err, circl.ErrPrivKeySize) {
				t.Errorf("short private key: %v", err)
			}
			if _, err := s.Decapsulate(sk, ct[1:]); !errors.Is(err, circl.ErrCiphertextSize) {
				t.Errorf("short ciphertext: %v", err)
			}
			if _, _, err := s.EncapsulateDeterministically(pk, eseed[1:]); !errors.Is(err, circl.ErrSeedSize) {
				t.Errorf("short encapsulation seed: %v", err)
			}
			other := Scheme(kem.MLKEM768())
			if s == other {
				other = Scheme(kem.MLKEM512())
			}
			otherPK, otherSK, _ := other.GenerateKeyPair()
			if _, _, err := s.Encapsulate(otherPK); !errors.Is(err, circl.ErrTypeMismatch) {
				t.Errorf("foreign public key: %v", err)
			}
			if _, err := s.Decapsulate(otherSK, ct); !errors.Is(err, circl.ErrTypeMismatch) {
				t.Errorf("foreign private key: %v", err)
			}
			if pk, sk := s.DeriveKeyPair(seed[1:]); pk != nil || sk != nil {
				t.Error("DeriveKeyPair accepted a short seed")
			}
		})
	}
}

// TestHybridPrivateKeyMatchesKem checks that a NIST-curve hybrid key imported
// from its circl encoding decapsulates like the kem key it was encoded from.
func TestHybridPrivateKeyMatchesKem(t *testing.T) {
	for _, ks := range []kem.Scheme{kem.SecP256r1MLKEM768(), kem.SecP384r1MLKEM1024(), kem.X25519MLKEM768()} {
		s := Scheme(ks)
		dk, err := ks.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		_, sk, err := s.(*adapter).pair(dk)
		if err != nil {
			t.Fatal(err)
		}
		sk2, err := s.UnmarshalBinaryPrivateKey(marshal(t, sk))
		if err != nil {
			t.Fatal(err)
		}
		ss, ct := dk.Encapsulator().Encapsulate()
		if got, err := s.Decapsulate(sk2, ct); err != nil || !bytes.Equal(got, ss) {
			t.Fatalf("%s: %v", ks.Name(), err)
		}
	}
}
