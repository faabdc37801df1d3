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

func namesOf(c *x509.Certificate) subjectNames {
	return subjectNames{c.DNSNames, c.IPAddresses, c.EmailAddresses, c.URIs}
}

// empty reports whether there is no name at all (a certificate for them
// has no SAN extension).
func (n subjectNames) empty() bool {
	return len(n.DNSNames)+len(n.IPAddresses)+len(n.EmailAddresses)+len(n.URIs) == 0
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
		if m, ok := parseMailbox(e); !ok || !validDNSName(m.domain, false) {
			return fmt.Errorf("x509ext: requested email address %q is not an RFC 2821 mailbox at a valid domain", e)
		}
	}
	for _, u := range n.URIs {
		if u == nil {
			return fmt.Errorf("x509ext: a requested URI is nil")
		}
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

// mailbox is an RFC 2821 Mailbox split at its '@': the local part with
// quoting and escapes removed, and the domain.
type mailbox struct {
	local, domain string
}

// parseMailbox parses an rfc822Name as RFC 5280 Section 4.2.1.6 defines it
// (an RFC 2821 Mailbox), accepting what crypto/x509 accepts: a quoted
// string or a dot-atom local part (with backslash escapes), '@', and a
// domain that passes domainNameValid and holds no further '@'.
func parseMailbox(in string) (mailbox, bool) {
	local, rest, ok := parseLocalPart(in)
	if !ok || !strings.HasPrefix(rest, "@") {
		return mailbox{}, false
	}
	domain := rest[1:]
	if !domainNameValid(domain) || strings.Contains(domain, "@") {
		return mailbox{}, false
	}
	return mailbox{local, domain}, true
}

// parseLocalPart reads the local part at the start of in and returns it
// unquoted, with the rest of in.
func parseLocalPart(in string) (local, rest string, ok bool) {
	var b strings.Builder
	if strings.HasPrefix(in, "\"") {
		// Quoted-string: qtext (space allowed, as deployed) and quoted-pairs.
		for i := 1; i < len(in); i++ {
			c := in[i]
			switch {
			case c == '"':
				return b.String(), in[i+1:], true
			case c == '\\':
				i++
				if i == len(in) || !quotedPairByte(in[i]) {
					return "", "", false
				}
				b.WriteByte(in[i])
			case qtextByte(c):
				b.WriteByte(c)
			default:
				return "", "", false
			}
		}
		return "", "", false
	}
	// Dot-atom, with backslash escapes as RFC 3696 allows them.
	i := 0
	for i < len(in) {
		c := in[i]
		if c == '\\' {
			i++
			if i == len(in) {
				return "", "", false
			}
			c = in[i]
		} else if !atextByte(c) && c != '.' {
			break
		}
		b.WriteByte(c)
		i++
	}
	local = b.String()
	if local == "" || local[0] == '.' || local[len(local)-1] == '.' || strings.Contains(local, "..") {
		return "", "", false
	}
	return local, in[i:], true
}

func qtextByte(c byte) bool {
	return 1 <= c && c <= 8 || c == 11 || c == 12 || 14 <= c && c <= 31 || c == 32 || c == 33 ||
		35 <= c && c <= 91 || 93 <= c && c <= 126 || c == 127
}

func quotedPairByte(c byte) bool {
	return 1 <= c && c <= 9 || c == 11 || c == 12 || 14 <= c && c <= 127
}

// atextByte reports an RFC 2822 atext character.
func atextByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0
}

// matches applies one rfc822Name constraint to m: a full mailbox matches
// the same local part exactly and the domain ignoring case; a domain
// constraint matches as a DNS subtree (see domainMatches).
func (m mailbox) matches(constraint string) bool {
	if !strings.Contains(constraint, "@") {
		return domainMatches(constraint, m.domain)
	}
	c, ok := parseMailbox(constraint)
	return ok && c.local == m.local && asciiEqualFold(c.domain, m.domain)
}
