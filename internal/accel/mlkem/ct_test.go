package mlkem

import (
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/ctest"
)

// Timing tests (ctest, dudect's method), at every level this CPU has;
// skipped under -short. Each measurement first sets the one buffer the
// operation reads to an input of its class, untimed, with ctest.Select,
// which reads both classes' inputs so that the caches the timed call meets
// do not depend on the class.

// ctPool is the number of prepared inputs per class, taken in turn.
const ctPool = 64

// TestDecapsulateConstantTime times ML-KEM-768 decapsulation of valid
// ciphertexts against invalid ones (random bytes of the right length): the
// implicit rejection, which re-encrypts, compares and selects the key or
// J(z‖c) in constant time, must not tell them apart. The key is the same
// for both classes.
func TestDecapsulateConstantTime(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	dk := fuzzKey(MLKEM768)
	var cts [2][ctPool][]byte
	for i := range ctPool {
		var m [MessageSize]byte
		var k [SharedKeySize]byte
		for j := range m {
			m[j] = byte(rng.Uint32())
		}
		cts[0][i] = make([]byte, MLKEM768.CiphertextSize())
		if err := dk.EncapsulationKey().EncapsulateInternal(&k, cts[0][i], &m); err != nil {
			t.Fatal(err)
		}
		cts[1][i] = make([]byte, MLKEM768.CiphertextSize())
		for j := range cts[1][i] {
			cts[1][i][j] = byte(rng.Uint32())
		}
	}
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		var k [SharedKeySize]byte
		c := make([]byte, MLKEM768.CiphertextSize())
		i := 0
		ctest.Run(t, ctest.Count(l), func(class int) {
			i = (i + 1) % ctPool
			ctest.Select(c, cts[0][i], cts[1][i], class)
		}, func() {
			if err := dk.Decapsulate(&k, c); err != nil {
				panic(err)
			}
		})
	})
}

// TestSetExpandedConstantTime times the import of expanded ML-KEM-768
// decapsulation keys that differ in their secret parts only: class 0 is a
// key, class 1 the same key with the ŝ and z of another one. The public
// half, ek and H(ek), is the same for both, so that what may take a time of
// its own (the modulus check and hash of ek, read from public bytes) does
// not differ; the decoding of ŝ and the copy of z must not depend on them.
func TestSetExpandedConstantTime(t *testing.T) {
	var keys [2][]byte
	for c := range keys {
		var d, z [32]byte
		d[0], z[0] = byte(c+1), byte(c+7)
		var dk DecapsulationKey
		dk.GenerateKeyInternal(MLKEM768, &d, &z)
		keys[c] = dk.AppendExpanded(nil)
	}
	secret := encodedPolySize * MLKEM768.K // ŝ, then ek ‖ H(ek), then z
	mixed := append([]byte(nil), keys[0]...)
	copy(mixed[:secret], keys[1][:secret])
	copy(mixed[len(mixed)-32:], keys[1][len(mixed)-32:])
	encs := [2][]byte{keys[0], mixed}
	for c, enc := range encs {
		var dk DecapsulationKey
		if err := dk.SetExpanded(MLKEM768, enc); err != nil {
			// A check of ŝ against ek would reject class 1: its classes
			// would then need two full keys with one ρ.
			t.Fatalf("class %d rejected: %v", c, err)
		}
	}
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		var dk DecapsulationKey
		b := make([]byte, len(encs[0]))
		ctest.Run(t, ctest.Count(l), func(class int) { ctest.Select(b, encs[0], encs[1], class) }, func() {
			if err := dk.SetExpanded(MLKEM768, b); err != nil {
				panic(err)
			}
		})
	})
}
