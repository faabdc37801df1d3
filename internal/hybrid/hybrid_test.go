package hybrid

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"

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
		field := func(key string) []byte { return hexField(t, text, key) }
		got := Combine(field("mlkemSS"), field("tradSS"), field("tradCT"), field("tradPK"), string(field("Label")))
		if want := field("ss"); !bytes.Equal(got, want) {
			t.Fatalf("%s: ss = %x, want %x", f, got, want)
		}
		c.Add(f)
	}
}

// hexField reads "key: hex" where the hex may start on the next line and go
// on over the following lines.
func hexField(t *testing.T, text, key string) []byte {
	t.Helper()
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		v, ok := strings.CutPrefix(l, key+":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		for _, more := range lines[i+1:] {
			more = strings.TrimSpace(more)
			if v != "" && more == "" || strings.Trim(more, "0123456789abcdef") != "" {
				break
			}
			v += more
		}
		b, err := hex.DecodeString(v)
		if err != nil {
			t.Fatalf("field %s: %v", key, err)
		}
		return b
	}
	t.Fatalf("field %s missing", key)
	return nil
}
