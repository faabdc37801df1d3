package mlkem

import (
	"slices"
	"testing"
	"unsafe"
)

// sameEncapsulationKey reports whether a and b hold the same key: set, ρ,
// H(ek), t̂ and Â.
func sameEncapsulationKey(a, b *EncapsulationKey) bool {
	return a.p == b.p && a.rho == b.rho && a.h == b.h &&
		slices.Equal(a.t, b.t) && slices.Equal(a.a, b.a)
}

// setKeys returns a function that sets dk from seed and then from the
// expanded encoding, and ek from its encoding, failing t on any error.
func setKeys(t *testing.T, p *Params, dk *DecapsulationKey, ek *EncapsulationKey, seed, expanded, ekBytes []byte) func() {
	return func() {
		if err := dk.SetSeed(p, seed); err != nil {
			t.Fatal(err)
		}
		if err := dk.SetExpanded(p, expanded); err != nil {
			t.Fatal(err)
		}
		if err := ek.SetBytes(p, ekBytes); err != nil {
			t.Fatal(err)
		}
	}
}

// TestKeyStorage checks that keys hold exactly the polynomials of their
// set, a decapsulation key's in one allocation, that setting a key again for
// the same k allocates nothing, and that a key moved to another k works.
func TestKeyStorage(t *testing.T) {
	sets := []*Params{MLKEM512, MLKEM768, MLKEM1024}
	seed := make([]byte, SeedSize)
	for _, p := range sets {
		k := p.K
		var dk DecapsulationKey
		if err := dk.SetSeed(p, seed); err != nil {
			t.Fatal(err)
		}
		ek := dk.EncapsulationKey()
		if len(ek.t) != k || len(ek.a) != k*k || len(dk.s) != k {
			t.Fatalf("%s: t̂, Â, ŝ have %d, %d, %d entries, want %d, %d, %d",
				p.Name, len(ek.t), len(ek.a), len(dk.s), k, k*k, k)
		}
		// One allocation: t̂, Â, ŝ follow each other.
		next := func(f []nttElement) unsafe.Pointer { return unsafe.Add(unsafe.Pointer(&f[0]), len(f)*512) }
		if next(ek.t) != unsafe.Pointer(&ek.a[0]) || next(ek.a) != unsafe.Pointer(&dk.s[0]) {
			t.Fatalf("%s: t̂, Â and ŝ are not one block", p.Name)
		}
		if got, want := unsafe.Sizeof(ek.t[0])*uintptr(cap(ek.t)+cap(ek.a)+cap(dk.s)), uintptr(512*(k*k+2*k)); got != want {
			t.Fatalf("%s: storage is %d bytes, want %d", p.Name, got, want)
		}
		expanded := dk.AppendExpanded(nil)
		ekBytes := ek.AppendBytes(nil)
		var parsed EncapsulationKey
		if allocs := testing.AllocsPerRun(10, setKeys(t, p, &dk, &parsed, seed, expanded, ekBytes)); allocs != 0 {
			// AllocsPerRun's warm-up run allocates parsed's storage.
			t.Errorf("%s: setting keys again allocates %v times a run", p.Name, allocs)
		}
		if len(parsed.t) != k || len(parsed.a) != k*k || cap(parsed.t)+cap(parsed.a) != k+k*k {
			t.Fatalf("%s: parsed key has %d, %d entries", p.Name, len(parsed.t), len(parsed.a))
		}
	}

	// One key object moved between sets keeps working: each set replaces
	// storage of the wrong size.
	var dk DecapsulationKey
	var ek EncapsulationKey
	for _, p := range append(sets, MLKEM768, MLKEM512) {
		if err := dk.SetSeed(p, seed); err != nil {
			t.Fatal(err)
		}
		if err := ek.SetBytes(p, dk.EncapsulationKey().AppendBytes(nil)); err != nil {
			t.Fatal(err)
		}
		var m [MessageSize]byte
		var k1, k2 [SharedKeySize]byte
		c := make([]byte, p.CiphertextSize())
		if err := ek.EncapsulateInternal(&k1, c, &m); err != nil {
			t.Fatal(err)
		}
		if err := dk.Decapsulate(&k2, c); err != nil || k1 != k2 {
			t.Fatalf("%s after another set: shared keys differ (%v)", p.Name, err)
		}
	}
}

// TestSetStorage checks that keys given storage keep their polynomials
// there and allocate nothing when set, and that storage of the wrong size is
// refused.
func TestSetStorage(t *testing.T) {
	seed := make([]byte, SeedSize)
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		k := p.K
		var ref DecapsulationKey
		if err := ref.SetSeed(p, seed); err != nil {
			t.Fatal(err)
		}
		ekBytes := ref.EncapsulationKey().AppendBytes(nil)
		expanded := ref.AppendExpanded(nil)

		ekPolys, sPolys := make([]Poly, k+k*k), make([]Poly, k)
		var dk DecapsulationKey
		dk.SetStorage(p, ekPolys, sPolys)
		var ek EncapsulationKey
		ek.SetStorage(p, make([]Poly, k+k*k))
		if allocs := testing.AllocsPerRun(5, setKeys(t, p, &dk, &ek, seed, expanded, ekBytes)); allocs != 0 {
			t.Errorf("%s: keys with storage allocate %v times", p.Name, allocs)
		}
		if &dk.ek.t[0] != &ekPolys[0] || &dk.ek.a[k*k-1] != &ekPolys[k+k*k-1] || &dk.s[0] != &sPolys[0] {
			t.Fatalf("%s: the key does not use the storage it was given", p.Name)
		}
		if !sameEncapsulationKey(dk.EncapsulationKey(), ref.EncapsulationKey()) ||
			!sameEncapsulationKey(&ek, ref.EncapsulationKey()) || !slices.Equal(dk.s, ref.s) {
			t.Fatalf("%s: keys in given storage differ from allocated ones", p.Name)
		}
		if err := dk.SetExpanded(p, expanded); err != nil || &dk.s[0] != &sPolys[0] {
			t.Fatalf("%s: SetExpanded: %v, or left the given storage", p.Name, err)
		}

		for name, wrong := range map[string]func(){
			"ek":    func() { new(EncapsulationKey).SetStorage(p, make([]Poly, k*k)) },
			"dk ŝ":  func() { new(DecapsulationKey).SetStorage(p, make([]Poly, k+k*k), make([]Poly, k+1)) },
			"dk ek": func() { new(DecapsulationKey).SetStorage(p, make([]Poly, k+k*k+1), make([]Poly, k)) },
		} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("%s: %s storage of the wrong size accepted", p.Name, name)
					}
				}()
				wrong()
			}()
		}
	}
}
