// Package hybridtest holds the test helpers both composite packages share:
// the fuzz harness they run on their key parsers, and the choice of
// algorithms their tests make keys of.
package hybridtest

import (
	"strings"
	"testing"
)

// Tested returns the algorithms of table that tests make keys of: all of
// them, less those with RSA keys above 2048 bits under -short (their key
// generation is slow).
func Tested[A interface{ Name() string }](table []A) []A {
	var out []A
	for _, a := range table {
		if testing.Short() && (strings.Contains(a.Name(), "RSA3072") || strings.Contains(a.Name(), "RSA4096")) {
			continue
		}
		out = append(out, a)
	}
	return out
}

// Reparse fuzzes parse across a table of algorithms, the first fuzzed byte
// choosing the algorithm: any input must either fail or parse to a key whose
// own encoding parses to an equal key. seed gives each algorithm's seed
// input, or false to add none (for algorithms whose keys are slow to make).
func Reparse[A any, K interface{ Bytes() []byte }](f *testing.F, table []A,
	seed func(A) ([]byte, bool), parse func(A, []byte) (K, error), equal func(K, K) bool) {
	for i, a := range table {
		if b, ok := seed(a); ok {
			f.Add(byte(i), b)
		}
	}
	f.Fuzz(func(t *testing.T, which byte, raw []byte) {
		a := table[int(which)%len(table)]
		k, err := parse(a, raw)
		if err != nil {
			return
		}
		again, err := parse(a, k.Bytes())
		if err != nil || !equal(k, again) {
			t.Fatalf("%v: a parsed key does not parse again from its encoding: %v", a, err)
		}
	})
}
