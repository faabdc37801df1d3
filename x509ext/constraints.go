package x509ext

import (
	"crypto/x509"
	"encoding/asn1"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"slices"
	"strings"
)

// Name constraints (RFC 5280 Section 4.2.1.10) with crypto/x509's reading
// of them, which Verify and the CA toolkit both apply:
//   - the constraints of a certificate bind the subject alternative names
//     of every certificate below it in the chain (a certificate without a
//     SAN extension is not checked; its subject common name never is);
//   - as soon as any certificate above has a name-constraints extension,
//     every name must be well formed: DNS names and mailbox domains without
//     a trailing dot or empty label, mailboxes per RFC 2821, URIs with a
//     host that is not an IP address;
//   - DNS, URI-host and mailbox-domain constraints match a name and every
//     name below it at a label boundary ("example.com" matches
//     "a.example.com"; for mailboxes too, where RFC 5280 would match only the
//     host itself), ".example.com" only names below it, "" every name;
//     comparison ignores ASCII case;
//   - an excluded subtree also excludes a wildcard name whose parent is the
//     subtree's parent: "*.example.com" is excluded by "secret.example.com",
//     since the wildcard would cover the excluded name;
//   - a full mailbox constraint matches the local part exactly (case
//     sensitive) and the domain ignoring case;
//   - IP ranges match addresses of the same length (IPv4 or IPv6 form).

var (
	oidExtSubjectAltName  = asn1.ObjectIdentifier{2, 5, 29, 17}
	oidExtNameConstraints = asn1.ObjectIdentifier{2, 5, 29, 30}
)

// errConstraintMismatched starts every name-constraint error.
const errConstraintMismatched = "x509ext: name constraint violation"

func hasExtension(c *x509.Certificate, oid asn1.ObjectIdentifier) bool {
	_, ok := extensionValue(c, oid)
	return ok
}

// checkChainNameConstraints applies the name constraints of each
// certificate of chain (leaf first) to the names of the certificates below
// it.
func checkChainNameConstraints(chain []*x509.Certificate) error {
	for i := 1; i < len(chain); i++ {
		ca := chain[i]
		if !hasExtension(ca, oidExtNameConstraints) {
			continue
		}
		for _, c := range chain[:i] {
			if !hasExtension(c, oidExtSubjectAltName) {
				continue
			}
			if err := checkNamesUnder(ca, namesOf(c)); err != nil {
				return fmt.Errorf("%w (in certificate %q)", err, c.Subject)
			}
		}
	}
	return nil
}

// checkNamesUnder checks names against the name constraints of ca, which
// has a name-constraints extension.
func checkNamesUnder(ca *x509.Certificate, n subjectNames) error {
	for _, ip := range n.IPAddresses {
		if len(ca.PermittedIPRanges) > 0 && !slices.ContainsFunc(ca.PermittedIPRanges, func(r *net.IPNet) bool { return ipRangeMatches(r, ip) }) {
			return fmt.Errorf("%s: IP address %v is outside the ranges CA %q permits", errConstraintMismatched, ip, ca.Subject)
		}
		for _, r := range ca.ExcludedIPRanges {
			if ipRangeMatches(r, ip) {
				return fmt.Errorf("%s: IP address %v is in range %v that CA %q excludes", errConstraintMismatched, ip, r, ca.Subject)
			}
		}
	}
	for _, d := range n.DNSNames {
		if !domainNameValid(d) {
			return fmt.Errorf("%s: DNS name %q is malformed (an empty label or a trailing dot) and cannot be checked against the constraints of CA %q", errConstraintMismatched, d, ca.Subject)
		}
		if err := checkDomainConstraint("DNS name", d, d, ca.PermittedDNSDomains, ca.ExcludedDNSDomains, ca); err != nil {
			return err
		}
	}
	for _, u := range n.URIs {
		host, err := uriHostForConstraints(u)
		if err != nil {
			return fmt.Errorf("%s: %w, under the constraints of CA %q", errConstraintMismatched, err, ca.Subject)
		}
		if err := checkDomainConstraint("URI", u.String(), host, ca.PermittedURIDomains, ca.ExcludedURIDomains, ca); err != nil {
			return err
		}
	}
	for _, e := range n.EmailAddresses {
		m, ok := parseMailbox(e)
		if !ok {
			return fmt.Errorf("%s: email address %q is not a valid RFC 2821 mailbox and cannot be checked against the constraints of CA %q", errConstraintMismatched, e, ca.Subject)
		}
		if len(ca.PermittedEmailAddresses) > 0 && !slices.ContainsFunc(ca.PermittedEmailAddresses, m.matches) {
			return fmt.Errorf("%s: email address %q is outside the subtrees CA %q permits (%s)", errConstraintMismatched, e, ca.Subject, strings.Join(ca.PermittedEmailAddresses, ", "))
		}
		for _, x := range ca.ExcludedEmailAddresses {
			if m.matches(x) || !strings.Contains(x, "@") && excludesWildcard(m.domain, x) {
				return fmt.Errorf("%s: email address %q is in subtree %q that CA %q excludes", errConstraintMismatched, e, x, ca.Subject)
			}
		}
	}
	return nil
}

// checkDomainConstraint checks the host of a DNS name or URI against
// permitted and excluded domain subtrees.
func checkDomainConstraint(kind, shown, host string, permitted, excluded []string, ca *x509.Certificate) error {
	if len(permitted) > 0 && !slices.ContainsFunc(permitted, func(p string) bool { return domainMatches(p, host) }) {
		return fmt.Errorf("%s: %s %q is outside the subtrees CA %q permits (%s)", errConstraintMismatched, kind, shown, ca.Subject, strings.Join(permitted, ", "))
	}
	for _, x := range excluded {
		if domainMatches(x, host) || excludesWildcard(host, x) {
			return fmt.Errorf("%s: %s %q is in subtree %q that CA %q excludes", errConstraintMismatched, kind, shown, x, ca.Subject)
		}
	}
	return nil
}

// domainMatches reports whether name lies in the subtree constraint: ""
// holds every name, ".example.com" the names below example.com, and
// "example.com" that name and the names below it. Labels are compared
// ignoring ASCII case.
func domainMatches(constraint, name string) bool {
	if constraint == "" {
		return true
	}
	if len(name) < len(constraint) || !asciiEqualFold(name[len(name)-len(constraint):], constraint) {
		return false
	}
	rest := len(name) - len(constraint)
	return constraint[0] == '.' || rest == 0 || name[rest-1] == '.'
}

// excludesWildcard reports whether the excluded subtree constraint covers
// part of the wildcard name: "*.example.com" against "secret.example.com"
// (the two share the parent ".example.com"). A one-label constraint has no
// parent and covers no wildcard this way.
func excludesWildcard(name, constraint string) bool {
	if !strings.HasPrefix(name, "*") {
		return false
	}
	parent := trimFirstLabel(constraint)
	return parent != "" && asciiEqualFold(trimFirstLabel(name), parent)
}

// trimFirstLabel returns name from its first dot on ("" when it has none).
func trimFirstLabel(name string) string {
	if i := strings.IndexByte(name, '.'); i >= 0 {
		return name[i:]
	}
	return ""
}

func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// domainNameValid is crypto/x509's syntax check for a name under
// constraints: printable ASCII without spaces, no empty label, no trailing
// dot. The empty name passes (it matches no non-empty subtree).
func domainNameValid(s string) bool {
	if s == "" {
		return true
	}
	if s[len(s)-1] == '.' {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" {
			return false
		}
		for i := 0; i < len(label); i++ {
			if label[i] < 33 || label[i] > 126 {
				return false
			}
		}
	}
	return true
}

// ipRangeMatches reports whether ip is in r, comparing only addresses of
// the same encoded length.
func ipRangeMatches(r *net.IPNet, ip net.IP) bool {
	if len(r.IP) != len(ip) {
		return false
	}
	return r.IP.Mask(r.Mask).Equal(ip) || r.Contains(ip)
}

// uriHostForConstraints returns the host of u for a name-constraint check,
// or an error when it has none or it is an IP address (crypto/x509 cannot
// match those against URI constraints and refuses them).
func uriHostForConstraints(u *url.URL) (string, error) {
	host := u.Host
	if host == "" {
		return "", fmt.Errorf("URI %q has an empty host", u)
	}
	if strings.Contains(host, ":") && !strings.HasSuffix(host, "]") {
		h, _, err := net.SplitHostPort(host)
		if err != nil {
			return "", fmt.Errorf("URI %q: cannot parse host %q: %v", u, host, err)
		}
		host = h
	}
	if _, err := netip.ParseAddr(host); err == nil || strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		return "", fmt.Errorf("URI %q has an IP address as host", u)
	}
	if !domainNameValid(host) {
		return "", fmt.Errorf("URI %q has a malformed host", u)
	}
	return host, nil
}
