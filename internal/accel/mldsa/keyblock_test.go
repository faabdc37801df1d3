package mldsa

import (
	"bytes"
	"testing"
	"unsafe"
)

// TestKeyBlockSizes checks that every parameter set's key blocks hold
// exactly the ring elements and encoding bytes its keys view, no more, and
// that a private key's elements are 64-byte aligned when its block is
// larger than 32 KiB.
func TestKeyBlockSizes(t *testing.T) {
	for _, p := range All() {
		pub, elems, enc := newPublicKeyBlock(p)
		if len(elems) != publicKeyElements(p.K, p.L) || len(enc) != p.PublicKeySize() {
			t.Errorf("%s public key block: %d elements, %d bytes; want %d, %d",
				p.Name, len(elems), len(enc), publicKeyElements(p.K, p.L), p.PublicKeySize())
		}
		if rest := pub.carve(p, elems, enc); len(rest) != 0 {
			t.Errorf("%s public key block: %d elements left over", p.Name, len(rest))
		}
		_, elems, enc = newPrivateKeyBlock(p)
		if len(elems) != privateKeyElements(p.K, p.L) || len(enc) != p.PublicKeySize() {
			t.Errorf("%s private key block: %d elements, %d bytes; want %d, %d",
				p.Name, len(elems), len(enc), privateKeyElements(p.K, p.L), p.PublicKeySize())
		}
		sk := newPrivateKey(p)
		views := [][]nttElement{sk.pub.a, sk.pub.t1H, sk.t0H}
		blockSize := uintptr(privateKeyElements(p.K, p.L))*unsafe.Sizeof(nttElement{}) +
			uintptr(len(enc)) + unsafe.Sizeof(PrivateKey{})
		onPage := blockSize > 32<<10 // a large object, without the small objects' header
		total := 0
		for _, v := range views {
			total += len(v)
			// A performance property of the layout (keyblock.go): the
			// signing kernels' loads of the key's elements stay within
			// cache lines, in a block the runtime starts on a page.
			if addr := uintptr(unsafe.Pointer(&v[0])); onPage && addr%64 != 0 {
				t.Errorf("%s: a private key's elements start at %#x, not 64-byte aligned", p.Name, addr)
			}
		}
		if total != privateKeyElements(p.K, p.L) || len(sk.t0H) != p.K {
			t.Errorf("%s private key views %d elements, want %d", p.Name, total, privateKeyElements(p.K, p.L))
		}
	}
}

// TestKeyFormsAndAllocations checks that the key forms built by key
// generation, public-key decoding and expanded-key decoding agree (the same
// Â, t̂1 and tr; the same tables of s1 and s2 and NTT form of t0, which give
// back the same expanded encoding), that Equal tells keys apart, and that
// each of the three allocates one block (and a private key its tables).
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
		if !equalElements(pk.a, sk.pub.a) || !equalElements(pk.t1H, sk.pub.t1H) || pk.tr != sk.pub.tr {
			t.Errorf("%s: the decoded public key differs from the generated one", p.Name)
		}
		sk2, err := NewPrivateKeyFromExpanded(p, expanded)
		if err != nil {
			t.Fatal(err)
		}
		for i, pair := range [][2][]nttElement{{sk.t0H, sk2.t0H}, {sk.pub.t1H, sk2.pub.t1H}} {
			if !equalElements(pair[0], pair[1]) {
				t.Errorf("%s: form %d of the decoded expanded key differs from the generated one", p.Name, i)
			}
		}
		for i := range sk.packed.buf {
			if sk.packed.buf[i] != sk2.packed.buf[i] {
				t.Errorf("%s: table %d of the decoded expanded key differs from the generated one", p.Name, i)
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

		if raceEnabled {
			continue // the race detector adds allocations
		}
		for _, c := range []struct {
			name   string
			f      func()
			allocs float64
		}{
			{"NewPrivateKeyFromSeed", func() { NewPrivateKeyFromSeed(p, &seed) }, 2},
			{"NewPrivateKeyFromExpanded", func() { NewPrivateKeyFromExpanded(p, expanded) }, 2},
			{"NewPublicKey", func() { NewPublicKey(p, pkBytes) }, 1},
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
