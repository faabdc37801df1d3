package main

import (
	"crypto"
	"crypto/x509"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/crystals-go/crystals/x509ext"
)

func newCACmd(e *env) *cobra.Command {
	cmd := group("ca", "Run a small file-based certificate authority",
		`  crystals ca init --dir root --name "Example Root CA"
  crystals ca init --dir issuing --parent root --name "Example Issuing CA"
  crystals ca issue --dir issuing --csr req.csr --profile server --out server.crt
  crystals ca revoke --dir issuing --cert server.crt --reason keyCompromise`,
		newCAInitCmd(e), newCAIssueCmd(e), newCARevokeCmd(e))
	cmd.Long = "Run a small file-based certificate authority.\n\n" + caDirHelp
	return cmd
}

func newCAInitCmd(e *env) *cobra.Command {
	var dir, parent, parentPassword, name, subject, alg, validity string
	var pathLen int
	var permitted, excluded []string
	var enc encryptFlags
	cmd := &cobra.Command{
		Use:   "init --dir DIR --name NAME",
		Short: "Create a root CA, or an intermediate CA under another CA directory",
		Long: `Create a CA directory: a new key, its CA certificate, an empty index and CRL number 1.
Without --parent it is a self-signed root (default ML-DSA-87, 10 years); with --parent DIR
it is an intermediate issued by that CA (default ML-DSA-65, 5 years, never beyond its
issuer). --path-len limits the CAs below it (0: it issues only end entities). A composite
--alg (draft-ietf-lamps-pq-composite-sigs, e.g. MLDSA87-ECDSA-P384-SHA512 for a root and
MLDSA65-ECDSA-P256-SHA512 below it) makes a composite CA, whose certificates and CRLs
crystals builds and verifies.

` + caDirHelp,
		Example: `  crystals ca init --dir root --name "Example Root CA"
  crystals ca init --dir issuing --parent root --name "Example Issuing CA" --path-len 0
  crystals ca init --dir root --subject "CN=Root,O=Example" --alg ML-DSA-65 --password-file pw.txt
  crystals ca init --dir corp --name "Corp CA" --permit-dns example.com
  crystals ca init --dir croot --name "Composite Root" --alg MLDSA87-ECDSA-P384-SHA512`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if dir == "" {
				return usagef("ca init needs --dir DIR")
			}
			dn := subject
			switch {
			case name != "" && subject != "":
				return usagef("give --name or --subject, not both")
			case name != "":
				dn = "CN=" + strings.ReplaceAll(name, ",", `\,`)
			case subject == "":
				return usagef("ca init needs --name NAME or --subject DN")
			}
			subj, err := parseSubject(dn)
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("alg") && parent != "" {
				alg = "ML-DSA-65"
			}
			a, err := lookupKeyAlgorithm(alg)
			if err != nil {
				return err
			}
			if a.kind != kindSignature {
				return usagef("a CA needs a signature algorithm, not %s", a.name)
			}
			life, err := parseDuration("validity", validity)
			if err != nil {
				return err
			}
			opts := &x509ext.CAOptions{Validity: life, PermittedDNSDomains: permitted, ExcludedDNSDomains: excluded, MaxPathLen: -1}
			if cmd.Flags().Changed("path-len") {
				if pathLen < 0 {
					return usagef("--path-len must be 0 or more")
				}
				opts.MaxPathLen, opts.MaxPathLenSet = pathLen, true
			}
			if _, err := os.Stat(filepath.Join(dir, caCertFile)); err == nil {
				return fmt.Errorf("%s already holds a CA (%s)", dir, caCertFile)
			}
			var issuer *x509ext.CA
			if parent != "" {
				if issuer, err = e.loadCADir(parent, parentPassword); err != nil {
					return err
				}
			}
			var pw []byte
			if enc.wanted() {
				if pw, err = e.password(enc.passwordFile, "the new CA key", true); err != nil {
					return err
				}
			}
			key, err := a.generate()
			if err != nil {
				return fmt.Errorf("generating the CA key: %w", err)
			}
			var ca *x509ext.CA
			if issuer == nil {
				ca, err = x509ext.NewRootCA(subj, key.(crypto.Signer), opts)
			} else {
				ca, err = issuer.NewIntermediate(subj, key.(crypto.Signer), opts)
			}
			if err != nil {
				return fmt.Errorf("creating the CA: %s", trimLib(err))
			}
			keyPEM, err := marshalPrivateKey(key, pw, nil)
			if err != nil {
				return err
			}
			if err := os.MkdirAll(dir, 0o700); err != nil {
				return fmt.Errorf("creating %s: %w", dir, unwrapPath(err))
			}
			files := []caFile{
				{caKeyFile, keyPEM, true},
				{caCertFile, x509ext.EncodePEM("CERTIFICATE", ca.Certificate.Raw), false},
				{caIndexFile, nil, false},
				{caCRLNumber, []byte("1\n"), false},
			}
			if len(ca.Chain) > 0 {
				files = append(files, caFile{caChainFile, pemCertificates(ca.Chain), false})
			}
			for _, f := range files {
				if err := e.writeOutput(filepath.Join(dir, f.name), f.data, false, f.private); err != nil {
					return err
				}
			}
			if issuer != nil {
				if err := recordIssued(parent, ca.Certificate); err != nil {
					return err
				}
			}
			fmt.Fprintf(e.stderr, "created %s CA %q in %s (%s, valid until %s)\n", kindOfCA(issuer), ca.Certificate.Subject, dir, a.name, ca.Certificate.NotAfter.UTC().Format(time.RFC3339))
			return nil
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "", "the new CA `DIR`ectory")
	cmd.Flags().StringVar(&parent, "parent", "", "issue an intermediate from the CA in `DIR`")
	cmd.Flags().StringVar(&parentPassword, "parent-password-file", "", "password of the parent CA's key, first line of `FILE`")
	cmd.Flags().StringVar(&name, "name", "", "the CA's common `NAME`")
	cmd.Flags().StringVar(&subject, "subject", "", "the CA's full subject `DN` (instead of --name)")
	cmd.Flags().StringVar(&alg, "alg", "ML-DSA-87", "key `ALGORITHM` (ML-DSA-44, ML-DSA-65, ML-DSA-87, or a composite signature such as MLDSA87-ECDSA-P384-SHA512); ML-DSA-65 by default with --parent")
	cmd.Flags().StringVar(&validity, "validity", "", "lifetime `DURATION` such as 10y, 365d or 8760h")
	cmd.Flags().IntVar(&pathLen, "path-len", -1, "at most `N` CAs below this one")
	cmd.Flags().StringSliceVar(&permitted, "permit-dns", nil, "name constraint: permitted DNS `DOMAIN`s")
	cmd.Flags().StringSliceVar(&excluded, "exclude-dns", nil, "name constraint: excluded DNS `DOMAIN`s")
	enc.add(cmd, "password-file", "the CA key")
	return cmd
}

// caFile is one file ca init writes into a new CA directory.
type caFile struct {
	name    string
	data    []byte
	private bool
}

func kindOfCA(issuer *x509ext.CA) string {
	if issuer == nil {
		return "root"
	}
	return "intermediate"
}

func pemCertificates(certs []*x509.Certificate) []byte {
	var out []byte
	for _, c := range certs {
		out = append(out, x509ext.EncodePEM("CERTIFICATE", c.Raw)...)
	}
	return out
}

// recordIssued adds a certificate the CA in dir issued to its index.
func recordIssued(dir string, cert *x509.Certificate) error {
	entries, err := readIndex(dir)
	if err != nil {
		return err
	}
	entries = append(entries, indexEntry{notAfter: cert.NotAfter, serial: fmt.Sprintf("%X", cert.SerialNumber), subject: cert.Subject.String()})
	return writeIndex(dir, entries)
}

var profiles = map[string]x509ext.Profile{
	"server": x509ext.ProfileServer, "client": x509ext.ProfileClient,
	"ca": x509ext.ProfileCA, "kem": x509ext.ProfileKEM,
}

func newCAIssueCmd(e *env) *cobra.Command {
	var dir, passwordFile, csrFile, profile, validity, kemKey, out string
	var pathLen int
	var force, withChain bool
	var san sanFlags
	cmd := &cobra.Command{
		Use:   "issue --dir DIR --csr FILE --profile PROFILE --out FILE",
		Short: "Issue a certificate for a CSR",
		Long: `Verify a CSR and issue a certificate for it under a profile:
  server  TLS server: digitalSignature, serverAuth; needs a DNS name or IP address
  client  TLS client: digitalSignature, clientAuth
  ca      subordinate CA: keyCertSign, cRLSign (--path-len limits it further)
  kem     ML-KEM, X-Wing or composite KEM key (--kem-key FILE): keyEncipherment only. A
          KEM key cannot sign a CSR, so the CSR is signed by the requester's signature
          key and vouches for the names; check that the requester holds the KEM key
          before you issue.
The subject is copied from the CSR; so are its names, unless --dns/--ip/--email/--uri
replace them. The CA's name constraints are enforced. The certificate is recorded in
the CA's index.txt (for ca revoke and crl create).`,
		Example: `  crystals ca issue --dir ca --csr req.csr --profile server --out server.crt
  crystals ca issue --dir ca --csr req.csr --profile server --dns www.example.com --validity 30d --out www.crt
  crystals ca issue --dir ca --csr alice.csr --profile client --out alice.crt --chain
  crystals ca issue --dir ca --csr req.csr --profile kem --kem-key kem.pub --out kem.crt`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if dir == "" || csrFile == "" || out == "" {
				return usagef("ca issue needs --dir DIR, --csr FILE and --out FILE")
			}
			prof, ok := profiles[strings.ToLower(profile)]
			if !ok {
				return usagef("unknown profile %q: choose server, client, ca or kem", profile)
			}
			life, err := parseDuration("validity", validity)
			if err != nil {
				return err
			}
			ips, uris, err := san.parse()
			if err != nil {
				return err
			}
			opts := &x509ext.IssueOptions{Validity: life}
			if cmd.Flags().Changed("path-len") {
				opts.MaxPathLen, opts.MaxPathLenSet = pathLen, true
			}
			csr, err := e.loadCSR(csrFile)
			if err != nil {
				return err
			}
			if prof == x509ext.ProfileKEM {
				if kemKey == "" {
					return usagef("--profile kem needs --kem-key FILE, the ML-KEM or X-Wing public key to certify")
				}
				if opts.PublicKey, err = e.loadPublicKey(kemKey, ""); err != nil {
					return err
				}
			} else if kemKey != "" {
				return usagef("--kem-key is only for --profile kem")
			}
			if san.set() {
				// The CA decides the names: the CSR's signature covers the
				// request as sent, and only the parsed copy changes.
				csr.DNSNames, csr.IPAddresses, csr.EmailAddresses, csr.URIs = san.dns, ips, san.emails, uris
			}
			ca, err := e.loadCADir(dir, passwordFile)
			if err != nil {
				return err
			}
			cert, err := ca.IssueFromCSR(csr, prof, opts)
			if err != nil {
				return fmt.Errorf("issuing: %s", trimLib(err))
			}
			data := x509ext.EncodePEM("CERTIFICATE", cert.Raw)
			if withChain {
				data = append(data, pemCertificates(append([]*x509.Certificate{ca.Certificate}, ca.Chain...))...)
			}
			if err := e.writeOutput(out, data, force, false); err != nil {
				return err
			}
			if err := recordIssued(dir, cert); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "issued %s certificate %X for %q, valid until %s\n", profile, cert.SerialNumber, cert.Subject, cert.NotAfter.UTC().Format(time.RFC3339))
			return nil
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "", "the issuing CA's `DIR`ectory")
	addPasswordFlag(cmd, &passwordFile, "the CA key")
	cmd.Flags().StringVar(&csrFile, "csr", "", "the certificate request `FILE`")
	cmd.Flags().StringVar(&profile, "profile", "server", "`PROFILE`: server, client, ca or kem")
	cmd.Flags().StringVar(&validity, "validity", "", "lifetime `DURATION` (default 90d, 5y for a CA)")
	cmd.Flags().StringVar(&kemKey, "kem-key", "", "for --profile kem: the KEM public key `FILE` (PUBLIC KEY or private key)")
	cmd.Flags().IntVar(&pathLen, "path-len", -1, "for --profile ca: at most `N` CAs below it")
	cmd.Flags().StringVar(&out, "out", "", "write the certificate to `FILE`")
	cmd.Flags().BoolVar(&withChain, "chain", false, "append the CA certificates, for a server's chain file")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing output file")
	addSANFlags(cmd, &san, "certify these (instead of the CSR's)")
	return cmd
}

func newCARevokeCmd(e *env) *cobra.Command {
	var dir, certFile, reason string
	cmd := &cobra.Command{
		Use:   "revoke --dir DIR (SERIAL | --cert FILE)",
		Short: "Mark a certificate revoked in the CA's index",
		Long: `Mark a certificate that this CA issued as revoked in its index.txt, with a reason
(RFC 5280: unspecified, keyCompromise, cACompromise, affiliationChanged, superseded,
cessationOfOperation, certificateHold, privilegeWithdrawn). The next "crl create" lists it.`,
		Example: `  crystals ca revoke --dir ca --cert server.crt --reason keyCompromise
  crystals ca revoke --dir ca 4F2A9C0D11E3`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if dir == "" {
				return usagef("ca revoke needs --dir DIR")
			}
			if _, ok := reasonCodes[reason]; !ok {
				return usagef("unknown revocation reason %q", reason)
			}
			var serial *big.Int
			switch {
			case len(args) == 1 && certFile == "":
				var ok bool
				if serial, ok = new(big.Int).SetString(strings.TrimPrefix(strings.ReplaceAll(args[0], ":", ""), "0x"), 16); !ok {
					return usagef("%q is not a hexadecimal serial number", args[0])
				}
			case len(args) == 0 && certFile != "":
				certs, err := e.loadCertificates(certFile)
				if err != nil {
					return err
				}
				serial = certs[0].SerialNumber
			default:
				return usagef("ca revoke takes a serial number or --cert FILE")
			}
			entries, err := readIndex(dir)
			if err != nil {
				return err
			}
			want := fmt.Sprintf("%X", serial)
			for i := range entries {
				if entries[i].serial != want {
					continue
				}
				if entries[i].revoked {
					return fmt.Errorf("certificate %s is already revoked (%s)", want, entries[i].reason)
				}
				entries[i].revoked, entries[i].revokedAt, entries[i].reason = true, time.Now().UTC().Truncate(time.Second), reason
				if err := writeIndex(dir, entries); err != nil {
					return err
				}
				fmt.Fprintf(e.stderr, "revoked %s (%s); run crystals crl create to publish it\n", want, reason)
				return nil
			}
			return fmt.Errorf("the CA in %s has not issued a certificate with serial %s", dir, want)
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "", "the CA `DIR`ectory")
	cmd.Flags().StringVar(&certFile, "cert", "", "the certificate `FILE` to revoke")
	cmd.Flags().StringVar(&reason, "reason", "unspecified", "revocation `REASON`")
	return cmd
}
