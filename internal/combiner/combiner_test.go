package combiner_test

import (
	"bytes"
	"testing"

	"github.com/crystals-go/crystals/internal/combiner"
	"github.com/crystals-go/crystals/internal/vectors"
)

// TestCombinerExamples reproduces the composite KEM draft's three worked
// combiner examples.
func TestCombinerExamples(t *testing.T) {
	c := vectors.NewCounter(t)
	for _, f := range []string{
		"composite-kem/kemCombiner_MLKEM768_X25519_SHA3_256.md",
		"composite-kem/kemCombiner_MLKEM768_ECDH_P256_SHA3_256.md",
		"composite-kem/kemCombiner_MLKEM1024_ECDH_P384_SHA3_256.md",
	} {
		c.File(f)
		text := string(vectors.ReadFile(t, f))
		field := func(key string) []byte { return vectors.HexField(t, text, key) }
		got := combiner.Combine(field("mlkemSS"), field("tradSS"), field("tradCT"), field("tradPK"), string(field("Label")))
		if want := field("ss"); !bytes.Equal(got, want) {
			t.Fatalf("%s: ss = %x, want %x", f, got, want)
		}
		c.Add(f)
	}
}
