package x509ext

import (
	"crypto/mldsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/crystals-go/crystals/signer"
)

// The pathological input: N intermediates with one subject and one
// subject key identifier, self-issued, so that each is a candidate issuer
// of every other. The old search enumerated every ordering of them before
// checking a signature.

// sameNameCase is one such problem with its expected verdict.
type sameNameCase struct {
	name      string
	leaf      *x509.Certificate
	roots     []*x509.Certificate
	inters    []*x509.Certificate
	wantLimit bool // crypto/x509 stops at its signature-check budget
	wantOK    bool
}

// sameNameCases builds four problems with n intermediates "CN=Int" that
// all carry the same key identifier, ML-DSA-44 keys throughout:
//   - distinct keys: Int #0 is issued by the root, the others are
//     self-issued by #0's key, the leaf is issued by the last one's key;
//     a path exists (leaf, last, #0, root), or none does when the root is
//     replaced by another with the same name;
//   - one key: every intermediate verifies every other's signature, so the
//     search must rely on loop detection and its budget; #0, issued by the
//     root, comes last in the pool.
func sameNameCases(t testing.TB, n int) []sameNameCase {
	keys := make([]*signer.PrivateKey, n+2)
	for i := range keys {
		k, err := signer.GenerateKey(mldsa.MLDSA44())
		if err != nil {
			t.Fatal(err)
		}
		keys[i] = k
	}
	kid := []byte("same key identifier!")
	f := &fixture{t: nil}
	mk := func(tmpl *x509.Certificate, key *signer.PrivateKey, parent *node) *node {
		nd := &node{tmpl: tmpl, key: key}
		if parent == nil {
			parent = nd
		}
		if err := sign(nd, parent); err != nil {
			t.Fatal(err)
		}
		return nd
	}
	root := mk(f.caTmpl("Root"), keys[n], nil)
	otherRoot := mk(f.caTmpl("Root"), keys[n+1], nil)
	inter := func(i int, key, issuerKey *signer.PrivateKey, issuer *node) *node {
		tmpl := f.caTmpl("Int")
		tmpl.SubjectKeyId, tmpl.AuthorityKeyId = kid, kid
		if issuer == nil { // self-issued: signed by issuerKey under the name Int
			issuer = &node{tmpl: &x509.Certificate{Subject: pkix.Name{CommonName: "Int"}, SubjectKeyId: kid}, key: issuerKey}
		}
		tmpl.SerialNumber.SetInt64(int64(1000 + i))
		return mk(tmpl, key, issuer)
	}

	// Distinct keys.
	distinct := []*node{inter(0, keys[0], nil, root)}
	for i := 1; i < n; i++ {
		distinct = append(distinct, inter(i, keys[i], keys[0], nil))
	}
	leafD := mk(f.leafTmpl("www.example.com"), keys[n], &node{tmpl: &x509.Certificate{Subject: pkix.Name{CommonName: "Int"}, SubjectKeyId: kid}, key: keys[n-1]})

	// One key.
	var same []*node
	for i := 1; i < n; i++ {
		same = append(same, inter(i, keys[0], keys[0], nil))
	}
	same = append(same, inter(0, keys[0], nil, root))
	leafS := mk(f.leafTmpl("www.example.com"), keys[n], &node{tmpl: &x509.Certificate{Subject: pkix.Name{CommonName: "Int"}, SubjectKeyId: kid}, key: keys[0]})

	certs := func(ns []*node) []*x509.Certificate {
		var out []*x509.Certificate
		for _, x := range ns {
			out = append(out, x.cert)
		}
		return out
	}
	return []sameNameCase{
		{name: "distinct keys, path exists", leaf: leafD.cert, roots: certs([]*node{root}), inters: certs(distinct), wantOK: true},
		{name: "distinct keys, no path", leaf: leafD.cert, roots: certs([]*node{otherRoot}), inters: certs(distinct)},
		{name: "one key, path exists", leaf: leafS.cert, roots: certs([]*node{root}), inters: certs(same), wantLimit: true},
		{name: "one key, no path", leaf: leafS.cert, roots: certs([]*node{otherRoot}), inters: certs(same), wantLimit: true},
	}
}

func (c sameNameCase) stdlib() error {
	g := &genCase{leaf: c.leaf, roots: c.roots, inters: c.inters, opts: VerifyOptions{CurrentTime: genBase}}
	return g.stdlibVerify()
}

func (c sameNameCase) ours() error {
	_, err := Verify(c.leaf, VerifyOptions{Roots: c.roots, Intermediates: c.inters, CurrentTime: genBase})
	return err
}

// minDuration is the fastest of runs calls of f.
func minDuration(runs int, f func() error) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range runs {
		start := time.Now()
		_ = f()
		best = min(best, time.Since(start))
	}
	return best
}

// allocatedBytes is what one call of f allocates.
func allocatedBytes(f func() error) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_ = f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestVerifyManySameNameIntermediates: with N = 10 such intermediates,
// Verify reaches crypto/x509's verdict (its budget error included) in at
// most twice its time and allocates at most 10 MiB.
func TestVerifyManySameNameIntermediates(t *testing.T) {
	const n = 10
	for _, c := range sameNameCases(t, n) {
		t.Run(c.name, func(t *testing.T) {
			stdErr, ourErr := c.stdlib(), c.ours()
			if (stdErr == nil) != c.wantOK || (ourErr == nil) != c.wantOK {
				t.Fatalf("crypto/x509: %v; x509ext: %v; want accepted = %v", stdErr, ourErr, c.wantOK)
			}
			if c.wantLimit != (stdErr != nil && strings.Contains(stdErr.Error(), "signature check attempts limit reached")) {
				t.Fatalf("crypto/x509: %v; the test expects the budget to run out: %v", stdErr, c.wantLimit)
			}
			if c.wantLimit && !strings.Contains(ourErr.Error(), "signature check attempts limit reached") {
				t.Errorf("x509ext: %v; want the signature budget error", ourErr)
			}
			// Minima over several runs, measured again up to three times,
			// so that a busy neighbour on the shared machine does not
			// decide the result.
			var std, ours time.Duration
			for range 3 {
				std = minDuration(5, c.stdlib)
				ours = minDuration(5, c.ours)
				if ours <= 2*std {
					break
				}
			}
			mem := allocatedBytes(c.ours)
			t.Logf("crypto/x509 %v, x509ext %v (%.2fx), x509ext allocates %d KiB", std, ours, float64(ours)/float64(std), mem>>10)
			if ours > 2*std {
				t.Errorf("x509ext takes %v, more than twice crypto/x509's %v", ours, std)
			}
			if mem > 10<<20 {
				t.Errorf("x509ext allocates %d bytes, more than 10 MiB", mem)
			}
		})
	}
}

func BenchmarkVerifyManySameNameIntermediates(b *testing.B) {
	for _, c := range sameNameCases(b, 10) {
		b.Run(strings.ReplaceAll(c.name, " ", "_"), func(b *testing.B) {
			benchImpls(b,
				benchImpl{"x509ext", ignoreVerdict(c.ours)},
				benchImpl{"crypto/x509", ignoreVerdict(c.stdlib)},
			)
		})
	}
}

// ignoreVerdict adapts a verifier whose rejection is the expected outcome
// for benchImpls, which stops on errors: only a panic-free return matters.
func ignoreVerdict(f func() error) func() error {
	return func() error {
		if err := f(); err != nil && strings.Contains(err.Error(), "internal error") {
			return fmt.Errorf("unexpected: %w", err)
		}
		return nil
	}
}
