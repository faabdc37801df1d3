package x509ext

import (
	mrand "math/rand/v2"
	"testing"
)

// TestVerifyDifferential generates seeded chains (see chaingen_test.go)
// and requires Verify to accept exactly the ones crypto/x509 accepts. The
// full corpus runs without -short (as in CI); -short runs its first part.
func TestVerifyDifferential(t *testing.T) {
	want := 2400
	if testing.Short() {
		want = 300
	}
	pool := mixedKeys(t)
	r := mrand.New(mrand.NewPCG(20261201, 16))
	reasons := map[string]int{}
	var ran, accepted, skipped, disagreements int
	for ran < want {
		g, err := generate(prngChooser{r}, pool)
		if err != nil {
			skipped++
			if skipped > want {
				t.Fatalf("the generator fails too often (%d skipped); last: %v", skipped, err)
			}
			continue
		}
		ran++
		ok, err := g.compare()
		if err != nil {
			disagreements++
			if disagreements <= 5 {
				t.Errorf("case %d: verdicts differ:\n%v", ran, err)
			}
			continue
		}
		if ok {
			accepted++
		} else if testing.Verbose() {
			reasons[shortReason(g.stdlibVerify())]++
		}
	}
	t.Logf("differential corpus: %d chains (%d accepted, %d rejected by both), %d not encodable and skipped, %d disagreements", ran, accepted, ran-accepted-disagreements, skipped, disagreements)
	for r, n := range reasons {
		t.Logf("%5d rejected: %s", n, r)
	}
	if accepted < ran/20 || ran-accepted < ran/20 {
		t.Errorf("the corpus is lopsided: %d of %d accepted", accepted, ran)
	}
}

// shortReason is the start of an error message, to group rejections.
func shortReason(err error) string {
	s := err.Error()
	if len(s) > 40 {
		s = s[:40]
	}
	return s
}
