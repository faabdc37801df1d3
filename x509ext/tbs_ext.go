package x509ext

import (
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"errors"
	"fmt"
	"net"
	"net/url"
	"unicode"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// This file encodes the extensions of a certificate template in the order
// and form crypto/x509.CreateCertificate writes them (the differential test
// proves the bytes equal): keyUsage, extKeyUsage, basicConstraints,
// subjectKeyIdentifier, authorityKeyIdentifier, authorityInfoAccess,
// subjectAltName, certificatePolicies, nameConstraints,
// cRLDistributionPoints, then template.ExtraExtensions. An extension that
// ExtraExtensions also carries is taken from ExtraExtensions only.

// Extension OIDs (RFC 5280 Section 4.2).
var (
	oidExtSubjectKeyID       = asn1.ObjectIdentifier{2, 5, 29, 14}
	oidExtKeyUsage           = asn1.ObjectIdentifier{2, 5, 29, 15}
	oidExtBasicConstraints   = asn1.ObjectIdentifier{2, 5, 29, 19}
	oidExtCRLNumber          = asn1.ObjectIdentifier{2, 5, 29, 20}
	oidExtReasonCode         = asn1.ObjectIdentifier{2, 5, 29, 21}
	oidExtCRLDistribution    = asn1.ObjectIdentifier{2, 5, 29, 31}
	oidExtCertPolicies       = asn1.ObjectIdentifier{2, 5, 29, 32}
	oidExtAuthorityKeyID     = asn1.ObjectIdentifier{2, 5, 29, 35}
	oidExtExtKeyUsage        = asn1.ObjectIdentifier{2, 5, 29, 37}
	oidExtAuthorityInfo      = asn1.ObjectIdentifier{1, 3, 6, 1, 5, 5, 7, 1, 1}
	oidAccessOCSP            = asn1.ObjectIdentifier{1, 3, 6, 1, 5, 5, 7, 48, 1}
	oidAccessCAIssuers       = asn1.ObjectIdentifier{1, 3, 6, 1, 5, 5, 7, 48, 2}
	oidExtKeyUsagePurposeArc = asn1.ObjectIdentifier{1, 3, 6, 1, 5, 5, 7, 3}
)

// extKeyUsageOIDs maps crypto/x509's extended key usages to their OIDs.
var extKeyUsageOIDs = map[x509.ExtKeyUsage]asn1.ObjectIdentifier{
	x509.ExtKeyUsageAny:                            {2, 5, 29, 37, 0},
	x509.ExtKeyUsageServerAuth:                     arc(oidExtKeyUsagePurposeArc, 1),
	x509.ExtKeyUsageClientAuth:                     arc(oidExtKeyUsagePurposeArc, 2),
	x509.ExtKeyUsageCodeSigning:                    arc(oidExtKeyUsagePurposeArc, 3),
	x509.ExtKeyUsageEmailProtection:                arc(oidExtKeyUsagePurposeArc, 4),
	x509.ExtKeyUsageIPSECEndSystem:                 arc(oidExtKeyUsagePurposeArc, 5),
	x509.ExtKeyUsageIPSECTunnel:                    arc(oidExtKeyUsagePurposeArc, 6),
	x509.ExtKeyUsageIPSECUser:                      arc(oidExtKeyUsagePurposeArc, 7),
	x509.ExtKeyUsageTimeStamping:                   arc(oidExtKeyUsagePurposeArc, 8),
	x509.ExtKeyUsageOCSPSigning:                    arc(oidExtKeyUsagePurposeArc, 9),
	x509.ExtKeyUsageMicrosoftServerGatedCrypto:     {1, 3, 6, 1, 4, 1, 311, 10, 3, 3},
	x509.ExtKeyUsageNetscapeServerGatedCrypto:      {2, 16, 840, 1, 113730, 4, 1},
	x509.ExtKeyUsageMicrosoftCommercialCodeSigning: {1, 3, 6, 1, 4, 1, 311, 2, 1, 22},
	x509.ExtKeyUsageMicrosoftKernelCodeSigning:     {1, 3, 6, 1, 4, 1, 311, 61, 1, 1},
}

// extensionBuilder collects encoded extensions; the first error sticks.
type extensionBuilder struct {
	extra []pkix.Extension
	list  []pkix.Extension
	err   error
}

// add encodes one extension unless ExtraExtensions carries oid.
func (e *extensionBuilder) add(oid asn1.ObjectIdentifier, critical bool, value func(b *cryptobyte.Builder)) {
	if e.err != nil || extensionIn(oid, e.extra) {
		return
	}
	var b cryptobyte.Builder
	value(&b)
	der, err := b.Bytes()
	if err != nil {
		e.err = fmt.Errorf("x509ext: encoding extension %s: %w", oid, err)
		return
	}
	e.list = append(e.list, pkix.Extension{Id: oid, Critical: critical, Value: der})
}

func extensionIn(oid asn1.ObjectIdentifier, exts []pkix.Extension) bool {
	for _, x := range exts {
		if x.Id.Equal(oid) {
			return true
		}
	}
	return false
}

// certificateExtensions returns the extensions of template, with the
// authority and subject key identifiers already chosen by the caller.
func certificateExtensions(t *x509.Certificate, subjectIsEmpty bool, aki, ski []byte) ([]pkix.Extension, error) {
	if err := checkEncodable(t); err != nil {
		return nil, err
	}
	e := &extensionBuilder{extra: t.ExtraExtensions}
	if t.KeyUsage != 0 {
		e.add(oidExtKeyUsage, true, func(b *cryptobyte.Builder) { addKeyUsage(b, t.KeyUsage) })
	}
	if len(t.ExtKeyUsage) > 0 || len(t.UnknownExtKeyUsage) > 0 {
		e.add(oidExtExtKeyUsage, false, func(b *cryptobyte.Builder) { addExtKeyUsage(b, t.ExtKeyUsage, t.UnknownExtKeyUsage) })
	}
	if t.BasicConstraintsValid {
		e.add(oidExtBasicConstraints, true, func(b *cryptobyte.Builder) { addBasicConstraints(b, t.IsCA, t.MaxPathLen, t.MaxPathLenZero) })
	}
	if len(ski) > 0 {
		e.add(oidExtSubjectKeyID, false, func(b *cryptobyte.Builder) { b.AddASN1OctetString(ski) })
	}
	if len(aki) > 0 {
		e.add(oidExtAuthorityKeyID, false, func(b *cryptobyte.Builder) {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1(cbasn1.Tag(0).ContextSpecific(), func(b *cryptobyte.Builder) { b.AddBytes(aki) })
			})
		})
	}
	if len(t.OCSPServer) > 0 || len(t.IssuingCertificateURL) > 0 {
		e.add(oidExtAuthorityInfo, false, func(b *cryptobyte.Builder) { addAuthorityInfoAccess(b, t.OCSPServer, t.IssuingCertificateURL) })
	}
	if len(t.DNSNames) > 0 || len(t.EmailAddresses) > 0 || len(t.IPAddresses) > 0 || len(t.URIs) > 0 {
		// RFC 5280 Section 4.2.1.6: critical when the subject is empty.
		e.add(oidExtSubjectAltName, subjectIsEmpty, func(b *cryptobyte.Builder) {
			addGeneralNames(b, t.DNSNames, t.EmailAddresses, t.IPAddresses, t.URIs)
		})
	}
	if len(t.Policies) > 0 {
		e.add(oidExtCertPolicies, false, func(b *cryptobyte.Builder) { addPolicyIdentifiers(b, t.Policies) })
	}
	if hasNameConstraints(t) {
		e.add(oidExtNameConstraints, t.PermittedDNSDomainsCritical, func(b *cryptobyte.Builder) { addNameConstraints(b, t) })
	}
	if len(t.CRLDistributionPoints) > 0 {
		e.add(oidExtCRLDistribution, false, func(b *cryptobyte.Builder) { addCRLDistributionPoints(b, t.CRLDistributionPoints) })
	}
	if e.err != nil {
		return nil, e.err
	}
	return append(e.list, t.ExtraExtensions...), nil
}

// checkEncodable refuses template fields the builder does not write, so
// that nothing asked for is silently dropped: the legacy PolicyIdentifiers
// without Policies (crypto/x509 writes Policies), and the policy
// constraints, inhibitAnyPolicy and policy mappings (put those in
// ExtraExtensions).
func checkEncodable(t *x509.Certificate) error {
	switch {
	case len(t.PolicyIdentifiers) > 0 && len(t.Policies) == 0:
		return errors.New("x509ext: the template sets PolicyIdentifiers but not Policies; certificate policies are written from Policies (as crypto/x509 does)")
	case len(t.PolicyMappings) > 0 || t.InhibitAnyPolicy > 0 || t.InhibitAnyPolicyZero ||
		t.InhibitPolicyMapping > 0 || t.InhibitPolicyMappingZero || t.RequireExplicitPolicy > 0 || t.RequireExplicitPolicyZero:
		return errors.New("x509ext: the template sets policy mappings or policy constraints, which the certificate builder does not encode; put them in ExtraExtensions")
	case t.KeyUsage&^(x509.KeyUsageDecipherOnly<<1-1) != 0:
		return fmt.Errorf("x509ext: key usage %#x has bits beyond decipherOnly, which RFC 5280 does not define", int(t.KeyUsage))
	case t.BasicConstraintsValid && t.MaxPathLen < -1:
		return errors.New("x509ext: invalid MaxPathLen, must be greater or equal to -1")
	case t.BasicConstraintsValid && !t.IsCA && t.MaxPathLen != -1 && (t.MaxPathLen != 0 || t.MaxPathLenZero):
		return errors.New("x509ext: only CAs may have a MaxPathLen")
	}
	return nil
}

// addKeyUsage writes the keyUsage BIT STRING: bit i of ku is named bit i,
// trailing zero bits dropped (DER).
func addKeyUsage(b *cryptobyte.Builder, ku x509.KeyUsage) {
	var bits [2]byte
	last := -1
	for i := 0; i < 16; i++ {
		if ku&(1<<i) != 0 {
			bits[i/8] |= 0x80 >> (i % 8)
			last = i
		}
	}
	n := last/8 + 1
	b.AddASN1(cbasn1.BIT_STRING, func(b *cryptobyte.Builder) {
		b.AddUint8(uint8(7 - last%8))
		b.AddBytes(bits[:n])
	})
}

func addExtKeyUsage(b *cryptobyte.Builder, usages []x509.ExtKeyUsage, unknown []asn1.ObjectIdentifier) {
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		for _, u := range usages {
			oid, ok := extKeyUsageOIDs[u]
			if !ok {
				b.SetError(fmt.Errorf("unknown extended key usage %d", int(u)))
				return
			}
			b.AddASN1ObjectIdentifier(oid)
		}
		for _, oid := range unknown {
			b.AddASN1ObjectIdentifier(oid)
		}
	})
}

// addBasicConstraints follows crypto/x509: MaxPathLen 0 without
// MaxPathLenZero, or -1, leaves pathLenConstraint out.
func addBasicConstraints(b *cryptobyte.Builder, isCA bool, maxPathLen int, zero bool) {
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		if isCA {
			b.AddASN1Boolean(true)
		}
		if maxPathLen > 0 || maxPathLen == 0 && zero {
			b.AddASN1Int64(int64(maxPathLen))
		}
	})
}

// addIA5 writes s under the context-specific primitive tag, refusing
// non-ASCII text (IA5String).
func addIA5(b *cryptobyte.Builder, tag uint8, s string) {
	for _, r := range s {
		if r > unicode.MaxASCII {
			b.SetError(fmt.Errorf("%q cannot be encoded as an IA5String", s))
			return
		}
	}
	b.AddASN1(cbasn1.Tag(tag).ContextSpecific(), func(b *cryptobyte.Builder) { b.AddBytes([]byte(s)) })
}

// GeneralName tags (RFC 5280 Section 4.2.1.6).
const (
	gnEmail = 1
	gnDNS   = 2
	gnURI   = 6
	gnIP    = 7
)

func addGeneralNames(b *cryptobyte.Builder, dns, emails []string, ips []net.IP, uris []*url.URL) {
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		for _, n := range dns {
			addIA5(b, gnDNS, n)
		}
		for _, n := range emails {
			addIA5(b, gnEmail, n)
		}
		for _, ip := range ips {
			// IPv4 addresses take 4 bytes, also in their IPv6-mapped form.
			if v4 := ip.To4(); v4 != nil {
				ip = v4
			}
			b.AddASN1(cbasn1.Tag(gnIP).ContextSpecific(), func(b *cryptobyte.Builder) { b.AddBytes(ip) })
		}
		for _, u := range uris {
			if u == nil {
				b.SetError(errors.New("nil URI in the subject alternative names"))
				return
			}
			addIA5(b, gnURI, u.String())
		}
	})
}

func addAuthorityInfoAccess(b *cryptobyte.Builder, ocsp, issuers []string) {
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		for _, list := range []struct {
			method asn1.ObjectIdentifier
			urls   []string
		}{{oidAccessOCSP, ocsp}, {oidAccessCAIssuers, issuers}} {
			for _, u := range list.urls {
				b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
					b.AddASN1ObjectIdentifier(list.method)
					b.AddASN1(cbasn1.Tag(gnURI).ContextSpecific(), func(b *cryptobyte.Builder) { b.AddBytes([]byte(u)) })
				})
			}
		}
	})
}

// addPolicyIdentifiers writes certificatePolicies with policy identifiers only
// (no qualifiers).
func addPolicyIdentifiers(b *cryptobyte.Builder, policies []x509.OID) {
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		for _, p := range policies {
			der, err := p.MarshalBinary()
			if err != nil || len(der) == 0 {
				b.SetError(errors.New("invalid policy object identifier"))
				return
			}
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1(cbasn1.OBJECT_IDENTIFIER, func(b *cryptobyte.Builder) { b.AddBytes(der) })
			})
		}
	})
}

func hasNameConstraints(t *x509.Certificate) bool {
	return len(t.PermittedDNSDomains) > 0 || len(t.ExcludedDNSDomains) > 0 ||
		len(t.PermittedIPRanges) > 0 || len(t.ExcludedIPRanges) > 0 ||
		len(t.PermittedEmailAddresses) > 0 || len(t.ExcludedEmailAddresses) > 0 ||
		len(t.PermittedURIDomains) > 0 || len(t.ExcludedURIDomains) > 0
}

// addNameConstraints writes NameConstraints: permittedSubtrees [0] and
// excludedSubtrees [1], each subtree a base name only (minimum 0, maximum
// absent), DNS, IP, email, then URI domains.
func addNameConstraints(b *cryptobyte.Builder, t *x509.Certificate) {
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		addSubtrees(b, 0, t.PermittedDNSDomains, t.PermittedIPRanges, t.PermittedEmailAddresses, t.PermittedURIDomains)
		addSubtrees(b, 1, t.ExcludedDNSDomains, t.ExcludedIPRanges, t.ExcludedEmailAddresses, t.ExcludedURIDomains)
	})
}

// addSubtrees writes GeneralSubtrees under [tag], nothing when empty.
func addSubtrees(b *cryptobyte.Builder, tag uint8, dns []string, ips []*net.IPNet, emails, uris []string) {
	if len(dns)+len(ips)+len(emails)+len(uris) == 0 {
		return
	}
	b.AddASN1(cbasn1.Tag(tag).ContextSpecific().Constructed(), func(b *cryptobyte.Builder) {
		for _, d := range dns {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { addIA5(b, gnDNS, d) })
		}
		for _, n := range ips {
			ipMask, err := ipAndMask(n)
			if err != nil {
				b.SetError(err)
				return
			}
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1(cbasn1.Tag(gnIP).ContextSpecific(), func(b *cryptobyte.Builder) { b.AddBytes(ipMask) })
			})
		}
		for _, m := range emails {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { addIA5(b, gnEmail, m) })
		}
		for _, u := range uris {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) { addIA5(b, gnURI, u) })
		}
	})
}

// ipAndMask is the iPAddress constraint: the masked address then the mask.
func ipAndMask(n *net.IPNet) ([]byte, error) {
	if n == nil {
		return nil, errors.New("nil IP range in the name constraints")
	}
	ip := n.IP.Mask(n.Mask)
	if ip == nil {
		return nil, fmt.Errorf("IP range %v has a mask of the wrong length", n)
	}
	if len(ip) == net.IPv6len && ip.To4() != nil {
		return nil, errors.New("IP constraint contained IPv4-mapped IPv6 address with a IPv6 mask")
	}
	return append(append([]byte(nil), ip...), n.Mask...), nil
}

// addCRLDistributionPoints writes one DistributionPoint per URI, each a
// fullName of one uniformResourceIdentifier.
func addCRLDistributionPoints(b *cryptobyte.Builder, uris []string) {
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		for _, u := range uris {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1(cbasn1.Tag(0).ContextSpecific().Constructed(), func(b *cryptobyte.Builder) {
					b.AddASN1(cbasn1.Tag(0).ContextSpecific().Constructed(), func(b *cryptobyte.Builder) {
						b.AddASN1(cbasn1.Tag(gnURI).ContextSpecific(), func(b *cryptobyte.Builder) { b.AddBytes([]byte(u)) })
					})
				})
			})
		}
	})
}

// addExtensions writes Extensions ::= SEQUENCE OF Extension, the critical
// flag only when true (DER leaves out a DEFAULT value).
func addExtensions(b *cryptobyte.Builder, exts []pkix.Extension) {
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		for _, x := range exts {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1ObjectIdentifier(x.Id)
				if x.Critical {
					b.AddASN1Boolean(true)
				}
				b.AddASN1OctetString(x.Value)
			})
		}
	})
}
