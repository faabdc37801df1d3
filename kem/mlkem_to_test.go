package kem

import (
	"bytes"
	"errors"
	"fmt"
	"runtime"
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
			continue // the buffer methods are ML-KEM's and SMAUG-T's
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
	var zsek SMAUGTEncapsulationKey
	if err := zsek.EncapsulateTo(make([]byte, SharedKeySize), make([]byte, SMAUGT128().CiphertextSize())); !errors.Is(err, ErrZeroKey) {
		t.Errorf("zero SMAUG-T key EncapsulateTo: %v", err)
	}
	var zsdk SMAUGTDecapsulationKey
	if err := zsdk.DecapsulateTo(make([]byte, SharedKeySize), make([]byte, SMAUGT128().CiphertextSize())); !errors.Is(err, ErrZeroKey) {
		t.Errorf("zero SMAUG-T key DecapsulateTo: %v", err)
	}
	if err := EncapsulateBytes(new(SMAUGTScheme), nil, nil, nil); !errors.Is(err, ErrZeroKey) {
		t.Errorf("zero SMAUG-T scheme EncapsulateBytes: %v", err)
	}
}

// TestEncapsulateBytesConcurrent runs EncapsulateBytes to keys of four sets
// (ML-KEM-768 and SMAUG-T sets of k = 2 and 4, whose parses share one pool)
// from sixteen goroutines: each ciphertext must decapsulate under its own
// key, so no pooled storage is shared between calls in flight.
func TestEncapsulateBytesConcurrent(t *testing.T) {
	var dks []DecapsulationKey
	for _, s := range []Scheme{MLKEM768(), SMAUGT128(), SMAUGT256(), TiMER()} {
		dk, err := s.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		dks = append(dks, dk)
	}
	errs := make(chan error, 64)
	for g := range 16 {
		go func() {
			dk := dks[g%len(dks)]
			s := dk.Scheme()
			ek := dk.PublicKey().Bytes()
			k := make([]byte, s.SharedKeySize())
			c := make([]byte, s.CiphertextSize())
			for range 4 {
				if err := EncapsulateBytes(s, ek, k, c); err != nil {
					errs <- err
					return
				}
				if got, _ := dk.Decapsulate(c); !bytes.Equal(got, k) {
					errs <- fmt.Errorf("%s: a pooled key encapsulated to the wrong key", s.Name())
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
	for _, s := range []Scheme{MLKEM512(), MLKEM768(), MLKEM1024(), SMAUGT128(), SMAUGT192(), SMAUGT256(), TiMER()} {
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

// TestKeyGenerationAllocations holds ML-KEM and SMAUG-T key generation from
// a seed to one allocation, the key object that holds its polynomials, and
// SMAUG-T's, and its public keys', to their set's size: the k² + 2k (k² + k)
// polynomials of 1 KiB and at most 4 KiB more.
func TestKeyGenerationAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector adds allocations")
	}
	for _, s := range []Scheme{MLKEM512(), MLKEM768(), MLKEM1024(), SMAUGT128(), SMAUGT192(), SMAUGT256(), TiMER()} {
		seed := make([]byte, s.SeedSize())
		allocs := testing.AllocsPerRun(5, func() {
			if _, err := s.NewDecapsulationKey(seed); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 1 {
			t.Errorf("%s: NewDecapsulationKey makes %v allocations, want 1", s.Name(), allocs)
		}
	}
	for _, s := range []*SMAUGTScheme{SMAUGT128(), SMAUGT192(), SMAUGT256(), TiMER()} {
		dk, _ := s.NewDecapsulationKey(make([]byte, SMAUGTSeedSize))
		ek := dk.PublicKey().Bytes()
		k := s.p.K()
		for _, c := range []struct {
			what  string
			polys int
			run   func()
		}{
			{"NewDecapsulationKey", k*k + 2*k, func() { _, _ = s.NewDecapsulationKey(make([]byte, SMAUGTSeedSize)) }},
			{"NewEncapsulationKey", k*k + k, func() { _, _ = s.NewEncapsulationKey(ek) }},
		} {
			if got, want := allocatedBytes(20, c.run), uint64(c.polys*1024+4096); got > want {
				t.Errorf("%s: %s allocates %d bytes, want at most %d", s.Name(), c.what, got, want)
			}
		}
	}
}

// allocatedBytes returns the bytes f allocates per call, over n calls after
// a first, the fewest of three tries (another goroutine's allocations count
// too).
func allocatedBytes(n int, f func()) uint64 {
	f()
	least := ^uint64(0)
	for range 3 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for range n {
			f()
		}
		runtime.ReadMemStats(&after)
		least = min(least, (after.TotalAlloc-before.TotalAlloc)/uint64(n))
	}
	return least
}
