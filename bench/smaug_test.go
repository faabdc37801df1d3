package bench

import (
	"crypto/rand"
	"testing"

	engine "github.com/crystals-go/crystals/internal/accel/smaug"
	"github.com/crystals-go/crystals/internal/benchcpu"
	"github.com/crystals-go/crystals/kem"
)

// smaugSets are the SMAUG-T parameter sets in the engine's and kem's terms.
var smaugSets = []struct {
	p      *engine.Params
	scheme *kem.SMAUGTScheme
}{
	{engine.SMAUGT128, kem.SMAUGT128()},
	{engine.SMAUGT192, kem.SMAUGT192()},
	{engine.SMAUGT256, kem.SMAUGT256()},
	{engine.TiMER, kem.TiMER()},
}

// smaugOps returns, for SMAUG-T set p, the operations of mlkemOps: key
// generation from a seed into a new key and into one key object again
// (SetSeed), encapsulation from the key bytes
// (kem.EncapsulateBytes), encapsulation to a loaded key (EncapsulateTo) and
// decapsulation (DecapsulateTo), in the engine and through kem, with μ from
// crypto/rand in both.
func smaugOps(b *testing.B, p *engine.Params, s *kem.SMAUGTScheme) []op {
	seed := make([]byte, kem.SMAUGTSeedSize)
	for i := range seed {
		seed[i] = byte(7 * i)
	}
	ks, kt := (*[32]byte)(seed[:32]), (*[32]byte)(seed[32:])
	var dk engine.DecapsulationKey
	dk.GenerateKey(p, ks, kt)
	ekBytes := dk.EncapsulationKey().Bytes()
	mu := make([]byte, p.MessageSize())
	ct := make([]byte, p.CiphertextSize())
	dk.EncapsulationKey().Encapsulate(ct, mu)
	var parsed engine.EncapsulationKey

	ours, err := s.NewDecapsulationKey(seed)
	check(b, err)
	oursEK := ours.PublicKey().(*kem.SMAUGTEncapsulationKey)
	oursDK := ours.(*kem.SMAUGTDecapsulationKey)
	outK := make([]byte, kem.SharedKeySize)
	outC := make([]byte, p.CiphertextSize())
	encaps := func(ek *engine.EncapsulationKey) {
		rand.Read(mu)
		ek.Encapsulate(outC, mu)
	}
	return []op{
		{"keygen", "engine", func(b *testing.B) {
			benchcpu.Loop(b, func() { new(engine.DecapsulationKey).GenerateKey(p, ks, kt) })
		}},
		{"keygen", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { _, err := s.NewDecapsulationKey(seed); check(b, err) })
		}},
		{"keygen-inplace", "engine", func(b *testing.B) {
			var dk engine.DecapsulationKey
			dk.GenerateKey(p, ks, kt)
			benchcpu.Loop(b, func() { dk.GenerateKey(p, ks, kt) })
		}},
		{"keygen-inplace", "crystals", func(b *testing.B) {
			dk, err := s.NewDecapsulationKey(seed)
			check(b, err)
			key := dk.(*kem.SMAUGTDecapsulationKey)
			benchcpu.Loop(b, func() { check(b, key.SetSeed(seed)) })
		}},
		{"encaps-bytes", "engine", func(b *testing.B) {
			benchcpu.Loop(b, func() {
				check(b, parsed.SetBytes(p, ekBytes))
				encaps(&parsed)
			})
		}},
		{"encaps-bytes", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, kem.EncapsulateBytes(s, ekBytes, outK, outC)) })
		}},
		{"encaps", "engine", func(b *testing.B) {
			benchcpu.Loop(b, func() { encaps(dk.EncapsulationKey()) })
		}},
		{"encaps", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, oursEK.EncapsulateTo(outK, outC)) })
		}},
		{"decaps", "engine", func(b *testing.B) {
			benchcpu.Loop(b, func() { _, err := dk.Decapsulate(ct); check(b, err) })
		}},
		{"decaps", "crystals", func(b *testing.B) {
			benchcpu.Loop(b, func() { check(b, oursDK.DecapsulateTo(outK, ct)) })
		}},
	}
}

// BenchmarkSMAUGT runs every SMAUG-T operation of every set in the engine
// and through kem: BenchmarkSMAUGT/set=<set>/op=<op>/impl=<impl>.
func BenchmarkSMAUGT(b *testing.B) {
	for _, s := range smaugSets {
		for _, o := range smaugOps(b, s.p, s.scheme) {
			b.Run("set="+s.p.Name()+"/op="+o.name+"/impl="+o.impl, o.run)
		}
	}
}
