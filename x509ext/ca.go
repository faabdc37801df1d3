package x509ext

import (
	"crypto"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"io"
	"math/big"
	"time"
)

// CA is a certificate authority: a CA certificate, the signer that holds its
// key, and the certificates above it up to the root.
type CA struct {
	Certificate *x509.Certificate
	// Chain holds the issuing CAs above Certificate, nearest first, ending
	// with the root; it is empty for a root.
	Chain []*x509.Certificate
	// Clock returns the current time; nil means time.Now.
	Clock func() time.Time
	// Rand is the source of serial numbers and signing randomness; nil
	// means crypto/rand.Reader.
	Rand io.Reader

	signer crypto.Signer
}

// CAOptions adjusts [NewRootCA] and [CA.NewIntermediate].
type CAOptions struct {
	// NotBefore is the start of validity; zero means one minute before now
	// (to absorb clock skew).
	NotBefore time.Time
	// Validity is the lifetime; zero means 10 years for a root and 5 for an
	// intermediate. An intermediate never outlives its issuer: its end is
	// cut to the issuer's.
	Validity time.Duration
	// MaxPathLen limits the CAs below this one: -1 (or unset with
	// MaxPathLenSet false) means no limit, 0 means it may issue only leaves.
	MaxPathLen    int
	MaxPathLenSet bool
	// Name constraints (RFC 5280 Section 4.2.1.10) written into the
	// certificate and enforced when this CA issues.
	PermittedDNSDomains []string
	ExcludedDNSDomains  []string
}

// Profile selects what an issued certificate is for.
type Profile int

const (
	// ProfileServer: a TLS server; keyUsage digitalSignature, extKeyUsage
	// serverAuth, at least one DNS name or IP address.
	ProfileServer Profile = iota + 1
	// ProfileClient: a TLS client; digitalSignature, clientAuth.
	ProfileClient
	// ProfileCA: a subordinate CA; keyCertSign and cRLSign, basicConstraints
	// CA with a path length below the issuer's.
	ProfileCA
	// ProfileKEM: an ML-KEM, X-Wing or composite KEM end-entity key;
	// keyEncipherment only (draft-ietf-lamps-kyber-certificates,
	// draft-ietf-lamps-pq-composite-kem).
	ProfileKEM
)

// extKeyUsages are the extended key usages a certificate of profile p
// carries (none for CAs and KEM keys).
func (p Profile) extKeyUsages() []x509.ExtKeyUsage {
	switch p {
	case ProfileServer:
		return []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
	case ProfileClient:
		return []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}
	}
	return nil
}

// String returns the profile's name, such as "server".
func (p Profile) String() string {
	switch p {
	case ProfileServer:
		return "server"
	case ProfileClient:
		return "client"
	case ProfileCA:
		return "CA"
	case ProfileKEM:
		return "KEM"
	}
	return fmt.Sprintf("Profile(%d)", int(p))
}

// IssueOptions adjusts [CA.IssueFromCSR].
type IssueOptions struct {
	// NotBefore and Validity as in CAOptions; the default validity is 90
	// days for end entities and 5 years for CAs.
	NotBefore time.Time
	Validity  time.Duration
	// PublicKey, required with ProfileKEM and refused otherwise, is the KEM
	// key to certify. A KEM key cannot sign a CSR, so the CSR is signed by
	// the requester's signature key and vouches for the names; checking
	// that the requester holds the KEM private key is up to the caller.
	PublicKey any
	// MaxPathLen for ProfileCA, as in CAOptions.
	MaxPathLen    int
	MaxPathLenSet bool
}

const (
	defaultRootValidity         = 10 * 365 * 24 * time.Hour
	defaultIntermediateValidity = 5 * 365 * 24 * time.Hour
	defaultLeafValidity         = 90 * 24 * time.Hour
	clockSkew                   = time.Minute
)

// NewRootCA creates a self-signed root CA for subject with key, which must
// be a signing key (ML-DSA, composite ML-DSA, ECDSA, Ed25519, RSA).
//
// Composite keys (package signer/composite) work throughout the toolkit:
// as root and intermediate CA keys (certificates and CRLs are then built
// and signed by this package, see [CreateCertificate] and
// [CreateRevocationList]), as subject keys of CSRs in the server, client
// and CA profiles, and composite KEM keys in the KEM profile.
// [CompositeProfile] builds a composite root and intermediate in one call.
func NewRootCA(subject pkix.Name, key crypto.Signer, opts *CAOptions) (*CA, error) {
	if err := checkSigningKey(key); err != nil {
		return nil, err
	}
	if opts == nil {
		opts = &CAOptions{}
	}
	ca := &CA{signer: key}
	tmpl, err := ca.caTemplate(subject, key.Public(), opts, defaultRootValidity)
	if err != nil {
		return nil, err
	}
	der, err := CreateCertificate(ca.rand(), tmpl, tmpl, key.Public(), key)
	if err != nil {
		return nil, fmt.Errorf("x509ext: creating root CA: %w", err)
	}
	ca.Certificate, err = x509.ParseCertificate(der)
	return ca, err
}

// LoadCA returns a CA for an existing CA certificate and its key. It refuses
// a key that does not match the certificate, and a certificate that is not
// a CA allowed to sign certificates.
func LoadCA(cert *x509.Certificate, key crypto.Signer, chain ...*x509.Certificate) (*CA, error) {
	if cert == nil {
		return nil, errors.New("x509ext: LoadCA: the CA certificate is nil")
	}
	if err := checkSigningKey(key); err != nil {
		return nil, err
	}
	certKey := cert.PublicKey
	if certKey == nil && hasCompositeSignatureKey(cert) {
		// crypto/x509 leaves composite keys unparsed.
		certKey, _ = ParsePKIXPublicKey(cert.RawSubjectPublicKeyInfo)
	}
	pub, ok := key.Public().(interface{ Equal(crypto.PublicKey) bool })
	if !ok || certKey == nil || !pub.Equal(certKey) {
		return nil, fmt.Errorf("x509ext: the CA key (%T) does not match the public key of CA certificate %q", key.Public(), cert.Subject)
	}
	if !cert.BasicConstraintsValid || !cert.IsCA {
		return nil, fmt.Errorf("x509ext: certificate %q is not a CA (basicConstraints cA is not set)", cert.Subject)
	}
	if cert.KeyUsage != 0 && cert.KeyUsage&x509.KeyUsageCertSign == 0 {
		return nil, fmt.Errorf("x509ext: CA certificate %q lacks the keyCertSign key usage", cert.Subject)
	}
	ca := &CA{Certificate: cert, Chain: chain, signer: key}
	if err := ca.checkUsable(); err != nil {
		return nil, err
	}
	return ca, nil
}

// Signer returns the CA's key, or nil for a nil or zero-value CA.
func (ca *CA) Signer() crypto.Signer {
	if ca == nil {
		return nil
	}
	return ca.signer
}

// NewIntermediate issues a subordinate CA certificate for subject and key
// and returns the new CA. The issuer and the CAs above it must be valid
// now, without unhandled critical extensions, and their path lengths
// (counted as crypto/x509 does, see [Verify]) must allow another CA below
// them.
func (ca *CA) NewIntermediate(subject pkix.Name, key crypto.Signer, opts *CAOptions) (*CA, error) {
	if err := ca.checkUsable(); err != nil {
		return nil, err
	}
	if err := checkSigningKey(key); err != nil {
		return nil, err
	}
	if opts == nil {
		opts = &CAOptions{}
	}
	if err := ca.checkCanIssue(ProfileCA); err != nil {
		return nil, err
	}
	if err := ca.checkIssuance(subjectNames{}, nil); err != nil {
		return nil, err
	}
	tmpl, err := ca.caTemplate(subject, key.Public(), opts, defaultIntermediateValidity)
	if err != nil {
		return nil, err
	}
	if err := ca.constrainPathLen(tmpl, opts.MaxPathLen, opts.MaxPathLenSet); err != nil {
		return nil, err
	}
	ca.clampValidity(tmpl)
	cert, err := ca.sign(tmpl, key.Public())
	if err != nil {
		return nil, err
	}
	return &CA{Certificate: cert, Chain: ca.chainWithSelf(), Clock: ca.Clock, Rand: ca.Rand, signer: key}, nil
}

// caTemplate fills the fields every CA certificate has.
func (ca *CA) caTemplate(subject pkix.Name, pub any, opts *CAOptions, validity time.Duration) (*x509.Certificate, error) {
	tmpl, err := ca.baseTemplate(pub)
	if err != nil {
		return nil, err
	}
	tmpl.Subject = subject
	tmpl.KeyUsage = x509.KeyUsageCertSign | x509.KeyUsageCRLSign | x509.KeyUsageDigitalSignature
	tmpl.IsCA, tmpl.MaxPathLen = true, -1
	tmpl.PermittedDNSDomains, tmpl.ExcludedDNSDomains = opts.PermittedDNSDomains, opts.ExcludedDNSDomains
	if opts.MaxPathLenSet && opts.MaxPathLen >= 0 {
		tmpl.MaxPathLen, tmpl.MaxPathLenZero = opts.MaxPathLen, opts.MaxPathLen == 0
	}
	ca.setValidity(tmpl, opts.NotBefore, opts.Validity, validity)
	return tmpl, nil
}

// baseTemplate starts every certificate: a fresh random serial, the SKID of
// pub, and basicConstraints present.
func (ca *CA) baseTemplate(pub any) (*x509.Certificate, error) {
	serial, err := randomSerial(ca.rand())
	if err != nil {
		return nil, err
	}
	skid, err := subjectKeyID(pub)
	if err != nil {
		return nil, err
	}
	return &x509.Certificate{SerialNumber: serial, SubjectKeyId: skid, BasicConstraintsValid: true}, nil
}

// constrainPathLen makes a subordinate CA's path length fit below ca and
// the CAs above it.
func (ca *CA) constrainPathLen(tmpl *x509.Certificate, want int, set bool) error {
	limit, err := ca.pathLenBelow()
	if err != nil {
		return err
	}
	switch {
	case set && want >= 0 && limit >= 0 && want > limit:
		return fmt.Errorf("x509ext: path length violation: requested pathLenConstraint %d, but the CAs above allow at most %d below %q's new CA", want, limit, ca.Certificate.Subject)
	case set && want >= 0:
		tmpl.MaxPathLen, tmpl.MaxPathLenZero = want, want == 0
	case limit >= 0:
		tmpl.MaxPathLen, tmpl.MaxPathLenZero = limit, limit == 0
	default:
		tmpl.MaxPathLen, tmpl.MaxPathLenZero = -1, false
	}
	return nil
}

// IssueFromCSR verifies a certificate request and issues a certificate for
// it under profile. The subject name is copied exactly; the subject
// alternative names are checked (syntax, the server profile's need for one,
// and the name constraints of this CA and the CAs above it, by the rules
// [Verify] applies, so "*.example.com" is refused under an excluded
// "secret.example.com") and copied. The profile's extended key usage must
// be allowed by the CAs above, and their path lengths must admit the new
// certificate. Other extensions the CSR asks for are not copied.
func (ca *CA) IssueFromCSR(csr *x509.CertificateRequest, profile Profile, opts *IssueOptions) (*x509.Certificate, error) {
	if err := ca.checkUsable(); err != nil {
		return nil, err
	}
	if opts == nil {
		opts = &IssueOptions{}
	}
	if err := VerifyCSR(csr); err != nil {
		return nil, err
	}
	if err := ca.checkCanIssue(profile); err != nil {
		return nil, err
	}
	names := sanOf(csr)
	if err := names.check(profile); err != nil {
		return nil, err
	}
	if err := ca.checkIssuance(names, profile.extKeyUsages()); err != nil {
		return nil, err
	}
	pub, err := csrPublicKey(csr)
	if err != nil {
		return nil, err
	}
	switch {
	case profile == ProfileKEM && opts.PublicKey == nil:
		return nil, errors.New("x509ext: the KEM profile needs IssueOptions.PublicKey, the KEM key to certify")
	case profile == ProfileKEM:
		pub = opts.PublicKey
		kind, err := subjectKeyKind(pub)
		if err != nil {
			return nil, err
		}
		if kind != keyKEM {
			return nil, fmt.Errorf("x509ext: the KEM profile certifies ML-KEM, X-Wing or composite KEM keys, not %T", pub)
		}
	case opts.PublicKey != nil:
		return nil, fmt.Errorf("x509ext: IssueOptions.PublicKey is only for the KEM profile, not %s", profile)
	}
	tmpl, err := ca.baseTemplate(pub)
	if err != nil {
		return nil, err
	}
	tmpl.RawSubject = csr.RawSubject
	tmpl.DNSNames, tmpl.IPAddresses = names.DNSNames, names.IPAddresses
	tmpl.EmailAddresses, tmpl.URIs = names.EmailAddresses, names.URIs
	defaultValidity := defaultLeafValidity
	switch profile {
	case ProfileServer, ProfileClient:
		tmpl.KeyUsage = x509.KeyUsageDigitalSignature
		tmpl.ExtKeyUsage = profile.extKeyUsages()
	case ProfileCA:
		tmpl.KeyUsage = x509.KeyUsageCertSign | x509.KeyUsageCRLSign | x509.KeyUsageDigitalSignature
		tmpl.IsCA = true
		defaultValidity = defaultIntermediateValidity
		if err := ca.constrainPathLen(tmpl, opts.MaxPathLen, opts.MaxPathLenSet); err != nil {
			return nil, err
		}
	case ProfileKEM:
		tmpl.KeyUsage = x509.KeyUsageKeyEncipherment
	default:
		return nil, fmt.Errorf("x509ext: unknown profile %d", int(profile))
	}
	ca.setValidity(tmpl, opts.NotBefore, opts.Validity, defaultValidity)
	ca.clampValidity(tmpl)
	return ca.sign(tmpl, pub)
}

// IssueCRL issues a certificate revocation list (RFC 5280 Section 5) with
// the given entries and CRL number, valid from now for nextUpdate.
func (ca *CA) IssueCRL(revoked []x509.RevocationListEntry, number *big.Int, nextUpdate time.Duration) (*x509.RevocationList, error) {
	if err := ca.checkUsable(); err != nil {
		return nil, err
	}
	if err := ca.checkValidNow(); err != nil {
		return nil, err
	}
	now := ca.now()
	der, err := CreateRevocationList(ca.rand(), &x509.RevocationList{
		RevokedCertificateEntries: revoked,
		Number:                    number,
		ThisUpdate:                now,
		NextUpdate:                now.Add(nextUpdate),
	}, ca.Certificate, ca.signer)
	if err != nil {
		return nil, fmt.Errorf("x509ext: issuing CRL: %w", err)
	}
	return x509.ParseRevocationList(der)
}

// csrPublicKey returns the key a CSR asks to certify: crypto/x509's
// parse, or this package's for the composite keys crypto/x509 leaves nil.
func csrPublicKey(csr *x509.CertificateRequest) (any, error) {
	if csr.PublicKey != nil {
		return csr.PublicKey, nil
	}
	return ParsePKIXPublicKey(csr.RawSubjectPublicKeyInfo)
}

// sign creates, parses and returns a certificate issued by ca.
func (ca *CA) sign(tmpl *x509.Certificate, pub any) (*x509.Certificate, error) {
	der, err := CreateCertificate(ca.rand(), tmpl, ca.Certificate, pub, ca.signer)
	if err != nil {
		return nil, fmt.Errorf("x509ext: issuing certificate: %w", err)
	}
	return x509.ParseCertificate(der)
}

// checkCanIssue refuses to issue from a CA that is not valid now.
func (ca *CA) checkCanIssue(profile Profile) error {
	if profile < ProfileServer || profile > ProfileKEM {
		return fmt.Errorf("x509ext: unknown profile %d", int(profile))
	}
	return ca.checkValidNow()
}

// checkValidNow checks the validity period of the CA and of every CA above it.
func (ca *CA) checkValidNow() error {
	now := ca.now()
	for _, c := range append([]*x509.Certificate{ca.Certificate}, ca.Chain...) {
		if now.Before(c.NotBefore) {
			return fmt.Errorf("x509ext: issuer %q is not valid yet (valid from %s, now %s)", c.Subject, c.NotBefore.Format(time.RFC3339), now.Format(time.RFC3339))
		}
		if now.After(c.NotAfter) {
			return fmt.Errorf("x509ext: issuer %q has expired (valid until %s, now %s)", c.Subject, c.NotAfter.Format(time.RFC3339), now.Format(time.RFC3339))
		}
	}
	return nil
}

func (ca *CA) setValidity(tmpl *x509.Certificate, notBefore time.Time, validity, def time.Duration) {
	if notBefore.IsZero() {
		notBefore = ca.now().Add(-clockSkew)
	}
	if validity == 0 {
		validity = def
	}
	tmpl.NotBefore, tmpl.NotAfter = notBefore, notBefore.Add(validity)
}

// clampValidity keeps a certificate from outliving its issuer.
func (ca *CA) clampValidity(tmpl *x509.Certificate) {
	if tmpl.NotAfter.After(ca.Certificate.NotAfter) {
		tmpl.NotAfter = ca.Certificate.NotAfter
	}
}

func (ca *CA) chainWithSelf() []*x509.Certificate {
	return append([]*x509.Certificate{ca.Certificate}, ca.Chain...)
}

func (ca *CA) now() time.Time {
	if ca.Clock != nil {
		return ca.Clock()
	}
	return time.Now()
}

func (ca *CA) rand() io.Reader {
	if ca.Rand != nil {
		return ca.Rand
	}
	return rand.Reader
}

// randomSerial returns a positive serial number of at most 20 octets
// (RFC 5280 Section 4.1.2.2) with 159 random bits.
func randomSerial(r io.Reader) (*big.Int, error) {
	var b [20]byte
	// Retried only if all 159 random bits are zero, which does not happen
	// with a working source; the loop depends on public output only.
	for {
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return nil, fmt.Errorf("x509ext: reading serial number: %w", err)
		}
		b[0] &= 0x7f
		if n := new(big.Int).SetBytes(b[:]); n.Sign() > 0 {
			return n, nil
		}
	}
}

// subjectKeyID is the leftmost 160 bits of SHA-256 of the subjectPublicKey
// BIT STRING contents (RFC 7093 Section 2, method 1), as crypto/x509 does.
func subjectKeyID(pub any) ([]byte, error) {
	der, err := MarshalPKIXPublicKey(pub)
	if err != nil {
		return nil, err
	}
	return keyIdentifierOfSPKI(der)
}
