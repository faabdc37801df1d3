package signer

import (
	"bytes"
	"crypto"
	"crypto/mldsa"
	"crypto/tls"
	"crypto/x509"
	"io"
	"slices"
	"sync"
	"testing"
	"time"
)

// recordingSigner wraps a PrivateKey and keeps what crypto/tls asked it to
// sign, to check the CertificateVerify it produced.
type recordingSigner struct {
	*PrivateKey
	mu       sync.Mutex
	messages [][]byte
	opts     []crypto.SignerOpts
	sigs     [][]byte
}

func (r *recordingSigner) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	sig, err := r.PrivateKey.Sign(rand, digest, opts)
	r.record(digest, opts, sig)
	return sig, err
}

// SignMessage is what crypto/tls calls, through crypto.SignMessage, on a
// crypto.MessageSigner.
func (r *recordingSigner) SignMessage(rand io.Reader, msg []byte, opts crypto.SignerOpts) ([]byte, error) {
	sig, err := r.PrivateKey.SignMessage(rand, msg, opts)
	r.record(msg, opts, sig)
	return sig, err
}

func (r *recordingSigner) record(msg []byte, opts crypto.SignerOpts, sig []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.messages = append(r.messages, bytes.Clone(msg))
	r.opts = append(r.opts, opts)
	r.sigs = append(r.sigs, sig)
}

func schemeFor(params mldsa.Parameters) tls.SignatureScheme {
	switch params {
	case mldsa.MLDSA44():
		return tls.MLDSA44
	case mldsa.MLDSA65():
		return tls.MLDSA65
	}
	return tls.MLDSA87
}

// TestTLSHandshake runs loopback TLS 1.3 handshakes with our signer as the
// server key and, for mutual TLS, as the client key, at every ML-DSA level.
func TestTLSHandshake(t *testing.T) {
	for _, params := range allParams {
		t.Run(params.String(), func(t *testing.T) {
			caKey, _ := GenerateKey(params)
			ca := newCert(t, "ca.example", true, caKey.Public(), nil, caKey)
			serverKey, _ := GenerateKey(params)
			clientKey, _ := GenerateKey(params)
			serverCert := newCert(t, "server.example", false, serverKey.Public(), ca, caKey)
			clientCert := newCert(t, "client.example", false, clientKey.Public(), ca, caKey)
			pool := x509.NewCertPool()
			pool.AddCert(ca)
			serverSigner := &recordingSigner{PrivateKey: serverKey}
			clientSigner := &recordingSigner{PrivateKey: clientKey}
			want := schemeFor(params)

			var offeredByClient, offeredByServer []tls.SignatureScheme
			var clientSupports, serverSupports error
			serverTLSCert := tls.Certificate{Certificate: [][]byte{serverCert.Raw}, PrivateKey: serverSigner}
			clientTLSCert := tls.Certificate{Certificate: [][]byte{clientCert.Raw}, PrivateKey: clientSigner}
			serverConf := &tls.Config{
				MinVersion:   tls.VersionTLS13,
				Certificates: []tls.Certificate{serverTLSCert},
				ClientAuth:   tls.RequireAndVerifyClientCert,
				ClientCAs:    pool,
				GetConfigForClient: func(hello *tls.ClientHelloInfo) (*tls.Config, error) {
					offeredByClient = hello.SignatureSchemes
					clientSupports = hello.SupportsCertificate(&serverTLSCert)
					return nil, nil
				},
			}
			clientConf := &tls.Config{
				MinVersion: tls.VersionTLS13,
				RootCAs:    pool,
				ServerName: "server.example",
				GetClientCertificate: func(req *tls.CertificateRequestInfo) (*tls.Certificate, error) {
					offeredByServer = req.SignatureSchemes
					serverSupports = req.SupportsCertificate(&clientTLSCert)
					return &clientTLSCert, nil
				},
			}
			ln, err := tls.Listen("tcp", "127.0.0.1:0", serverConf)
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			serverState := make(chan tls.ConnectionState, 1)
			go func() {
				c, err := ln.Accept()
				if err != nil {
					t.Error(err)
					close(serverState)
					return
				}
				defer c.Close()
				tc := c.(*tls.Conn)
				tc.SetDeadline(time.Now().Add(10 * time.Second))
				if err := tc.Handshake(); err != nil {
					t.Errorf("server handshake: %v", err)
					close(serverState)
					return
				}
				serverState <- tc.ConnectionState()
				io.Copy(tc, tc) // echo until the client closes
			}()
			conn, err := tls.Dial("tcp", ln.Addr().String(), clientConf)
			if err != nil {
				t.Fatalf("client handshake: %v", err)
			}
			defer conn.Close()
			if _, err := conn.Write([]byte("ping")); err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 4)
			if _, err := io.ReadFull(conn, buf); err != nil || string(buf) != "ping" {
				t.Fatalf("echo: %q, %v", buf, err)
			}
			cs := conn.ConnectionState()
			if cs.Version != tls.VersionTLS13 {
				t.Errorf("version %x, want TLS 1.3", cs.Version)
			}
			if !cs.PeerCertificates[0].Equal(serverCert) {
				t.Error("client saw another server certificate")
			}
			ss, ok := <-serverState
			if !ok {
				t.FailNow()
			}
			if len(ss.PeerCertificates) == 0 || !ss.PeerCertificates[0].Equal(clientCert) {
				t.Error("server did not verify our client certificate")
			}

			// The negotiated scheme: crypto/tls admits exactly one scheme for
			// an ML-DSA key, the one of its level; both sides offered it,
			// crypto/tls's own selection (SupportsCertificate) accepted each
			// certificate against the peer's list, and each signer produced
			// exactly one pure ML-DSA CertificateVerify signature that
			// verifies under that scheme's key.
			if !slices.Contains(offeredByClient, want) || !slices.Contains(offeredByServer, want) {
				t.Errorf("%v not offered: client %v, server %v", want, offeredByClient, offeredByServer)
			}
			if clientSupports != nil || serverSupports != nil {
				t.Errorf("certificate not supported by the peer's schemes: %v, %v", clientSupports, serverSupports)
			}
			for side, r := range map[string]*recordingSigner{"server": serverSigner, "client": clientSigner} {
				if len(r.messages) != 1 {
					t.Fatalf("%s signer was called %d times, want 1", side, len(r.messages))
				}
				if h := r.opts[0].HashFunc(); h != 0 {
					t.Errorf("%s signature scheme used hash %v, want pure ML-DSA (%v)", side, h, want)
				}
				context := "TLS 1.3, " + side + " CertificateVerify\x00"
				if !bytes.HasPrefix(r.messages[0], append(bytes.Repeat([]byte{0x20}, 64), context...)) {
					t.Errorf("%s signed something other than a TLS 1.3 CertificateVerify", side)
				}
				if err := mldsa.Verify(r.PublicKey(), r.messages[0], r.sigs[0], nil); err != nil {
					t.Errorf("%s CertificateVerify signature (%v) does not verify: %v", side, want, err)
				}
			}
		})
	}
}
