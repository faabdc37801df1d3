// Package hybridtest holds the test helpers both composite packages share:
// the fuzz harness they run on their key parsers (edits of valid encodings), and the choice of
// algorithms their tests make keys of.
package hybridtest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/fuzzedit"
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

// Reparse fuzzes parse across a table of algorithms. Its fuzz input is an
// algorithm selector and a program of edits (fuzzedit.Apply) to that
// algorithm's valid encoding, made once by encode (false skips the
// algorithm, for those whose keys are slow to make): a few bytes rather than
// an encoding of several KiB, which the fuzzer would spend its time
// minimizing. The unedited encoding must parse; any edited one must fail or
// parse to a key that re-encodes byte for byte (the drafts' encodings have
// one form) and parses again to an equal key.
func Reparse[A any, K interface{ Bytes() []byte }](f *testing.F, table []A,
	encode func(A) ([]byte, bool), parse func(A, []byte) (K, error), equal func(K, K) bool) {
	var algs []A
	var bases [][]byte
	for _, a := range table {
		if b, ok := encode(a); ok {
			f.Add(byte(len(algs)), []byte{})
			f.Add(byte(len(algs)), fuzzedit.Op(2, len(b)-1, 0))
			f.Add(byte(len(algs)), fuzzedit.Op(2, 2, 0))
			f.Add(byte(len(algs)), fuzzedit.Op(1, len(b)-1, 0xff))
			algs, bases = append(algs, a), append(bases, b)
		}
	}
	if len(algs) == 0 {
		f.Fatal("no algorithm to fuzz")
	}
	f.Fuzz(func(t *testing.T, which byte, prog []byte) {
		i := int(which) % len(algs)
		a, raw := algs[i], fuzzedit.Apply(bases[i], prog)
		k, err := parse(a, raw)
		if err != nil {
			if bytes.Equal(raw, bases[i]) {
				t.Fatalf("%v: the valid encoding does not parse: %v", a, err)
			}
			return
		}
		if !bytes.Equal(k.Bytes(), raw) {
			t.Fatalf("%v: an accepted key does not re-encode to its input", a)
		}
		again, err := parse(a, k.Bytes())
		if err != nil || !equal(k, again) {
			t.Fatalf("%v: a parsed key does not parse again from its encoding: %v", a, err)
		}
	})
}
