package keccak

import (
	"bytes"
	"crypto/sha3"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// TestKnownAnswers checks the FIPS 202 example values for the empty message.
func TestKnownAnswers(t *testing.T) {
	var s Shake
	out := make([]byte, 32)
	s.Init128()
	s.Squeeze(out)
	if got, want := hex.EncodeToString(out), "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"; got != want {
		t.Errorf("SHAKE128(\"\") = %s, want %s", got, want)
	}
	s.Init256()
	s.Squeeze(out)
	if got, want := hex.EncodeToString(out), "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"; got != want {
		t.Errorf("SHAKE256(\"\") = %s, want %s", got, want)
	}
}

// TestAgainstStdlib compares random absorb/squeeze patterns with crypto/sha3.
func TestAgainstStdlib(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 2000; iter++ {
		msg := make([]byte, rng.IntN(700))
		for i := range msg {
			msg[i] = byte(rng.Uint32())
		}
		outLen := rng.IntN(900)
		var s Shake
		var ref *sha3.SHAKE
		if iter%2 == 0 {
			s.Init128()
			ref = sha3.NewSHAKE128()
		} else {
			s.Init256()
			ref = sha3.NewSHAKE256()
		}
		// Absorb in random pieces.
		for rest := msg; len(rest) > 0; {
			n := rng.IntN(len(rest) + 1)
			s.Absorb(rest[:n])
			rest = rest[n:]
		}
		ref.Write(msg)
		got := make([]byte, outLen)
		for rest := got; len(rest) > 0; {
			n := rng.IntN(len(rest) + 1)
			s.Squeeze(rest[:n])
			rest = rest[n:]
		}
		want := make([]byte, outLen)
		ref.Read(want)
		if !bytes.Equal(got, want) {
			t.Fatalf("iteration %d (msg %d bytes, out %d bytes): mismatch with crypto/sha3", iter, len(msg), outLen)
		}
	}
}

func TestMultiLane(t *testing.T) {
	var in4 [4][]byte
	var in8 [8][]byte
	for i := range in8 {
		in8[i] = []byte{byte(i), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, byte(i)}
		if i < 4 {
			in4[i] = in8[i]
		}
	}
	for _, rate := range []int{Rate128, Rate256} {
		var x4 ShakeX4
		var x8 ShakeX8
		var out4 [4][]byte
		var out8 [8][]byte
		if rate == Rate128 {
			x4.Init128()
			x8.Init128()
		} else {
			x4.Init256()
			x8.Init256()
		}
		x4.Absorb(&in4)
		x8.Absorb(&in8)
		for i := range out8 {
			out8[i] = make([]byte, 3*rate)
			if i < 4 {
				out4[i] = make([]byte, 3*rate)
			}
		}
		x4.SqueezeBlocks(&out4)
		x8.SqueezeBlocks(&out8)
		for i := range out8 {
			var s Shake
			if rate == Rate128 {
				s.Init128()
			} else {
				s.Init256()
			}
			s.Absorb(in8[i])
			want := make([]byte, 3*rate)
			s.Squeeze(want)
			if !bytes.Equal(out8[i], want) || (i < 4 && !bytes.Equal(out4[i], want)) {
				t.Fatalf("rate %d lane %d differs from a single state", rate, i)
			}
		}
	}
}

func BenchmarkPermute(b *testing.B) {
	var a [25]uint64
	for b.Loop() {
		permute(&a)
	}
}

func BenchmarkShake128Block(b *testing.B) {
	in := make([]byte, 34)
	out := make([]byte, Rate128*5)
	b.SetBytes(int64(len(out)))
	b.ReportAllocs()
	for b.Loop() {
		var s Shake
		s.Init128()
		s.Absorb(in)
		s.SqueezeBlocks(out)
	}
}

func BenchmarkStdlibShake128Block(b *testing.B) {
	in := make([]byte, 34)
	out := make([]byte, Rate128*5)
	b.SetBytes(int64(len(out)))
	b.ReportAllocs()
	for b.Loop() {
		s := sha3.NewSHAKE128()
		s.Write(in)
		s.Read(out)
	}
}
