package mldsa

import (
	"encoding/hex"
	"strconv"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// The C2SP CCTV accumulated ML-DSA tests (cctv/ML-DSA/accumulated/README.md in
// the shared test data, C2SP/CCTV upstream). The digests are copied from that
// README so the tests also run where the folder is absent: they are
// known answers computed by CCTV, not by this package.

var cctvAccumulated = map[string]map[int]string{
	"ML-DSA-44": {
		100:   "d51148e1f9f4fa1a723a6cf42e25f2a99eb5c1b378b3d2dbbd561b1203beeae4",
		10000: "e7fd21f6a59bcba60d65adc44404bb29a7c00e5d8d3ec06a732c00a306a7d143",
	},
	"ML-DSA-65": {
		100:   "8358a1843220194417cadbc2651295cd8fc65125b5a5c1a239a16dc8b57ca199",
		10000: "5ff5e196f0b830c3b10a9eb5358e7c98a3a20136cb677f3ae3b90175c3ace329",
	},
	"ML-DSA-87": {
		100:   "8c3ad714777622b8f21ce31bb35f71394f23bc0fcf3c78ace5d608990f3b061b",
		10000: "80a8cf39317f7d0be0e24972c51ac152bd2a3e09bc0c32ce29dd82c4e7385e60",
	},
}

const cctvFieldOps = "f930663417278156ab05d940294a77210a809c924d8ab63ec72f4526247602c7"

// TestCCTVAccumulated reads seeds from one SHAKE128, writes each derived
// public key and the deterministic signature of the empty message with the
// empty context to another, verifies every signature, and compares 32 bytes
// of the second SHAKE128 with CCTV's digests. It runs at every level: 10 000
// iterations at the best level (one run gives both digests: the
// 100-iteration one is read from a copy of the state), 100 at the others and
// everywhere under -short.
func TestCCTVAccumulated(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		iterations := 100
		if l == cpu.Best() && !testing.Short() {
			iterations = 10000
		}
		cctvAccumulatedRun(t, iterations)
	})
}

func cctvAccumulatedRun(t *testing.T, iterations int) {
	for _, p := range All() {
		t.Run(p.Name, func(t *testing.T) {
			t.Parallel()
			var seeds, acc keccak.Shake
			seeds.Init128()
			acc.Init128()
			sig := make([]byte, p.SignatureSize())
			var zero [RandomSize]byte
			for i := 1; i <= iterations; i++ {
				var seed [SeedSize]byte
				seeds.Squeeze(seed[:])
				sk := NewPrivateKeyFromSeed(p, &seed)
				acc.Absorb(sk.PublicKey().Bytes())
				if err := sk.Sign(sig, nil, nil, &zero); err != nil {
					t.Fatal(err)
				}
				acc.Absorb(sig)
				if err := sk.PublicKey().Verify(nil, nil, sig); err != nil {
					t.Fatalf("signature does not verify: %v", err)
				}
				want, ok := cctvAccumulated[p.Name][i]
				if !ok {
					continue
				}
				snapshot := acc
				var out [32]byte
				snapshot.Squeeze(out[:])
				if got := hex.EncodeToString(out[:]); got != want {
					t.Errorf("%d iterations: got %s, want %s", i, got, want)
				} else {
					t.Logf("%d iterations: %s matches CCTV", i, got)
				}
			}
		})
	}
}

// TestCCTVFieldOps runs the exhaustive CCTV field-operation digest over every
// r in Z_q: r mod± q, its absolute value, Power2Round, and HighBits, UseHint,
// LowBits and its norm for both values of γ2.
func TestCCTVFieldOps(t *testing.T) {
	if testing.Short() {
		t.Skip("exhaustive over Z_q; skipped under -short")
	}
	var h keccak.Shake
	h.Init128()
	buf := make([]byte, 0, 1<<16)
	line := func(v int64) {
		buf = strconv.AppendInt(buf, v, 10)
		buf = append(buf, '\n')
	}
	for r := range fieldElement(q) {
		line(int64(fieldCentered(r)))
		line(int64(fieldAbs(r)))
		r1, r0 := power2Round(r)
		line(int64(r1))
		line(int64(r0))
		for _, p := range []*Params{MLDSA44, MLDSA65} {
			line(int64(highBits(p, r)))
			line(int64(useHint(p, 1, r)))
			if useHint(p, 0, r) != highBits(p, r) {
				t.Fatalf("UseHint(0, %d) ≠ HighBits", r)
			}
			lo := lowBits(p, r)
			line(int64(lo))
			line(int64(max(lo, -lo)))
		}
		if len(buf) > cap(buf)-256 {
			h.Absorb(buf)
			buf = buf[:0]
		}
	}
	h.Absorb(buf)
	var out [32]byte
	h.Squeeze(out[:])
	if got := hex.EncodeToString(out[:]); got != cctvFieldOps {
		t.Errorf("got %s, want %s", got, cctvFieldOps)
	}
}
