package x509ext

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"fmt"
	"math/big"
	mrand "math/rand/v2"
	"net"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/signer/composite"
)

// A generator of certificate chains for the differential tests: every
// choice comes from a chooser, so a seeded PRNG gives a reproducible corpus
// and fuzz bytes give a fuzzable one. The chains vary every property the
// verifiers check; the expected verdict is whatever crypto/x509 says.

// chooser makes the generator's choices.
type chooser interface {
	intn(n int) int // in [0, n)
}

type prngChooser struct{ r *mrand.Rand }

func (c prngChooser) intn(n int) int { return c.r.IntN(n) }

// byteChooser takes choices from fuzz input; once it is used up every
// choice is 0, the plainest option.
type byteChooser struct{ b []byte }

func (c *byteChooser) intn(n int) int {
	if len(c.b) == 0 || n <= 1 {
		return 0
	}
	v := int(c.b[0]) % n
	c.b = c.b[1:]
	return v
}

func pick[T any](c chooser, options ...T) T { return options[c.intn(len(options))] }

// chance is true with probability 1/n.
func chance(c chooser, n int) bool { return c.intn(n) == 0 }

// keyPool holds the signing keys chains are made of; key generation (RSA
// above all) is kept out of the cases.
type keyPool struct{ keys []crypto.Signer }

var (
	fullPoolOnce sync.Once
	fullPool     *keyPool
	fastPoolOnce sync.Once
	fastPool     *keyPool
)

// mixedKeys returns ML-DSA keys of the crystals signer beside ECDSA,
// Ed25519 and RSA keys.
func mixedKeys(t testing.TB) *keyPool {
	fullPoolOnce.Do(func() {
		p := &keyPool{}
		for _, params := range []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()} {
			k, err := signer.GenerateKey(params)
			if err != nil {
				panic(err)
			}
			p.keys = append(p.keys, k)
		}
		for range 2 {
			k, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
			_, ed, _ := ed25519.GenerateKey(rand.Reader)
			p.keys = append(p.keys, k, ed)
		}
		rk, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			panic(err)
		}
		p.keys = append(p.keys, rk)
		fullPool = p
	})
	return fullPool
}

// fastKeys are the quickest to sign and verify with: ML-DSA-44 and
// Ed25519, for the fuzz target.
func fastKeys(t testing.TB) *keyPool {
	fastPoolOnce.Do(func() {
		p := &keyPool{}
		for range 2 {
			k, err := signer.GenerateKey(mldsa.MLDSA44())
			if err != nil {
				panic(err)
			}
			_, ed, _ := ed25519.GenerateKey(rand.Reader)
			p.keys = append(p.keys, k, ed)
		}
		fastPool = p
	})
	return fastPool
}

// genBase is the generator's "now"; validity windows are placed around it.
var genBase = time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)

var oidUnknownCritical = asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 55555, 1}

// genCase is one generated verification problem.
type genCase struct {
	leaf          *x509.Certificate
	roots, inters []*x509.Certificate
	opts          VerifyOptions
	desc          []string // what was chosen, for failure reports
}

func (g *genCase) note(format string, args ...any) {
	g.desc = append(g.desc, fmt.Sprintf(format, args...))
}

// node is a certificate being generated.
type node struct {
	tmpl *x509.Certificate
	key  crypto.Signer
	cert *x509.Certificate
}

func mustCIDR(s string) *net.IPNet {
	_, n, err := net.ParseCIDR(s)
	if err != nil {
		panic(err)
	}
	return n
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// Name material: constraints and names chosen to meet at the edges the
// two verifiers must agree on.
var (
	genDNSConstraints   = []string{"example.com", ".example.com", "secret.example.com", "EXAMPLE.com", "good.example", "www.example.com", "com", "other.org"}
	genEmailConstraints = []string{"good.example", ".good.example", "a@good.example", "A@good.example", "example.com", "sub.good.example"}
	genURIConstraints   = []string{"example.com", ".example.com", "secret.example.com"}
	genIPConstraints    = []*net.IPNet{mustCIDR("192.0.2.0/24"), mustCIDR("10.0.0.0/8"), mustCIDR("2001:db8::/32"), mustCIDR("192.0.2.128/25")}
	genDNSNames         = []string{"www.example.com", "*.example.com", "secret.example.com", "secret.example.com.", "example.com", "WWW.Example.COM", "good.example", "x.good.example", "other.org", "*.secret.example.com", "a_b.example.com", "www.example.com.", "foo.example.com", "bad..example.com"}
	genEmails           = []string{"a@good.example", "A@good.example", "a@sub.good.example", "a@evil.example@good.example", `"q a"@good.example`, "a@example.com", "a@GOOD.example", "a.@good.example", "b@good.example."}
	genURIs             = []string{"https://www.example.com/x", "https://192.0.2.1/x", "https://[2001:db8::1]/", "https://secret.example.com:8443/", "spiffe://example.com/w", "https://www.other.org/"}
	genIPs              = []net.IP{net.ParseIP("192.0.2.5").To4(), net.ParseIP("10.1.2.3").To4(), net.ParseIP("2001:db8::5"), net.ParseIP("198.51.100.1").To4(), net.ParseIP("192.0.2.200").To4()}
	genHostNames        = []string{"", "", "", "", "", "www.example.com", "www.example.com", "secret.example.com", "foo.example.com", "www.example.com.", "192.0.2.5", "good.example", "WWW.EXAMPLE.COM"}
	genUsages           = [][]x509.ExtKeyUsage{nil, nil, nil, {x509.ExtKeyUsageAny}, {x509.ExtKeyUsageServerAuth}, {x509.ExtKeyUsageClientAuth}, {x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}, {x509.ExtKeyUsageAny}, {x509.ExtKeyUsageCodeSigning}}
	genCertEKUs         = [][]x509.ExtKeyUsage{nil, nil, nil, nil, {x509.ExtKeyUsageServerAuth}, {x509.ExtKeyUsageServerAuth}, {x509.ExtKeyUsageClientAuth}, {x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}, {x509.ExtKeyUsageAny}, {x509.ExtKeyUsageCodeSigning}}
)

func subset[T any](c chooser, from []T, max int) []T {
	var out []T
	for range c.intn(max + 1) {
		out = append(out, pick(c, from...))
	}
	return out
}

// validity picks a window around genBase: mostly current, sometimes past
// or future.
func validity(c chooser) (time.Time, time.Time) {
	switch c.intn(40) {
	case 0:
		return genBase.Add(-3 * 365 * 24 * time.Hour), genBase.Add(-24 * time.Hour)
	case 1:
		return genBase.Add(24 * time.Hour), genBase.Add(3 * 365 * 24 * time.Hour)
	case 2, 3, 4:
		return genBase.Add(-30 * 24 * time.Hour), genBase.Add(200 * 24 * time.Hour)
	}
	return genBase.Add(-365 * 24 * time.Hour), genBase.Add(2 * 365 * 24 * time.Hour)
}

// caTemplate varies a CA certificate: basicConstraints, path length, key
// usage, EKUs, name constraints, its own SANs, an unknown critical
// extension.
func caTemplate(c chooser, cn string, serial int64) *x509.Certificate {
	t := &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: cn}, BasicConstraintsValid: true, IsCA: true, MaxPathLen: -1}
	t.NotBefore, t.NotAfter = validity(c)
	switch c.intn(30) {
	case 0:
		t.IsCA = false
	case 1:
		t.BasicConstraintsValid, t.IsCA = false, false
	}
	if t.IsCA {
		switch c.intn(6) {
		case 0:
			t.MaxPathLen, t.MaxPathLenZero = 0, true
		case 1:
			t.MaxPathLen = 1
		case 2:
			t.MaxPathLen = 2
		}
	}
	t.KeyUsage = x509.KeyUsageCertSign | x509.KeyUsageCRLSign
	if chance(c, 6) {
		t.KeyUsage = pick(c, 0, 0, x509.KeyUsageDigitalSignature, x509.KeyUsageCertSign)
	}
	if chance(c, 4) {
		t.ExtKeyUsage = pick(c, genCertEKUs...)
	}
	if chance(c, 3) {
		t.PermittedDNSDomains = subset(c, genDNSConstraints, 2)
		t.ExcludedDNSDomains = subset(c, genDNSConstraints, 2)
		t.PermittedEmailAddresses = subset(c, genEmailConstraints, 1)
		t.ExcludedEmailAddresses = subset(c, genEmailConstraints, 1)
		t.PermittedURIDomains = subset(c, genURIConstraints, 1)
		t.ExcludedURIDomains = subset(c, genURIConstraints, 1)
		t.PermittedIPRanges = subset(c, genIPConstraints, 1)
		t.ExcludedIPRanges = subset(c, genIPConstraints, 1)
		t.PermittedDNSDomainsCritical = chance(c, 2)
	}
	if chance(c, 8) {
		// A CA's own names are bound by the constraints above it.
		t.DNSNames = subset(c, genDNSNames, 1)
		if chance(c, 2) {
			t.EmailAddresses = subset(c, genEmails, 1)
		}
	}
	if chance(c, 30) {
		t.ExtraExtensions = []pkix.Extension{{Id: oidUnknownCritical, Critical: true, Value: []byte{5, 0}}}
	}
	addPolicies(c, t, true)
	return t
}

// leafTemplate varies an end-entity certificate: SANs of every type, key
// usage, EKUs, validity, an unknown critical extension.
func leafTemplate(c chooser, serial int64) *x509.Certificate {
	t := &x509.Certificate{SerialNumber: big.NewInt(serial), Subject: pkix.Name{CommonName: "leaf"}}
	t.NotBefore, t.NotAfter = validity(c)
	t.DNSNames = subset(c, genDNSNames, 2)
	if chance(c, 3) {
		t.EmailAddresses = subset(c, genEmails, 2)
	}
	if chance(c, 3) {
		for _, u := range subset(c, genURIs, 1) {
			t.URIs = append(t.URIs, mustURL(u))
		}
	}
	if chance(c, 3) {
		t.IPAddresses = subset(c, genIPs, 2)
	}
	t.KeyUsage = pick(c, x509.KeyUsageDigitalSignature, 0, x509.KeyUsageKeyEncipherment)
	t.ExtKeyUsage = pick(c, genCertEKUs...)
	if chance(c, 30) {
		t.ExtraExtensions = []pkix.Extension{{Id: oidUnknownCritical, Critical: true, Value: []byte{5, 0}}}
	}
	if chance(c, 30) {
		t.BasicConstraintsValid, t.IsCA, t.MaxPathLen = true, true, -1
	}
	addPolicies(c, t, false)
	return t
}

// Certificate policies: a few policy OIDs beside anyPolicy, and the
// policy extensions crypto/x509 parses but does not write (built here).
var (
	genPolicies   = []x509.OID{mustOID(2, 5, 29, 32, 0), mustOID(1, 3, 6, 1, 4, 1, 55555, 2, 1), mustOID(1, 3, 6, 1, 4, 1, 55555, 2, 2), mustOID(1, 3, 6, 1, 4, 1, 55555, 2, 3)}
	genPolicyOIDs = []asn1.ObjectIdentifier{{2, 5, 29, 32, 0}, {1, 3, 6, 1, 4, 1, 55555, 2, 1}, {1, 3, 6, 1, 4, 1, 55555, 2, 2}, {1, 3, 6, 1, 4, 1, 55555, 2, 3}}
)

// addPolicies varies the policies a certificate asserts and, on a CA, the
// policy constraints, mappings and inhibitAnyPolicy.
func addPolicies(c chooser, t *x509.Certificate, ca bool) {
	if !chance(c, 3) {
		return
	}
	// Repeated policies are invalid (crypto/x509 refuses to parse them).
	t.Policies = slices.CompactFunc(subset(c, genPolicies, 2), x509.OID.Equal)
	if chance(c, 3) {
		t.ExtraExtensions = append(t.ExtraExtensions, policyConstraintsExt(c.intn(4)-1, c.intn(3)-1))
	}
	if !ca {
		return
	}
	if chance(c, 4) {
		type mapping struct{ Issuer, Subject asn1.ObjectIdentifier }
		var ms []mapping
		for range 1 + c.intn(2) {
			ms = append(ms, mapping{pick(c, genPolicyOIDs...), pick(c, genPolicyOIDs[1:]...)})
		}
		der, err := asn1.Marshal(ms)
		if err != nil {
			panic(err)
		}
		t.ExtraExtensions = append(t.ExtraExtensions, pkix.Extension{Id: asn1.ObjectIdentifier{2, 5, 29, 33}, Critical: chance(c, 2), Value: der})
	}
	if chance(c, 5) {
		der, _ := asn1.Marshal(c.intn(2))
		t.ExtraExtensions = append(t.ExtraExtensions, pkix.Extension{Id: asn1.ObjectIdentifier{2, 5, 29, 54}, Critical: true, Value: der})
	}
}

// policyConstraintsExt encodes PolicyConstraints (RFC 5280 Section
// 4.2.1.11) with requireExplicitPolicy and inhibitPolicyMapping, each left
// out when negative (both negative: requireExplicitPolicy 0).
func policyConstraintsExt(requireExplicit, inhibitMapping int) pkix.Extension {
	if requireExplicit < 0 && inhibitMapping < 0 {
		requireExplicit = 0
	}
	var body []byte
	if requireExplicit >= 0 {
		body = append(body, 0x80, 1, byte(requireExplicit))
	}
	if inhibitMapping >= 0 {
		body = append(body, 0x81, 1, byte(inhibitMapping))
	}
	return pkix.Extension{Id: asn1.ObjectIdentifier{2, 5, 29, 36}, Critical: true, Value: append([]byte{0x30, byte(len(body))}, body...)}
}

// generate builds one case from c's choices with keys from pool. It
// returns an error when crypto/x509 cannot encode or parse what was
// chosen; the callers count those and skip them.
func generate(c chooser, pool *keyPool) (*genCase, error) {
	g := &genCase{}
	key := func() crypto.Signer { return pool.keys[c.intn(len(pool.keys))] }
	serial := int64(1)
	next := func() int64 { serial++; return serial }

	root := &node{tmpl: caTemplate(c, "Root", next()), key: key()}
	root.tmpl.IsCA, root.tmpl.BasicConstraintsValid = !chance(c, 25), true
	if !root.tmpl.IsCA {
		root.tmpl.MaxPathLen, root.tmpl.MaxPathLenZero = -1, false
	}
	if err := sign(root, root); err != nil {
		return nil, err
	}
	g.roots = append(g.roots, root.cert)
	g.note("root %s pathlen %d ku %v eku %v nc %v/%v crit %v", keyName(root.key), root.cert.MaxPathLen, root.cert.KeyUsage, root.cert.ExtKeyUsage, root.cert.PermittedDNSDomains, root.cert.ExcludedDNSDomains, len(root.cert.UnhandledCriticalExtensions) > 0)

	// A line of intermediates; one may be self-issued (it repeats its
	// issuer's name), and decoys share a real one's subject.
	parent := root
	depth := c.intn(4)
	for i := range depth {
		cn := fmt.Sprintf("Int %d", i+1)
		selfIssued := chance(c, 4)
		if selfIssued {
			cn = parent.tmpl.Subject.CommonName
		}
		n := &node{tmpl: caTemplate(c, cn, next()), key: key()}
		if selfIssued && chance(c, 2) {
			n.key = parent.key
		}
		if err := sign(n, parent); err != nil {
			return nil, err
		}
		g.inters = append(g.inters, n.cert)
		g.note("int %q self-issued %v %s bc %v ca %v pathlen %d ku %v eku %v nc %v/%v crit %v", cn, selfIssued, keyName(n.key), n.cert.BasicConstraintsValid, n.cert.IsCA, n.cert.MaxPathLen, n.cert.KeyUsage, n.cert.ExtKeyUsage, n.cert.PermittedDNSDomains, n.cert.ExcludedDNSDomains, len(n.cert.UnhandledCriticalExtensions) > 0)
		if chance(c, 4) {
			// A decoy: same subject and issuer, another key or other
			// properties, so the search has a second candidate.
			d := &node{tmpl: caTemplate(c, cn, next()), key: pick(c, n.key, key())}
			if err := sign(d, parent); err != nil {
				return nil, err
			}
			g.inters = append(g.inters, d.cert)
			g.note("decoy %q %s", cn, keyName(d.key))
		}
		parent = n
	}
	g.opts = VerifyOptions{
		DNSName:   pick(c, genHostNames...),
		KeyUsages: pick(c, genUsages...),
	}
	switch c.intn(16) {
	case 0:
		g.opts.CurrentTime = genBase.Add(-200 * 24 * time.Hour)
	case 1:
		g.opts.CurrentTime = genBase.Add(400 * 24 * time.Hour)
	default:
		g.opts.CurrentTime = genBase
	}
	leaf := &node{tmpl: leafTemplate(c, next()), key: key()}
	if g.opts.DNSName != "" && !chance(c, 3) {
		if ip := net.ParseIP(g.opts.DNSName); ip != nil {
			leaf.tmpl.IPAddresses = append(leaf.tmpl.IPAddresses, ip)
		} else {
			leaf.tmpl.DNSNames = append(leaf.tmpl.DNSNames, pick(c, g.opts.DNSName, "*.example.com", "www.example.com"))
		}
	}
	if err := sign(leaf, parent); err != nil {
		return nil, err
	}
	g.leaf = leaf.cert
	g.note("leaf %s dns %q email %q uri %v ip %v ku %v eku %v crit %v", keyName(leaf.key), g.leaf.DNSNames, g.leaf.EmailAddresses, g.leaf.URIs, g.leaf.IPAddresses, g.leaf.KeyUsage, g.leaf.ExtKeyUsage, len(g.leaf.UnhandledCriticalExtensions) > 0)

	switch c.intn(20) {
	case 0: // a broken signature somewhere (on a copy, for the fuzz universe)
		all := append([]*x509.Certificate{g.leaf}, g.inters...)
		i := c.intn(len(all))
		victim := *all[i]
		victim.Signature = slices.Clone(victim.Signature)
		victim.Signature[c.intn(len(victim.Signature))] ^= 1 << c.intn(8)
		if i == 0 {
			g.leaf = &victim
		} else {
			g.inters[i-1] = &victim
		}
		g.note("tampered signature of %q", victim.Subject)
	case 1: // the leaf is itself trusted
		g.roots = append(g.roots, g.leaf)
		g.note("leaf in roots")
	case 2: // a second root with the same name and another key
		r2 := &node{tmpl: caTemplate(c, "Root", next()), key: key()}
		if err := sign(r2, r2); err != nil {
			return nil, err
		}
		g.roots = append([]*x509.Certificate{r2.cert}, g.roots...)
		g.note("second root %s", keyName(r2.key))
	}
	if chance(c, 2) {
		slices.Reverse(g.inters)
	}
	g.opts.Roots, g.opts.Intermediates = g.roots, g.inters
	g.note("opts dns %q usages %v time %s", g.opts.DNSName, g.opts.KeyUsages, g.opts.CurrentTime.Format(time.DateOnly))
	return g, nil
}

// zeroReader makes signing deterministic (ML-DSA's rnd is then all zero,
// the deterministic variant of FIPS 204), so that an input always
// produces the same certificates and the same coverage.
type zeroReader struct{}

func (zeroReader) Read(b []byte) (int, error) {
	clear(b)
	return len(b), nil
}

// sign issues n's certificate with issuer's key and parses it.
func sign(n, issuer *node) error {
	parent := issuer.tmpl
	if issuer.cert != nil {
		parent = issuer.cert
	}
	// x509ext.CreateCertificate hands classical and ML-DSA keys to
	// crypto/x509 unchanged and builds composite certificates itself.
	der, err := CreateCertificate(zeroReader{}, n.tmpl, parent, n.key.Public(), issuer.key)
	if err != nil {
		return err
	}
	n.cert, err = x509.ParseCertificate(der)
	return err
}

func keyName(k crypto.Signer) string {
	switch pk := k.Public().(type) {
	case *mldsa.PublicKey:
		return pk.Parameters().String()
	case *ecdsa.PublicKey:
		return "ECDSA"
	case ed25519.PublicKey:
		return "Ed25519"
	case *rsa.PublicKey:
		return "RSA"
	case *composite.PublicKey:
		return pk.Algorithm().Name()
	}
	return fmt.Sprintf("%T", k)
}

// stdlibVerify runs crypto/x509 on the case.
func (g *genCase) stdlibVerify() error {
	roots, inters := x509.NewCertPool(), x509.NewCertPool()
	for _, r := range g.roots {
		roots.AddCert(r)
	}
	for _, c := range g.inters {
		inters.AddCert(c)
	}
	_, err := g.leaf.Verify(x509.VerifyOptions{Roots: roots, Intermediates: inters, CurrentTime: g.opts.CurrentTime, DNSName: g.opts.DNSName, KeyUsages: g.opts.KeyUsages})
	return err
}

// compare runs both verifiers and reports a disagreement.
func (g *genCase) compare() (accepted bool, err error) {
	stdErr := g.stdlibVerify()
	_, ourErr := Verify(g.leaf, g.opts)
	if (stdErr == nil) != (ourErr == nil) {
		return false, fmt.Errorf("crypto/x509: %v\nx509ext: %v\ncase:\n  %s", stdErr, ourErr, strings.Join(g.desc, "\n  "))
	}
	return stdErr == nil, nil
}
