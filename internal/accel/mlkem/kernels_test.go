package mlkem

import (
	"bytes"
	"errors"
	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"math/rand/v2"
	"testing"
)

func TestBarrettReduce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	check := func(x uint32) {
		if got := barrettReduce(x); uint32(got) != x%q {
			t.Fatalf("barrettReduce(%d) = %d, want %d", x, got, x%q)
		}
	}
	for x := range uint32(1 << 20) {
		check(x)
	}
	for range 1 << 20 {
		check(r.Uint32())
	}
	check(1<<32 - 1)
}

func TestFieldOps(t *testing.T) {
	for a := range fieldElement(q) {
		for _, b := range []fieldElement{0, 1, 2, q / 2, q - 2, q - 1, a} {
			if got := fieldAdd(a, b); uint32(got) != (uint32(a)+uint32(b))%q {
				t.Fatalf("fieldAdd(%d, %d) = %d", a, b, got)
			}
			if got := fieldSub(a, b); uint32(got) != (uint32(a)+q-uint32(b))%q {
				t.Fatalf("fieldSub(%d, %d) = %d", a, b, got)
			}
			if got := fieldMul(a, b); uint32(got) != uint32(a)*uint32(b)%q {
				t.Fatalf("fieldMul(%d, %d) = %d", a, b, got)
			}
		}
	}
}

// TestCompress checks Compress_d and Decompress_d against their definitions
// with exact rational rounding, for every input.
func TestCompress(t *testing.T) {
	for _, d := range []uint{1, 4, 5, 10, 11} {
		for x := range uint32(q) {
			// ⌈x·2^d/q⌋ = ⌊(2·x·2^d + q) / 2q⌋, then mod 2^d.
			want := ((2*x<<d + q) / (2 * q)) % (1 << d)
			if got := compress(fieldElement(x), d); uint32(got) != want {
				t.Fatalf("compress(%d, %d) = %d, want %d", x, d, got, want)
			}
		}
		for y := range uint32(1 << d) {
			want := (2*y*q + 1<<d) / (2 << d)
			if got := decompress(uint16(y), d); uint32(got) != want {
				t.Fatalf("decompress(%d, %d) = %d, want %d", y, d, got, want)
			}
		}
	}
}

// schoolbook returns f·g in Z_q[X]/(X^256+1) by the definition.
func schoolbook(f, g *ringElement) ringElement {
	var acc [2 * n]uint64
	for i := range n {
		for j := range n {
			acc[i+j] += uint64(f[i]) * uint64(g[j])
		}
	}
	var r ringElement
	for i := range n {
		r[i] = fieldElement((acc[i] + (q*q*n - acc[i+n])) % q)
	}
	return r
}

func randomRing(r *rand.Rand) ringElement {
	var f ringElement
	for i := range f {
		f[i] = fieldElement(r.IntN(q))
	}
	return f
}

func TestNTT(t *testing.T) { cputest.ForEachLevel(t, nTTAtLevel) }

func nTTAtLevel(t *testing.T, _ cpu.Level) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		f, g := randomRing(r), randomRing(r)
		fc, gc := f, g
		fHat, gHat := ntt(&fc), ntt(&gc)
		back := fHat
		if got := inverseNTT(&back); got != f {
			t.Fatal("inverseNTT(ntt(f)) != f")
		}
		// Accumulate maxK products, the most the accumulator must hold.
		var acc [n]uint32
		for range maxK {
			multiplyAccumulate(&acc, &fHat, &gHat)
		}
		prod := reduceAccumulator(&acc)
		want := schoolbook(&f, &g)
		for i := range want {
			want[i] = fieldMul(want[i], maxK)
		}
		if got := inverseNTT(&prod); got != want {
			t.Fatal("NTT product differs from the schoolbook product")
		}
	}
}

func TestByteEncode(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for d := uint(1); d <= 12; d++ {
		var c, back [n]uint16
		for i := range c {
			c[i] = uint16(r.IntN(1 << d))
		}
		b := make([]byte, 32*d)
		byteEncode(b, &c, d)
		// Bit i·d+j of b is bit j of c[i] (Algorithm 5).
		for i := range n {
			for j := range d {
				bit := i*int(d) + int(j)
				if b[bit/8]>>(bit%8)&1 != byte(c[i]>>j&1) {
					t.Fatalf("d=%d: bit %d wrong", d, bit)
				}
			}
		}
		byteDecode(&back, b, d)
		if back != c {
			t.Fatalf("d=%d: decode(encode(c)) != c", d)
		}
	}
	f := randomRing(r)
	b := make([]byte, encodedPolySize)
	byteEncode12(b, &f)
	var c [n]uint16
	for i := range c {
		c[i] = uint16(f[i])
	}
	b2 := make([]byte, encodedPolySize)
	byteEncode(b2, &c, 12)
	if !bytes.Equal(b, b2) {
		t.Fatal("byteEncode12 differs from byteEncode(12)")
	}
	var g ringElement
	if err := byteDecode12Checked(&g, b); err != nil || g != f {
		t.Fatal("byteDecode12Checked(byteEncode12(f)) != f")
	}
	// A coefficient of exactly q fails the check and reduces to 0.
	b[0], b[1] = byte(q&0xff), b[1]&0xf0|byte(q>>8)
	if err := byteDecode12Checked(&g, b); !errors.Is(err, errNotReduced) {
		t.Fatalf("modulus check: got %v", err)
	}
	byteDecode12Reduce(&g, b)
	if g[0] != 0 {
		t.Fatalf("ByteDecode12 of q gave %d", g[0])
	}
}

func TestSamplePolyCBD(t *testing.T) { cputest.ForEachLevel(t, samplePolyCBDAtLevel) }

func samplePolyCBDAtLevel(t *testing.T, _ cpu.Level) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, eta := range []int{2, 3} {
		b := make([]byte, 64*eta)
		for range 20 {
			for i := range b {
				b[i] = byte(r.Uint32())
			}
			var f ringElement
			samplePolyCBD(&f, b, eta)
			for i := range n {
				// Algorithm 8 bit by bit.
				bit := func(k int) int { return int(b[k/8] >> (k % 8) & 1) }
				x, y := 0, 0
				for j := range eta {
					x += bit(2*i*eta + j)
					y += bit(2*i*eta + eta + j)
				}
				if want := fieldElement((x - y + q) % q); f[i] != want {
					t.Fatalf("η=%d: f[%d] = %d, want %d", eta, i, f[i], want)
				}
			}
		}
	}
}

func TestConstantTimeHelpers(t *testing.T) {
	a := []byte{1, 2, 3, 0}
	if constantTimeEqual(a, []byte{1, 2, 3, 0}) != 1 || constantTimeEqual(a, []byte{1, 2, 3, 1}) != 0 ||
		constantTimeEqual(a, []byte{0x81, 2, 3, 0}) != 0 {
		t.Fatal("constantTimeEqual")
	}
	dst := make([]byte, 4)
	b := []byte{9, 8, 7, 6}
	constantTimeSelect(dst, a, b, 1)
	if !bytes.Equal(dst, a) {
		t.Fatal("select 1")
	}
	constantTimeSelect(dst, a, b, 0)
	if !bytes.Equal(dst, b) {
		t.Fatal("select 0")
	}
}

// TestSampleNTTLanes checks that the four-lane ExpandA agrees with one
// single-state SampleNTT per entry, and that every entry is below q.
func TestSampleNTTLanes(t *testing.T) { cputest.ForEachLevel(t, sampleNTTLanesAtLevel) }

func sampleNTTLanesAtLevel(t *testing.T, _ cpu.Level) {
	var rho [32]byte
	for i := range rho {
		rho[i] = byte(i)
	}
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		a := make([]nttElement, p.K*p.K)
		pl := planFor()
		expandA(&pl, a, &rho, p.K)
		for i := range p.K {
			for j := range p.K {
				var in [34]byte
				copy(in[:], rho[:])
				in[32], in[33] = byte(j), byte(i)
				var want nttElement
				sampleNTT(&want, &in)
				if a[i*p.K+j] != want {
					t.Fatalf("%s: Â[%d,%d] differs", p.Name, i, j)
				}
			}
		}
	}
}

// TestRoundTrip needs no vector files: keys from random seeds encapsulate and
// decapsulate to the same key, keys survive their encodings, and bad input
// gets the documented errors.
func TestRoundTrip(t *testing.T) { cputest.ForEachLevel(t, roundTripAtLevel) }

func roundTripAtLevel(t *testing.T, _ cpu.Level) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		seed := make([]byte, SeedSize)
		for i := range seed {
			seed[i] = byte(r.Uint32())
		}
		var dk DecapsulationKey
		if err := dk.SetSeed(p, seed); err != nil {
			t.Fatal(err)
		}
		if s, ok := dk.Seed(); !ok || !bytes.Equal(s[:], seed) {
			t.Fatal("Seed() does not return the seed")
		}
		var m [32]byte
		var k1, k2 [32]byte
		c := make([]byte, p.CiphertextSize())
		if err := dk.EncapsulationKey().EncapsulateInternal(&k1, c, &m); err != nil {
			t.Fatal(err)
		}
		var imported DecapsulationKey
		if err := imported.SetExpanded(p, dk.AppendExpanded(nil)); err != nil {
			t.Fatal(err)
		}
		if _, ok := imported.Seed(); ok {
			t.Fatal("an expanded key claims a seed")
		}
		if err := imported.Decapsulate(&k2, c); err != nil || k1 != k2 {
			t.Fatalf("round trip: %v", err)
		}
		var ek EncapsulationKey
		if err := ek.SetBytes(p, dk.EncapsulationKey().AppendBytes(nil)); err != nil {
			t.Fatal(err)
		}
		if !sameEncapsulationKey(&ek, dk.EncapsulationKey()) {
			t.Fatal("decoded ek differs from the key's own")
		}
		// A corrupted ciphertext is implicitly rejected: no error, another key.
		c[0] ^= 1
		if err := imported.Decapsulate(&k2, c); err != nil || k1 == k2 {
			t.Fatalf("implicit rejection: %v", err)
		}

		// Bad input.
		if err := dk.Decapsulate(&k2, c[1:]); !errors.Is(err, ErrCiphertextLength) {
			t.Errorf("short ciphertext: %v", err)
		}
		if err := ek.SetBytes(p, make([]byte, p.EncapsulationKeySize()+1)); !errors.Is(err, ErrEncapsulationKeyLength) {
			t.Errorf("long ek: %v", err)
		}
		if err := dk.SetSeed(p, seed[1:]); !errors.Is(err, ErrSeedLength) {
			t.Errorf("short seed: %v", err)
		}
		expanded := imported.AppendExpanded(nil)
		expanded[len(expanded)-40] ^= 1 // inside H(ek)
		if err := dk.SetExpanded(p, expanded); !errors.Is(err, ErrDecapsulationKeyHash) {
			t.Errorf("bad hash: %v", err)
		}
		if err := dk.SetExpanded(p, expanded[1:]); !errors.Is(err, ErrDecapsulationKeyLength) {
			t.Errorf("short dk: %v", err)
		}
		var zero EncapsulationKey
		if err := zero.EncapsulateInternal(&k1, c, &m); err == nil {
			t.Error("zero key encapsulated")
		}
	}
}
