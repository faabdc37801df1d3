package mldsa

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"sync"
	"testing"
	"unsafe"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
)

// TestKeyBlockSizes checks that every parameter set's key blocks hold
// exactly the ring elements, secret windows and encoding bytes its keys
// view, no more (a private key's no Â), that a private key's block is a
// small object, and that its elements and windows are 64-byte aligned.
func TestKeyBlockSizes(t *testing.T) {
	for _, p := range All() {
		_, s := newPublicKeyBlock(p)
		if len(s.elems) != publicKeyElements(p.K, p.L) || len(s.windows) != 0 || len(s.enc) != p.PublicKeySize() {
			t.Errorf("%s public key block: %d elements, %d windows, %d bytes; want %d, 0, %d",
				p.Name, len(s.elems), len(s.windows), len(s.enc), publicKeyElements(p.K, p.L), p.PublicKeySize())
		}
		if pk := newPublicKey(p); len(pk.a) != p.K*p.L || len(pk.t1H) != p.K {
			t.Errorf("%s public key: %d elements of Â and %d of t̂1, want %d and %d", p.Name, len(pk.a), len(pk.t1H), p.K*p.L, p.K)
		}
		_, s = newPrivateKeyBlock(p)
		if len(s.elems) != 0 || len(s.t0) != privateKeyElements(p.K, p.L) || len(s.windows) != privateKeyWindows(p.K, p.L) || len(s.enc) != p.PublicKeySize() {
			t.Errorf("%s private key block: %d ring elements, %d of t0, %d windows, %d bytes; want 0, %d, %d, %d",
				p.Name, len(s.elems), len(s.t0), len(s.windows), len(s.enc), privateKeyElements(p.K, p.L), privateKeyWindows(p.K, p.L), p.PublicKeySize())
		}
		sk := newPrivateKey(p)
		blockSize := unsafe.Sizeof(privateKeyPad{}) + uintptr(len(s.t0))*unsafe.Sizeof(t0Element{}) +
			uintptr(len(s.windows))*unsafe.Sizeof(secretWindow{}) + uintptr(len(s.enc)) + unsafe.Sizeof(PrivateKey{})
		// With the runtime's 8-byte header, the block stays in the size
		// class keyblock.go gives it, several blocks to a span.
		if class := privateKeyClass[p.Name]; blockSize+8 > class {
			t.Errorf("%s: a private key's block is %d bytes, past its %d-byte size class", p.Name, blockSize, class)
		}
		if sk.pub.t1H != nil || sk.pub.a != nil || sk.t0H != nil {
			t.Errorf("%s: a new private key has room for t̂1, Â or t̂0", p.Name)
		}
		// A performance property of the layout (keyblock.go): the signing
		// kernels' loads of the key's elements and windows stay within
		// cache lines.
		for _, addr := range []unsafe.Pointer{unsafe.Pointer(&sk.windows[0]), unsafe.Pointer(&sk.t0[0])} {
			if uintptr(addr)%64 != 0 {
				t.Errorf("%s: a private key's elements or windows start at %#x, not 64-byte aligned", p.Name, addr)
			}
		}
		if len(sk.t0) != privateKeyElements(p.K, p.L) || len(sk.t0) != p.K {
			t.Errorf("%s private key views %d elements of t0, want %d", p.Name, len(sk.t0), privateKeyElements(p.K, p.L))
		}
		if len(sk.windows) != privateKeyWindows(p.K, p.L) {
			t.Errorf("%s private key views %d windows, want %d", p.Name, len(sk.windows), privateKeyWindows(p.K, p.L))
		}
	}
}

// privateKeyClass is the runtime size class (bytes) of each set's private
// key block: 4, 6 and 2 blocks to a span (keyblock.go).
var privateKeyClass = map[string]uintptr{"ML-DSA-44": 6144, "ML-DSA-65": 9472, "ML-DSA-87": 12288}

// TestKeyFormsAndAllocations checks that the key forms built by key
// generation, public-key decoding and expanded-key decoding agree (the same
// Â, t̂1 and tr; the same windows of s1 and s2 and NTT form of t0, which
// give back the same expanded encoding), that Equal tells keys apart, that
// each of the three allocates one block, that key generation followed by a
// first signature allocates Â besides, and by a first verification through
// the key's public half Â and t̂1, and that signing allocates nothing.
func TestKeyFormsAndAllocations(t *testing.T) {
	for _, p := range All() {
		seed := [SeedSize]byte{5}
		sk := NewPrivateKeyFromSeed(p, &seed)
		pkBytes := sk.PublicKey().Bytes()
		expanded := make([]byte, p.PrivateKeySize())
		sk.EncodeExpanded(expanded)

		pk, err := NewPublicKey(p, pkBytes)
		if err != nil {
			t.Fatal(err)
		}
		if !equalElements(pk.a, sk.pub.aHat()) || !equalElements(pk.t1H, sk.pub.t1Hat()) || pk.tr != sk.pub.tr {
			t.Errorf("%s: the decoded public key differs from the generated one", p.Name)
		}
		sk2, err := NewPrivateKeyFromExpanded(p, expanded)
		if err != nil {
			t.Fatal(err)
		}
		for i, pair := range [][2][]nttElement{{sk.t0Hat(), sk2.t0Hat()}, {sk.pub.t1Hat(), sk2.pub.t1Hat()}} {
			if !equalElements(pair[0], pair[1]) {
				t.Errorf("%s: form %d of the decoded expanded key differs from the generated one", p.Name, i)
			}
		}
		for i := range sk.windows {
			if sk.windows[i] != sk2.windows[i] {
				t.Errorf("%s: window %d of the decoded expanded key differs from the generated one", p.Name, i)
			}
		}
		if !sk.Equal(sk2) || !sk2.Equal(sk) {
			t.Errorf("%s: the key decoded from its expanded encoding is not Equal to it", p.Name)
		}
		other := NewPrivateKeyFromSeed(p, &[SeedSize]byte{6})
		if sk.Equal(other) || other.Equal(sk2) {
			t.Errorf("%s: keys from different seeds are Equal", p.Name)
		}
		otherK := bytes.Clone(expanded)
		otherK[32] ^= 1 // K, which nothing else in the encoding binds
		if sk3, err := NewPrivateKeyFromExpanded(p, otherK); err != nil || sk3.Equal(sk) {
			t.Errorf("%s: a key differing only in K is Equal (or rejected: %v)", p.Name, err)
		}
		again := make([]byte, p.PrivateKeySize())
		sk2.EncodeExpanded(again)
		if !bytes.Equal(again, expanded) {
			t.Errorf("%s: the expanded encoding does not round-trip", p.Name)
		}

		msg := []byte("first use")
		sig := make([]byte, p.SignatureSize())
		if err := sk.Sign(sig, msg, nil, &[RandomSize]byte{}); err != nil {
			t.Fatal(err)
		}

		if raceEnabled {
			continue // the race detector adds allocations
		}
		for _, c := range []struct {
			name   string
			f      func()
			allocs float64
		}{
			{"NewPrivateKeyFromSeed", func() { NewPrivateKeyFromSeed(p, &seed) }, 1},
			{"NewPrivateKeyFromExpanded", func() { NewPrivateKeyFromExpanded(p, expanded) }, 1},
			{"NewPublicKey", func() { NewPublicKey(p, pkBytes) }, 1},
			{"NewPrivateKeyFromSeed and a first Verify", func() {
				if err := NewPrivateKeyFromSeed(p, &seed).PublicKey().Verify(msg, nil, sig); err != nil {
					t.Error(err)
				}
			}, 3},
			{"NewPrivateKeyFromSeed and a first Sign", func() {
				if err := NewPrivateKeyFromSeed(p, &seed).Sign(sig, msg, nil, &[RandomSize]byte{1}); err != nil {
					t.Error(err)
				}
			}, 2},
			{"Sign", func() {
				if err := sk.Sign(sig, msg, nil, &[RandomSize]byte{1}); err != nil {
					t.Error(err)
				}
			}, 0},
			{"Verify through the public half", func() {
				if err := sk.PublicKey().Verify(msg, nil, sig); err != nil {
					t.Error(err)
				}
			}, 0},
		} {
			// AllocsPerRun counts every malloc in the process and rounds
			// the average down: enough runs absorb the few the runtime
			// makes when these blocks start the first GC cycle (its mark
			// workers' goroutines).
			if a := testing.AllocsPerRun(50, c.f); a != c.allocs {
				t.Errorf("%s: %s makes %v allocations, want %v", p.Name, c.name, a, c.allocs)
			}
		}
	}
}

func equalElements(a, b []nttElement) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestPublicHalfT1HatOnFirstUse checks that key generation and expanded-key
// decoding leave a private key's t̂1 for its first verification, while a
// decoded public key has it at once, and that goroutines verifying through
// the same fresh key's public half at once all succeed (and, under -race,
// that its computation is properly synchronized).
func TestPublicHalfT1HatOnFirstUse(t *testing.T) {
	const goroutines = 8
	msg := []byte("concurrent first use")
	for _, p := range All() {
		seed := [SeedSize]byte{7}
		signing := NewPrivateKeyFromSeed(p, &seed)
		sig := make([]byte, p.SignatureSize())
		if err := signing.Sign(sig, msg, nil, &[RandomSize]byte{}); err != nil {
			t.Fatal(err)
		}
		expanded := make([]byte, p.PrivateKeySize())
		signing.EncodeExpanded(expanded)
		decoded, err := NewPrivateKeyFromExpanded(p, expanded)
		if err != nil {
			t.Fatal(err)
		}
		for _, sk := range []*PrivateKey{NewPrivateKeyFromSeed(p, &seed), decoded} {
			if sk.pub.t1H != nil {
				t.Fatalf("%s: a private key's t̂1 is computed before its first use", p.Name)
			}
			var wg sync.WaitGroup
			errs := make([]error, goroutines)
			for g := range goroutines {
				wg.Go(func() { errs[g] = sk.PublicKey().Verify(msg, nil, sig) })
			}
			wg.Wait()
			for g, err := range errs {
				if err != nil {
					t.Errorf("%s: goroutine %d: %v", p.Name, g, err)
				}
			}
		}
		pk, err := NewPublicKey(p, signing.PublicKey().Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if !equalElements(pk.t1H, signing.pub.t1Hat()) {
			t.Errorf("%s: a decoded public key's t̂1 is not computed when it is decoded", p.Name)
		}
	}
}

// TestSetSeed checks that SetSeed makes, in the key's own block, the key
// NewPrivateKeyFromSeed derives (the same Â, t0, t̂0, windows, encoding, tr, K
// and seed), whatever the key held before: a key from another seed whose
// t̂1 and batch terms were in use (both must follow the new key), and a key
// decoded from its expanded encoding, which gains a seed. It also checks
// that the new key signs and verifies, that SetSeed allocates nothing, that
// it keeps the block, and that it expands Â into the key's own if the key
// had one (a key that has signed) and leaves it for first use otherwise.
func TestSetSeed(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		msg := []byte("in place")
		for _, p := range All() {
			old := NewPrivateKeyFromSeed(p, &[SeedSize]byte{8})
			sig := make([]byte, p.SignatureSize())
			if err := old.Sign(sig, msg, nil, &[RandomSize]byte{}); err != nil {
				t.Fatal(err)
			}
			// Use the first-use state: t̂1 and the batch terms of the old key.
			if err := old.PublicKey().Verify(msg, nil, sig); err != nil {
				t.Fatal(err)
			}
			m, err := NewMessage(msg, nil)
			if err != nil {
				t.Fatal(err)
			}
			var mu [MuSize]byte
			m.Mu(&mu, old.PublicKey().Tr())
			// Two items: a batch of one takes the single path, and the
			// portable level's batches use the key's batch terms.
			errs := make([]error, 2)
			if err := old.PublicKey().VerifyMuBatch(errs, [][MuSize]byte{mu, mu}, [][]byte{sig, sig}); err != nil || errs[0] != nil || errs[1] != nil {
				t.Fatalf("%s: batch verification before SetSeed: %v, %v", p.Name, err, errs)
			}
			expanded := make([]byte, p.PrivateKeySize())
			old.EncodeExpanded(expanded)
			decoded, err := NewPrivateKeyFromExpanded(p, expanded)
			if err != nil {
				t.Fatal(err)
			}
			for ki, sk := range []*PrivateKey{old, decoded} {
				a, t0, t0H := sk.pub.a, &sk.t0[0], sk.t0H
				if (ki == 0) != (a != nil) || (ki == 0) != (t0H != nil) {
					t.Fatalf("%s key %d: Â allocated %v, t̂0 %v, want %v", p.Name, ki, a != nil, t0H != nil, ki == 0)
				}
				seed := [SeedSize]byte{9, byte(ki)}
				sk.SetSeed(&seed)
				want := NewPrivateKeyFromSeed(p, &seed)
				if &sk.t0[0] != t0 || (a == nil) != (sk.pub.a == nil) || a != nil && &sk.pub.a[0] != &a[0] ||
					(t0H == nil) != (sk.t0H == nil) || t0H != nil && &sk.t0H[0] != &t0H[0] {
					t.Errorf("%s key %d: SetSeed moved the key to new storage", p.Name, ki)
				}
				if !sk.Equal(want) || !equalElements(sk.pub.aHat(), want.pub.aHat()) || !equalElements(sk.t0Hat(), want.t0Hat()) ||
					!bytes.Equal(sk.pub.pk, want.pub.pk) || sk.pub.tr != want.pub.tr || sk.key != want.key {
					t.Errorf("%s key %d: SetSeed's key differs from NewPrivateKeyFromSeed's", p.Name, ki)
				}
				if got, ok := sk.Seed(); !ok || got != seed {
					t.Errorf("%s key %d: Seed after SetSeed = %x, %v", p.Name, ki, got, ok)
				}
				gotEnc, wantEnc := make([]byte, p.PrivateKeySize()), make([]byte, p.PrivateKeySize())
				sk.EncodeExpanded(gotEnc)
				want.EncodeExpanded(wantEnc)
				if !bytes.Equal(gotEnc, wantEnc) {
					t.Errorf("%s key %d: expanded encoding after SetSeed differs", p.Name, ki)
				}
				if err := sk.Sign(sig, msg, nil, &[RandomSize]byte{1}); err != nil {
					t.Fatal(err)
				}
				if err := want.PublicKey().Verify(msg, nil, sig); err != nil {
					t.Errorf("%s key %d: a signature after SetSeed does not verify under the fresh key: %v", p.Name, ki, err)
				}
				if err := sk.PublicKey().Verify(msg, nil, sig); err != nil {
					t.Errorf("%s key %d: verification through the public half after SetSeed (the old t̂1?): %v", p.Name, ki, err)
				}
				m.Mu(&mu, sk.PublicKey().Tr())
				if err := sk.PublicKey().VerifyMuBatch(errs, [][MuSize]byte{mu, mu}, [][]byte{sig, sig}); err != nil || errs[0] != nil || errs[1] != nil {
					t.Errorf("%s key %d: batch verification after SetSeed (the old terms?): %v, %v", p.Name, ki, err, errs)
				}
			}
			if raceEnabled {
				continue // the race detector adds allocations
			}
			if a := testing.AllocsPerRun(20, func() { old.SetSeed(&[SeedSize]byte{10}) }); a != 0 {
				t.Errorf("%s: SetSeed makes %v allocations, want 0", p.Name, a)
			}
		}
	})
}

// TestT0HatOnFirstUse checks that key generation and expanded-key decoding
// leave t0 in a private key's block (its coefficients are the expanded
// encoding's) and neither t̂0 nor Â, and that goroutines signing with the
// same fresh key at once, which all compute t̂0 and expand Â on first use,
// get the signatures of a key whose t̂0 and Â were computed beforehand
// (and, under -race, that the first-use computations are properly
// synchronized).
func TestT0HatOnFirstUse(t *testing.T) {
	const goroutines = 8
	msg := []byte("concurrent first signature")
	for _, p := range All() {
		seed := [SeedSize]byte{11}
		ref := NewPrivateKeyFromSeed(p, &seed)
		ref.t0Hat()
		ref.pub.aHat()
		want := make([]byte, p.SignatureSize())
		if err := ref.Sign(want, msg, nil, &[RandomSize]byte{}); err != nil {
			t.Fatal(err)
		}
		expanded := make([]byte, p.PrivateKeySize())
		ref.EncodeExpanded(expanded)
		decoded, err := NewPrivateKeyFromExpanded(p, expanded)
		if err != nil {
			t.Fatal(err)
		}
		t0Off := 128 + 32*p.etaBits*(p.K+p.L)
		for ki, sk := range []*PrivateKey{NewPrivateKeyFromSeed(p, &seed), decoded} {
			if sk.pub.a != nil || sk.t0H != nil {
				t.Fatalf("%s key %d: Â or t̂0 is computed before the first signature", p.Name, ki)
			}
			for i := range p.K {
				var t0, got ringElement
				unpackT0(&t0, expanded[t0Off+32*d*i:])
				widenT0(&got, &sk.t0[i])
				if got != t0 {
					t.Fatalf("%s key %d: t0[%d] is not the encoding's t0", p.Name, ki, i)
				}
			}
			var wg sync.WaitGroup
			sigs := make([][]byte, goroutines)
			for g := range goroutines {
				sigs[g] = make([]byte, p.SignatureSize())
				wg.Go(func() {
					if err := sk.Sign(sigs[g], msg, nil, &[RandomSize]byte{}); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			for g, sig := range sigs {
				if !bytes.Equal(sig, want) {
					t.Errorf("%s key %d: goroutine %d's first signature differs from the reference key's", p.Name, ki, g)
				}
			}
			if len(sk.t0H) != p.K || !equalElements(sk.t0H, ref.t0H) || !equalElements(sk.pub.a, ref.pub.a) {
				t.Errorf("%s key %d: t0H or Â after the first signatures is not t̂0 or Â", p.Name, ki)
			}
		}
	}
}

// TestFirstUseSignatures checks that the signatures (deterministic) of a
// new key, of a decoded key, of a key set by SetSeed after it had signed and
// of one set by SetSeed before it had, at every level, are those the
// engine made when private keys kept Â in their block (the digests were
// computed with that engine, before Â became a first-use computation).
func TestFirstUseSignatures(t *testing.T) {
	want := map[string]string{
		"ML-DSA-44": "bb344a746750b6275ee90bb13ed84f2e2508e2d86ee4d72f88dff69ff59a3ed5",
		"ML-DSA-65": "0ca771031f5852eeb0cb8ab41175b6fdf31072cff5dce06decaba08c8fd973b6",
		"ML-DSA-87": "7b8a372ce4748d201b5e83a37f4fe6ac684b4857a684680f5d91322d536c01d0",
	}
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, p := range All() {
			h := sha256.New()
			sig := make([]byte, p.SignatureSize())
			sign := func(sk *PrivateKey, m byte) {
				if err := sk.Sign(sig, []byte{m, 'g'}, nil, &[RandomSize]byte{}); err != nil {
					t.Fatal(err)
				}
				h.Write(sig)
			}
			fresh := NewPrivateKeyFromSeed(p, &[SeedSize]byte{21})
			sign(fresh, 0)
			enc := make([]byte, p.PrivateKeySize())
			fresh.EncodeExpanded(enc)
			decoded, err := NewPrivateKeyFromExpanded(p, enc)
			if err != nil {
				t.Fatal(err)
			}
			sign(decoded, 1)
			fresh.SetSeed(&[SeedSize]byte{22}) // Â expanded into the key's
			sign(fresh, 2)
			unsigned := NewPrivateKeyFromSeed(p, &[SeedSize]byte{23})
			unsigned.SetSeed(&[SeedSize]byte{24}) // Â still for first use
			sign(unsigned, 3)
			if got := hex.EncodeToString(h.Sum(nil)); got != want[p.Name] {
				t.Errorf("%s: signatures' digest %s, want %s", p.Name, got, want[p.Name])
			}
		}
	})
}

// TestAHatMixedFirstUse checks that goroutines making different first uses
// of the same fresh key at once (signatures, verifications through its
// public half, batch verification, which all read Â, and skEncode, which
// does not) agree with a key whose Â was expanded beforehand (and, under
// -race, that Â's expansion is properly synchronized with every reader).
func TestAHatMixedFirstUse(t *testing.T) {
	const goroutines = 8
	msg := []byte("mixed first use")
	for _, p := range All() {
		seed := [SeedSize]byte{12}
		ref := NewPrivateKeyFromSeed(p, &seed)
		ref.pub.aHat()
		want := make([]byte, p.SignatureSize())
		if err := ref.Sign(want, msg, nil, &[RandomSize]byte{}); err != nil {
			t.Fatal(err)
		}
		m, err := NewMessage(msg, nil)
		if err != nil {
			t.Fatal(err)
		}
		var mu [MuSize]byte
		m.Mu(&mu, ref.PublicKey().Tr())
		sk := NewPrivateKeyFromSeed(p, &seed)
		var wg sync.WaitGroup
		for g := range goroutines {
			wg.Go(func() {
				switch g % 4 {
				case 0:
					sig := make([]byte, p.SignatureSize())
					if err := sk.Sign(sig, msg, nil, &[RandomSize]byte{}); err != nil || !bytes.Equal(sig, want) {
						t.Errorf("%s goroutine %d: first signature differs (%v)", p.Name, g, err)
					}
				case 1:
					if err := sk.PublicKey().Verify(msg, nil, want); err != nil {
						t.Errorf("%s goroutine %d: %v", p.Name, g, err)
					}
				case 2:
					errs := make([]error, 2)
					if err := sk.PublicKey().VerifyMuBatch(errs, [][MuSize]byte{mu, mu}, [][]byte{want, want}); err != nil || errs[0] != nil || errs[1] != nil {
						t.Errorf("%s goroutine %d: batch verification: %v, %v", p.Name, g, err, errs)
					}
				default:
					enc := make([]byte, p.PrivateKeySize())
					sk.EncodeExpanded(enc)
				}
			})
		}
		wg.Wait()
		if !equalElements(sk.pub.a, ref.pub.a) {
			t.Errorf("%s: Â after the first uses differs from the reference key's", p.Name)
		}
	}
}
