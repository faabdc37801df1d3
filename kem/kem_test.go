package kem

import (
	"bytes"
	"crypto"
	"errors"
	"strings"
	"sync"
	"testing"
)

// TestRegistry checks the lookups and every scheme's sizes against real keys.
func TestRegistry(t *testing.T) {
	tls := map[string]uint16{ // crypto/tls's CurveID values
		"X25519MLKEM768": 4588, "SecP256r1MLKEM768": 4587, "SecP384r1MLKEM1024": 4589, "ML-KEM-1024": 514,
	}
	for _, s := range Schemes() {
		if SchemeByName(s.Name()) != s {
			t.Errorf("%s: not found by name", s.Name())
		}
		if g := s.TLSGroup(); g != 0 && SchemeByTLSGroup(g) != s {
			t.Errorf("%s: not found by TLS group", s.Name())
		}
		if want, ok := tls[s.Name()]; ok && s.TLSGroup() != want {
			t.Errorf("%s: TLS group %#x, crypto/tls says %#x", s.Name(), s.TLSGroup(), want)
		}
		if id := s.HPKEKEM(); id != 0 && SchemeByHPKEKEM(id) != s {
			t.Errorf("%s: not found by HPKE id", s.Name())
		}
		dk, err := s.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		if dk.Scheme() != s || len(dk.Bytes()) != s.SeedSize() {
			t.Errorf("%s: key scheme or seed size", s.Name())
		}
		if pub := dk.PublicKey(); pub.Scheme() != s || !bytes.Equal(pub.Bytes(), dk.Encapsulator().Bytes()) {
			t.Errorf("%s: PublicKey and Encapsulator disagree", s.Name())
		}
		ek, err := s.NewEncapsulationKey(dk.Encapsulator().Bytes())
		if err != nil || len(ek.Bytes()) != s.EncapsulationKeySize() || ek.Scheme() != s {
			t.Fatalf("%s: encapsulation key: %v", s.Name(), err)
		}
		ss, ct := ek.Encapsulate()
		if len(ss) != s.SharedKeySize() || len(ct) != s.CiphertextSize() {
			t.Errorf("%s: sizes", s.Name())
		}
		if got, err := dk.Decapsulate(ct); err != nil || !bytes.Equal(got, ss) {
			t.Errorf("%s: round trip: %v", s.Name(), err)
		}
		again, err := s.NewDecapsulationKey(dk.Bytes())
		if err != nil || !bytes.Equal(again.Encapsulator().Bytes(), ek.Bytes()) {
			t.Errorf("%s: key from seed differs: %v", s.Name(), err)
		}
		random := bytes.Repeat([]byte{1}, s.EncapsulationSeedSize()) // 0x0101… is a valid scalar on every curve
		if _, _, err := ek.EncapsulateDeterministicForTesting(random); err != nil {
			t.Errorf("%s: deterministic encapsulation: %v", s.Name(), err)
		}
	}
	if SchemeByName("nope") != nil || SchemeByTLSGroup(0) != nil || SchemeByHPKEKEM(0x0052) != nil {
		t.Error("unknown lookups must give nil")
	}
	if SchemeByHPKEKEM(0x647a) != XWing() || SchemeByHPKEKEM(0x0050) != MLKEM768P256() || SchemeByTLSGroup(0x11ec) != X25519MLKEM768() {
		t.Error("well-known code points")
	}
}

// TestBadInput checks that bad input gets errors that name the scheme and the
// problem, never a panic, and that a wrong ML-KEM ciphertext of the right
// length gets implicit rejection.
func TestBadInput(t *testing.T) {
	expect := func(err, target error, what string) {
		t.Helper()
		if !errors.Is(err, target) {
			t.Errorf("%s: got %v, want %v", what, err, target)
			return
		}
		if !strings.HasPrefix(err.Error(), "kem: ") {
			t.Errorf("%s: %q does not say where it comes from", what, err)
		}
	}
	for _, s := range Schemes() {
		dk, err := s.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		ekBytes := dk.Encapsulator().Bytes()
		_, err = s.NewEncapsulationKey(ekBytes[1:])
		expect(err, ErrEncapsulationKeyLength, s.Name()+" short ek")
		_, err = s.NewDecapsulationKey(dk.Bytes()[1:])
		expect(err, ErrSeedLength, s.Name()+" short seed")
		_, ct := dk.Encapsulator().Encapsulate()
		_, err = dk.Decapsulate(ct[1:])
		expect(err, ErrCiphertextLength, s.Name()+" short ciphertext")
		_, err = dk.Decapsulate(append(ct, 0))
		expect(err, ErrCiphertextLength, s.Name()+" long ciphertext")
		ek, _ := s.NewEncapsulationKey(ekBytes)
		_, _, err = ek.EncapsulateDeterministicForTesting(nil)
		expect(err, ErrRandomnessLength, s.Name()+" randomness")
	}

	// The modulus check, through each ML-KEM-768 user.
	dk, _ := GenerateKey768()
	bad := dk.EncapsulationKey().Bytes()
	bad[0], bad[1] = 0xff, 0x0f // coefficient 4095
	_, err := NewEncapsulationKey768(bad)
	expect(err, ErrEncapsulationKeyModulus, "ML-KEM-768 modulus")
	_, err = NewXWingEncapsulationKey(append(bad, make([]byte, 32)...))
	expect(err, ErrEncapsulationKeyModulus, "X-Wing modulus")
	x, _ := X25519MLKEM768().GenerateKey()
	share := x.Encapsulator().Bytes()
	copy(share, bad)
	_, err = X25519MLKEM768().NewEncapsulationKey(share)
	expect(err, ErrEncapsulationKeyModulus, "X25519MLKEM768 modulus")

	// The hash check of the expanded key.
	expanded := dk.ExpandedBytes()
	expanded[len(expanded)-40] ^= 1
	_, err = NewExpandedDecapsulationKey768(expanded)
	expect(err, ErrDecapsulationKeyHash, "ML-KEM-768 hash check")
	_, err = NewExpandedDecapsulationKey1024(expanded)
	expect(err, ErrDecapsulationKeyLength, "ML-KEM-1024 dk length")

	// Implicit rejection: no error, a different key, the same key each time.
	ss, ct := dk.EncapsulationKey().Encapsulate()
	ct[3] ^= 0x10
	k1, err1 := dk.Decapsulate(ct)
	k2, err2 := dk.Decapsulate(ct)
	if err1 != nil || err2 != nil || bytes.Equal(k1, ss) || !bytes.Equal(k1, k2) {
		t.Error("implicit rejection")
	}

	// ECDH shares that are not points.
	p256, _ := SecP256r1MLKEM768().GenerateKey()
	share = p256.Encapsulator().Bytes()
	share[0] = 5 // not an encoding prefix
	_, err = SecP256r1MLKEM768().NewEncapsulationKey(share)
	expect(err, ErrECDHKey, "P-256 share")
	_, ct = p256.Encapsulator().Encapsulate()
	ct[1] ^= 1 // off the curve
	_, err = p256.Decapsulate(ct)
	expect(err, ErrECDHKey, "P-256 ciphertext")

	// An all-zero X25519 share.
	_, ct = x.Encapsulator().Encapsulate()
	clear(ct[len(ct)-32:])
	_, err = x.Decapsulate(ct)
	expect(err, ErrX25519LowOrder, "X25519 low order")

	// A zero-value key.
	if _, err := new(DecapsulationKey768).Decapsulate(ct); err == nil {
		t.Error("zero-value key decapsulated")
	}

	// Mixing schemes.
	_, err = NewHybridDecapsulationKey(SecP384r1MLKEM1024(), dk, nil)
	expect(err, ErrSchemeMismatch, "ML-KEM-768 key in SecP384r1MLKEM1024")
	_, err = NewHybridDecapsulationKey(MLKEM768(), dk, nil)
	expect(err, ErrSchemeMismatch, "non-hybrid scheme")
}

// TestConcurrentUse shares one key of each scheme among goroutines (run it
// with -race): encapsulation, decapsulation and the lazily built Encapsulator.
func TestConcurrentUse(t *testing.T) {
	for _, s := range Schemes() {
		dk, err := s.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		ek, err := s.NewEncapsulationKey(dk.Encapsulator().Bytes())
		if err != nil {
			t.Fatal(err)
		}
		// A fresh key, so that the first Encapsulator calls race.
		fresh, err := s.NewDecapsulationKey(dk.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		encapsulators := make([]crypto.Encapsulator, 8)
		for g := range 8 {
			wg.Go(func() {
				encapsulators[g] = fresh.Encapsulator()
				for range 10 {
					ss, ct := ek.Encapsulate()
					got, err := dk.Decapsulate(ct)
					if err != nil || !bytes.Equal(got, ss) {
						t.Errorf("%s: concurrent round trip failed: %v", s.Name(), err)
						return
					}
					if got, err := fresh.Decapsulate(ct); err != nil || !bytes.Equal(got, ss) {
						t.Errorf("%s: concurrent round trip on the fresh key failed", s.Name())
						return
					}
				}
			})
		}
		wg.Wait()
		for _, e := range encapsulators[1:] {
			if e != encapsulators[0] {
				t.Errorf("%s: Encapsulator() returned different values", s.Name())
			}
		}
	}
}

// TestMLKEMAllocations checks that each ML-KEM operation makes only the
// allocations its results need: a key is one object holding its
// polynomials, Encapsulate one buffer for the shared key and ciphertext,
// Decapsulate the shared key.
func TestMLKEMAllocations(t *testing.T) {
	seed := make([]byte, SeedSize)
	for _, s := range []Scheme{MLKEM512(), MLKEM768(), MLKEM1024()} {
		dk, err := s.NewDecapsulationKey(seed)
		if err != nil {
			t.Fatal(err)
		}
		ekBytes := dk.PublicKey().Bytes()
		ek, err := s.NewEncapsulationKey(ekBytes)
		if err != nil {
			t.Fatal(err)
		}
		_, ct := ek.Encapsulate()
		for _, op := range []struct {
			name string
			run  func()
		}{
			{"NewDecapsulationKey", func() { must(s.NewDecapsulationKey(seed)) }},
			{"NewEncapsulationKey", func() { must(s.NewEncapsulationKey(ekBytes)) }},
			{"Encapsulate", func() { ek.Encapsulate() }},
			{"Decapsulate", func() { must(dk.Decapsulate(ct)) }},
		} {
			if a := testing.AllocsPerRun(3, op.run); a != 1 {
				t.Errorf("%s %s: %v allocations, want 1", s.Name(), op.name, a)
			}
		}
	}
}
