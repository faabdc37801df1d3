package main

import (
	"crypto/x509/pkix"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// parseSubject reads a distinguished name in either of the spellings users
// bring: "CN=example.com,O=Example" (RFC 4514 order as written) or OpenSSL's
// "/CN=example.com/O=Example". A comma inside a value is written "\,".
func parseSubject(s string) (pkix.Name, error) {
	var name pkix.Name
	s = strings.TrimSpace(s)
	if s == "" {
		return name, usagef("empty subject")
	}
	sep := ','
	if strings.HasPrefix(s, "/") {
		sep, s = '/', s[1:]
	}
	for _, part := range splitEscaped(s, sep) {
		k, v, ok := strings.Cut(part, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return name, usagef("subject %q: %q is not ATTRIBUTE=value", s, part)
		}
		switch strings.ToUpper(k) {
		case "CN":
			name.CommonName = v
		case "O":
			name.Organization = append(name.Organization, v)
		case "OU":
			name.OrganizationalUnit = append(name.OrganizationalUnit, v)
		case "C":
			name.Country = append(name.Country, v)
		case "ST":
			name.Province = append(name.Province, v)
		case "L":
			name.Locality = append(name.Locality, v)
		case "SERIALNUMBER":
			name.SerialNumber = v
		default:
			return name, usagef("subject attribute %q is not supported: use CN, O, OU, C, ST, L or serialNumber", k)
		}
	}
	return name, nil
}

func splitEscaped(s string, sep rune) []string {
	var parts []string
	var cur strings.Builder
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case r == '\\':
			escaped = true
		case r == sep:
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteRune(r)
		}
	}
	return append(parts, cur.String())
}

// sanFlags are the subject-alternative-name flags of csr create and ca issue.
type sanFlags struct {
	dns, ips, emails, uris []string
}

func (f *sanFlags) set() bool {
	return len(f.dns)+len(f.ips)+len(f.emails)+len(f.uris) > 0
}

func (f *sanFlags) parse() (ips []net.IP, uris []*url.URL, err error) {
	for _, s := range f.ips {
		ip := net.ParseIP(s)
		if ip == nil {
			return nil, nil, usagef("--ip %q is not an IP address", s)
		}
		ips = append(ips, ip)
	}
	for _, s := range f.uris {
		u, err := url.Parse(s)
		if err != nil || u.Scheme == "" {
			return nil, nil, usagef("--uri %q is not an absolute URI", s)
		}
		uris = append(uris, u)
	}
	return ips, uris, nil
}

// parseDuration reads a validity or interval: Go durations ("72h") plus
// days and years ("90d", "10y"; a year is 365 days).
func parseDuration(flag, s string) (time.Duration, error) {
	if s == "" {
		return 0, nil
	}
	for suffix, unit := range map[string]time.Duration{"d": 24 * time.Hour, "y": 365 * 24 * time.Hour} {
		if n, ok := strings.CutSuffix(s, suffix); ok {
			v, err := strconv.Atoi(n)
			if err != nil || v <= 0 {
				return 0, usagef("--%s %q: want a positive number of days or years, such as 90d or 10y", flag, s)
			}
			return time.Duration(v) * unit, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, usagef("--%s %q: want a positive duration such as 90d, 10y or 72h", flag, s)
	}
	return d, nil
}

// parseTime reads --time: RFC 3339, or a date.
func parseTime(s string) (time.Time, error) {
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, nil
		}
	}
	return time.Time{}, usagef("--time %q: want RFC 3339 (2030-01-02T15:04:05Z) or a date (2030-01-02)", s)
}
