package x509ext

import (
	"bytes"
	"crypto/mldsa"
	"crypto/x509"
	"fmt"
	"slices"
	"strings"
	"time"
)

// VerifyOptions are the inputs of [Verify], named as in
// crypto/x509.VerifyOptions.
type VerifyOptions struct {
	Roots         []*x509.Certificate
	Intermediates []*x509.Certificate
	// CurrentTime is the time of the validity checks; zero means now.
	CurrentTime time.Time
	// DNSName, when set, must be a name of the leaf.
	DNSName string
	// KeyUsages are the acceptable extended key usages; empty means
	// serverAuth, as in crypto/x509; x509.ExtKeyUsageAny accepts any.
	KeyUsages []x509.ExtKeyUsage
}

// VerifyResult is a verified chain and the list of checks that passed,
// in the order they ran.
type VerifyResult struct {
	Chain  []*x509.Certificate // leaf first, root last
	Checks []string
}

// maxChainLength bounds path building (crypto/x509 uses a similar bound).
const maxChainLength = 10

// Verify builds a chain from leaf to one of opts.Roots through
// opts.Intermediates and checks it with the rules of crypto/x509.Verify:
// signatures, validity periods, basicConstraints, keyCertSign, path
// lengths, name constraints, extended key usage nesting, unhandled critical
// extensions and the host name. ML-DSA signatures are checked with this
// package's verifier, others by crypto/x509. The first chain that passes
// is returned with the checks it went through; if none does, the error of
// the longest attempt is returned.
func Verify(leaf *x509.Certificate, opts VerifyOptions) (*VerifyResult, error) {
	if opts.CurrentTime.IsZero() {
		opts.CurrentTime = time.Now()
	}
	if len(opts.KeyUsages) == 0 {
		opts.KeyUsages = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
	}
	if len(leaf.UnhandledCriticalExtensions) > 0 {
		return nil, fmt.Errorf("x509ext: leaf %q has an unhandled critical extension %v", leaf.Subject, leaf.UnhandledCriticalExtensions[0])
	}
	if opts.DNSName != "" {
		if err := leaf.VerifyHostname(opts.DNSName); err != nil {
			return nil, fmt.Errorf("x509ext: %w", err)
		}
	}
	var best error
	for _, chain := range buildChains(leaf, opts) {
		res := &VerifyResult{Chain: chain}
		if opts.DNSName != "" {
			res.add("host name %q matches the leaf", opts.DNSName)
		}
		err := res.checkChain(opts)
		if err == nil {
			return res, nil
		}
		best = err
	}
	if best == nil {
		best = fmt.Errorf("x509ext: no chain from %q (issuer %q) to a trusted root", leaf.Subject, leaf.Issuer)
	}
	return nil, best
}

func (r *VerifyResult) add(format string, args ...any) {
	r.Checks = append(r.Checks, fmt.Sprintf(format, args...))
}

// buildChains returns every candidate chain from leaf to a root, by name
// and key identifier only; nothing is verified yet. The search is over
// public certificates and bounded by maxChainLength.
func buildChains(leaf *x509.Certificate, opts VerifyOptions) [][]*x509.Certificate {
	for _, root := range opts.Roots {
		if bytes.Equal(root.Raw, leaf.Raw) {
			return [][]*x509.Certificate{{leaf}}
		}
	}
	var chains [][]*x509.Certificate
	var extend func(chain []*x509.Certificate)
	extend = func(chain []*x509.Certificate) {
		last := chain[len(chain)-1]
		if len(chain) >= maxChainLength {
			return
		}
		for _, root := range opts.Roots {
			if issues(root, last) && !contains(chain, root) {
				chains = append(chains, append(slices.Clone(chain), root))
			}
		}
		for _, ic := range opts.Intermediates {
			if issues(ic, last) && !contains(chain, ic) {
				extend(append(slices.Clone(chain), ic))
			}
		}
	}
	extend([]*x509.Certificate{leaf})
	return chains
}

// issues reports whether parent may have issued child: names chain and the
// key identifiers, where both are present, agree.
func issues(parent, child *x509.Certificate) bool {
	if !bytes.Equal(parent.RawSubject, child.RawIssuer) {
		return false
	}
	return len(child.AuthorityKeyId) == 0 || len(parent.SubjectKeyId) == 0 ||
		bytes.Equal(child.AuthorityKeyId, parent.SubjectKeyId)
}

func contains(chain []*x509.Certificate, c *x509.Certificate) bool {
	return slices.ContainsFunc(chain, func(x *x509.Certificate) bool { return bytes.Equal(x.Raw, c.Raw) })
}

// checkChain runs every check on r.Chain.
func (r *VerifyResult) checkChain(opts VerifyOptions) error {
	chain := r.Chain
	now := opts.CurrentTime
	for _, c := range chain {
		if now.Before(c.NotBefore) {
			return fmt.Errorf("x509ext: certificate %q is not valid yet (valid from %s, verifying at %s)", c.Subject, c.NotBefore.Format(time.RFC3339), now.Format(time.RFC3339))
		}
		if now.After(c.NotAfter) {
			return fmt.Errorf("x509ext: certificate %q has expired (valid until %s, verifying at %s)", c.Subject, c.NotAfter.Format(time.RFC3339), now.Format(time.RFC3339))
		}
	}
	r.add("validity at %s: %d certificates", now.UTC().Format(time.RFC3339), len(chain))
	for i := 1; i < len(chain); i++ {
		child, parent := chain[i-1], chain[i]
		if err := r.checkIssuer(parent, i-1); err != nil {
			return err
		}
		if err := r.checkSignature(child, parent); err != nil {
			return err
		}
		if hasNameConstraints(parent) {
			// The constraints bind every certificate below parent.
			for _, below := range chain[:i] {
				if err := checkNamesUnder(parent, namesOf(below)); err != nil {
					return fmt.Errorf("%w (in %q)", err, below.Subject)
				}
			}
			r.add("name constraints of %q: the names of the %d certificates below it are permitted", parent.Subject, i)
		}
		if i < len(chain)-1 && len(parent.UnhandledCriticalExtensions) > 0 {
			return fmt.Errorf("x509ext: %q has an unhandled critical extension %v", parent.Subject, parent.UnhandledCriticalExtensions[0])
		}
	}
	return r.checkExtKeyUsage(opts.KeyUsages)
}

// checkIssuer checks that parent may issue certificates, with below CA
// certificates between it and the leaf (self-issued ones not counted, as
// RFC 5280 Section 4.2.1.9 says).
func (r *VerifyResult) checkIssuer(parent *x509.Certificate, below int) error {
	if !parent.BasicConstraintsValid || !parent.IsCA {
		return fmt.Errorf("x509ext: %q issued a certificate but is not a CA (basicConstraints)", parent.Subject)
	}
	if parent.KeyUsage != 0 && parent.KeyUsage&x509.KeyUsageCertSign == 0 {
		return fmt.Errorf("x509ext: %q issued a certificate but lacks the keyCertSign key usage", parent.Subject)
	}
	r.add("%q is a CA with keyCertSign", parent.Subject)
	intermediates := 0
	for _, c := range r.Chain[1 : below+1] {
		if !bytes.Equal(c.RawSubject, c.RawIssuer) {
			intermediates++
		}
	}
	if parent.MaxPathLen >= 0 && (parent.MaxPathLen > 0 || parent.MaxPathLenZero) {
		if intermediates > parent.MaxPathLen {
			return fmt.Errorf("x509ext: path length violation: %q allows %d intermediate CAs below it, the chain has %d", parent.Subject, parent.MaxPathLen, intermediates)
		}
		r.add("path length of %q: %d <= %d", parent.Subject, intermediates, parent.MaxPathLen)
	}
	return nil
}

// checkSignature verifies child's signature with parent's key.
func (r *VerifyResult) checkSignature(child, parent *x509.Certificate) error {
	if pk, ok := parent.PublicKey.(*mldsa.PublicKey); ok {
		if err := checkMLDSASignature(pk, child.SignatureAlgorithm, child.RawTBSCertificate, child.Signature); err != nil {
			return fmt.Errorf("x509ext: certificate %q: %w", child.Subject, err)
		}
		r.add("signature of %q by %q: %v, verified by %s", child.Subject, parent.Subject, child.SignatureAlgorithm, mldsaVerifierName)
		return nil
	}
	if err := parent.CheckSignature(child.SignatureAlgorithm, child.RawTBSCertificate, child.Signature); err != nil {
		return fmt.Errorf("x509ext: certificate %q: signature by %q is invalid: %w", child.Subject, parent.Subject, err)
	}
	r.add("signature of %q by %q: %v, verified by crypto/x509", child.Subject, parent.Subject, child.SignatureAlgorithm)
	return nil
}

// checkExtKeyUsage applies crypto/x509's rule: every certificate in the
// chain that lists extended key usages must allow one of the wanted ones
// (a certificate without the extension allows all).
func (r *VerifyResult) checkExtKeyUsage(wanted []x509.ExtKeyUsage) error {
	if slices.Contains(wanted, x509.ExtKeyUsageAny) {
		r.add("extended key usage: any accepted")
		return nil
	}
	for _, c := range r.Chain {
		if len(c.ExtKeyUsage) == 0 && len(c.UnknownExtKeyUsage) == 0 {
			continue
		}
		if slices.Contains(c.ExtKeyUsage, x509.ExtKeyUsageAny) {
			continue
		}
		if !slices.ContainsFunc(wanted, func(u x509.ExtKeyUsage) bool { return slices.Contains(c.ExtKeyUsage, u) }) {
			return fmt.Errorf("x509ext: certificate %q does not allow the extended key usage %v", c.Subject, describeEKU(wanted))
		}
	}
	r.add("extended key usage %s allowed along the chain", describeEKU(wanted))
	return nil
}

func describeEKU(us []x509.ExtKeyUsage) string {
	names := map[x509.ExtKeyUsage]string{x509.ExtKeyUsageServerAuth: "serverAuth", x509.ExtKeyUsageClientAuth: "clientAuth", x509.ExtKeyUsageCodeSigning: "codeSigning", x509.ExtKeyUsageEmailProtection: "emailProtection"}
	var s []string
	for _, u := range us {
		if n, ok := names[u]; ok {
			s = append(s, n)
		} else {
			s = append(s, fmt.Sprintf("ExtKeyUsage(%d)", int(u)))
		}
	}
	return strings.Join(s, "|")
}

func namesOf(c *x509.Certificate) subjectNames {
	return subjectNames{c.DNSNames, c.IPAddresses, c.EmailAddresses, c.URIs}
}

func hasNameConstraints(c *x509.Certificate) bool {
	return len(c.PermittedDNSDomains)+len(c.ExcludedDNSDomains)+len(c.PermittedIPRanges)+len(c.ExcludedIPRanges)+
		len(c.PermittedEmailAddresses)+len(c.ExcludedEmailAddresses)+len(c.PermittedURIDomains)+len(c.ExcludedURIDomains) > 0
}
