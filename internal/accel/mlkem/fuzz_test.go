package mlkem

import (
	"bytes"
	"errors"
	"testing"
)

var fuzzParams = []*Params{MLKEM512, MLKEM768, MLKEM1024}

// fuzzKey returns a fixed key of parameter set p.
func fuzzKey(p *Params) *DecapsulationKey {
	seed := make([]byte, SeedSize)
	for i := range seed {
		seed[i] = byte(i)
	}
	var dk DecapsulationKey
	if err := dk.SetSeed(p, seed); err != nil {
		panic(err)
	}
	return &dk
}

func FuzzEncapsulationKey(f *testing.F) {
	for i, p := range fuzzParams {
		ek := fuzzKey(p).EncapsulationKey().AppendBytes(nil)
		f.Add(uint8(i), ek)
		bad := bytes.Clone(ek)
		bad[0], bad[1] = 0xff, 0xff // coefficient 4095
		f.Add(uint8(i), bad)
		f.Add(uint8(i), ek[1:])
	}
	f.Fuzz(func(t *testing.T, set uint8, b []byte) {
		p := fuzzParams[int(set)%len(fuzzParams)]
		var ek EncapsulationKey
		err := ek.SetBytes(p, b)
		if len(b) != p.EncapsulationKeySize() {
			if !errors.Is(err, ErrEncapsulationKeyLength) {
				t.Fatalf("wrong length accepted or misreported: %v", err)
			}
			return
		}
		if err != nil {
			if !errors.Is(err, ErrEncapsulationKeyModulus) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if !bytes.Equal(ek.AppendBytes(nil), b) {
			t.Fatal("accepted key does not re-encode to its input")
		}
		var k [32]byte
		var m [32]byte
		if err := ek.EncapsulateInternal(&k, make([]byte, p.CiphertextSize()), &m); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzDecapsulationKey(f *testing.F) {
	for i, p := range fuzzParams {
		dk := fuzzKey(p).AppendExpanded(nil)
		f.Add(uint8(i), dk)
		bad := bytes.Clone(dk)
		bad[len(bad)-33] ^= 1 // H(ek)
		f.Add(uint8(i), bad)
		f.Add(uint8(i), dk[:len(dk)-1])
	}
	f.Fuzz(func(t *testing.T, set uint8, b []byte) {
		p := fuzzParams[int(set)%len(fuzzParams)]
		var dk DecapsulationKey
		err := dk.SetExpanded(p, b)
		if len(b) != p.DecapsulationKeySize() {
			if !errors.Is(err, ErrDecapsulationKeyLength) {
				t.Fatalf("wrong length accepted or misreported: %v", err)
			}
			return
		}
		if err != nil {
			return
		}
		// Everything but ŝ (reduced modulo q on import) re-encodes exactly.
		out := dk.AppendExpanded(nil)
		if !bytes.Equal(out[encodedPolySize*p.k:], b[encodedPolySize*p.k:]) {
			t.Fatal("accepted key does not re-encode to its input")
		}
		var k [32]byte
		if err := dk.Decapsulate(&k, make([]byte, p.CiphertextSize())); err != nil {
			t.Fatal(err)
		}
	})
}

func FuzzCiphertext(f *testing.F) {
	keys := make([]*DecapsulationKey, len(fuzzParams))
	for i, p := range fuzzParams {
		keys[i] = fuzzKey(p)
		var k [32]byte
		var m [32]byte
		c := make([]byte, p.CiphertextSize())
		if err := keys[i].EncapsulationKey().EncapsulateInternal(&k, c, &m); err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), c)
		f.Add(uint8(i), c[1:])
		f.Add(uint8(i), append(c, 0))
	}
	f.Fuzz(func(t *testing.T, set uint8, c []byte) {
		i := int(set) % len(fuzzParams)
		var k [32]byte
		err := keys[i].Decapsulate(&k, c)
		if len(c) != fuzzParams[i].CiphertextSize() {
			if !errors.Is(err, ErrCiphertextLength) {
				t.Fatalf("wrong length accepted or misreported: %v", err)
			}
		} else if err != nil {
			t.Fatalf("well-formed ciphertext rejected: %v", err)
		}
	})
}
