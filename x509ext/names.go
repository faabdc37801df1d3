package x509ext

import (
	"crypto/x509"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// subjectNames are the subject alternative names of a request.
type subjectNames struct {
	DNSNames       []string
	IPAddresses    []net.IP
	EmailAddresses []string
	URIs           []*url.URL
}

func sanOf(csr *x509.CertificateRequest) subjectNames {
	return subjectNames{csr.DNSNames, csr.IPAddresses, csr.EmailAddresses, csr.URIs}
}

// check validates the syntax of every name and what profile needs.
func (n subjectNames) check(profile Profile) error {
	if profile == ProfileServer && len(n.DNSNames)+len(n.IPAddresses) == 0 {
		return fmt.Errorf("x509ext: the server profile needs at least one DNS name or IP address in the request")
	}
	for _, d := range n.DNSNames {
		if !validDNSName(d, true) {
			return fmt.Errorf("x509ext: requested DNS name %q is not a valid host name", d)
		}
	}
	for _, e := range n.EmailAddresses {
		at := strings.LastIndexByte(e, '@')
		if at <= 0 || !validDNSName(e[at+1:], false) {
			return fmt.Errorf("x509ext: requested email address %q is not a mailbox at a valid domain", e)
		}
	}
	for _, u := range n.URIs {
		if u.Scheme == "" || u.Host == "" {
			return fmt.Errorf("x509ext: requested URI %q has no scheme or host", u)
		}
	}
	for _, ip := range n.IPAddresses {
		if ip.To16() == nil {
			return fmt.Errorf("x509ext: requested IP address %v is malformed", ip)
		}
	}
	return nil
}

// validDNSName checks a host name (RFC 1034 preferred syntax, letters,
// digits, hyphens and underscores as deployed), optionally with a leading
// "*." wildcard label.
func validDNSName(name string, wildcardOK bool) bool {
	if wildcardOK {
		name = strings.TrimPrefix(name, "*.")
	}
	if name == "" || len(name) > 253 {
		return false
	}
	// One pass over each label of the (public) name.
	for _, label := range strings.Split(name, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, c := range label {
			ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
			if !ok {
				return false
			}
		}
	}
	return true
}

// checkNameConstraints checks names against the name constraints of ca and
// of every CA above it (RFC 5280 Section 4.2.1.10), as crypto/x509 applies
// them when verifying.
func (ca *CA) checkNameConstraints(n subjectNames) error {
	for _, c := range ca.chainWithSelf() {
		if err := checkNamesUnder(c, n); err != nil {
			return err
		}
	}
	return nil
}

// checkNamesUnder checks names against one CA certificate's constraints.
func checkNamesUnder(c *x509.Certificate, n subjectNames) error {
	for _, d := range n.DNSNames {
		if err := checkConstraint("DNS name", d, c.PermittedDNSDomains, c.ExcludedDNSDomains, matchDomain, c); err != nil {
			return err
		}
	}
	for _, e := range n.EmailAddresses {
		if err := checkConstraint("email address", e, c.PermittedEmailAddresses, c.ExcludedEmailAddresses, matchEmail, c); err != nil {
			return err
		}
	}
	for _, u := range n.URIs {
		if err := checkConstraint("URI", u.Hostname(), c.PermittedURIDomains, c.ExcludedURIDomains, matchDomain, c); err != nil {
			return err
		}
	}
	for _, ip := range n.IPAddresses {
		permitted := len(c.PermittedIPRanges) == 0
		for _, r := range c.PermittedIPRanges {
			permitted = permitted || r.Contains(ip)
		}
		if !permitted {
			return fmt.Errorf("x509ext: name constraint violation: IP address %v is not in the ranges CA %q permits", ip, c.Subject)
		}
		for _, r := range c.ExcludedIPRanges {
			if r.Contains(ip) {
				return fmt.Errorf("x509ext: name constraint violation: IP address %v is in range %v that CA %q excludes", ip, r, c.Subject)
			}
		}
	}
	return nil
}

func checkConstraint(kind, name string, permitted, excluded []string, match func(name, constraint string) bool, c *x509.Certificate) error {
	ok := len(permitted) == 0
	for _, p := range permitted {
		ok = ok || match(name, p)
	}
	if !ok {
		return fmt.Errorf("x509ext: name constraint violation: %s %q is outside the subtrees CA %q permits (%s)", kind, name, c.Subject, strings.Join(permitted, ", "))
	}
	for _, x := range excluded {
		if match(name, x) {
			return fmt.Errorf("x509ext: name constraint violation: %s %q is in subtree %q that CA %q excludes", kind, name, x, c.Subject)
		}
	}
	return nil
}

// matchDomain applies a DNS-name constraint: "example.com" matches the
// name itself and every name below it, ".example.com" only names below it,
// and "" everything. Comparison ignores case.
func matchDomain(name, constraint string) bool {
	name, constraint = strings.ToLower(name), strings.ToLower(constraint)
	switch {
	case constraint == "":
		return true
	case strings.HasPrefix(constraint, "."):
		return strings.HasSuffix(name, constraint)
	}
	return name == constraint || strings.HasSuffix(name, "."+constraint)
}

// matchEmail applies an rfc822Name constraint: a full mailbox matches
// exactly, a domain matches mailboxes at that host, ".domain" matches
// mailboxes at hosts below it.
func matchEmail(mailbox, constraint string) bool {
	if strings.Contains(constraint, "@") {
		return strings.EqualFold(mailbox, constraint)
	}
	host := mailbox[strings.LastIndexByte(mailbox, '@')+1:]
	if strings.HasPrefix(constraint, ".") {
		return strings.HasSuffix(strings.ToLower(host), strings.ToLower(constraint))
	}
	return strings.EqualFold(host, constraint)
}
