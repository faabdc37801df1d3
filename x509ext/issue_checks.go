package x509ext

import (
	"crypto"
	"crypto/x509"
	"errors"
	"fmt"
)

// The CA toolkit refuses to issue what Verify (and crypto/x509) would then
// reject under the same chain: the rules are the verifier's own functions,
// applied to the certificate to be issued before it is signed.

// checkUsable refuses a nil or zero-value CA, which has nothing to sign
// with.
func (ca *CA) checkUsable() error {
	switch {
	case ca == nil:
		return errors.New("x509ext: the CA is nil")
	case ca.Certificate == nil:
		return errors.New("x509ext: the CA has no certificate (use NewRootCA, NewIntermediate or LoadCA)")
	case ca.signer == nil:
		return fmt.Errorf("x509ext: CA %q has no key (use NewRootCA, NewIntermediate or LoadCA)", ca.Certificate.Subject)
	}
	for i, c := range ca.Chain {
		if c == nil {
			return fmt.Errorf("x509ext: CA %q: Chain[%d] is nil", ca.Certificate.Subject, i)
		}
	}
	return nil
}

// checkSigningKey refuses a nil key for a new CA.
func checkSigningKey(key crypto.Signer) error {
	if key == nil || key.Public() == nil {
		return errors.New("x509ext: the CA key is nil")
	}
	return nil
}

// checkIssuance checks that a certificate with the given names and
// extended key usages, issued by ca now, passes the checks crypto/x509
// runs on the issuers above it: each issuer has no unhandled critical
// extension and a path length that admits the chain below it, the names are inside every issuer's name constraints
// (wildcards against excluded subtrees included), and the extended key
// usages survive the issuers' nesting.
func (ca *CA) checkIssuance(names subjectNames, ekus []x509.ExtKeyUsage) error {
	issuers := ca.chainWithSelf()
	for d, c := range issuers {
		if len(c.UnhandledCriticalExtensions) > 0 {
			return fmt.Errorf("x509ext: issuer %q has an unhandled critical extension %v; certificates under it would not verify", c.Subject, c.UnhandledCriticalExtensions[0])
		}
		if c.BasicConstraintsValid && c.MaxPathLen >= 0 && d > c.MaxPathLen {
			return fmt.Errorf("x509ext: path length violation: issuer %q has pathLenConstraint %d but %d CA certificates below it", c.Subject, c.MaxPathLen, d)
		}
	}
	if !names.empty() {
		for _, c := range issuers {
			if !hasExtension(c, oidExtNameConstraints) {
				continue
			}
			if err := checkNamesUnder(c, names); err != nil {
				return err
			}
		}
	}
	if len(ekus) > 0 {
		leaf := &x509.Certificate{ExtKeyUsage: ekus}
		leaf.Subject.CommonName = "the requested certificate"
		if err := checkExtKeyUsage(append([]*x509.Certificate{leaf}, issuers...), ekus); err != nil {
			return fmt.Errorf("%w; the issuers above do not allow it", err)
		}
	}
	return nil
}

// pathLenBelow returns the pathLenConstraint left for a new CA certificate
// issued by ca (-1: unlimited), counting as crypto/x509 does: an issuer
// with pathLenConstraint m at distance d above the new certificate (d = 0
// for ca itself) leaves m-d-1 CA certificates below the new one. It refuses
// when some issuer leaves no room for one.
func (ca *CA) pathLenBelow() (int, error) {
	limit := -1
	for d, c := range ca.chainWithSelf() {
		if !c.BasicConstraintsValid || c.MaxPathLen < 0 {
			continue
		}
		left := c.MaxPathLen - d - 1
		if left < 0 {
			return 0, fmt.Errorf("x509ext: path length violation: CA %q has pathLenConstraint %d and may not have another CA certificate %d levels below it", c.Subject, c.MaxPathLen, d+1)
		}
		if limit < 0 || left < limit {
			limit = left
		}
	}
	return limit, nil
}
