package x509ext

import (
	"crypto"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net/url"
	"strings"
	"testing"
	"time"
)

// The reproductions of issue 16, one test each: crypto/x509's verdict is
// stated, Verify must reach it, and a refusal must say why.

// fixture issues certificates around genBase with the generator's keys.
type fixture struct {
	t      *testing.T
	keys   []crypto.Signer
	serial int64
}

func newFixture(t *testing.T) *fixture { return &fixture{t: t, keys: mixedKeys(t).keys} }

func (f *fixture) caTmpl(cn string) *x509.Certificate {
	f.serial++
	return &x509.Certificate{
		SerialNumber: big.NewInt(f.serial), Subject: pkix.Name{CommonName: cn},
		NotBefore: genBase.Add(-time.Hour), NotAfter: genBase.Add(time.Hour),
		BasicConstraintsValid: true, IsCA: true, MaxPathLen: -1, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}
}

func (f *fixture) leafTmpl(dns ...string) *x509.Certificate {
	f.serial++
	return &x509.Certificate{
		SerialNumber: big.NewInt(f.serial), Subject: pkix.Name{CommonName: "leaf"}, DNSNames: dns,
		NotBefore: genBase.Add(-time.Hour), NotAfter: genBase.Add(time.Hour), KeyUsage: x509.KeyUsageDigitalSignature,
	}
}

// issue signs tmpl with key k under parent (nil: self-signed).
func (f *fixture) issue(tmpl *x509.Certificate, k int, parent *node) *node {
	f.t.Helper()
	n := &node{tmpl: tmpl, key: f.keys[k%len(f.keys)]}
	if parent == nil {
		parent = n
	}
	if err := sign(n, parent); err != nil {
		f.t.Fatal(err)
	}
	return n
}

// verdicts runs both verifiers on leaf with the given roots and
// intermediates at genBase.
func verdicts(t *testing.T, leaf *node, roots, inters []*node, opts VerifyOptions) (stdErr, ourErr error) {
	t.Helper()
	g := &genCase{leaf: leaf.cert, opts: opts}
	for _, r := range roots {
		g.roots = append(g.roots, r.cert)
	}
	for _, c := range inters {
		g.inters = append(g.inters, c.cert)
	}
	g.opts.Roots, g.opts.Intermediates = g.roots, g.inters
	if g.opts.CurrentTime.IsZero() {
		g.opts.CurrentTime = genBase
	}
	_, ourErr = Verify(g.leaf, g.opts)
	return g.stdlibVerify(), ourErr
}

// wantBoth requires both verifiers to accept (want == "") or both to
// reject, Verify's error containing want.
func wantBoth(t *testing.T, name string, stdErr, ourErr error, want string) {
	t.Helper()
	switch {
	case want == "" && (stdErr != nil || ourErr != nil):
		t.Errorf("%s: want both to accept; crypto/x509: %v; x509ext: %v", name, stdErr, ourErr)
	case want != "" && stdErr == nil:
		t.Errorf("%s: crypto/x509 accepts; the test expects it to reject", name)
	case want != "" && (ourErr == nil || !strings.Contains(ourErr.Error(), want)):
		t.Errorf("%s: x509ext: %v; want an error containing %q (crypto/x509: %v)", name, ourErr, want, stdErr)
	}
}

func TestVerifyWildcardUnderExcludedSubtree(t *testing.T) {
	f := newFixture(t)
	rt := f.caTmpl("Root")
	rt.ExcludedDNSDomains = []string{"secret.example.com"}
	root := f.issue(rt, 0, nil)
	for _, c := range []struct{ san, host, want string }{
		{"*.example.com", "secret.example.com", "excludes"},
		{"*.example.com", "", "excludes"},
		{"*.example.com", "www.example.com", "excludes"},
		{"*.secret.example.com", "", "excludes"},
		{"*.other.example.com", "a.other.example.com", ""},
		{"www.example.com", "www.example.com", ""},
	} {
		leaf := f.issue(f.leafTmpl(c.san), 4, root)
		stdErr, ourErr := verdicts(t, leaf, []*node{root}, nil, VerifyOptions{DNSName: c.host})
		wantBoth(t, c.san+" for "+c.host, stdErr, ourErr, c.want)
	}
}

func TestVerifyTrailingDotNames(t *testing.T) {
	f := newFixture(t)
	excl := f.caTmpl("Root")
	excl.ExcludedDNSDomains = []string{"secret.example.com"}
	rootExcl := f.issue(excl, 1, nil)
	perm := f.caTmpl("Root")
	perm.PermittedDNSDomains = []string{"example.com"}
	rootPerm := f.issue(perm, 2, nil)
	plain := f.issue(f.caTmpl("Root"), 3, nil)
	for _, c := range []struct {
		name       string
		root       *node
		san, host  string
		wantReject string
	}{
		{"excluded, no host name", rootExcl, "secret.example.com.", "", "malformed"},
		{"excluded, host name", rootExcl, "secret.example.com.", "secret.example.com.", "malformed"},
		{"permitted", rootPerm, "www.example.com.", "", "malformed"},
		{"no constraints", plain, "www.example.com.", "www.example.com.", ""},
	} {
		leaf := f.issue(f.leafTmpl(c.san), 5, c.root)
		stdErr, ourErr := verdicts(t, leaf, []*node{c.root}, nil, VerifyOptions{DNSName: c.host})
		wantBoth(t, c.name, stdErr, ourErr, c.wantReject)
	}
}

func TestVerifyURIWithIPHost(t *testing.T) {
	f := newFixture(t)
	uriRoot := f.caTmpl("Root")
	uriRoot.PermittedURIDomains = []string{"example.com"}
	dnsRoot := f.caTmpl("Root")
	dnsRoot.PermittedDNSDomains = []string{"example.com"}
	for _, rt := range []*x509.Certificate{uriRoot, dnsRoot} {
		root := f.issue(rt, 0, nil)
		for _, c := range []struct{ uri, want string }{
			{"https://192.0.2.1/x", "IP address as host"},
			{"https://[2001:db8::1]:8443/", "IP address as host"},
			{"https://www.example.com/x", ""},
		} {
			tmpl := f.leafTmpl("www.example.com")
			u, _ := url.Parse(c.uri)
			tmpl.URIs = []*url.URL{u}
			leaf := f.issue(tmpl, 4, root)
			stdErr, ourErr := verdicts(t, leaf, []*node{root}, nil, VerifyOptions{})
			wantBoth(t, c.uri, stdErr, ourErr, c.want)
		}
	}
}

func TestVerifyMalformedMailbox(t *testing.T) {
	f := newFixture(t)
	for _, c := range []struct{ email, want string }{
		{"a@evil.example@good.example", "not a valid RFC 2821 mailbox"},
		{"a..b@good.example", "not a valid RFC 2821 mailbox"},
		{"a@good.example.", "not a valid RFC 2821 mailbox"},
		{`"a@evil"@good.example`, ""},
		{"a@good.example", ""},
	} {
		mailboxVerdicts(t, f, c.email, []string{"good.example"}, nil, c.email, c.want)
	}
}

// TestVerifyEmailConstraintRules: a domain constraint covers mailboxes at
// hosts below it too (crypto/x509 reads it as a DNS subtree), and a full
// mailbox constraint compares the local part exactly.
func TestVerifyEmailConstraintRules(t *testing.T) {
	f := newFixture(t)
	for _, c := range []struct {
		name                string
		permitted, excluded []string
		email, want         string
	}{
		{"host-only constraint, subdomain mailbox", []string{"good.example"}, nil, "a@sub.good.example", ""},
		{"leading-dot constraint, the host itself", []string{".good.example"}, nil, "a@good.example", "outside"},
		{"permitted mailbox, local part in other case", []string{"a@good.example"}, nil, "A@good.example", "outside"},
		{"permitted mailbox, domain in other case", []string{"a@good.example"}, nil, "a@GOOD.example", ""},
		{"excluded mailbox, local part in other case", nil, []string{"a@good.example"}, "A@good.example", ""},
		{"excluded mailbox", nil, []string{"a@good.example"}, "a@Good.Example", "excludes"},
	} {
		mailboxVerdicts(t, f, c.name, c.permitted, c.excluded, c.email, c.want)
	}
}

// mailboxVerdicts issues a leaf for email under a root with the given
// rfc822Name constraints and requires both verifiers to agree with want.
func mailboxVerdicts(t *testing.T, f *fixture, name string, permitted, excluded []string, email, want string) {
	t.Helper()
	rt := f.caTmpl("Root")
	rt.PermittedEmailAddresses, rt.ExcludedEmailAddresses = permitted, excluded
	root := f.issue(rt, 6, nil)
	tmpl := f.leafTmpl()
	tmpl.EmailAddresses = []string{email}
	leaf := f.issue(tmpl, 7, root)
	stdErr, ourErr := verdicts(t, leaf, []*node{root}, nil, VerifyOptions{KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}})
	wantBoth(t, name, stdErr, ourErr, want)
}

// TestVerifySelfIssuedUnderPathLenZero: crypto/x509 counts a self-issued
// intermediate against the root's pathLenConstraint 0.
func TestVerifySelfIssuedUnderPathLenZero(t *testing.T) {
	f := newFixture(t)
	rt := f.caTmpl("Root")
	rt.MaxPathLen, rt.MaxPathLenZero = 0, true
	root := f.issue(rt, 0, nil)
	self := f.issue(f.caTmpl("Root"), 1, root) // same name, another key
	leaf := f.issue(f.leafTmpl("www.example.com"), 2, self)
	stdErr, ourErr := verdicts(t, leaf, []*node{root}, []*node{self}, VerifyOptions{})
	wantBoth(t, "self-issued below pathlen 0", stdErr, ourErr, "path length violation")
	direct := f.issue(f.leafTmpl("www.example.com"), 2, root)
	stdErr, ourErr = verdicts(t, direct, []*node{root}, []*node{self}, VerifyOptions{})
	wantBoth(t, "leaf directly below", stdErr, ourErr, "")
}

func TestVerifyUnknownCriticalExtensionOnRoot(t *testing.T) {
	f := newFixture(t)
	rt := f.caTmpl("Root")
	rt.ExtraExtensions = []pkix.Extension{{Id: oidUnknownCritical, Critical: true, Value: []byte{5, 0}}}
	root := f.issue(rt, 3, nil)
	leaf := f.issue(f.leafTmpl("www.example.com"), 4, root)
	stdErr, ourErr := verdicts(t, leaf, []*node{root}, nil, VerifyOptions{})
	wantBoth(t, "unknown critical extension on the root", stdErr, ourErr, "unhandled critical extension")
}

// TestVerifyEKUNesting: the usages a chain allows are intersected from the
// root down.
func TestVerifyEKUNesting(t *testing.T) {
	f := newFixture(t)
	root := f.issue(f.caTmpl("Root"), 0, nil)
	for _, c := range []struct {
		name  string
		inter []x509.ExtKeyUsage
		fail  string
	}{
		{"intermediate clientAuth only", []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}, "does not allow the extended key usage"},
		{"intermediate both", []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth, x509.ExtKeyUsageServerAuth}, ""},
	} {
		it := f.caTmpl("Int")
		it.ExtKeyUsage = c.inter
		inter := f.issue(it, 1, root)
		lt := f.leafTmpl("www.example.com")
		lt.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
		leaf := f.issue(lt, 2, inter)
		stdErr, ourErr := verdicts(t, leaf, []*node{root}, []*node{inter}, VerifyOptions{KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}})
		wantBoth(t, c.name, stdErr, ourErr, c.fail)
	}
}

// TestVerifyCRLIssuerNotCA: VerifyCRL requires what crypto/x509's
// RevocationList.CheckSignatureFrom requires of the issuer.
func TestVerifyCRLIssuerNotCA(t *testing.T) {
	f := newFixture(t)
	root := f.issue(f.caTmpl("Root"), 0, nil)
	for _, c := range []struct {
		name string
		mod  func(*x509.Certificate)
		want string
	}{
		{"no basicConstraints, no keyUsage", func(c *x509.Certificate) { c.BasicConstraintsValid, c.IsCA, c.KeyUsage = false, false, 0 }, "is not a CA"},
		{"not a CA", func(c *x509.Certificate) { c.IsCA, c.KeyUsage = false, x509.KeyUsageCRLSign }, "is not a CA"},
		{"CA without cRLSign", func(c *x509.Certificate) { c.KeyUsage = x509.KeyUsageCertSign }, "lacks the cRLSign key usage"},
		{"CA without keyUsage", func(c *x509.Certificate) { c.KeyUsage = 0 }, ""},
		{"CA with cRLSign", func(*x509.Certificate) {}, ""},
	} {
		for _, k := range []int{1, 4} { // ML-DSA, ECDSA
			tmpl := f.caTmpl("CRL issuer")
			c.mod(tmpl)
			tmpl.SubjectKeyId = []byte{1, 2, 3, 4}
			issuer := f.issue(tmpl, k, root)
			// CreateRevocationList itself wants cRLSign; the issuer as
			// parsed is what the verifiers see.
			signing := *issuer.cert
			signing.KeyUsage |= x509.KeyUsageCRLSign
			der, err := x509.CreateRevocationList(rand.Reader, &x509.RevocationList{Number: big.NewInt(1), ThisUpdate: genBase, NextUpdate: genBase.Add(time.Hour)}, &signing, issuer.key)
			if err != nil {
				t.Fatal(err)
			}
			crl, err := x509.ParseRevocationList(der)
			if err != nil {
				t.Fatal(err)
			}
			wantBoth(t, c.name+" "+keyName(issuer.key), crl.CheckSignatureFrom(issuer.cert), VerifyCRL(crl, issuer.cert), c.want)
		}
	}
}

// TestIssueFromCSRFollowsVerify: the CA toolkit refuses what Verify and
// crypto/x509 would reject under its chain.
func TestIssueFromCSRFollowsVerify(t *testing.T) {
	f := newFixture(t)
	rootKey := f.keys[0]
	root, err := NewRootCA(pkix.Name{CommonName: "Root"}, rootKey, &CAOptions{ExcludedDNSDomains: []string{"secret.example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	reqKey := f.keys[1]
	for _, c := range []struct{ san, want string }{
		{"secret.example.com", "excludes"},
		{"*.example.com", "excludes"},
		{"*.secret.example.com", "excludes"},
		{"www.example.com", ""},
		{"*.other.example.com", ""},
	} {
		cert, err := root.IssueFromCSR(mustCSR(t, reqKey, "leaf", c.san), ProfileServer, nil)
		switch {
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: issued with error %v, want a refusal containing %q", c.san, err, c.want)
		case c.want == "" && err != nil:
			t.Errorf("%s: refused: %v", c.san, err)
		case c.want == "":
			if _, err := Verify(cert, VerifyOptions{Roots: []*x509.Certificate{root.Certificate}}); err != nil {
				t.Errorf("%s: issued but Verify rejects it: %v", c.san, err)
			}
		}
	}

	// Under any name constraints, crypto/x509 refuses a URI with an IP host
	// and a malformed mailbox; the CA does not issue them.
	for _, c := range []struct {
		name string
		req  x509.CertificateRequest
		want string
	}{
		{"URI with an IP host", x509.CertificateRequest{DNSNames: []string{"www.example.com"}, URIs: []*url.URL{{Scheme: "https", Host: "192.0.2.1"}}}, "IP address as host"},
		{"malformed mailbox", x509.CertificateRequest{DNSNames: []string{"www.example.com"}, EmailAddresses: []string{"a@evil.example@good.example"}}, "not an RFC 2821 mailbox"},
	} {
		der, err := CreateCSR(rand.Reader, &c.req, reqKey)
		if err != nil {
			t.Fatal(err)
		}
		csr, _ := x509.ParseCertificateRequest(der)
		if _, err := root.IssueFromCSR(csr, ProfileServer, nil); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want a refusal containing %q", c.name, err, c.want)
		}
	}

	// An issuer restricted to clientAuth issues no server certificate.
	tmpl := f.caTmpl("Client CA")
	tmpl.NotBefore, tmpl.NotAfter = time.Now().Add(-time.Hour), time.Now().Add(time.Hour)
	tmpl.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, root.Certificate, f.keys[2].Public(), rootKey)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	clientCA, err := LoadCA(cert, f.keys[2], root.Certificate)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := clientCA.IssueFromCSR(mustCSR(t, reqKey, "leaf", "www.example.com"), ProfileServer, nil); err == nil || !strings.Contains(err.Error(), "does not allow the extended key usage serverAuth") {
		t.Errorf("server certificate under a clientAuth CA: %v", err)
	}
	if _, err := clientCA.IssueFromCSR(mustCSR(t, reqKey, "leaf"), ProfileClient, nil); err != nil {
		t.Errorf("client certificate under a clientAuth CA: %v", err)
	}
}

// TestNewIntermediateCountsSelfIssued: under a root with pathlen 1 and a
// self-issued intermediate, crypto/x509 leaves no room for another CA.
func TestNewIntermediateCountsSelfIssued(t *testing.T) {
	f := newFixture(t)
	root, err := NewRootCA(pkix.Name{CommonName: "Root"}, f.keys[0], &CAOptions{MaxPathLen: 1, MaxPathLenSet: true})
	if err != nil {
		t.Fatal(err)
	}
	self, err := root.NewIntermediate(pkix.Name{CommonName: "Root"}, f.keys[1], nil)
	if err != nil {
		t.Fatal(err)
	}
	if self.Certificate.MaxPathLen != 0 || !self.Certificate.MaxPathLenZero {
		t.Errorf("self-issued intermediate has pathlen %d, want 0", self.Certificate.MaxPathLen)
	}
	if _, err := self.NewIntermediate(pkix.Name{CommonName: "Deeper"}, f.keys[2], nil); err == nil || !strings.Contains(err.Error(), "path length violation") {
		t.Errorf("CA below the self-issued one: %v", err)
	}
}

// TestVerifyRequireExplicitPolicy: an intermediate requiring an explicit
// policy; crypto/x509 accepts when the certificates assert anyPolicy and
// refuses when they assert none, and so must Verify.
func TestVerifyRequireExplicitPolicy(t *testing.T) {
	f := newFixture(t)
	root := f.issue(f.caTmpl("Root"), 0, nil)
	for _, c := range []struct {
		name     string
		policies []x509.OID
		want     string
	}{
		{"policies asserted", []x509.OID{mustOID(2, 5, 29, 32, 0)}, ""},
		{"no policies", nil, "an explicit policy is required"},
	} {
		it := f.caTmpl("Int")
		it.ExtraExtensions = []pkix.Extension{policyConstraintsExt(0, -1)}
		it.Policies = c.policies
		inter := f.issue(it, 1, root)
		lt := f.leafTmpl("www.example.com")
		lt.Policies = c.policies
		leaf := f.issue(lt, 2, inter)
		stdErr, ourErr := verdicts(t, leaf, []*node{root}, []*node{inter}, VerifyOptions{})
		wantBoth(t, c.name, stdErr, ourErr, c.want)
	}
}

func mustOID(arcs ...uint64) x509.OID {
	oid, err := x509.OIDFromInts(arcs)
	if err != nil {
		panic(err)
	}
	return oid
}
