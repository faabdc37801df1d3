package kem

import (
	"bytes"
	"errors"
	"testing"
)

// TestBufferForms holds EncapsulateTo, DecapsulateTo and EncapsulateBytes to
// the allocating forms: what they encapsulate decapsulates to their shared
// key with both APIs, for every scheme EncapsulateBytes takes, and bad
// buffers and keys are errors.
func TestBufferForms(t *testing.T) {
	for _, s := range Schemes() {
		dk, err := s.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		ekBytes := dk.PublicKey().Bytes()
		k := make([]byte, s.SharedKeySize())
		c := make([]byte, s.CiphertextSize())
		if err := EncapsulateBytes(s, ekBytes, k, c); err != nil {
			t.Fatalf("%s: EncapsulateBytes: %v", s.Name(), err)
		}
		if got, err := dk.Decapsulate(c); err != nil || !bytes.Equal(got, k) {
			t.Errorf("%s: EncapsulateBytes' ciphertext decapsulates to %x, %v; want %x", s.Name(), got, err, k)
		}
		if err := EncapsulateBytes(s, ekBytes[1:], k, c); err == nil {
			t.Errorf("%s: EncapsulateBytes accepts a short key", s.Name())
		}
		if err := EncapsulateBytes(s, ekBytes, k[1:], c); !errors.Is(err, ErrBufferLength) {
			t.Errorf("%s: short shared-key buffer: %v", s.Name(), err)
		}
		if err := EncapsulateBytes(s, ekBytes, k, c[1:]); !errors.Is(err, ErrBufferLength) {
			t.Errorf("%s: short ciphertext buffer: %v", s.Name(), err)
		}

		type bufferForms interface {
			EncapsulateTo(sharedKey, ciphertext []byte) error
		}
		ek, ok := dk.PublicKey().(bufferForms)
		if !ok {
			continue // the buffer methods are ML-KEM's
		}
		d := dk.(interface {
			DecapsulateTo(sharedKey, ciphertext []byte) error
		})
		if err := ek.EncapsulateTo(k, c); err != nil {
			t.Fatalf("%s: EncapsulateTo: %v", s.Name(), err)
		}
		got := make([]byte, SharedKeySize)
		if err := d.DecapsulateTo(got, c); err != nil || !bytes.Equal(got, k) {
			t.Errorf("%s: DecapsulateTo gives %x, %v; want %x", s.Name(), got, err, k)
		}
		if err := ek.EncapsulateTo(k, c[:len(c)-1]); !errors.Is(err, ErrBufferLength) {
			t.Errorf("%s: EncapsulateTo with a short ciphertext buffer: %v", s.Name(), err)
		}
		if err := d.DecapsulateTo(got[1:], c); !errors.Is(err, ErrBufferLength) {
			t.Errorf("%s: DecapsulateTo with a short buffer: %v", s.Name(), err)
		}
		if err := d.DecapsulateTo(got, c[1:]); !errors.Is(err, ErrCiphertextLength) {
			t.Errorf("%s: DecapsulateTo with a short ciphertext: %v", s.Name(), err)
		}
	}
	// A key that fails the modulus check fails EncapsulateBytes as it fails
	// NewEncapsulationKey768.
	dk, _ := GenerateKey768()
	bad := dk.EncapsulationKey().Bytes()
	bad[0], bad[1] = 0xff, 0xff // a 12-bit coefficient of 4095 ≥ q
	_, wantErr := NewEncapsulationKey768(bad)
	err := EncapsulateBytes(MLKEM768(), bad, make([]byte, SharedKeySize), make([]byte, CiphertextSize768))
	if !errors.Is(err, ErrEncapsulationKeyModulus) || !errors.Is(wantErr, ErrEncapsulationKeyModulus) {
		t.Errorf("modulus: EncapsulateBytes %v, NewEncapsulationKey768 %v", err, wantErr)
	}
	if err := EncapsulateBytes(nil, bad, nil, nil); err == nil {
		t.Error("nil scheme accepted")
	}
	var zero EncapsulationKey768
	if err := zero.EncapsulateTo(make([]byte, SharedKeySize), make([]byte, CiphertextSize768)); !errors.Is(err, ErrZeroKey) {
		t.Errorf("zero key EncapsulateTo: %v", err)
	}
	var zdk DecapsulationKey768
	if err := zdk.DecapsulateTo(make([]byte, SharedKeySize), make([]byte, CiphertextSize768)); !errors.Is(err, ErrZeroKey) {
		t.Errorf("zero key DecapsulateTo: %v", err)
	}
}

// TestEncapsulateBytesConcurrent runs EncapsulateBytes to four keys from
// sixteen goroutines: each ciphertext must decapsulate under its own key,
// so no pooled storage is shared between calls in flight.
func TestEncapsulateBytesConcurrent(t *testing.T) {
	dks := []*DecapsulationKey768{}
	for range 4 {
		dk, _ := GenerateKey768()
		dks = append(dks, dk)
	}
	errs := make(chan error, 64)
	for g := range 16 {
		go func() {
			dk := dks[g%len(dks)]
			ek := dk.EncapsulationKey().Bytes()
			k := make([]byte, SharedKeySize)
			c := make([]byte, CiphertextSize768)
			for range 4 {
				if err := EncapsulateBytes(MLKEM768(), ek, k, c); err != nil {
					errs <- err
					return
				}
				if got, _ := dk.Decapsulate(c); !bytes.Equal(got, k) {
					errs <- errors.New("a pooled key encapsulated to the wrong key")
					return
				}
			}
			errs <- nil
		}()
	}
	for range 16 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// TestBufferFormsNoAllocations checks that the buffer forms allocate nothing.
func TestBufferFormsNoAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	for _, s := range []Scheme{MLKEM512(), MLKEM768(), MLKEM1024()} {
		dk, _ := s.GenerateKey()
		ek := dk.PublicKey().(interface {
			EncapsulateTo(sharedKey, ciphertext []byte) error
		})
		d := dk.(interface {
			DecapsulateTo(sharedKey, ciphertext []byte) error
		})
		ekBytes := dk.PublicKey().Bytes()
		k := make([]byte, SharedKeySize)
		c := make([]byte, s.CiphertextSize())
		allocs := testing.AllocsPerRun(10, func() {
			if EncapsulateBytes(s, ekBytes, k, c) != nil || ek.EncapsulateTo(k, c) != nil || d.DecapsulateTo(k, c) != nil {
				t.Fatal("a buffer form failed")
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per EncapsulateBytes + EncapsulateTo + DecapsulateTo", s.Name(), allocs)
		}
	}
}

// TestKeyGenerationAllocations holds ML-KEM key generation from a seed to
// one allocation, the key object that holds its polynomials.
func TestKeyGenerationAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	seed := make([]byte, SeedSize)
	for _, s := range []Scheme{MLKEM512(), MLKEM768(), MLKEM1024()} {
		allocs := testing.AllocsPerRun(5, func() {
			if _, err := s.NewDecapsulationKey(seed); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 1 {
			t.Errorf("%s: NewDecapsulationKey makes %v allocations, want 1", s.Name(), allocs)
		}
	}
}
