package x509ext

import (
	"crypto"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"testing"
	"time"
)

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
	_, rootKey, _ := ed25519.GenerateKey(rand.Reader)
	_, intKey, _ := ed25519.GenerateKey(rand.Reader)
	_, leafKey, _ := ed25519.GenerateKey(rand.Reader)
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	serial := int64(0)
	issue := func(tmpl *x509.Certificate, pub crypto.PublicKey, key crypto.Signer, parent *x509.Certificate) *x509.Certificate {
		serial++
		tmpl.SerialNumber = big.NewInt(serial)
		tmpl.NotBefore, tmpl.NotAfter = now.Add(-time.Hour), now.Add(time.Hour)
		return issueTLSCert(t, tmpl, parent, key, pub)
	}
	ca := func(cn string, ski byte) *x509.Certificate {
		return &x509.Certificate{
			Subject: pkix.Name{CommonName: cn}, SubjectKeyId: []byte{ski},
			BasicConstraintsValid: true, IsCA: true, KeyUsage: x509.KeyUsageCertSign,
		}
	}
	root := issue(ca("Root", 1), rootKey.Public(), rootKey, nil)
	rootNoSAN := issue(ca("Root", 1), rootKey.Public(), rootKey, nil)
	withSAN := ca("Root", 1)
	withSAN.DNSNames = []string{"root.example"}
	rootSAN := issue(withSAN, rootKey.Public(), rootKey, nil)

	constrained := ca("Int", 2)
	constrained.PermittedDNSDomains = []string{"elsewhere.example"}
	intConstrained := issue(constrained, intKey.Public(), rootKey, root)
	intOpen := issue(ca("Int", 2), intKey.Public(), rootKey, root)
	leaf := issue(&x509.Certificate{
		Subject: pkix.Name{CommonName: "leaf"}, DNSNames: []string{"good.example"},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}, leafKey.Public(), intKey, intOpen)

	for _, tc := range []struct {
		name   string
		inters []*x509.Certificate
		accept bool
	}{
		{"root copies with and without a SAN", []*x509.Certificate{intConstrained, intOpen, rootSAN, rootNoSAN}, false},
		{"root copy without a SAN only", []*x509.Certificate{intConstrained, intOpen, rootNoSAN}, true},
	} {
		g := &genCase{leaf: leaf, roots: []*x509.Certificate{root}, inters: tc.inters, desc: []string{tc.name}}
		g.opts = VerifyOptions{Roots: g.roots, Intermediates: g.inters, CurrentTime: now}
		accepted, err := g.compare()
		if err != nil {
			t.Fatalf("%s: verdicts differ:\n%v", tc.name, err)
		}
		if accepted != tc.accept {
			t.Fatalf("%s: both verifiers accepted=%v, want %v (has crypto/x509's loop test changed?)", tc.name, accepted, tc.accept)
		}
		_, err = Verify(leaf, g.opts)
		t.Logf("%s: both %s (x509ext: %v)", tc.name, map[bool]string{true: "accept", false: "reject"}[accepted], err)
	}
}
