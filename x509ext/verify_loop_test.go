package x509ext

import "testing"

// TestVerifyLoopUntilBudget is the case FuzzVerifyDifferential found: two
// copies of the root, one with a SAN extension and one without, sit among
// the intermediates. crypto/x509's loop test decides on the first
// certificate with the same subject and key, so it never sees that the
// SAN-less copy is already in the chain, and the search below the first
// (name-constrained) intermediate climbs the copies until the signature
// budget runs out. The unconstrained intermediate after it is never
// considered, and crypto/x509 rejects the leaf. Verify must reject it too;
// without the SAN copy both accept.
func TestVerifyLoopUntilBudget(t *testing.T) {
	f := newFixture(t)
	root := f.issue(f.caTmpl("Root"), 0, nil)
	rootNoSAN := f.issue(f.caTmpl("Root"), 0, nil)
	withSAN := f.caTmpl("Root")
	withSAN.DNSNames = []string{"root.example"}
	rootSAN := f.issue(withSAN, 0, nil)
	constrained := f.caTmpl("Int")
	constrained.PermittedDNSDomains = []string{"elsewhere.example"}
	intConstrained := f.issue(constrained, 1, root)
	intOpen := f.issue(f.caTmpl("Int"), 1, root)
	leaf := f.issue(f.leafTmpl("good.example"), 2, intOpen)

	stdErr, ourErr := verdicts(t, leaf, []*node{root}, []*node{intConstrained, intOpen, rootSAN, rootNoSAN}, VerifyOptions{})
	wantBoth(t, "root copies with and without a SAN", stdErr, ourErr, "attempts limit reached")
	stdErr, ourErr = verdicts(t, leaf, []*node{root}, []*node{intConstrained, intOpen, rootNoSAN}, VerifyOptions{})
	wantBoth(t, "root copy without a SAN only", stdErr, ourErr, "")
}
