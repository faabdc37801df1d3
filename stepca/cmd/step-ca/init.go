package main

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"

	"github.com/urfave/cli"

	"github.com/crystals-go/crystals/stepca/cainit"
)

// initCommand is "step-ca init": cainit.Init from the command line.
func initCommand() cli.Command {
	return cli.Command{
		Name:      "init",
		Usage:     "create an ML-DSA-87 root, an ML-DSA-65 intermediate and a ca.json using the crystals KMS",
		UsageText: "step-ca init --dir=<dir> --password-file=<file> [--name=<name>] [--address=<addr>] [--dns=<name>...] [--provisioner=<name>]",
		Flags: []cli.Flag{
			cli.StringFlag{Name: "dir", Usage: "directory to create the CA in (certs/, secrets/, config/, db/)"},
			cli.StringFlag{Name: "password-file", Usage: "file whose first line encrypts the keys and the provisioner key"},
			cli.StringFlag{Name: "name", Value: "Crystals", Usage: "prefix of the CA certificates' common names"},
			cli.StringFlag{Name: "address", Value: ":9000", Usage: "address step-ca listens on (host:port; port 0 lets the kernel choose)"},
			cli.StringSliceFlag{Name: "dns", Usage: "DNS name or IP of the CA (repeatable); default localhost and 127.0.0.1"},
			cli.StringFlag{Name: "provisioner", Value: "admin", Usage: "name of the JWK provisioner"},
		},
		Action: func(c *cli.Context) error {
			if c.String("dir") == "" || c.String("password-file") == "" {
				return errors.New("init: --dir and --password-file are required")
			}
			password, err := os.ReadFile(c.String("password-file"))
			if err != nil {
				return fmt.Errorf("init: %w", err)
			}
			if i := bytes.IndexAny(password, "\r\n"); i >= 0 {
				password = password[:i]
			}
			res, err := cainit.Init(cainit.Options{
				Dir:         c.String("dir"),
				Name:        c.String("name"),
				Address:     c.String("address"),
				DNSNames:    c.StringSlice("dns"),
				Provisioner: c.String("provisioner"),
				Password:    password,
			})
			if err != nil {
				return err
			}
			fmt.Fprintf(c.App.Writer, "root (ML-DSA-87):         %s\nintermediate (ML-DSA-65): %s\nintermediate key:         %s\nconfiguration:            %s\n",
				res.RootCert, res.IntermediateCert, res.IntermediateKey, res.Config)
			fmt.Fprintf(c.App.Writer, "root fingerprint:         %s\nprovisioner:              %s (JWK, key encrypted under the password)\n",
				res.RootFingerprint, res.Provisioner.Name)
			fmt.Fprintf(c.App.Writer, "clients bootstrap with:   step ca bootstrap --ca-url https://%s --fingerprint %s\n",
				bootstrapHost(c.String("address"), c.StringSlice("dns")), res.RootFingerprint)
			return nil
		},
	}
}

// bootstrapHost is the host:port clients reach the CA at: the first --dns
// name (localhost by default), which the CA's TLS certificate holds, and the
// port of the listen address.
func bootstrapHost(address string, dnsNames []string) string {
	host := "localhost"
	if len(dnsNames) > 0 {
		host = dnsNames[0]
	}
	_, port, err := net.SplitHostPort(address)
	if err != nil {
		return address
	}
	return net.JoinHostPort(host, port)
}
