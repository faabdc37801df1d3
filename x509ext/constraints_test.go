package x509ext

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/x509"
	"net"
	"net/url"
	"testing"
)

// TestNameConstraintGrid compares Verify with crypto/x509 on every pairing
// of a name with a constraint of its kind, permitted and excluded, for DNS
// names, mailboxes, URIs and IP addresses: the edge cases of case, leading
// and trailing dots, wildcards, quoting, ports, IP hosts and host bits.
// Certificates that crypto/x509 cannot encode or parse are skipped.
func TestNameConstraintGrid(t *testing.T) {
	_, rootKey, _ := ed25519.GenerateKey(rand.Reader)
	_, leafKey, _ := ed25519.GenerateKey(rand.Reader)
	f := &fixture{t: t}
	type grid struct {
		kind        string
		constraints []string
		names       []string
		set         func(ca *x509.Certificate, permitted bool, constraint string)
		name        func(leaf *x509.Certificate, name string) bool
	}
	grids := []grid{
		{"DNS",
			[]string{"example.com", ".example.com", "EXAMPLE.com", "a.example.com", ".a.example.com", "com", ".com", "xample.com", "*.example.com", "", "a-b.example.com", "a.b.example.com"},
			[]string{"", "example.com", "EXAMPLE.COM", "a.example.com", "*.example.com", "*.a.example.com", "*.A.Example.com", "a.b.example.com", "xexample.com", "example.com.", ".example.com", "a..example.com", "*", "*.com", "a-b.example.com", "a_b.example.com", "ex ample.com", "a.example.com.", "*.*.example.com", "a*.example.com", "com", "a.com", "b.example.com", "*.b.example.com"},
			func(ca *x509.Certificate, p bool, c string) {
				setOne(p, &ca.PermittedDNSDomains, &ca.ExcludedDNSDomains, c)
			},
			func(l *x509.Certificate, n string) bool { l.DNSNames = []string{n}; return true }},
		{"email",
			[]string{"example.com", ".example.com", "a@example.com", "A@example.com", "a@EXAMPLE.COM", `"a"@example.com`, "sub.example.com", "", "*.example.com"},
			[]string{"a@example.com", "A@example.com", "a@EXAMPLE.com", "a@sub.example.com", "a@evil.example@example.com", `"a b"@example.com`, `"a\"b"@example.com`, `a\@b@example.com`, "a.b@example.com", ".a@example.com", "a@", "@example.com", "a@example.com.", "a@*.example.com", `"a"@example.com`, "a@sub..example.com"},
			func(ca *x509.Certificate, p bool, c string) {
				setOne(p, &ca.PermittedEmailAddresses, &ca.ExcludedEmailAddresses, c)
			},
			func(l *x509.Certificate, n string) bool { l.EmailAddresses = []string{n}; return true }},
		{"URI",
			[]string{"example.com", ".example.com", "a.example.com", "", "EXAMPLE.COM"},
			[]string{"https://example.com/", "https://EXAMPLE.com", "https://a.example.com:443/x", "https://192.0.2.1/", "https://192.0.2.1:80/", "https://[2001:db8::1]/", "https://[2001:db8::1]:8443/", "urn:x:y", "https://user@a.example.com/", "https://*.example.com/", "https://a.example.com:/", "https://b.a.example.com/"},
			func(ca *x509.Certificate, p bool, c string) {
				setOne(p, &ca.PermittedURIDomains, &ca.ExcludedURIDomains, c)
			},
			func(l *x509.Certificate, n string) bool {
				u, err := url.Parse(n)
				l.URIs = []*url.URL{u}
				return err == nil
			}},
		{"IP",
			[]string{"192.0.2.0/24", "192.0.2.1/32", "0.0.0.0/0", "2001:db8::/32", "::/0", "192.0.2.0/25", "192.0.2.77/24"},
			[]string{"192.0.2.1", "192.0.2.255", "10.0.0.1", "2001:db8::1", "::ffff:192.0.2.1", "2001:db9::1"},
			func(ca *x509.Certificate, p bool, c string) {
				ip, n, _ := net.ParseCIDR(c)
				if ip4 := ip.To4(); ip4 != nil {
					ip = ip4
				}
				n.IP = ip // keep host bits, as a certificate may
				setOne(p, &ca.PermittedIPRanges, &ca.ExcludedIPRanges, n)
			},
			func(l *x509.Certificate, n string) bool { l.IPAddresses = []net.IP{net.ParseIP(n)}; return true }},
	}
	for _, g := range grids {
		var ran, accepted, skipped int
		for _, constraint := range g.constraints {
			for _, permitted := range []bool{true, false} {
				rt := f.caTmpl("Constraining Root")
				g.set(rt, permitted, constraint)
				root := &node{tmpl: rt, key: rootKey}
				if err := sign(root, root); err != nil {
					skipped += len(g.names)
					continue
				}
				for _, name := range g.names {
					lt := f.leafTmpl()
					if !g.name(lt, name) {
						skipped++
						continue
					}
					leaf := &node{tmpl: lt, key: leafKey}
					if err := sign(leaf, root); err != nil {
						skipped++
						continue
					}
					ran++
					stdErr, ourErr := verdicts(t, leaf, []*node{root}, nil, VerifyOptions{KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}})
					if (stdErr == nil) != (ourErr == nil) {
						t.Errorf("%s %q under %s %q: crypto/x509: %v; x509ext: %v", g.kind, name, map[bool]string{true: "permitted", false: "excluded"}[permitted], constraint, stdErr, ourErr)
					}
					if stdErr == nil {
						accepted++
					}
				}
			}
		}
		t.Logf("%s: %d pairs compared (%d accepted by both), %d not encodable", g.kind, ran, accepted, skipped)
		if ran == 0 || accepted == 0 || accepted == ran {
			t.Errorf("%s: the grid decides nothing (%d of %d accepted)", g.kind, accepted, ran)
		}
	}
}

// setOne makes v the only permitted or the only excluded constraint.
func setOne[T any](permitted bool, p, x *[]T, v T) {
	if permitted {
		*p = []T{v}
	} else {
		*x = []T{v}
	}
}
