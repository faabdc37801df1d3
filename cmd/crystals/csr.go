package main

import (
	"crypto"
	"crypto/rand"
	"crypto/x509"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/crystals-go/crystals/x509ext"
)

func newCSRCmd(e *env) *cobra.Command {
	return group("csr", "Create certificate signing requests",
		`  crystals csr create --key key.pem --subject "CN=example.com" --dns example.com --out req.csr`,
		newCSRCreateCmd(e))
}

// addSANFlags registers the subject-alternative-name flags.
func addSANFlags(cmd *cobra.Command, f *sanFlags, what string) {
	cmd.Flags().StringSliceVar(&f.dns, "dns", nil, what+" DNS `NAME`s (repeat or comma-separate)")
	cmd.Flags().StringSliceVar(&f.ips, "ip", nil, what+" IP `ADDRESS`es")
	cmd.Flags().StringSliceVar(&f.emails, "email", nil, what+" e-mail `ADDRESS`es")
	cmd.Flags().StringSliceVar(&f.uris, "uri", nil, what+" `URI`s")
}

func newCSRCreateCmd(e *env) *cobra.Command {
	var keyFile, passwordFile, subject, out string
	var force bool
	var san sanFlags
	cmd := &cobra.Command{
		Use:   "create --key FILE --subject DN --out FILE",
		Short: "Create a PKCS#10 certificate signing request",
		Long: `Create a PKCS#10 certificate signing request signed by a signing key (ML-DSA, or a
classical key), written as PEM. The subject is "CN=...,O=..." or OpenSSL's "/CN=.../O=...".
A KEM key cannot sign: request a KEM certificate with a CSR of your signing key and give
the KEM public key to "ca issue --profile kem --kem-key".`,
		Example: `  crystals csr create --key key.pem --subject "CN=example.com,O=Example" --dns example.com --out req.csr
  crystals csr create --key client.pem --subject /CN=alice --email alice@example.com --out alice.csr`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if keyFile == "" || out == "" || subject == "" {
				return usagef("csr create needs --key FILE, --subject DN and --out FILE")
			}
			name, err := parseSubject(subject)
			if err != nil {
				return err
			}
			ips, uris, err := san.parse()
			if err != nil {
				return err
			}
			lk, err := e.loadPrivateKey(keyFile, passwordFile)
			if err != nil {
				return err
			}
			key, ok := lk.key.(crypto.Signer)
			if !ok {
				return fmt.Errorf("%s holds a %s key, which cannot sign a CSR", keyFile, keyName(lk))
			}
			tmpl := &x509.CertificateRequest{Subject: name, DNSNames: san.dns, IPAddresses: ips, EmailAddresses: san.emails, URIs: uris}
			der, err := x509ext.CreateCSR(rand.Reader, tmpl, key)
			if err != nil {
				return fmt.Errorf("creating the CSR: %s", trimLib(err))
			}
			return e.writeOutput(out, x509ext.EncodePEM("CERTIFICATE REQUEST", der), force, false)
		},
	}
	cmd.Flags().StringVar(&keyFile, "key", "", "signing key `FILE`")
	addPasswordFlag(cmd, &passwordFile, "an encrypted key")
	cmd.Flags().StringVar(&subject, "subject", "", "subject distinguished name `DN`")
	cmd.Flags().StringVar(&out, "out", "", "write the CSR to `FILE`")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing output file")
	addSANFlags(cmd, &san, "request")
	return cmd
}

// keyName names a loaded key's algorithm for messages.
func keyName(lk *loadedKey) string {
	if name, _, ok := compositeKeyName(lk.key); ok {
		return name
	}
	if lk.info != nil {
		return lk.info.Algorithm.String()
	}
	return fmt.Sprintf("%T", lk.key)
}

// loadCSR reads and verifies a certificate request (PEM or DER).
func (e *env) loadCSR(path string) (*x509.CertificateRequest, error) {
	b, err := e.readBlock(path)
	if err != nil {
		return nil, err
	}
	if b.typ != "" && b.typ != "CERTIFICATE REQUEST" && b.typ != "NEW CERTIFICATE REQUEST" {
		return nil, fmt.Errorf("%s holds a %q PEM block, not a CERTIFICATE REQUEST", path, b.typ)
	}
	csr, err := x509.ParseCertificateRequest(b.der)
	if err != nil {
		return nil, fmt.Errorf("%s: not a valid CSR: %s", path, trimLib(err))
	}
	if err := x509ext.VerifyCSR(csr); err != nil {
		return nil, fmt.Errorf("%s: the CSR's signature does not verify: %s", path, trimLib(err))
	}
	return csr, nil
}
