package main

import (
	"bufio"
	"context"
	"crypto"
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"net"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

func newTLSCmd(e *env) *cobra.Command {
	return group("tls", "Run a TLS 1.3 server or client with post-quantum keys",
		`  crystals tls serve --cert server.crt --key server.pem
  crystals tls connect 127.0.0.1:8443 --ca root.crt --servername example.com`,
		newTLSServeCmd(e), newTLSConnectCmd(e))
}

var tlsGroups = map[string]tls.CurveID{
	"x25519mlkem768": tls.X25519MLKEM768, "secp256r1mlkem768": tls.SecP256r1MLKEM768,
	"secp384r1mlkem1024": tls.SecP384r1MLKEM1024, "mlkem1024": tls.MLKEM1024,
}

func tlsGroup(name string) (tls.CurveID, error) {
	if id, ok := tlsGroups[normalName(name)]; ok {
		return id, nil
	}
	return 0, usagef("unknown --group %q: choose X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024 or MLKEM1024", name)
}

// loadTLSCertificate reads a certificate chain file and its private key.
func (e *env) loadTLSCertificate(certFile, keyFile, passwordFile string) (*tls.Certificate, error) {
	certs, err := e.loadCertificates(certFile)
	if err != nil {
		return nil, err
	}
	lk, err := e.loadPrivateKey(keyFile, passwordFile)
	if err != nil {
		return nil, err
	}
	key, ok := lk.key.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("%s holds a %s key, which cannot sign TLS handshakes", keyFile, keyName(lk))
	}
	pub, _ := publicOf(key)
	if !certMatches(certs[0], pub) {
		return nil, fmt.Errorf("the key in %s does not match the certificate in %s", keyFile, certFile)
	}
	c := &tls.Certificate{PrivateKey: key, Leaf: certs[0]}
	for _, cert := range certs {
		c.Certificate = append(c.Certificate, cert.Raw)
	}
	return c, nil
}

func certMatches(cert *x509.Certificate, pub any) bool {
	k, ok := pub.(interface{ Equal(crypto.PublicKey) bool })
	return ok && k.Equal(cert.PublicKey)
}

func (e *env) certPool(files []string) (*x509.CertPool, error) {
	pool := x509.NewCertPool()
	for _, f := range files {
		certs, err := e.loadCertificates(f)
		if err != nil {
			return nil, err
		}
		for _, c := range certs {
			pool.AddCert(c)
		}
	}
	return pool, nil
}

// describeConn is one line about a finished handshake.
func describeConn(st tls.ConnectionState) string {
	var peer string
	if len(st.PeerCertificates) > 0 {
		c := st.PeerCertificates[0]
		peer = fmt.Sprintf(", peer %q (%s key, signed %s)", c.Subject.String(), publicKeyName(c), c.SignatureAlgorithm)
	}
	return fmt.Sprintf("%s, %s, %s%s", tls.VersionName(st.Version), st.CurveID, tls.CipherSuiteName(st.CipherSuite), peer)
}

func newTLSServeCmd(e *env) *cobra.Command {
	var certFile, keyFile, passwordFile, addr, group string
	var clientCAs []string
	var once bool
	cmd := &cobra.Command{
		Use:   "serve --cert FILE --key FILE",
		Short: "Serve TLS 1.3 with an ML-DSA certificate",
		Long: `Listen for TLS 1.3 connections (on 127.0.0.1:8443 unless --addr says otherwise), present
the certificate chain of --cert (leaf first) signed with --key, offer only the --group key
exchange (default X25519MLKEM768), and greet every client with one line naming what was
negotiated. --client-ca requires and verifies client certificates (mutual TLS). It prints
"listening on ADDR" and one line per connection; --once stops after one connection.
Ctrl-C stops it.`,
		Example: `  crystals tls serve --cert server-chain.crt --key server.pem
  crystals tls serve --cert server.crt --key server.pem --addr 127.0.0.1:0 --client-ca root.crt --once`,
		Args: exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if certFile == "" || keyFile == "" {
				return usagef("tls serve needs --cert FILE and --key FILE")
			}
			curve, err := tlsGroup(group)
			if err != nil {
				return err
			}
			cert, err := e.loadTLSCertificate(certFile, keyFile, passwordFile)
			if err != nil {
				return err
			}
			cfg := &tls.Config{MinVersion: tls.VersionTLS13, CurvePreferences: []tls.CurveID{curve}, Certificates: []tls.Certificate{*cert}}
			if len(clientCAs) > 0 {
				if cfg.ClientCAs, err = e.certPool(clientCAs); err != nil {
					return err
				}
				cfg.ClientAuth = tls.RequireAndVerifyClientCert
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", addr)
			if err != nil {
				return fmt.Errorf("listening on %s: %w", addr, err)
			}
			defer ln.Close()
			go func() { <-ctx.Done(); ln.Close() }()
			fmt.Fprintf(e.stdout, "listening on %s\n", ln.Addr())
			for {
				raw, err := ln.Accept()
				if err != nil {
					if ctx.Err() != nil {
						return nil
					}
					return fmt.Errorf("accepting: %w", err)
				}
				desc, err := serveOne(tls.Server(raw, cfg))
				if err != nil {
					fmt.Fprintf(e.stdout, "%s: failed: %s\n", raw.RemoteAddr(), oneLine(err.Error()))
				} else {
					fmt.Fprintf(e.stdout, "%s: %s\n", raw.RemoteAddr(), desc)
				}
				if once {
					return err
				}
			}
		},
	}
	cmd.Flags().StringVar(&certFile, "cert", "", "certificate chain `FILE` (leaf first)")
	cmd.Flags().StringVar(&keyFile, "key", "", "private key `FILE` of the leaf")
	addPasswordFlag(cmd, &passwordFile, "an encrypted key")
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8443", "listen on `ADDRESS`")
	cmd.Flags().StringVar(&group, "group", "X25519MLKEM768", "key exchange `GROUP`: X25519MLKEM768, SecP256r1MLKEM768, SecP384r1MLKEM1024, MLKEM1024")
	cmd.Flags().StringSliceVar(&clientCAs, "client-ca", nil, "require client certificates issued under the CA certificates in `FILE`")
	cmd.Flags().BoolVar(&once, "once", false, "stop after one connection")
	return cmd
}

// serveOne completes a handshake, greets the client with what was
// negotiated and returns that description.
func serveOne(conn *tls.Conn) (string, error) {
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	if err := conn.Handshake(); err != nil {
		return "", err
	}
	line := describeConn(conn.ConnectionState())
	_, err := fmt.Fprintf(conn, "hello from crystals: %s\n", line)
	return line, err
}

func newTLSConnectCmd(e *env) *cobra.Command {
	var roots []string
	var serverName, certFile, keyFile, passwordFile, group string
	cmd := &cobra.Command{
		Use:   "connect ADDRESS --ca FILE",
		Short: "Connect to a TLS 1.3 server and report the handshake",
		Long: `Connect to ADDRESS (host:port) over TLS 1.3 offering only --group (default
X25519MLKEM768), verify the server's chain against --ca and its name (--servername,
default the host of ADDRESS), print what was negotiated and the first line the server
sends. --cert and --key present a client certificate when the server asks.`,
		Example: `  crystals tls connect 127.0.0.1:8443 --ca root.crt --servername example.com
  crystals tls connect 127.0.0.1:8443 --ca root.crt --servername example.com --cert alice.crt --key alice.pem`,
		Args: exactArgs(1, "one ADDRESS (host:port)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(roots) == 0 {
				return usagef("tls connect needs --ca FILE (the roots to trust)")
			}
			curve, err := tlsGroup(group)
			if err != nil {
				return err
			}
			host, _, err := net.SplitHostPort(args[0])
			if err != nil {
				return usagef("%q is not host:port", args[0])
			}
			if serverName == "" {
				serverName = host
			}
			pool, err := e.certPool(roots)
			if err != nil {
				return err
			}
			cfg := &tls.Config{MinVersion: tls.VersionTLS13, CurvePreferences: []tls.CurveID{curve}, RootCAs: pool, ServerName: serverName}
			if (certFile == "") != (keyFile == "") {
				return usagef("--cert and --key go together")
			}
			if certFile != "" {
				cert, err := e.loadTLSCertificate(certFile, keyFile, passwordFile)
				if err != nil {
					return err
				}
				cfg.Certificates = []tls.Certificate{*cert}
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), 30*time.Second)
			defer cancel()
			conn, err := (&tls.Dialer{Config: cfg}).DialContext(ctx, "tcp", args[0])
			if err != nil {
				return fmt.Errorf("connecting to %s: %s", args[0], oneLine(err.Error()))
			}
			defer conn.Close()
			tc := conn.(*tls.Conn)
			fmt.Fprintf(e.stdout, "connected to %s: %s\n", args[0], describeConn(tc.ConnectionState()))
			for i, c := range tc.ConnectionState().VerifiedChains[0] {
				fmt.Fprintf(e.stdout, "  chain %d: %s\n", i, c.Subject)
			}
			tc.SetReadDeadline(time.Now().Add(30 * time.Second))
			line, err := bufio.NewReader(tc).ReadString('\n')
			if err != nil {
				return fmt.Errorf("reading from %s: %s", args[0], oneLine(err.Error()))
			}
			fmt.Fprintf(e.stdout, "server says: %s\n", strings.TrimSpace(line))
			return nil
		},
	}
	cmd.Flags().StringSliceVar(&roots, "ca", nil, "trusted root certificate `FILE`s")
	cmd.Flags().StringVar(&serverName, "servername", "", "expected server `NAME` (default: the host of ADDRESS)")
	cmd.Flags().StringVar(&certFile, "cert", "", "client certificate chain `FILE`")
	cmd.Flags().StringVar(&keyFile, "key", "", "client private key `FILE`")
	addPasswordFlag(cmd, &passwordFile, "an encrypted client key")
	cmd.Flags().StringVar(&group, "group", "X25519MLKEM768", "key exchange `GROUP`")
	return cmd
}
