package smaug

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/cpu/cputest"
	"github.com/crystals-go/crystals/internal/ctest"
)

// Timing tests (ctest, dudect's method), at every level this CPU has;
// skipped under -short. Each measurement first sets the one buffer the
// operation reads to an input of its class, untimed, with ctest.Select,
// which reads the inputs of both classes, so that the caches the timed call
// meets do not depend on the class (a plain copy from the class's own input
// showed |t| up to 7 in the Go HWT sampler on a Zen 4). Inputs come from
// pools of ctPool per class, taken in turn.

// ctPool is the number of prepared inputs per class, taken in turn.
const ctPool = 64

// TestHWTConstantTime times the HWT sampler on a fixed stream against random
// ones. Every stream of both classes makes the sampler use exactly one spare
// sample, at a position of its own (class 1) or a fixed one (class 0): the
// number of spares used is what the sampler may show (see hwtFromStream),
// and which position was rejected, which indices were drawn and which
// polynomial results must not show.
func TestHWTConstantTime(t *testing.T) {
	r := rand.New(rand.NewPCG(20, 1))
	oneSpare := func() *[hwtStreamBytes]byte {
		for {
			var buf [hwtStreamBytes]byte
			fill(r, buf[:])
			i := r.IntN(n)
			x, ok := rejectedSample(r, uint32(n-i))
			if !ok {
				continue
			}
			binary.LittleEndian.PutUint16(buf[2*i:], x)
			if hwtSparesUsed(&buf) == 1 {
				return &buf
			}
		}
	}
	var streams [2][ctPool]*[hwtStreamBytes]byte
	fixed := oneSpare()
	for i := range ctPool {
		f := *fixed
		streams[0][i], streams[1][i] = &f, oneSpare()
	}
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		var buf [hwtStreamBytes]byte
		var s poly
		i := 0
		ctest.Run(t, ctest.Count(l), func(class int) {
			i = (i + 1) % ctPool
			ctest.Select(buf[:], streams[0][i][:], streams[1][i][:], class)
		}, func() {
			if !hwtFromStream(&s, &buf, SMAUGT256.hs) {
				panic("hwt ran out of spares")
			}
		})
	})
}

// TestGenerateKeyConstantTime times SMAUG-T128 key generation from a fixed
// seed against random ones, all of whose HWT streams use no spare sample
// (the one thing the sampler shows; see hwtFromStream). The samplers, the
// products and the packing of s and b must not depend on the seed.
func TestGenerateKeyConstantTime(t *testing.T) {
	p := SMAUGT128
	r := rand.New(rand.NewPCG(20, 2))
	noSpare := func() *[32]byte {
		for {
			var seed [32]byte
			fill(r, seed[:])
			g := sha3512(seed[:])
			ok := true
			for i := range p.k {
				in := append(append([]byte(nil), g[:32]...), byte(i*p.k), 0)
				var buf [hwtStreamBytes]byte
				shake256(buf[:], in)
				ok = ok && hwtSparesUsed(&buf) == 0
			}
			if ok {
				return &seed
			}
		}
	}
	var seeds [2][ctPool]*[32]byte
	fixed := noSpare()
	for i := range ctPool {
		f := *fixed
		seeds[0][i], seeds[1][i] = &f, noSpare()
	}
	var rej [32]byte
	cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
		var dk DecapsulationKey
		var seed [32]byte
		i := 0
		ctest.Run(t, ctest.Count(l)/4, func(class int) {
			i = (i + 1) % ctPool
			ctest.Select(seed[:], seeds[0][i][:], seeds[1][i][:], class)
		}, func() { dk.GenerateKey(p, &seed, &rej) })
	})
}

// TestDecapsulateConstantTime times decapsulation of valid ciphertexts
// against invalid ones (random bytes of the right length), for SMAUG-T128
// and SMAUG-T256: the implicit rejection, which re-encrypts, compares and
// selects the key or the rejection key in constant time, must not tell them
// apart. The key is the same for both classes.
func TestDecapsulateConstantTime(t *testing.T) {
	for _, p := range []*Params{SMAUGT128, SMAUGT256} {
		t.Run(p.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(20, 3))
			dk := newTestKey(p, r)
			var cts [2][ctPool][]byte
			for i := range ctPool {
				mu := make([]byte, p.msgBytes)
				fill(r, mu)
				cts[0][i] = make([]byte, p.CiphertextSize())
				dk.EncapsulationKey().Encapsulate(cts[0][i], mu)
				cts[1][i] = make([]byte, p.CiphertextSize())
				fill(r, cts[1][i])
			}
			cputest.ForEachLevel(t, func(t *testing.T, l cpu.Level) {
				c := make([]byte, p.CiphertextSize())
				i := 0
				ctest.Run(t, ctest.Count(l)/2, func(class int) {
					i = (i + 1) % ctPool
					ctest.Select(c, cts[0][i], cts[1][i], class)
				}, func() {
					if _, err := dk.Decapsulate(c); err != nil {
						panic(err)
					}
				})
			})
		})
	}
}
