package keccak

import (
	"crypto/sha3"
	"encoding/hex"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/fuzzedit"
)

// TestSHA3KnownAnswers checks the FIPS 202 example values for the empty
// message (NIST's SHA3-256_Msg0 and SHA3-512_Msg0) at every level.
func TestSHA3KnownAnswers(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		d256 := Sum256(nil)
		if got, want := hex.EncodeToString(d256[:]), "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"; got != want {
			t.Errorf("SHA3-256(\"\") = %s, want %s", got, want)
		}
		d512 := Sum512(nil)
		if got, want := hex.EncodeToString(d512[:]), "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a615b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"; got != want {
			t.Errorf("SHA3-512(\"\") = %s, want %s", got, want)
		}
	})
}

// TestSHA3AgainstStdlib compares Sum256 and Sum512 with crypto/sha3 for
// random inputs of every length 0…700 (every padding position of both rates,
// and multi-block inputs) at every level.
func TestSHA3AgainstStdlib(t *testing.T) {
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		rng := rand.New(rand.NewPCG(11, 12))
		for n := 0; n <= 700; n++ {
			checkSHA3(t, randomBytes(rng, n))
		}
	})
}

func checkSHA3(t *testing.T, in []byte) {
	t.Helper()
	if got, want := Sum256(in), sha3.Sum256(in); got != want {
		t.Fatalf("level %v: Sum256 of %d bytes differs from crypto/sha3", cpu.Active(), len(in))
	}
	if got, want := Sum512(in), sha3.Sum512(in); got != want {
		t.Fatalf("level %v: Sum512 of %d bytes differs from crypto/sha3", cpu.Active(), len(in))
	}
}

// FuzzSHA3 compares Sum256 and Sum512 with crypto/sha3 at every level this
// CPU has, on n bytes of a repeated pattern (fuzzedit.Cycle).
func FuzzSHA3(f *testing.F) {
	f.Add([]byte{}, uint16(0))
	f.Add([]byte{0x5A}, uint16(RateSHA3512-1))
	f.Add([]byte{0xA5}, uint16(RateSHA3256))
	f.Add([]byte{1, 2, 3, 4}, uint16(1184)) // an ML-KEM-768 encapsulation key's length
	f.Fuzz(func(t *testing.T, pattern []byte, n uint16) {
		data := fuzzedit.Cycle(pattern, int(n)%(2*maxFuzzLen))
		cputest.AtEachLevel(t, func(cpu.Level) { checkSHA3(t, data) })
	})
}

// TestKnownAnswers checks the FIPS 202 example values for the empty message
// (NIST's SHAKE128_Msg0 and SHAKE256_Msg0) in every state of every shape at
// every level.
func TestKnownAnswers(t *testing.T) {
	want := map[int]string{
		Rate128: "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26",
		Rate256: "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f",
	}
	cputest.ForEachLevel(t, func(t *testing.T, _ cpu.Level) {
		for _, x := range allShapes() {
			for _, rate := range []int{Rate128, Rate256} {
				x.init(rate)
				x.absorb(make([][]byte, x.states()))
				out := buffers(x.states(), 32)
				x.squeeze(out)
				for s, o := range out {
					if got := hex.EncodeToString(o); got != want[rate] {
						t.Errorf("%s rate %d state %d: SHAKE(\"\") = %s, want %s", shapeName(x), rate, s, got, want[rate])
					}
				}
			}
		}
	})
}
