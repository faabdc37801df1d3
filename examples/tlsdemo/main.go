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
// level (-level), the burst size (-n) and mutual TLS (-mtls).
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
	serve   string
	out     string
	connect string
	ca      string
	group   string
	level   int
	n       int
	mtls    bool
	// mtlsSet records that -mtls was given on the command line: -connect then
	// insists on a client certificate instead of presenting one only if
	// -serve's files are there.
	mtlsSet bool
}

func main() {
	var o options
	flag.StringVar(&o.serve, "serve", "", "stay up as a TLS 1.3 server on `ADDR` (e.g. 127.0.0.1:8443) until Ctrl-C")
	flag.StringVar(&o.out, "out", "tlsdemo-pki", "with -serve: write the CA and leaf certificates and the client key here (`DIR`); with -connect -mtls: read the client certificate and key from here")
	flag.StringVar(&o.connect, "connect", "", "act as a TLS 1.3 client to `ADDR` (any TLS 1.3 peer)")
	flag.StringVar(&o.ca, "ca", "", "with -connect: PEM `FILE` of the root certificate(s) to trust")
	flag.StringVar(&o.group, "group", "X25519MLKEM768", "key-exchange group: X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024 or MLKEM1024")
	flag.IntVar(&o.level, "level", 65, "ML-DSA level of the server leaf: 44, 65 or 87")
	flag.IntVar(&o.n, "n", 200, "handshakes in the timed burst (0 skips it)")
	flag.BoolVar(&o.mtls, "mtls", true, "mutual TLS: the server requires a client certificate")
	flag.Parse()
	flag.Visit(func(f *flag.Flag) { o.mtlsSet = o.mtlsSet || f.Name == "mtls" })

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tlsdemo:", err)
		os.Exit(1)
	}
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
	if o.n < 0 || o.n > 100000 {
		return fmt.Errorf("-n %d: the burst size must be between 0 and 100000", o.n)
	}
	switch {
	case o.serve != "" && o.connect != "":
		return errors.New("-serve and -connect are exclusive: run one process for each side")
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
