package vectors

import (
	"encoding/hex"
	"strings"
	"testing"
)

// HexField reads the first "key: hex" field of a worked-example file of the
// LAMPS drafts: the hex may start on the key's line or the next one and go on
// over the following lines; "<empty>" is the empty string.
func HexField(t testing.TB, text, key string) []byte {
	t.Helper()
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		v, ok := strings.CutPrefix(l, key+":")
		if !ok {
			continue
		}
		if v = strings.TrimSpace(v); v == "<empty>" {
			return nil
		}
		for _, more := range lines[i+1:] {
			more = strings.TrimSpace(more)
			if v != "" && more == "" || strings.Trim(more, "0123456789abcdef") != "" {
				break
			}
			v += more
		}
		b, err := hex.DecodeString(v)
		if err != nil {
			t.Fatalf("vectors: field %s: %v", key, err)
		}
		return b
	}
	t.Fatalf("vectors: field %s missing", key)
	return nil
}
