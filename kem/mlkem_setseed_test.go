package kem

import (
	"bytes"
	"crypto"
	"errors"
	"testing"
)

// inPlaceKey is what TestSetSeed needs of DecapsulationKey512, 768 and 1024.
type inPlaceKey interface {
	DecapsulationKey
	SetSeed(seed []byte) error
	ExpandedBytes() []byte
	Encapsulator() crypto.Encapsulator
}

// encapsulatorBytes is the encoding of a crypto.Encapsulator of either
// package.
func encapsulatorBytes(t *testing.T, e crypto.Encapsulator) []byte {
	t.Helper()
	b, ok := e.(interface{ Bytes() []byte })
	if !ok {
		t.Fatalf("encapsulator %T has no Bytes", e)
	}
	return b.Bytes()
}

// TestSetSeed holds SetSeed to the constructors: a zero key and a key in
// use set from a seed are the key NewDecapsulationKey derives from it (its
// expanded encoding, seed, encapsulation key and crypto/mlkem encapsulator),
// they decapsulate what is encapsulated to them, SetSeed allocates nothing,
// and a bad seed or a nil key is an error that leaves the key as it was.
func TestSetSeed(t *testing.T) {
	sets := []struct {
		s    Scheme
		zero func() inPlaceKey
		nilK inPlaceKey
	}{
		{MLKEM512(), func() inPlaceKey { return new(DecapsulationKey512) }, (*DecapsulationKey512)(nil)},
		{MLKEM768(), func() inPlaceKey { return new(DecapsulationKey768) }, (*DecapsulationKey768)(nil)},
		{MLKEM1024(), func() inPlaceKey { return new(DecapsulationKey1024) }, (*DecapsulationKey1024)(nil)},
	}
	seed1 := bytes.Repeat([]byte{1}, SeedSize)
	seed2 := bytes.Repeat([]byte{2}, SeedSize)
	for _, set := range sets {
		name := set.s.Name()
		dk := set.zero()
		for _, seed := range [][]byte{seed1, seed2} {
			if err := dk.SetSeed(seed); err != nil {
				t.Fatalf("%s: SetSeed: %v", name, err)
			}
			want, err := set.s.NewDecapsulationKey(seed)
			if err != nil {
				t.Fatal(err)
			}
			wantKey := want.(inPlaceKey)
			if !bytes.Equal(dk.ExpandedBytes(), wantKey.ExpandedBytes()) || !bytes.Equal(dk.Bytes(), seed) {
				t.Errorf("%s: SetSeed's key differs from NewDecapsulationKey's", name)
			}
			wantEK := want.PublicKey().Bytes()
			if !bytes.Equal(dk.PublicKey().Bytes(), wantEK) {
				t.Errorf("%s: SetSeed's encapsulation key differs", name)
			}
			if got := encapsulatorBytes(t, dk.Encapsulator()); !bytes.Equal(got, wantEK) {
				t.Errorf("%s: Encapsulator after SetSeed is the previous key's", name)
			}
			k, c := dk.PublicKey().Encapsulate()
			if got, err := dk.Decapsulate(c); err != nil || !bytes.Equal(got, k) {
				t.Errorf("%s: decapsulation after SetSeed: %x, %v; want %x", name, got, err, k)
			}
		}
		before := dk.ExpandedBytes()
		if err := dk.SetSeed(seed1[1:]); !errors.Is(err, ErrSeedLength) {
			t.Errorf("%s: SetSeed of a 63-byte seed: %v, want ErrSeedLength", name, err)
		}
		if !bytes.Equal(dk.ExpandedBytes(), before) {
			t.Errorf("%s: a rejected seed changed the key", name)
		}
		if err := set.nilK.SetSeed(seed1); !errors.Is(err, ErrZeroKey) {
			t.Errorf("%s: SetSeed on a nil key: %v, want ErrZeroKey", name, err)
		}
		if allocs := testing.AllocsPerRun(10, func() { _ = dk.SetSeed(seed1) }); allocs != 0 {
			t.Errorf("%s: SetSeed allocates %v times, want 0", name, allocs)
		}
	}
}
