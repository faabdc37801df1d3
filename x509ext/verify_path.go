package x509ext

import (
	"bytes"
	"crypto/mldsa"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"fmt"
	"time"
)

// maxSignatureChecks is crypto/x509's budget for one verification: the
// number of candidate issuers considered, each normally costing a
// signature check. It leaves room for long chains and for several
// intermediates with the same subject.
const maxSignatureChecks = 100

// errSignatureBudget is returned when the budget runs out before a chain
// is found.
var errSignatureBudget = errors.New("x509ext: signature check attempts limit reached while verifying certificate chain")

// pathSearch builds chains depth first, in crypto/x509's order: at each
// step the roots, then the intermediates, whose subject is the child's
// issuer, those with a matching key identifier first. A candidate joins
// the chain only after its signature on the child verifies and it passes
// the per-certificate checks, so a search never extends a chain that is
// already broken. Signature results are cached per (child, parent), and
// every candidate considered counts against maxSignatureChecks, as in
// crypto/x509, so both verifiers stop at the same point.
type pathSearch struct {
	opts          *VerifyOptions
	roots, inters []*x509.Certificate
	attempts      int
	sigs          map[certPair]error
	// reason is the rejection of the longest candidate chain (the first
	// such), reported when no chain passes.
	reason      error
	reasonDepth int
}

type certPair struct{ child, parent *x509.Certificate }

type issuerKind int

const (
	rootIssuer issuerKind = iota
	intermediateIssuer
)

// errBudget stops the search; Verify reports it as errSignatureBudget.
var errBudget = errors.New("budget")

// extend looks for a valid chain that continues chain (leaf first). It
// returns the chain found, nil when none continues this one, or errBudget.
func (s *pathSearch) extend(chain []*x509.Certificate) ([]*x509.Certificate, error) {
	child := chain[len(chain)-1]
	for _, pool := range [...]struct {
		kind  issuerKind
		certs []*x509.Certificate
	}{{rootIssuer, s.roots}, {intermediateIssuer, s.inters}} {
		for _, parent := range potentialIssuers(pool.certs, child) {
			s.attempts++
			if s.attempts > maxSignatureChecks {
				return nil, errBudget
			}
			// crypto/x509 skips issuers whose key it could not parse; a
			// composite key is one this package verifies with.
			if parent.PublicKey == nil && !hasCompositeSignatureKey(parent) || alreadyInChain(parent, chain) {
				continue
			}
			if err := s.signature(child, parent); err != nil {
				s.reject(chain, err)
				continue
			}
			if err := checkIssuer(pool.kind, parent, chain, s.opts.CurrentTime); err != nil {
				s.reject(chain, err)
				continue
			}
			next := append(chain[:len(chain):len(chain)], parent)
			if pool.kind == rootIssuer {
				if err := checkWholeChain(next, s.opts.KeyUsages); err != nil {
					s.reject(chain, err)
					continue
				}
				return next, nil
			}
			found, err := s.extend(next)
			if found != nil || err != nil {
				return found, err
			}
		}
	}
	return nil, nil
}

// reject notes why chain could not be extended by a candidate.
func (s *pathSearch) reject(chain []*x509.Certificate, err error) {
	if s.reason == nil || len(chain) > s.reasonDepth {
		s.reason, s.reasonDepth = err, len(chain)
	}
}

// signature checks child's signature by parent once per pair.
func (s *pathSearch) signature(child, parent *x509.Certificate) error {
	key := certPair{child, parent}
	if err, ok := s.sigs[key]; ok {
		return err
	}
	err := checkCertificateSignature(child, parent)
	s.sigs[key] = err
	return err
}

// potentialIssuers returns the certificates of pool whose subject is
// child's issuer: those whose subject key identifier equals child's
// authority key identifier (both absent counts as equal), then those where
// only one of the two is present, then the rest.
func potentialIssuers(pool []*x509.Certificate, child *x509.Certificate) []*x509.Certificate {
	var match, one, mismatch []*x509.Certificate
	for _, c := range pool {
		if !bytes.Equal(c.RawSubject, child.RawIssuer) {
			continue
		}
		switch {
		case bytes.Equal(c.SubjectKeyId, child.AuthorityKeyId):
			match = append(match, c)
		case len(c.SubjectKeyId) == 0 || len(child.AuthorityKeyId) == 0:
			one = append(one, c)
		default:
			mismatch = append(mismatch, c)
		}
	}
	return append(append(match, one...), mismatch...)
}

// alreadyInChain reports whether chain holds a certificate with the same
// subject, key and subject alternative names as c: a loop, also through
// cross-certificates that differ only in other fields.
//
// It is crypto/x509's test to the letter, including where that stops
// early: at the first certificate of chain with c's subject and key of
// which exactly one of the two has a SAN extension, the answer is "not in
// the chain", even when a later certificate is c itself. The search then
// keeps extending such a loop until the signature budget runs out, and
// crypto/x509 keeps only the chains found before that; a test that looked
// further would find chains crypto/x509 never builds, and accept what it
// rejects.
func alreadyInChain(c *x509.Certificate, chain []*x509.Certificate) bool {
	san, hasSAN := extensionValue(c, oidExtSubjectAltName)
	for _, x := range chain {
		if !bytes.Equal(x.RawSubject, c.RawSubject) || !bytes.Equal(x.RawSubjectPublicKeyInfo, c.RawSubjectPublicKeyInfo) {
			continue
		}
		xSAN, xHasSAN := extensionValue(x, oidExtSubjectAltName)
		if hasSAN != xHasSAN {
			return false
		}
		if !hasSAN || bytes.Equal(san, xSAN) {
			return true
		}
	}
	return false
}

func extensionValue(c *x509.Certificate, oid asn1.ObjectIdentifier) ([]byte, bool) {
	for _, e := range c.Extensions {
		if e.Id.Equal(oid) {
			return e.Value, true
		}
	}
	return nil, false
}

// checkIssuer runs the checks on a candidate issuer that crypto/x509 runs
// when it appends one to chain: no unhandled critical extension, valid at
// now, basicConstraints cA for an intermediate, and a path length that
// admits the certificates below it. Like crypto/x509 (and unlike RFC 5280
// Section 6.1.4 (l)), every certificate between it and the leaf counts,
// self-issued ones included.
func checkIssuer(kind issuerKind, c *x509.Certificate, chain []*x509.Certificate, now time.Time) error {
	if err := checkCertificateItself(c, now); err != nil {
		return err
	}
	if kind == intermediateIssuer && (!c.BasicConstraintsValid || !c.IsCA) {
		return fmt.Errorf("x509ext: intermediate %q is not a CA (basicConstraints cA is not set)", c.Subject)
	}
	if below := len(chain) - 1; c.BasicConstraintsValid && c.MaxPathLen >= 0 && below > c.MaxPathLen {
		return fmt.Errorf("x509ext: path length violation: %q allows %d CA certificates below it, the chain has %d", c.Subject, c.MaxPathLen, below)
	}
	return nil
}

// checkCertificateItself checks what concerns a certificate alone: every
// critical extension is understood, and now is in its validity period.
func checkCertificateItself(c *x509.Certificate, now time.Time) error {
	if len(c.UnhandledCriticalExtensions) > 0 {
		return fmt.Errorf("x509ext: certificate %q has an unhandled critical extension %v", c.Subject, c.UnhandledCriticalExtensions[0])
	}
	if now.Before(c.NotBefore) {
		return fmt.Errorf("x509ext: certificate %q is not valid yet (valid from %s, verifying at %s)", c.Subject, c.NotBefore.Format(time.RFC3339), now.Format(time.RFC3339))
	}
	if now.After(c.NotAfter) {
		return fmt.Errorf("x509ext: certificate %q has expired (valid until %s, verifying at %s)", c.Subject, c.NotAfter.Format(time.RFC3339), now.Format(time.RFC3339))
	}
	return nil
}

// checkIssuerKey checks that issuer may sign what needs usage (keyCertSign
// for certificates, cRLSign for CRLs), as crypto/x509's CheckSignatureFrom
// methods require: a version 3 certificate must carry basicConstraints, cA
// must be set when it does, and a keyUsage extension must include usage.
func checkIssuerKey(issuer *x509.Certificate, usage x509.KeyUsage, usageName string) error {
	if issuer.Version == 3 && !issuer.BasicConstraintsValid || issuer.BasicConstraintsValid && !issuer.IsCA {
		return fmt.Errorf("x509ext: %q is not a CA (basicConstraints cA is not set)", issuer.Subject)
	}
	if issuer.KeyUsage != 0 && issuer.KeyUsage&usage == 0 {
		return fmt.Errorf("x509ext: %q lacks the %s key usage", issuer.Subject, usageName)
	}
	if issuer.PublicKeyAlgorithm == x509.UnknownPublicKeyAlgorithm && !hasCompositeSignatureKey(issuer) {
		return fmt.Errorf("x509ext: %q has a key of an unknown algorithm, which cannot verify signatures", issuer.Subject)
	}
	return nil
}

// hasCompositeSignatureKey reports whether c's subject key is one of the
// composite signature algorithms, which crypto/x509 parses as an unknown
// algorithm with a nil PublicKey.
func hasCompositeSignatureKey(c *x509.Certificate) bool {
	alg, ok := compositeOf(c.RawSubjectPublicKeyInfo, false)
	return ok && alg.sig != nil
}

// checkCertificateSignature verifies child's signature with parent's key:
// ML-DSA with this package's verifier, composite signatures (or any
// signature under a composite key) by CheckSignatureFrom's composite path,
// other algorithms with crypto/x509's CheckSignatureFrom (which refuses
// SHA-1, as for chains it should).
func checkCertificateSignature(child, parent *x509.Certificate) error {
	if err := checkIssuerKey(parent, x509.KeyUsageCertSign, "keyCertSign"); err != nil {
		return err
	}
	if handled, err := checkCompositeSignedDER(child.Raw, signedCertificate, parent.RawSubjectPublicKeyInfo, child.RawTBSCertificate, child.Signature); handled {
		if err != nil {
			return fmt.Errorf("x509ext: certificate %q: signature by %q: %w", child.Subject, parent.Subject, err)
		}
		return nil
	}
	pk, ok := parent.PublicKey.(*mldsa.PublicKey)
	if !ok {
		if err := child.CheckSignatureFrom(parent); err != nil {
			return fmt.Errorf("x509ext: certificate %q: signature by %q is invalid: %w", child.Subject, parent.Subject, err)
		}
		return nil
	}
	if err := checkMLDSASignature(pk, child.SignatureAlgorithm, child.RawTBSCertificate, child.Signature); err != nil {
		return fmt.Errorf("x509ext: certificate %q: signature by %q: %w", child.Subject, parent.Subject, err)
	}
	return nil
}

// distinctCerts returns certs without repeats (by DER), in order, as a
// crypto/x509 CertPool holds them.
func distinctCerts(certs []*x509.Certificate) []*x509.Certificate {
	out := make([]*x509.Certificate, 0, len(certs))
	seen := make(map[string]bool, len(certs))
	for _, c := range certs {
		if !seen[string(c.Raw)] {
			seen[string(c.Raw)] = true
			out = append(out, c)
		}
	}
	return out
}
