package main

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/mldsa"
	"crypto/rsa"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer/composite"
	"github.com/crystals-go/crystals/x509ext"
)

// demo is the no-flag run: PKI, one reported handshake, the timed bursts.
func demo(ctx context.Context, o options, group tls.CurveID, params mldsa.Parameters, w io.Writer) error {
	fmt.Fprintf(w, "crystals TLS demo: TLS 1.3, %v key exchange, ML-DSA certificates\n\n", group)

	start := time.Now()
	p, err := newPKI(crystalsKeys, params, []string{"localhost", "127.0.0.1"})
	if err != nil {
		return fmt.Errorf("building the PKI with crystals keys: %w", err)
	}
	fmt.Fprintf(w, "PKI built with crystals keys in %v:\n", time.Since(start).Round(time.Microsecond))
	for _, c := range []struct {
		role string
		is   issued
	}{{"root", p.root}, {"intermediate", p.intermediate}, {"server leaf", p.server}, {"client leaf", p.client}, {"server KEM", issued{cert: p.kemCert}}} {
		fmt.Fprintf(w, "  %-13s %s\n", c.role, describeCert(c.is.cert))
	}
	if o.composite {
		if err := reportCompositePKI(w, []string{"localhost", "127.0.0.1"}); err != nil {
			return err
		}
	}

	var seen offers
	srv, ccfg, err := startLoopback(ctx, p, group, o.mtls, o.verify, &seen)
	if err != nil {
		return err
	}
	defer srv.close()
	fmt.Fprintf(w, "\nserver listening on %s (loopback)\n", srv.addr())

	state, reply, err := roundTrip(ctx, srv.addr(), ccfg, "hello, post-quantum world")
	if err != nil {
		return err
	}
	reportHandshake(w, state, &seen, p, o, reply)

	if o.n > 0 {
		if err := compareBursts(ctx, o, group, params, p, w); err != nil {
			return err
		}
	}
	return sealToCertificate(w, p, []byte("sealed to a post-quantum certificate"))
}

// reportHandshake prints what a finished handshake negotiated and verified.
func reportHandshake(w io.Writer, st tls.ConnectionState, seen *offers, p *pki, o options, reply string) {
	mtls := o.mtls
	seen.mu.Lock()
	defer seen.mu.Unlock()
	fmt.Fprintf(w, "\nhandshake:\n")
	fmt.Fprintf(w, "  protocol        %s\n", tls.VersionName(st.Version))
	fmt.Fprintf(w, "  cipher suite    %s\n", tls.CipherSuiteName(st.CipherSuite))
	fmt.Fprintf(w, "  key exchange    %v\n", st.CurveID)
	fmt.Fprintf(w, "  server signed   %v (client offered %s)\n", schemeFor(p.server.cert.PublicKey), schemeList(seen.clientSchemes))
	if mtls {
		fmt.Fprintf(w, "  client signed   %v (server accepted %s)\n", schemeFor(p.client.cert.PublicKey), schemeList(seen.serverSchemes))
	} else {
		fmt.Fprintf(w, "  client signed   nothing (-mtls=false)\n")
	}
	reportChains(w, st, o.verify)
	if mtls {
		fmt.Fprintf(w, "  the server verified the client's chain to the same root (%s)\n", verifierName(o.verify))
	}
	fmt.Fprintf(w, "  round trip      %q\n", reply)
}

// reportChains prints the server chain the client verified: crypto/tls's
// verified chains, or with x509ext.Verify (which crypto/tls does not know
// of) the certificates the server sent.
func reportChains(w io.Writer, st tls.ConnectionState, verify string) {
	chains := st.VerifiedChains
	if verify == verifyX509ext {
		chains = [][]*x509.Certificate{st.PeerCertificates}
	}
	for i, chain := range chains {
		fmt.Fprintf(w, "  chain %d verified by the client (%s):\n", i+1, verifierName(verify))
		for j, c := range chain {
			fmt.Fprintf(w, "    %s%s\n", strings.Repeat("  ", j), describeCert(c))
		}
	}
}

// describeCert is one line: subject, subject key, and signature algorithm.
func describeCert(c *x509.Certificate) string {
	return fmt.Sprintf("%q: %s, signed with %s by %q", c.Subject.CommonName, describeKey(c), x509ext.SignatureAlgorithmName(c), c.Issuer.CommonName)
}

// reportCompositePKI builds the -composite hierarchy and prints it with
// the signature checks x509ext.Verify made.
func reportCompositePKI(w io.Writer, hosts []string) error {
	start := time.Now()
	cp, err := newCompositePKI(hosts)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\ncomposite PKI (draft-ietf-lamps-pq-composite-sigs) built and verified in %v:\n", time.Since(start).Round(time.Microsecond))
	for _, c := range []struct {
		role string
		cert *x509.Certificate
	}{{"root", cp.root}, {"intermediate", cp.intermediate}, {"server leaf", cp.server}} {
		fmt.Fprintf(w, "  %-13s %s\n", c.role, describeCert(c.cert))
	}
	for _, check := range cp.verified.Checks {
		if strings.HasPrefix(check, "signature of") {
			fmt.Fprintf(w, "  %s\n", check)
		}
	}
	fmt.Fprintln(w, "  (TLS has no composite signature schemes: the handshake below uses the ML-DSA PKI)")
	return nil
}

// describeKey names a certificate's key: its ML-DSA or ML-KEM set, or the
// classical type with its curve or size, as -connect meets any TLS peer.
func describeKey(c *x509.Certificate) string {
	switch pk := c.PublicKey.(type) {
	case *mldsa.PublicKey:
		return pk.Parameters().String() + " key"
	case *ecdsa.PublicKey:
		return "ECDSA " + pk.Curve.Params().Name + " key"
	case *rsa.PublicKey:
		return fmt.Sprintf("RSA %d-bit key", pk.N.BitLen())
	case ed25519.PublicKey:
		return "Ed25519 key"
	}
	if pub, err := x509ext.ParsePKIXPublicKey(c.RawSubjectPublicKeyInfo); err == nil {
		if k, ok := pub.(kem.EncapsulationKey); ok {
			return k.Scheme().Name() + " key"
		}
		if k, ok := pub.(*composite.PublicKey); ok {
			return k.Algorithm().Name() + " composite key"
		}
	}
	return fmt.Sprintf("%v key (not one this demo names)", c.PublicKeyAlgorithm)
}

func schemeList(s []tls.SignatureScheme) string {
	var names []string
	for _, x := range s {
		switch x {
		case tls.MLDSA44, tls.MLDSA65, tls.MLDSA87:
			names = append(names, x.String())
		}
	}
	if len(names) == 0 {
		return "no ML-DSA scheme"
	}
	return strings.Join(names, ", ") + fmt.Sprintf(" among %d schemes", len(s))
}

// roundTrip connects, handshakes, sends msg and returns the echoed reply.
func roundTrip(ctx context.Context, addr string, cfg *tls.Config, msg string) (tls.ConnectionState, string, error) {
	d := tls.Dialer{NetDialer: &net.Dialer{Timeout: 5 * time.Second}, Config: cfg}
	hctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	nc, err := d.DialContext(hctx, "tcp", addr)
	if err != nil {
		return tls.ConnectionState{}, "", explainDialError(addr, err)
	}
	conn := nc.(*tls.Conn)
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := fmt.Fprintln(conn, msg); err != nil {
		if alert, ok := remoteAlert(err); ok {
			return tls.ConnectionState{}, "", fmt.Errorf("the server at %s refused our client certificate (%s)", addr, alert)
		}
		// A refusal can also close the connection before its alert is read.
		return tls.ConnectionState{}, "", fmt.Errorf("the server at %s closed the connection right after the handshake (did it refuse our client certificate?): %w", addr, err)
	}
	reply, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		// In TLS 1.3 the client finishes its handshake before the server has
		// checked the client certificate; a refusal arrives as an alert here.
		if alert, ok := remoteAlert(err); ok {
			return tls.ConnectionState{}, "", fmt.Errorf("the server at %s refused our client certificate (%s)", addr, alert)
		}
		return tls.ConnectionState{}, "", fmt.Errorf("reading the reply from %s: %w", addr, err)
	}
	return conn.ConnectionState(), strings.TrimSpace(reply), nil
}

// explainDialError says which side refused what.
func explainDialError(addr string, err error) error {
	var opErr *net.OpError
	var verr *tls.CertificateVerificationError
	if alert, ok := remoteAlert(err); ok {
		return fmt.Errorf("the server at %s refused the handshake (%s)", addr, alert)
	}
	switch {
	case errors.As(err, &verr):
		return fmt.Errorf("the client refused the server's certificate from %s: %w", addr, err)
	case errors.As(err, &opErr) && opErr.Op == "dial":
		return fmt.Errorf("cannot reach %s: %w", addr, err)
	}
	return fmt.Errorf("handshake with %s failed: %w", addr, err)
}

// remoteAlert reports the alert the peer sent, if err is one: crypto/tls
// returns those as a *net.OpError whose Op is "remote error".
func remoteAlert(err error) (string, bool) {
	var opErr *net.OpError
	if errors.As(err, &opErr) && opErr.Op == "remote error" {
		return opErr.Err.Error(), true
	}
	return "", false
}

// Limits of the echo server: a client cannot hold more memory than one line
// of maxLine bytes, nor more than maxConns handlers at once (further
// connections wait in the listen backlog until one finishes).
const (
	maxLine  = 4096
	maxConns = 256
)

// server is a TLS echo server: each connection gets its lines back.
type server struct {
	ln     net.Listener
	slots  chan struct{} // one token per running handler, capacity the connection cap
	wg     sync.WaitGroup
	mu     sync.Mutex
	conns  map[net.Conn]struct{}
	closed bool
	done   chan struct{} // closed by close
	errs   chan error
}

func startServer(ctx context.Context, addr string, cfg *tls.Config) (*server, error) {
	return startServerLimit(ctx, addr, cfg, maxConns)
}

// startServerLimit is startServer with at most limit connections handled at
// once.
func startServerLimit(ctx context.Context, addr string, cfg *tls.Config, limit int) (*server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listening on %s: %w", addr, err)
	}
	cfg.SessionTicketsDisabled = true // every handshake is a full one
	s := &server{ln: tls.NewListener(ln, cfg), slots: make(chan struct{}, limit), conns: map[net.Conn]struct{}{}, done: make(chan struct{}), errs: make(chan error, 16)}
	s.wg.Add(1)
	go s.acceptLoop()
	go func() {
		select {
		case <-ctx.Done():
			s.close()
		case <-s.done:
		}
	}()
	return s, nil
}

func (s *server) addr() string { return s.ln.Addr().String() }

func (s *server) acceptLoop() {
	defer s.wg.Done()
	var backoff time.Duration
	for {
		// Take a handler slot before accepting, so that over the cap the
		// kernel's backlog holds new connections, not our memory.
		select {
		case s.slots <- struct{}{}:
		case <-s.done:
			return
		}
		c, err := s.ln.Accept()
		if err != nil {
			<-s.slots
			s.mu.Lock()
			closed := s.closed
			s.mu.Unlock()
			if closed {
				return
			}
			// A transient failure (a connection aborted before it was
			// accepted, a descriptor limit): report it, wait and go on, as
			// net/http does, rather than stop serving.
			backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
			select {
			case s.errs <- fmt.Errorf("accept: %w", err):
			default:
			}
			time.Sleep(backoff)
			continue
		}
		backoff = 0
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			<-s.slots
			return
		}
		s.conns[c] = struct{}{}
		s.wg.Add(1)
		s.mu.Unlock()
		go s.handle(c)
	}
}

func (s *server) handle(c net.Conn) {
	defer s.wg.Done()
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
		c.Close()
		<-s.slots
	}()
	// Every connection, handshake included, is bounded: two minutes, generous
	// enough for a loaded machine, short enough that no client holds a
	// handler forever.
	c.SetDeadline(time.Now().Add(2 * time.Minute))
	tc := c.(*tls.Conn)
	if err := tc.Handshake(); err != nil {
		select {
		case s.errs <- fmt.Errorf("server side of handshake with %s: %w", c.RemoteAddr(), err):
		default:
		}
		return
	}
	// The reader's buffer is the line bound: ReadSlice fails with
	// bufio.ErrBufferFull rather than grow it.
	r := bufio.NewReaderSize(tc, maxLine)
	for {
		line, err := r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			fmt.Fprintf(tc, "crystals server: line longer than %d bytes; closing\n", maxLine)
			return
		}
		if err != nil {
			return
		}
		if _, err := fmt.Fprintf(tc, "crystals server echoes: %s", line); err != nil {
			return
		}
	}
}

// close stops accepting, closes open connections and waits for handlers.
func (s *server) close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	close(s.done)
	s.ln.Close()
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}
