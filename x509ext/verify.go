package x509ext

import (
	"crypto/mldsa"
	"crypto/x509"
	"errors"
	"fmt"
	"slices"
	"time"
)

// VerifyOptions are the inputs of [Verify], named as in
// crypto/x509.VerifyOptions.
type VerifyOptions struct {
	// Roots are the trust anchors; at least one is required (the system
	// roots are never used).
	Roots []*x509.Certificate
	// Intermediates may be used to build a chain from the leaf to a root.
	Intermediates []*x509.Certificate
	// CurrentTime is the time of the validity checks; zero means now.
	CurrentTime time.Time
	// DNSName, when set, must be a name of the leaf
	// (x509.Certificate.VerifyHostname).
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

// Verify builds a chain from leaf to one of opts.Roots through
// opts.Intermediates and checks it by the rules of crypto/x509's
// Certificate.Verify, reaching the same verdict on the same inputs:
//   - every certificate, the root included, is valid at CurrentTime and
//     has no unhandled critical extension;
//   - each issuer's signature verifies; it is a CA (basicConstraints; a
//     version 1 root passes, as in crypto/x509) whose keyUsage, if present,
//     has keyCertSign; SHA-1 signatures are refused;
//   - path lengths count every CA certificate below an issuer, self-issued
//     ones included (crypto/x509's rule, stricter than RFC 5280's);
//   - extended key usages are intersected down the chain;
//   - name constraints follow crypto/x509 (see the rules at
//     checkChainNameConstraints): wildcards against excluded subtrees,
//     trailing dots and malformed names refused, URIs with IP hosts
//     refused, mailbox local parts compared exactly;
//   - certificate policies are processed as crypto/x509 does (RFC 5280
//     Section 6.1 with RFC 9618's policy graph, any policy acceptable);
//   - the host name, when given, is checked with x509.VerifyHostname.
//
// The search is crypto/x509's: depth first, signatures checked as each
// candidate issuer is considered (results cached per certificate pair),
// at most 100 candidates in all, after which it stops with "signature
// check attempts limit reached". It returns the first chain that passes
// every check, with the checks it went through.
//
// Where this package differs on purpose: it verifies ML-DSA signatures
// with the crystals engine and composite signatures
// (draft-ietf-lamps-pq-composite-sigs) as [CheckSignatureFrom] does, so
// chains may mix pure ML-DSA, composite and classical certificates (other
// algorithms are checked with crypto/x509's CheckSignatureFrom; an issuer
// whose key crypto/x509 cannot parse is skipped, as there, unless it is a
// composite signature key); it never uses the system roots (Roots must not
// be empty); and nil or unparsed certificates in the inputs are an error.
func Verify(leaf *x509.Certificate, opts VerifyOptions) (*VerifyResult, error) {
	if err := checkVerifyInputs(leaf, &opts); err != nil {
		return nil, err
	}
	if opts.CurrentTime.IsZero() {
		opts.CurrentTime = time.Now()
	}
	anyUsage := slices.Contains(opts.KeyUsages, x509.ExtKeyUsageAny)
	switch {
	case anyUsage:
		opts.KeyUsages = nil
	case len(opts.KeyUsages) == 0:
		opts.KeyUsages = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
	}
	if err := checkCertificateItself(leaf, opts.CurrentTime); err != nil {
		return nil, err
	}
	if opts.DNSName != "" {
		if err := leaf.VerifyHostname(opts.DNSName); err != nil {
			return nil, fmt.Errorf("x509ext: %w", err)
		}
	}
	roots := distinctCerts(opts.Roots)
	var chain []*x509.Certificate
	if slices.ContainsFunc(roots, func(r *x509.Certificate) bool { return sameCert(r, leaf) }) {
		chain = []*x509.Certificate{leaf}
		if err := checkWholeChain(chain, opts.KeyUsages); err != nil {
			return nil, err
		}
	} else {
		s := &pathSearch{opts: &opts, roots: roots, inters: distinctCerts(opts.Intermediates), sigs: map[certPair]error{}}
		found, err := s.extend([]*x509.Certificate{leaf})
		switch {
		case errors.Is(err, errBudget) && s.reason != nil:
			return nil, fmt.Errorf("%w (after %d candidate issuers; rejection of the longest candidate chain: %v)", errSignatureBudget, maxSignatureChecks, s.reason)
		case errors.Is(err, errBudget):
			return nil, fmt.Errorf("%w (after %d candidate issuers)", errSignatureBudget, maxSignatureChecks)
		case found == nil && s.reason != nil:
			return nil, s.reason
		case found == nil:
			return nil, fmt.Errorf("x509ext: no chain from %q (issuer %q) to a trusted root", leaf.Subject, leaf.Issuer)
		}
		chain = found
	}
	res := &VerifyResult{Chain: chain}
	res.describe(opts, anyUsage)
	return res, nil
}

// checkVerifyInputs refuses what Verify cannot work with: a nil or
// unparsed certificate anywhere, and no roots.
func checkVerifyInputs(leaf *x509.Certificate, opts *VerifyOptions) error {
	if leaf == nil {
		return errors.New("x509ext: Verify: the leaf certificate is nil")
	}
	if len(leaf.Raw) == 0 {
		return errors.New("x509ext: Verify: the leaf certificate has no DER contents; use x509.ParseCertificate")
	}
	if len(opts.Roots) == 0 {
		return errors.New("x509ext: Verify: VerifyOptions.Roots is empty (the system roots are not used)")
	}
	for _, list := range []struct {
		name  string
		certs []*x509.Certificate
	}{{"Roots", opts.Roots}, {"Intermediates", opts.Intermediates}} {
		for i, c := range list.certs {
			if c == nil {
				return fmt.Errorf("x509ext: Verify: VerifyOptions.%s[%d] is nil", list.name, i)
			}
			if len(c.Raw) == 0 {
				return fmt.Errorf("x509ext: Verify: VerifyOptions.%s[%d] has no DER contents; use x509.ParseCertificate", list.name, i)
			}
		}
	}
	return nil
}

// describe lists, for the accepted chain, the checks it passed, in the
// order Verify ran them.
func (r *VerifyResult) describe(opts VerifyOptions, anyUsage bool) {
	chain := r.Chain
	r.add("leaf %q: valid at %s, no unhandled critical extension", chain[0].Subject, opts.CurrentTime.UTC().Format(time.RFC3339))
	if opts.DNSName != "" {
		r.add("host name %q matches the leaf", opts.DNSName)
	}
	if len(chain) == 1 {
		r.add("the leaf is itself a trusted root")
	}
	for i := 1; i < len(chain); i++ {
		child, parent := chain[i-1], chain[i]
		verifier := "crypto/x509"
		if _, ok := parent.PublicKey.(*mldsa.PublicKey); ok {
			verifier = mldsaVerifierName
		}
		if hasCompositeSignatureKey(parent) {
			verifier = compositeVerifierName
		}
		alg := SignatureAlgorithmName(child)
		r.add("%q is a CA with keyCertSign", parent.Subject)
		r.add("signature of %q by %q: %s, verified by %s", child.Subject, parent.Subject, alg, verifier)
		r.add("%q: valid, no unhandled critical extension", parent.Subject)
		if parent.BasicConstraintsValid && parent.MaxPathLen >= 0 {
			r.add("path length of %q: %d <= %d", parent.Subject, i-1, parent.MaxPathLen)
		}
	}
	if len(chain) > 1 {
		r.add("certificate policies: valid along the chain (RFC 9618 policy graph, initial set anyPolicy)")
	}
	if anyUsage {
		r.add("extended key usage: any accepted")
	} else {
		r.add("extended key usage %s allowed along the chain", describeEKU(opts.KeyUsages))
	}
	for i := 1; i < len(chain); i++ {
		if hasExtension(chain[i], oidExtNameConstraints) {
			r.add("name constraints of %q: the names of the %d certificates below it are permitted", chain[i].Subject, i)
		}
	}
}

func (r *VerifyResult) add(format string, args ...any) {
	r.Checks = append(r.Checks, fmt.Sprintf(format, args...))
}
