// Package hybridtest holds the fuzz harness both composite packages run on
// their key parsers.
package hybridtest

import "testing"

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
