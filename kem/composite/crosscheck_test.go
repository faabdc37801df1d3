package composite_test

import (
	"bytes"
	"crypto/sha3"
	"testing"

	"github.com/crystals-go/crystals/internal/hybrid"
	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/kem/composite"
)

// The draft built three composites to be the same KEMs as X-Wing and HPKE's
// CFRG hybrids, but for the private-key encoding: same key and ciphertext
// layouts, same combiner, same labels. TestSameAsSeedKEMs expands each seed
// KEM's seed into the composite's raw key and checks that both sides
// decapsulate what the other encapsulated to the same key (kem's X-Wing and
// HPKE hybrids are tested against circl and crypto/hpke).
func TestSameAsSeedKEMs(t *testing.T) {
	for _, c := range []struct {
		composite string
		seedKEM   kem.Scheme
		curve     *hybrid.Curve // nil for X25519: the 32 bytes after d‖z are the key
	}{
		{"MLKEM768-X25519-SHA3-256", kem.XWing(), nil},
		{"MLKEM768-ECDH-P256-SHA3-256", kem.MLKEM768P256(), hybrid.P256},
		{"MLKEM1024-ECDH-P384-SHA3-256", kem.MLKEM1024P384(), hybrid.P384},
	} {
		alg := composite.AlgorithmByName(c.composite)
		for i := range 20 {
			seed := bytes.Repeat([]byte{byte(i + 1)}, c.seedKEM.SeedSize())
			theirs, err := c.seedKEM.NewDecapsulationKey(seed)
			if err != nil {
				t.Fatal(err)
			}
			ours, err := composite.ParseDecapsulationKey(alg, compositeKeyOfSeed(t, seed, c.curve))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(ours.EncapsulationKey().Bytes(), theirs.Encapsulator().Bytes()) {
				t.Fatalf("%s: encapsulation keys differ", c.composite)
			}
			ss, ct := theirs.Encapsulator().Encapsulate()
			if got, err := ours.Decapsulate(ct); err != nil || !bytes.Equal(got, ss) {
				t.Fatalf("%s: composite decapsulation of %s differs: %v", c.composite, c.seedKEM.Name(), err)
			}
			ss, ct = ours.EncapsulationKey().Encapsulate()
			if got, err := theirs.Decapsulate(ct); err != nil || !bytes.Equal(got, ss) {
				t.Fatalf("%s: %s decapsulation of the composite differs: %v", c.composite, c.seedKEM.Name(), err)
			}
		}
	}
}

// compositeKeyOfSeed expands a 32-byte seed as X-Wing and HPKE do: SHAKE256
// gives d‖z and then the X25519 key, or the first valid curve scalar, which
// is encoded as the composite's ECPrivateKey.
func compositeKeyOfSeed(t *testing.T, seed []byte, c *hybrid.Curve) []byte {
	t.Helper()
	x := sha3.NewSHAKE256()
	x.Write(seed)
	dz := make([]byte, kem.SeedSize)
	x.Read(dz)
	if c == nil {
		k := make([]byte, 32)
		x.Read(k)
		return append(dz, k...)
	}
	scalar := make([]byte, c.ScalarSize)
	for {
		x.Read(scalar)
		if _, err := c.ECDH.NewPrivateKey(scalar); err == nil {
			return append(dz, hybrid.MarshalECPrivateKey(c, scalar)...)
		}
	}
}
