package composite_test

import (
	"bytes"
	"crypto"
	"errors"
	"testing"

	"github.com/crystals-go/crystals/internal/hybrid/hybridtest"
	"github.com/crystals-go/crystals/kem/composite"
)

func TestAlgorithmTable(t *testing.T) {
	all := composite.Algorithms()
	if len(all) != 12 {
		t.Fatalf("%d algorithms, want 12", len(all))
	}
	if _, err := new(composite.DecapsulationKey).Decapsulate(nil); !errors.Is(err, composite.ErrNoAlgorithm) {
		t.Fatal(err)
	}
	if _, _, err := new(composite.EncapsulationKey).EncapsulateDeterministicForTesting(nil); !errors.Is(err, composite.ErrNoAlgorithm) {
		t.Fatal(err)
	}
	if ss, ct := new(composite.EncapsulationKey).Encapsulate(); ss != nil || ct != nil {
		t.Fatal("the zero key encapsulated")
	}
	if _, err := composite.GenerateKey(new(composite.Algorithm)); !errors.Is(err, composite.ErrNoAlgorithm) {
		t.Fatalf("GenerateKey with a zero Algorithm: %v", err)
	}
	for i, a := range all {
		if want := 55 + i; a.OID()[8] != want || len(a.OID()) != 9 {
			t.Errorf("%s: OID %v", a.Name(), a.OID())
		}
		if composite.AlgorithmByOID(a.OID()) != a || composite.AlgorithmByName("id-"+a.Name()) != a {
			t.Errorf("%s: lookups disagree", a.Name())
		}
	}
}

// TestRoundTrip generates a key of every algorithm, passes it through the
// raw encodings, and encapsulates both randomly and deterministically.
func TestRoundTrip(t *testing.T) {
	for _, a := range hybridtest.Tested(composite.Algorithms()) {
		t.Run(a.Name(), func(t *testing.T) {
			dk, err := composite.GenerateKey(a)
			if err != nil {
				t.Fatal(err)
			}
			var _ crypto.Decapsulator = dk
			dk2, err := composite.ParseDecapsulationKey(a, dk.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if !dk2.Equal(dk) {
				t.Fatal("decapsulation key does not survive its encoding")
			}
			ek, err := composite.ParseEncapsulationKey(a, dk.Encapsulator().Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if !ek.Equal(dk.EncapsulationKey()) {
				t.Fatal("encapsulation key does not survive its encoding")
			}
			ss, ct := ek.Encapsulate()
			if len(ct) != a.CiphertextSize() || len(ss) != 32 {
				t.Fatalf("sizes %d, %d", len(ct), len(ss))
			}
			if got, err := dk2.Decapsulate(ct); err != nil || !bytes.Equal(got, ss) {
				t.Fatalf("decapsulation: %v", err)
			}
			random := bytes.Repeat([]byte{7}, a.EncapsulationSeedSize())
			random[32] = 0 // keeps the ephemeral scalar below every curve order
			ss1, ct1, err := ek.EncapsulateDeterministicForTesting(random)
			if err != nil {
				t.Fatal(err)
			}
			ss2, ct2, _ := ek.EncapsulateDeterministicForTesting(random)
			if !bytes.Equal(ss1, ss2) || !bytes.Equal(ct1, ct2) {
				t.Fatal("deterministic encapsulation is not deterministic")
			}
			if got, err := dk.Decapsulate(ct1); err != nil || !bytes.Equal(got, ss1) {
				t.Fatalf("deterministic decapsulation: %v", err)
			}
			if _, _, err := ek.EncapsulateDeterministicForTesting(random[1:]); !errors.Is(err, composite.ErrRandomnessLength) {
				t.Fatal(err)
			}
			if _, err := dk.Decapsulate(ct[1:]); !errors.Is(err, composite.ErrCiphertextLength) {
				t.Fatal(err)
			}
		})
	}
}
