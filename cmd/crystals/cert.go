package main

import (
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/crystals-go/crystals/x509ext"
)

func newCertCmd(e *env) *cobra.Command {
	return group("cert", "Inspect and verify certificates",
		`  crystals cert inspect server.crt
  crystals cert inspect server.crt --json
  crystals cert verify server.crt --roots root.crt --intermediates chain.crt --dns example.com`,
		newCertInspectCmd(e), newCertVerifyCmd(e))
}

// loadCertificates reads every certificate of a PEM file, or one DER
// certificate.
func (e *env) loadCertificates(path string) ([]*x509.Certificate, error) {
	blocks, err := e.readBlocks(path)
	if err != nil {
		return nil, err
	}
	var certs []*x509.Certificate
	for _, b := range blocks {
		if b.typ != "" && b.typ != "CERTIFICATE" {
			return nil, fmt.Errorf("%s holds a %q PEM block, not a CERTIFICATE", path, b.typ)
		}
		c, err := x509.ParseCertificate(b.der)
		if err != nil {
			return nil, fmt.Errorf("%s: not a valid certificate: %s", path, trimLib(err))
		}
		certs = append(certs, c)
	}
	return certs, nil
}

// certJSON is the --json form of cert inspect.
type certJSON struct {
	Subject            string    `json:"subject"`
	Issuer             string    `json:"issuer"`
	Serial             string    `json:"serial"`
	NotBefore          time.Time `json:"notBefore"`
	NotAfter           time.Time `json:"notAfter"`
	SignatureAlgorithm string    `json:"signatureAlgorithm"`
	PublicKeyAlgorithm string    `json:"publicKeyAlgorithm"`
	PublicKeySize      int       `json:"publicKeySize,omitempty"`
	PublicKeySHA256    string    `json:"publicKeySHA256,omitempty"`
	IsCA               bool      `json:"isCA"`
	MaxPathLen         *int      `json:"maxPathLen,omitempty"`
	KeyUsage           []string  `json:"keyUsage"`
	ExtKeyUsage        []string  `json:"extKeyUsage"`
	DNSNames           []string  `json:"dnsNames"`
	IPAddresses        []string  `json:"ipAddresses"`
	EmailAddresses     []string  `json:"emailAddresses"`
	URIs               []string  `json:"uris"`
	PermittedDNS       []string  `json:"permittedDNSDomains,omitempty"`
	ExcludedDNS        []string  `json:"excludedDNSDomains,omitempty"`
	SubjectKeyID       string    `json:"subjectKeyId,omitempty"`
	AuthorityKeyID     string    `json:"authorityKeyId,omitempty"`
	SignatureSize      int       `json:"signatureSize"`
	SHA256             string    `json:"sha256"`
}

var keyUsageNames = []struct {
	bit  x509.KeyUsage
	name string
}{
	{x509.KeyUsageDigitalSignature, "digitalSignature"}, {x509.KeyUsageContentCommitment, "contentCommitment"},
	{x509.KeyUsageKeyEncipherment, "keyEncipherment"}, {x509.KeyUsageDataEncipherment, "dataEncipherment"},
	{x509.KeyUsageKeyAgreement, "keyAgreement"}, {x509.KeyUsageCertSign, "keyCertSign"},
	{x509.KeyUsageCRLSign, "cRLSign"}, {x509.KeyUsageEncipherOnly, "encipherOnly"}, {x509.KeyUsageDecipherOnly, "decipherOnly"},
}

var extKeyUsageNames = map[x509.ExtKeyUsage]string{
	x509.ExtKeyUsageAny: "any", x509.ExtKeyUsageServerAuth: "serverAuth", x509.ExtKeyUsageClientAuth: "clientAuth",
	x509.ExtKeyUsageCodeSigning: "codeSigning", x509.ExtKeyUsageEmailProtection: "emailProtection",
	x509.ExtKeyUsageTimeStamping: "timeStamping", x509.ExtKeyUsageOCSPSigning: "OCSPSigning",
}

func describe(c *x509.Certificate) certJSON {
	sum := sha256.Sum256(c.Raw)
	j := certJSON{
		Subject: c.Subject.String(), Issuer: c.Issuer.String(), Serial: fmt.Sprintf("%X", c.SerialNumber),
		NotBefore: c.NotBefore.UTC(), NotAfter: c.NotAfter.UTC(),
		SignatureAlgorithm: x509ext.SignatureAlgorithmName(c), PublicKeyAlgorithm: c.PublicKeyAlgorithm.String(),
		IsCA: c.IsCA, KeyUsage: []string{}, ExtKeyUsage: []string{},
		DNSNames: nonNil(c.DNSNames), IPAddresses: []string{}, EmailAddresses: nonNil(c.EmailAddresses), URIs: []string{},
		PermittedDNS: c.PermittedDNSDomains, ExcludedDNS: c.ExcludedDNSDomains,
		SubjectKeyID: hex.EncodeToString(c.SubjectKeyId), AuthorityKeyID: hex.EncodeToString(c.AuthorityKeyId),
		SignatureSize: len(c.Signature), SHA256: hex.EncodeToString(sum[:]),
	}
	if info, err := x509ext.ParsePublicKeyInfo(c.RawSubjectPublicKeyInfo); err == nil {
		j.PublicKeyAlgorithm = info.Algorithm.String()
		j.PublicKeySize = len(info.PublicKey)
		j.PublicKeySHA256 = fingerprint(info.PublicKey)
	} else if pub, err := x509ext.ParsePKIXPublicKey(c.RawSubjectPublicKeyInfo); err == nil {
		if name, _, ok := compositeKeyName(pub); ok {
			raw := pub.(interface{ Bytes() []byte }).Bytes()
			j.PublicKeyAlgorithm, j.PublicKeySize, j.PublicKeySHA256 = name, len(raw), fingerprint(raw)
		}
	}
	if c.IsCA && (c.MaxPathLen > 0 || c.MaxPathLenZero) {
		n := c.MaxPathLen
		j.MaxPathLen = &n
	}
	for _, ku := range keyUsageNames {
		if c.KeyUsage&ku.bit != 0 {
			j.KeyUsage = append(j.KeyUsage, ku.name)
		}
	}
	for _, eku := range c.ExtKeyUsage {
		name, ok := extKeyUsageNames[eku]
		if !ok {
			name = fmt.Sprintf("ExtKeyUsage(%d)", int(eku))
		}
		j.ExtKeyUsage = append(j.ExtKeyUsage, name)
	}
	for _, oid := range c.UnknownExtKeyUsage {
		j.ExtKeyUsage = append(j.ExtKeyUsage, oid.String())
	}
	for _, ip := range c.IPAddresses {
		j.IPAddresses = append(j.IPAddresses, ip.String())
	}
	for _, u := range c.URIs {
		j.URIs = append(j.URIs, u.String())
	}
	return j
}

// publicKeyName names a certificate's subject-key algorithm, ML-KEM and
// X-Wing included.
func publicKeyName(c *x509.Certificate) string {
	return describe(c).PublicKeyAlgorithm
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func printCertificate(w io.Writer, j certJSON) {
	list := func(s []string) string {
		if len(s) == 0 {
			return "-"
		}
		return strings.Join(s, ", ")
	}
	fmt.Fprintf(w, "Certificate:\n")
	fmt.Fprintf(w, "    Serial Number:       %s\n", j.Serial)
	fmt.Fprintf(w, "    Signature Algorithm: %s (%d-byte signature)\n", j.SignatureAlgorithm, j.SignatureSize)
	fmt.Fprintf(w, "    Issuer:              %s\n", j.Issuer)
	fmt.Fprintf(w, "    Validity\n        Not Before:      %s\n        Not After:       %s\n", j.NotBefore.Format(time.RFC3339), j.NotAfter.Format(time.RFC3339))
	fmt.Fprintf(w, "    Subject:             %s\n", j.Subject)
	fmt.Fprintf(w, "    Subject Public Key:  %s", j.PublicKeyAlgorithm)
	if j.PublicKeySize > 0 {
		fmt.Fprintf(w, " (%d bytes, SHA-256 %s)", j.PublicKeySize, j.PublicKeySHA256)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "    Extensions\n")
	bc := "CA:FALSE"
	if j.IsCA {
		bc = "CA:TRUE"
		if j.MaxPathLen != nil {
			bc += fmt.Sprintf(", pathlen:%d", *j.MaxPathLen)
		}
	}
	fmt.Fprintf(w, "        Basic Constraints:   %s\n", bc)
	fmt.Fprintf(w, "        Key Usage:           %s\n", list(j.KeyUsage))
	fmt.Fprintf(w, "        Extended Key Usage:  %s\n", list(j.ExtKeyUsage))
	var sans []string
	for _, d := range j.DNSNames {
		sans = append(sans, "DNS:"+d)
	}
	for _, ip := range j.IPAddresses {
		sans = append(sans, "IP:"+ip)
	}
	for _, m := range j.EmailAddresses {
		sans = append(sans, "email:"+m)
	}
	for _, u := range j.URIs {
		sans = append(sans, "URI:"+u)
	}
	fmt.Fprintf(w, "        Subject Alt Names:   %s\n", list(sans))
	if len(j.PermittedDNS)+len(j.ExcludedDNS) > 0 {
		fmt.Fprintf(w, "        Name Constraints:    permitted %s; excluded %s\n", list(j.PermittedDNS), list(j.ExcludedDNS))
	}
	fmt.Fprintf(w, "        Subject Key ID:      %s\n", orDash(j.SubjectKeyID))
	fmt.Fprintf(w, "        Authority Key ID:    %s\n", orDash(j.AuthorityKeyID))
	fmt.Fprintf(w, "    SHA-256 Fingerprint: %s\n", j.SHA256)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func newCertInspectCmd(e *env) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "inspect FILE",
		Short: "Print a readable dump of certificates (like openssl x509 -text)",
		Long: `Print every certificate of a PEM file (or one DER certificate): names, validity, the
signature and subject-key algorithms (ML-KEM and X-Wing keys included), basic constraints,
key usages, subject alternative names, name constraints, key identifiers and the SHA-256
fingerprint. --json prints a JSON array of objects with the same fields.`,
		Example: `  crystals cert inspect server.crt
  crystals cert inspect chain.pem --json`,
		Args: exactArgs(1, "one certificate file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			certs, err := e.loadCertificates(args[0])
			if err != nil {
				return err
			}
			var all []certJSON
			for _, c := range certs {
				all = append(all, describe(c))
			}
			if asJSON {
				enc := json.NewEncoder(e.stdout)
				enc.SetIndent("", "  ")
				return enc.Encode(all)
			}
			for i, j := range all {
				if i > 0 {
					fmt.Fprintln(e.stdout)
				}
				printCertificate(e.stdout, j)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

var usageByName = map[string]x509.ExtKeyUsage{
	"server": x509.ExtKeyUsageServerAuth, "client": x509.ExtKeyUsageClientAuth, "any": x509.ExtKeyUsageAny,
	"codesigning": x509.ExtKeyUsageCodeSigning, "email": x509.ExtKeyUsageEmailProtection,
}

func newCertVerifyCmd(e *env) *cobra.Command {
	var roots, intermediates []string
	var dnsName, at string
	var usages, crls []string
	cmd := &cobra.Command{
		Use:   "verify FILE --roots FILE",
		Short: "Verify a certificate chain to trusted roots",
		Long: `Build a chain from the certificate in FILE (the first one; further certificates in FILE
are intermediates) to one of the --roots, through --intermediates, and check it by the
rules of crypto/x509 with crystals' ML-DSA verifier: signatures, validity at --time
(default now), basic constraints, keyCertSign, path lengths, name constraints, extended
key usages (--usage, default server) and the host name (--dns); with --crl, that the
leaf's issuer signed the CRL, that it is current, and that it does not list the leaf.
It prints the path it found and every check that passed; a failure names the check that
failed.`,
		Example: `  crystals cert verify server.crt --roots root.crt --intermediates issuing.crt --dns example.com
  crystals cert verify alice.crt --roots root.crt --usage client
  crystals cert verify server.crt --roots root.crt --time 2030-01-01
  crystals cert verify server.crt --roots root.crt --crl ca.crl`,
		Args: exactArgs(1, "one certificate file"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(roots) == 0 {
				return usagef("cert verify needs --roots FILE")
			}
			opts := x509ext.VerifyOptions{DNSName: dnsName}
			if at != "" {
				t, err := parseTime(at)
				if err != nil {
					return err
				}
				opts.CurrentTime = t
			}
			for _, u := range usages {
				eku, ok := usageByName[strings.ToLower(u)]
				if !ok {
					return usagef("unknown --usage %q: choose server, client, codesigning, email or any", u)
				}
				opts.KeyUsages = append(opts.KeyUsages, eku)
			}
			certs, err := e.loadCertificates(args[0])
			if err != nil {
				return err
			}
			opts.Intermediates = certs[1:]
			for _, f := range roots {
				c, err := e.loadCertificates(f)
				if err != nil {
					return err
				}
				opts.Roots = append(opts.Roots, c...)
			}
			for _, f := range intermediates {
				c, err := e.loadCertificates(f)
				if err != nil {
					return err
				}
				opts.Intermediates = append(opts.Intermediates, c...)
			}
			res, err := x509ext.Verify(certs[0], opts)
			if err != nil {
				return fmt.Errorf("%s does not verify: %s", args[0], trimLib(err))
			}
			for _, f := range crls {
				check, err := e.checkCRL(f, res.Chain, opts.CurrentTime)
				if err != nil {
					return fmt.Errorf("%s does not verify: %s", args[0], err)
				}
				res.Checks = append(res.Checks, check)
			}
			fmt.Fprintf(e.stdout, "%s: OK\nPath:\n", args[0])
			for i, c := range res.Chain {
				fmt.Fprintf(e.stdout, "  %d %s (%s key, signed %s, until %s)\n", i, c.Subject, publicKeyName(c), x509ext.SignatureAlgorithmName(c), c.NotAfter.UTC().Format(time.RFC3339))
			}
			fmt.Fprintf(e.stdout, "Checks passed:\n")
			for _, c := range res.Checks {
				fmt.Fprintf(e.stdout, "  ✓ %s\n", c)
			}
			return nil
		},
	}
	cmd.Flags().StringSliceVar(&roots, "roots", nil, "trusted root certificate `FILE`s")
	cmd.Flags().StringSliceVar(&intermediates, "intermediates", nil, "intermediate certificate `FILE`s")
	cmd.Flags().StringVar(&dnsName, "dns", "", "the leaf must be valid for host `NAME`")
	cmd.Flags().StringVar(&at, "time", "", "verify at `TIME` (RFC 3339 or a date) instead of now")
	cmd.Flags().StringSliceVar(&crls, "crl", nil, "check the leaf against the CRL in `FILE` (issued by the leaf's issuer)")
	cmd.Flags().StringSliceVar(&usages, "usage", nil, "acceptable extended key `USAGE`s: server (default), client, codesigning, email, any")
	return cmd
}

// checkCRL checks that the CRL in path was issued by the leaf's issuer,
// is current at now (zero: the present), and does not list the leaf; it
// returns the check as the verify report words it.
func (e *env) checkCRL(path string, chain []*x509.Certificate, now time.Time) (string, error) {
	b, err := e.readBlock(path)
	if err != nil {
		return "", err
	}
	if b.typ != "" && b.typ != "X509 CRL" {
		return "", fmt.Errorf("%s holds a %q PEM block, not an X509 CRL", path, b.typ)
	}
	crl, err := x509.ParseRevocationList(b.der)
	if err != nil {
		return "", fmt.Errorf("%s: not a valid CRL: %s", path, trimLib(err))
	}
	leaf, issuer := chain[0], chain[min(1, len(chain)-1)]
	if err := x509ext.VerifyCRL(crl, issuer); err != nil {
		return "", fmt.Errorf("CRL %s: %s", path, trimLib(err))
	}
	if now.IsZero() {
		now = time.Now()
	}
	if now.Before(crl.ThisUpdate) || (!crl.NextUpdate.IsZero() && now.After(crl.NextUpdate)) {
		return "", fmt.Errorf("CRL %s is not current (valid %s to %s)", path, crl.ThisUpdate.UTC().Format(time.RFC3339), crl.NextUpdate.UTC().Format(time.RFC3339))
	}
	for _, entry := range crl.RevokedCertificateEntries {
		if entry.SerialNumber.Cmp(leaf.SerialNumber) == 0 {
			return "", fmt.Errorf("%q (serial %X) is revoked by CRL %s since %s", leaf.Subject, leaf.SerialNumber, path, entry.RevocationTime.UTC().Format(time.RFC3339))
		}
	}
	return fmt.Sprintf("not revoked: CRL %s (number %v, by %q, until %s)", path, crl.Number, issuer.Subject, crl.NextUpdate.UTC().Format(time.RFC3339)), nil
}
