// Command tlsdemo shows crystals end to end: it builds a post-quantum PKI
// (ML-DSA-87 root, ML-DSA-65 intermediate, ML-DSA leaves), runs a TLS 1.3
// server whose private keys are crystals signers, connects a client with
// mutual TLS over the hybrid group X25519MLKEM768, and reports what was
// negotiated and verified. It then times a burst of handshakes with crystals
// keys beside the same burst with the standard library's crypto/mldsa keys.
//
// With no flags it runs the whole demonstration on 127.0.0.1 and exits.
//
//	go run ./examples/tlsdemo                          # the demonstration
//	go run ./examples/tlsdemo -serve 127.0.0.1:8443 -out pki   # stay up; write PEMs
//	go run ./examples/tlsdemo -connect 127.0.0.1:8443 -ca pki/root.pem
//
// Flags choose the key-exchange group (-group), the server leaf's ML-DSA
// level (-level), the burst size (-n), mutual TLS (-mtls) and, for -connect,
// the server name (-servername); -h lists them.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

type options struct {
	serve      string
	out        string
	connect    string
	ca         string
	serverName string
	group      string
	level      int
	n          int
	mtls       bool
	verify     string // who checks peer chains: verifyX509ext or verifyStdlib
	composite  bool
	// mtlsSet records that -mtls was given on the command line: -connect then
	// insists on a client certificate instead of presenting one only if
	// -serve's files are there.
	mtlsSet bool
	// progress receives the burst's progress line, redrawn with \r; nil
	// (output not a terminal) writes none.
	progress io.Writer
}

// usageHeader is what -h prints before the flags.
const usageHeader = `tlsdemo shows crystals end to end. With no flags it builds a post-quantum PKI
(ML-DSA-87 root, ML-DSA-65 intermediate, ML-DSA server and client leaves, an
ML-KEM-768 certificate), runs a mutual-TLS 1.3 handshake over X25519MLKEM768 on
127.0.0.1 with crystals signers, the peers' chains checked by x509ext.Verify
(-verify), prints what was negotiated and verified, times a burst of handshakes
beside the same burst with crypto/tls's chain verification and with crypto/mldsa
keys, seals a
message with crypto/hpke to the ML-KEM certificate and opens it with crystals,
and exits.

Usage:
  tlsdemo [flags]                                   the demonstration
  tlsdemo -serve 127.0.0.1:8443 -out pki [flags]    stay up as a server; write the PKI's PEM files
  tlsdemo -connect 127.0.0.1:8443 -ca pki/root.pem  act as a client (to any TLS 1.3 server)

Flags:
`

// parseFlags reads the command line (without the program name). -h prints
// the usage to stderr and returns flag.ErrHelp; positional arguments are an
// error. Errors are printed to stderr before they are returned.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("tlsdemo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usageHeader)
		fs.PrintDefaults()
	}
	fs.StringVar(&o.serve, "serve", "", "stay up as a TLS 1.3 server on `ADDR` (e.g. 127.0.0.1:8443) until Ctrl-C")
	fs.StringVar(&o.out, "out", "tlsdemo-pki", "with -serve: write the CA and leaf certificates and the client key here (`DIR`); with -connect -mtls: read the client certificate and key from here")
	fs.StringVar(&o.connect, "connect", "", "act as a TLS 1.3 client to `ADDR` (any TLS 1.3 peer)")
	fs.StringVar(&o.ca, "ca", "", "with -connect: PEM `FILE` of the root certificate(s) to trust")
	fs.StringVar(&o.serverName, "servername", "", "with -connect: the server `NAME` to send (SNI) and verify the certificate for (default: the host of -connect)")
	fs.StringVar(&o.group, "group", "X25519MLKEM768", "key-exchange group: X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024 or MLKEM1024")
	fs.IntVar(&o.level, "level", 65, "ML-DSA level of the server leaf: 44, 65 or 87")
	fs.IntVar(&o.n, "n", 200, "handshakes in the timed burst (0 skips it)")
	fs.BoolVar(&o.mtls, "mtls", true, "mutual TLS: the server requires a client certificate")
	fs.StringVar(&o.verify, "verify", verifyX509ext, "who checks peer certificate chains: x509ext (x509ext.Verify, crystals' ML-DSA verifier) or stdlib (crypto/tls's own)")
	fs.BoolVar(&o.composite, "composite", false, "also build a composite PKI (MLDSA87-ECDSA-P384 root, MLDSA65-ECDSA-P256 intermediate and server) and verify its chain with x509ext; TLS has no composite schemes, so the handshake stays ML-DSA")
	if err := fs.Parse(args); err != nil {
		return options{}, err
	}
	if fs.NArg() > 0 {
		err := fmt.Errorf("unexpected argument %q: tlsdemo takes only flags (see -h)", fs.Arg(0))
		fmt.Fprintln(stderr, err)
		return options{}, err
	}
	fs.Visit(func(f *flag.Flag) { o.mtlsSet = o.mtlsSet || f.Name == "mtls" })
	return o, nil
}

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		os.Exit(2) // parseFlags has printed the error
	}
	if isTerminal(os.Stderr) {
		o.progress = os.Stderr
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tlsdemo:", err)
		os.Exit(1)
	}
}

// isTerminal reports whether f is a character device (a terminal), where a
// progress line redrawn with \r makes sense; redirected to a file or pipe it
// would only fill it with carriage returns.
func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func run(ctx context.Context, o options, w io.Writer) error {
	group, err := groupByName(o.group)
	if err != nil {
		return err
	}
	params, err := levelParams(o.level)
	if err != nil {
		return err
	}
	if err := checkVerifier(o.verify); err != nil {
		return err
	}
	if o.n < 0 || o.n > 100000 {
		return fmt.Errorf("-n %d: the burst size must be between 0 and 100000", o.n)
	}
	switch {
	case o.serve != "" && o.connect != "":
		return errors.New("-serve and -connect are exclusive: run one process for each side")
	case o.composite && (o.serve != "" || o.connect != ""):
		return errors.New("-composite goes with the demo run only (no -serve or -connect): TLS has no composite signature schemes")
	case o.serve != "":
		return serve(ctx, o, group, params, w)
	case o.connect != "":
		if o.ca == "" {
			return errors.New("-connect needs -ca FILE: the root certificate to verify the server with")
		}
		return connect(ctx, o, group, w)
	}
	return demo(ctx, o, group, params, w)
}
