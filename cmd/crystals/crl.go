package main

import (
	"crypto/x509"
	"fmt"
	"math/big"
	"time"

	"github.com/spf13/cobra"

	"github.com/crystals-go/crystals/x509ext"
)

func newCRLCmd(e *env) *cobra.Command {
	cmd := group("crl", "Publish certificate revocation lists",
		`  crystals crl create --dir ca --out ca.crl`,
		newCRLCreateCmd(e))
	cmd.Long = "Publish certificate revocation lists.\n\n" + caDirHelp
	return cmd
}

func newCRLCreateCmd(e *env) *cobra.Command {
	var dir, passwordFile, nextUpdate, out string
	var force bool
	cmd := &cobra.Command{
		Use:   "create --dir DIR --out FILE",
		Short: "Issue a CRL of the certificates revoked in a CA's index",
		Long: `Issue a CRL (RFC 5280, PEM "X509 CRL") signed by the CA in DIR, listing every certificate
its index.txt marks revoked that has not expired, with the next number of its crlnumber file.
openssl crl -in FILE -CAfile ca.crt -verify checks it.`,
		Example: `  crystals crl create --dir ca --out ca.crl
  crystals crl create --dir ca --next-update 24h --out ca.crl --force`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if dir == "" || out == "" {
				return usagef("crl create needs --dir DIR and --out FILE")
			}
			next, err := parseDuration("next-update", nextUpdate)
			if err != nil {
				return err
			}
			entries, err := readIndex(dir)
			if err != nil {
				return err
			}
			ca, err := e.loadCADir(dir, passwordFile)
			if err != nil {
				return err
			}
			var revoked []x509.RevocationListEntry
			now := time.Now()
			for _, ie := range entries {
				if !ie.revoked || ie.notAfter.Before(now) {
					continue
				}
				serial, _ := new(big.Int).SetString(ie.serial, 16)
				revoked = append(revoked, x509.RevocationListEntry{SerialNumber: serial, RevocationTime: ie.revokedAt, ReasonCode: reasonCodes[ie.reason]})
			}
			number, err := nextCRLNumber(dir)
			if err != nil {
				return err
			}
			crl, err := ca.IssueCRL(revoked, number, next)
			if err != nil {
				return fmt.Errorf("issuing the CRL: %s", trimLib(err))
			}
			if err := e.writeOutput(out, x509ext.EncodePEM("X509 CRL", crl.Raw), force, false); err != nil {
				return err
			}
			fmt.Fprintf(e.stderr, "issued CRL number %d with %d revoked certificates\n", number, len(revoked))
			return nil
		},
	}
	cmd.Flags().StringVar(&dir, "dir", "", "the CA `DIR`ectory")
	addPasswordFlag(cmd, &passwordFile, "the CA key")
	cmd.Flags().StringVar(&nextUpdate, "next-update", "7d", "the CRL is valid for `DURATION`")
	cmd.Flags().StringVar(&out, "out", "", "write the CRL to `FILE`")
	cmd.Flags().BoolVar(&force, "force", false, "replace an existing output file")
	return cmd
}
