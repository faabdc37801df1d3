package signer

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
)

func sshSigner(t *testing.T, k *PrivateKey) ssh.Signer {
	t.Helper()
	s, err := ssh.NewSignerFromSigner(k)
	if err != nil {
		t.Fatalf("ssh.NewSignerFromSigner: %v", err)
	}
	return s
}

func sshAlgo(k *PrivateKey) string {
	return fmt.Sprintf("ssh-mldsa-%s", k.Parameters().String()[len("ML-DSA-"):])
}

// sshHandshake runs one loopback SSH handshake and returns the server's
// and the client's errors.
func sshHandshake(t *testing.T, server *ssh.ServerConfig, client *ssh.ClientConfig) (serverErr, clientErr error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	done := make(chan error, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			done <- err
			return
		}
		defer c.Close()
		c.SetDeadline(time.Now().Add(10 * time.Second))
		conn, chans, reqs, err := ssh.NewServerConn(c, server)
		if err != nil {
			done <- err
			return
		}
		go ssh.DiscardRequests(reqs)
		go func() {
			for ch := range chans {
				ch.Reject(ssh.Prohibited, "test server")
			}
		}()
		done <- nil
		conn.Wait()
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	conn, chans, reqs, clientErr := ssh.NewClientConn(c, ln.Addr().String(), client)
	if clientErr == nil {
		client := ssh.NewClient(conn, chans, reqs)
		// A round trip over the authenticated connection.
		if _, _, err := client.SendRequest("ping@example.com", true, nil); err != nil {
			clientErr = err
		}
		client.Close()
	}
	return <-done, clientErr
}

// TestSSH runs loopback SSH handshakes in which x/crypto/ssh verifies an
// ML-DSA host key, an ML-DSA user key, and an ML-DSA user certificate signed
// by an ML-DSA CA key, all signed by this package's keys.
func TestSSH(t *testing.T) {
	for _, params := range allParams {
		t.Run(params.String(), func(t *testing.T) {
			hostKey, _ := GenerateKey(params)
			userKey, _ := GenerateKey(params)
			caKey, _ := GenerateKey(params)
			host, user, ca := sshSigner(t, hostKey), sshSigner(t, userKey), sshSigner(t, caKey)
			if host.PublicKey().Type() != sshAlgo(hostKey) {
				t.Fatalf("host key type %q, want %q", host.PublicKey().Type(), sshAlgo(hostKey))
			}

			var sawHostKey ssh.PublicKey
			clientConf := func(auth ssh.Signer) *ssh.ClientConfig {
				return &ssh.ClientConfig{
					User: "alice",
					Auth: []ssh.AuthMethod{ssh.PublicKeys(auth)},
					HostKeyCallback: func(_ string, _ net.Addr, key ssh.PublicKey) error {
						sawHostKey = key
						return ssh.FixedHostKey(host.PublicKey())("", nil, key)
					},
					HostKeyAlgorithms: []string{sshAlgo(hostKey)},
				}
			}

			// 1. Host key and plain user key.
			var sawUserKey ssh.PublicKey
			serverConf := &ssh.ServerConfig{
				PublicKeyCallback: func(_ ssh.ConnMetadata, key ssh.PublicKey) (*ssh.Permissions, error) {
					sawUserKey = key
					if !bytes.Equal(key.Marshal(), user.PublicKey().Marshal()) {
						return nil, errors.New("unknown user key")
					}
					return &ssh.Permissions{}, nil
				},
			}
			serverConf.AddHostKey(host)
			if serr, cerr := sshHandshake(t, serverConf, clientConf(user)); serr != nil || cerr != nil {
				t.Fatalf("handshake with user key: server %v, client %v", serr, cerr)
			}
			if sawHostKey == nil || sawHostKey.Type() != sshAlgo(hostKey) {
				t.Errorf("client saw host key %v", sawHostKey)
			}
			if sawUserKey == nil || sawUserKey.Type() != sshAlgo(userKey) {
				t.Errorf("server saw user key %v", sawUserKey)
			}

			// A user key the server does not know is refused.
			strangerKey, _ := GenerateKey(params)
			if serr, _ := sshHandshake(t, serverConf, clientConf(sshSigner(t, strangerKey))); serr == nil {
				t.Error("server accepted an unknown user key")
			}

			// 2. A user certificate signed by the ML-DSA CA.
			cert := &ssh.Certificate{
				Key:             user.PublicKey(),
				Serial:          1,
				CertType:        ssh.UserCert,
				KeyId:           "alice@example.com",
				ValidPrincipals: []string{"alice"},
				ValidAfter:      uint64(time.Now().Add(-time.Hour).Unix()),
				ValidBefore:     uint64(time.Now().Add(time.Hour).Unix()),
			}
			if err := cert.SignCert(rand.Reader, ca); err != nil {
				t.Fatalf("SignCert: %v", err)
			}
			if cert.Signature.Format != sshAlgo(caKey) {
				t.Errorf("certificate signature format %q", cert.Signature.Format)
			}
			checker := &ssh.CertChecker{
				IsUserAuthority: func(auth ssh.PublicKey) bool {
					return bytes.Equal(auth.Marshal(), ca.PublicKey().Marshal())
				},
			}
			if err := checker.CheckCert("alice", cert); err != nil {
				t.Fatalf("CertChecker: %v", err)
			}
			certSigner, err := ssh.NewCertSigner(cert, user)
			if err != nil {
				t.Fatal(err)
			}
			certServer := &ssh.ServerConfig{PublicKeyCallback: checker.Authenticate}
			certServer.AddHostKey(host)
			if serr, cerr := sshHandshake(t, certServer, clientConf(certSigner)); serr != nil || cerr != nil {
				t.Fatalf("handshake with user certificate: server %v, client %v", serr, cerr)
			}

			// A certificate signed by another CA is refused.
			otherCA, _ := GenerateKey(params)
			forged := *cert
			if err := forged.SignCert(rand.Reader, sshSigner(t, otherCA)); err != nil {
				t.Fatal(err)
			}
			forgedSigner, _ := ssh.NewCertSigner(&forged, user)
			if serr, _ := sshHandshake(t, certServer, clientConf(forgedSigner)); serr == nil {
				t.Error("server accepted a certificate from an unknown CA")
			}
		})
	}
}
