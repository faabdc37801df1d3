package mlkem

import (
	"crypto/sha3"
	"encoding/hex"
	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"testing"
)

// TestAccumulated runs the pq-crystals "accumulated" procedure for 10 000
// iterations under final FIPS 203 and compares the digest with the values
// several independent implementations report (cctv/SOURCE.md; the 768 and 1024
// ones are BoringSSL's and OpenBSD's). It needs no vector files.
//
// One SHAKE128 of the empty string is the RNG: per iteration d, z, m and a
// random ciphertext. A second SHAKE128 absorbs ek, the expanded dk, the
// ciphertext and shared key of Encaps, and the key Decaps gives for the random
// ciphertext.
//
// It runs at every SIMD level, since the digest covers every kernel.
func TestAccumulated(t *testing.T) {
	cputest.ForEachLevel(t, accumulated)
}

func accumulated(t *testing.T, _ cpu.Level) {
	want := map[*Params]string{
		MLKEM512:  "705dcffc87f4e67e35a09dcaa31772e86f3341bd3ccf1e78a5fef99ae6a35a13",
		MLKEM768:  "f959d18d3d1180121433bf0e05f11e7908cf9d03edc150b2b07cb90bef5bc1c1",
		MLKEM1024: "e3bf82b013307b2e9d47dde791ff6dfc82e694e6382404abdb948b908b75bad5",
	}
	iterations := 10000
	if testing.Short() {
		t.Skip("10 000 iterations; skipped under -short")
	}
	for _, p := range []*Params{MLKEM512, MLKEM768, MLKEM1024} {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			rng := sha3.NewSHAKE128()
			acc := sha3.NewSHAKE128()
			var d, z, m [32]byte
			ct := make([]byte, p.CiphertextSize())
			c := make([]byte, p.CiphertextSize())
			var dk DecapsulationKey
			var ekBuf, dkBuf []byte
			for range iterations {
				rng.Read(d[:])
				rng.Read(z[:])
				rng.Read(m[:])
				rng.Read(ct)
				dk.GenerateKeyInternal(p, &d, &z)
				ekBuf = dk.ek.AppendBytes(ekBuf[:0])
				dkBuf = dk.AppendExpanded(dkBuf[:0])
				var k, kRand [32]byte
				if err := dk.ek.EncapsulateInternal(&k, c, &m); err != nil {
					t.Fatal(err)
				}
				if err := dk.Decapsulate(&kRand, ct); err != nil {
					t.Fatal(err)
				}
				acc.Write(ekBuf)
				acc.Write(dkBuf)
				acc.Write(c)
				acc.Write(k[:])
				acc.Write(kRand[:])
			}
			got := make([]byte, 32)
			acc.Read(got)
			if hex.EncodeToString(got) != want[p] {
				t.Errorf("accumulated digest %x, want %s", got, want[p])
			}
		})
	}
}
