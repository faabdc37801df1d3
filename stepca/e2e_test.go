package stepca_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/smallstep/certificates/api"
	"github.com/smallstep/certificates/authority/config"
	"github.com/smallstep/certificates/authority/provisioner"
	"github.com/smallstep/certificates/ca"

	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/stepca/cainit"
	"github.com/crystals-go/crystals/x509ext"
)

// TestEndToEnd builds cmd/step-ca, creates a CA with "step-ca init", starts
// it on 127.0.0.1 with a kernel-chosen port, and talks to it over HTTPS with
// step's own Go client: a certificate for an ECDSA CSR, its renewal and a
// rekey to an ML-DSA-44 key over mutual TLS, and the CRL, each checked
// against the ML-DSA root. The CA's TLS
// must use X25519MLKEM768 and present an ML-DSA-signed chain.
func TestEndToEnd(t *testing.T) {
	dir, bin, pwFile := stepCAProcessTest(t, testPassword)
	caDir := filepath.Join(dir, "ca")
	run(t, bin, "init", "--dir", caDir, "--password-file", pwFile, "--name", "Crystals E2E",
		"--address", "127.0.0.1:0", "--dns", "127.0.0.1", "--dns", "localhost")
	roots, err := x509ext.ParseCertificatesPEM(readFile(t, filepath.Join(caDir, "certs", "root_ca.crt")))
	if err != nil {
		t.Fatal(err)
	}
	root := roots[0]
	if root.SignatureAlgorithm != x509.MLDSA87 {
		t.Fatalf("init made a %v root, want ML-DSA-87", root.SignatureAlgorithm)
	}
	res := &cainit.Result{Root: root}
	res.Intermediate = parseCert(t, readFile(t, filepath.Join(caDir, "certs", "intermediate_ca.crt")))
	res.Provisioner = loadProvisioner(t, filepath.Join(caDir, "config", "ca.json"))

	addr := startStepCA(t, bin, filepath.Join(caDir, "config", "ca.json"), pwFile)
	endpoint := "https://" + addr

	pool := x509.NewCertPool()
	pool.AddCert(root)
	client, err := ca.NewClient(endpoint, ca.WithTransport(&http.Transport{
		TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS13},
	}))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	csr := newCSR(t, key, "e2e.example", "e2e.example")
	resp, err := client.SignWithContext(ctx, &api.SignRequest{
		CsrPEM: api.CertificateRequest{CertificateRequest: csr},
		OTT:    signToken(t, res, endpoint+"/1.0/sign", "e2e.example", []string{"e2e.example"}),
	})
	if err != nil {
		t.Fatalf("POST /1.0/sign: %v", err)
	}
	verifyChain(t, res, resp.ServerPEM.Certificate, resp.CaPEM.Certificate)
	checkCATLS(t, resp.TLS, root)

	// Renew over mutual TLS with the certificate just issued.
	renewTransport := &http.Transport{TLSClientConfig: &tls.Config{
		RootCAs: pool, MinVersion: tls.VersionTLS13,
		Certificates: []tls.Certificate{{
			Certificate: [][]byte{resp.ServerPEM.Raw, resp.CaPEM.Raw}, PrivateKey: key,
		}},
	}}
	renewed, err := client.RenewWithContext(ctx, renewTransport)
	if err != nil {
		t.Fatalf("POST /1.0/renew: %v", err)
	}
	verifyChain(t, res, renewed.ServerPEM.Certificate, renewed.CaPEM.Certificate)
	if renewed.ServerPEM.SerialNumber.Cmp(resp.ServerPEM.SerialNumber) == 0 {
		t.Error("renewal returned the same certificate")
	}

	// Rekey over mutual TLS to an ML-DSA-44 key: step-ca's /1.0/rekey checks
	// the CSR's signature (crypto/x509 verifies ML-DSA) but, unlike /1.0/sign,
	// runs no provisioner key-type validator (TestUpstreamRekeyAcceptsMLDSA).
	mlKey, err := signer.GenerateKey(mldsa.MLDSA44())
	if err != nil {
		t.Fatal(err)
	}
	rekeyed, err := client.RekeyWithContext(ctx, &api.RekeyRequest{
		CsrPEM: api.CertificateRequest{CertificateRequest: newCSR(t, mlKey, "e2e.example", "e2e.example")},
	}, renewTransport)
	if err != nil {
		t.Fatalf("POST /1.0/rekey: %v", err)
	}
	verifyChain(t, res, rekeyed.ServerPEM.Certificate, rekeyed.CaPEM.Certificate)
	if !mlKey.PublicKey().Equal(rekeyed.ServerPEM.PublicKey) {
		t.Errorf("rekeyed certificate holds a %T, not the ML-DSA-44 key", rekeyed.ServerPEM.PublicKey)
	}

	// The CRL, over plain HTTPS.
	httpClient := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	crlResp, err := httpClient.Get(endpoint + "/1.0/crl")
	if err != nil {
		t.Fatal(err)
	}
	der, err := io.ReadAll(crlResp.Body)
	crlResp.Body.Close()
	if err != nil || crlResp.StatusCode != http.StatusOK {
		t.Fatalf("GET /1.0/crl: %v %v", crlResp.Status, err)
	}
	checkCATLS(t, crlResp.TLS, root)
	crl, err := x509.ParseRevocationList(der)
	if err != nil {
		t.Fatal(err)
	}
	if err := crl.CheckSignatureFrom(res.Intermediate); err != nil || crl.SignatureAlgorithm != x509.MLDSA65 {
		t.Errorf("CRL: algorithm %v, signature check %v; want a valid ML-DSA-65 signature", crl.SignatureAlgorithm, err)
	}
}

// checkCATLS asserts the CA's TLS connection: TLS 1.3 over X25519MLKEM768,
// a server certificate chained to the ML-DSA root and signed with ML-DSA.
func checkCATLS(t *testing.T, cs *tls.ConnectionState, root *x509.Certificate) {
	t.Helper()
	if cs == nil {
		t.Fatal("no TLS connection state")
	}
	if cs.Version != tls.VersionTLS13 || cs.CurveID != tls.X25519MLKEM768 {
		t.Errorf("CA TLS: version %x, key exchange %v; want TLS 1.3 with X25519MLKEM768", cs.Version, cs.CurveID)
	}
	if len(cs.VerifiedChains) == 0 {
		t.Fatal("CA TLS chain was not verified")
	}
	chain := cs.VerifiedChains[0]
	if !chain[len(chain)-1].Equal(root) {
		t.Error("CA TLS chain does not end at the ML-DSA root")
	}
	if alg := chain[0].SignatureAlgorithm; alg != x509.MLDSA65 {
		t.Errorf("CA TLS certificate signed with %v, want ML-DSA-65", alg)
	}
	t.Logf("CA TLS: version %x, key exchange %v, chain %v ← %v ← %v", cs.Version, cs.CurveID,
		chain[0].SignatureAlgorithm, chain[1].SignatureAlgorithm, chain[len(chain)-1].SignatureAlgorithm)
}

// buildStepCA builds ./cmd/step-ca into dir with the go command running
// this test.
func buildStepCA(t *testing.T, dir string) string {
	t.Helper()
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	bin := filepath.Join(dir, "step-ca")
	start := time.Now()
	cmd := exec.Command(gocmd, "build", "-o", bin, "./cmd/step-ca")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/step-ca: %v\n%s", err, out)
	}
	t.Logf("built step-ca in %v", time.Since(start).Round(time.Millisecond))
	return bin
}

// stepCAProcessTest skips t where the tests that run cmd/step-ca as a
// process cannot run (not Linux, -short), and otherwise builds it into a
// temporary dir and writes password to dir/pw, as the README does.
func stepCAProcessTest(t *testing.T, password []byte) (dir, bin, pwFile string) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("finds the server's port through /proc")
	}
	if testing.Short() {
		t.Skip("builds step-ca")
	}
	dir = t.TempDir()
	bin = buildStepCA(t, dir)
	pwFile = filepath.Join(dir, "pw")
	if err := os.WriteFile(pwFile, append(append([]byte(nil), password...), '\n'), 0o600); err != nil {
		t.Fatal(err)
	}
	return dir, bin, pwFile
}

// run runs bin with args to completion, bounded to two minutes, and returns
// its combined output.
func run(t *testing.T, bin string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, out)
	}
	t.Logf("%s %s:\n%s", filepath.Base(bin), args[0], out)
	return string(out)
}

// startStepCA starts the CA, waits until it listens and returns its
// address. The server is stopped by its PID when the test ends.
func startStepCA(t *testing.T, bin, config, pwFile string) string {
	t.Helper()
	var logBuf syncBuffer
	cmd := exec.Command(bin, config, "--password-file", pwFile)
	cmd.Stdout, cmd.Stderr = &logBuf, &logBuf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		stopByPID(t, pid, exited)
		if t.Failed() {
			out := logBuf.String()
			if len(out) > 8000 {
				out = "...\n" + out[len(out)-8000:]
			}
			t.Logf("step-ca output:\n%s", out)
		}
	})

	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("step-ca exited early: %v\n%s", err, logBuf.String())
		case <-time.After(100 * time.Millisecond):
		}
		if port, err := listeningPort(pid); err == nil {
			if strings.Contains(logBuf.String(), "Serving HTTPS") {
				return "127.0.0.1:" + strconv.Itoa(port)
			}
		} else if !errors.Is(err, errNotListening) {
			t.Fatal(err)
		}
	}
	t.Fatalf("step-ca did not listen within 90s\n%s", logBuf.String())
	return ""
}

// stopByPID sends SIGTERM to the server's PID, then SIGKILL if it has not
// exited within ten seconds.
func stopByPID(t *testing.T, pid int, exited chan error) {
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil && !errors.Is(err, syscall.ESRCH) {
		t.Errorf("SIGTERM to step-ca (pid %d): %v", pid, err)
	}
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		syscall.Kill(pid, syscall.SIGKILL)
		<-exited
		t.Errorf("step-ca (pid %d) ignored SIGTERM for 10s and was killed", pid)
	}
}

var errNotListening = errors.New("not listening yet")

// listeningPort finds the TCP port on 127.0.0.1 that process pid listens on,
// by matching its socket file descriptors against /proc/net/tcp.
func listeningPort(pid int) (int, error) {
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return 0, fmt.Errorf("reading step-ca's fds: %w", err)
	}
	inodes := map[string]bool{}
	for _, fd := range fds {
		target, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name()))
		if err == nil && strings.HasPrefix(target, "socket:[") {
			inodes[strings.TrimSuffix(strings.TrimPrefix(target, "socket:["), "]")] = true
		}
	}
	f, err := os.Open(fmt.Sprintf("/proc/%d/net/tcp", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
		fields := strings.Fields(sc.Text())
		if len(fields) < 10 || fields[3] != "0A" || !inodes[fields[9]] {
			continue
		}
		host, port, ok := strings.Cut(fields[1], ":")
		if !ok || host != "0100007F" { // 127.0.0.1, little-endian hex
			return 0, fmt.Errorf("step-ca listens on %s, want 127.0.0.1 only", fields[1])
		}
		b, err := hex.DecodeString(port)
		if err != nil || len(b) != 2 {
			return 0, fmt.Errorf("bad port %q in /proc/net/tcp", port)
		}
		return int(b[0])<<8 | int(b[1]), nil
	}
	return 0, errNotListening
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func parseCert(t *testing.T, pemData []byte) *x509.Certificate {
	t.Helper()
	certs, err := x509ext.ParseCertificatesPEM(pemData)
	if err != nil || len(certs) != 1 {
		t.Fatalf("want one certificate: %v", err)
	}
	return certs[0]
}

// syncBuffer is a bytes.Buffer safe for the server's output goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// loadProvisioner reads the JWK provisioner back from ca.json.
func loadProvisioner(t *testing.T, path string) *provisioner.JWK {
	t.Helper()
	cfg, err := config.LoadConfiguration(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.AuthorityConfig.Provisioners) != 1 {
		t.Fatalf("ca.json has %d provisioners, want 1", len(cfg.AuthorityConfig.Provisioners))
	}
	p, ok := cfg.AuthorityConfig.Provisioners[0].(*provisioner.JWK)
	if !ok {
		t.Fatalf("ca.json provisioner is a %T, want JWK", cfg.AuthorityConfig.Provisioners[0])
	}
	return p
}
