package kem

import (
	"bytes"
	"errors"
	"testing"
)

// TestSMAUGTSetSeed holds SMAUG-T's SetSeed to NewDecapsulationKey: a
// generated key and an imported one, set again from a seed, are the key
// NewDecapsulationKey derives from it (seed, sk, pk), they decapsulate what
// is encapsulated to them, SetSeed allocates nothing, and a bad seed, a
// zero key or a nil key is an error that leaves the key as it was.
func TestSMAUGTSetSeed(t *testing.T) {
	seed1 := bytes.Repeat([]byte{1}, SMAUGTSeedSize)
	seed2 := bytes.Repeat([]byte{2}, SMAUGTSeedSize)
	for _, s := range []*SMAUGTScheme{SMAUGT128(), SMAUGT192(), SMAUGT256(), TiMER()} {
		name := s.Name()
		generated, err := s.NewDecapsulationKey(seed1)
		if err != nil {
			t.Fatal(err)
		}
		other, err := s.NewDecapsulationKey(seed2)
		if err != nil {
			t.Fatal(err)
		}
		imported, err := s.NewDecapsulationKeyFromBytes(other.(*SMAUGTDecapsulationKey).SecretKeyBytes())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			from string
			dk   DecapsulationKey
			seed []byte
		}{{"generated", generated, seed2}, {"imported", imported, seed1}, {"generated", generated, seed1}} {
			dk := c.dk.(*SMAUGTDecapsulationKey)
			if err := dk.SetSeed(c.seed); err != nil {
				t.Fatalf("%s: SetSeed on a %s key: %v", name, c.from, err)
			}
			want, err := s.NewDecapsulationKey(c.seed)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(dk.Bytes(), c.seed) || !bytes.Equal(dk.SecretKeyBytes(), want.(*SMAUGTDecapsulationKey).SecretKeyBytes()) {
				t.Errorf("%s: SetSeed on a %s key differs from NewDecapsulationKey's", name, c.from)
			}
			if !bytes.Equal(dk.PublicKey().Bytes(), want.PublicKey().Bytes()) {
				t.Errorf("%s: SetSeed on a %s key: its encapsulation key differs", name, c.from)
			}
			k, ct := dk.PublicKey().Encapsulate()
			if got, err := dk.Decapsulate(ct); err != nil || !bytes.Equal(got, k) {
				t.Errorf("%s: decapsulation after SetSeed: %x, %v; want %x", name, got, err, k)
			}
		}
		dk := generated.(*SMAUGTDecapsulationKey)
		before := dk.SecretKeyBytes()
		if err := dk.SetSeed(seed1[1:]); !errors.Is(err, ErrSeedLength) {
			t.Errorf("%s: SetSeed of a 63-byte seed: %v, want ErrSeedLength", name, err)
		}
		if !bytes.Equal(dk.SecretKeyBytes(), before) {
			t.Errorf("%s: a rejected seed changed the key", name)
		}
		if allocs := testing.AllocsPerRun(10, func() { _ = dk.SetSeed(seed2) }); allocs != 0 {
			t.Errorf("%s: SetSeed allocates %v times, want 0", name, allocs)
		}
	}
	for _, dk := range []*SMAUGTDecapsulationKey{nil, new(SMAUGTDecapsulationKey)} {
		if err := dk.SetSeed(seed1); !errors.Is(err, ErrZeroKey) {
			t.Errorf("SetSeed on %#v: %v, want ErrZeroKey", dk, err)
		}
	}
}
