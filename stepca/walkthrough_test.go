package stepca_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smallstep/certificates/api"
	"github.com/smallstep/certificates/ca"
	"go.step.sm/crypto/x509util"

	"github.com/crystals-go/crystals/stepca/cainit"
	"github.com/crystals-go/crystals/x509ext"
)

// readmePassword is the password the README's walk-through writes to pw.
const readmePassword = "a long password"

// TestREADMEWalkthrough runs the README's step-ca walk-through on
// 127.0.0.1: build cmd/step-ca, init (which must print the root fingerprint
// and the provisioner name), start the CA, then do what `step ca bootstrap`
// and `step ca certificate` do, with step's Go client: fetch the root pinned
// by the printed fingerprint, get a one-time token from the printed
// provisioner with the password, and have a certificate issued for a new
// ECDSA key. When a `step` CLI is found ($CRYSTALS_STEP_CLI or PATH) the two
// CLI commands of the README run as well.
func TestREADMEWalkthrough(t *testing.T) {
	dir, bin, pwFile := stepCAProcessTest(t, []byte(readmePassword))
	caDir := filepath.Join(dir, "ca")
	out := run(t, bin, "init", "--dir", caDir, "--password-file", pwFile, "--name", "Example PQ CA",
		"--dns", "localhost", "--address", "127.0.0.1:0")
	fingerprint, provName := initField(t, out, "root fingerprint:"), initField(t, out, "provisioner:")
	provName, _, _ = strings.Cut(provName, " ")
	root := parseCert(t, readFile(t, filepath.Join(caDir, "certs", "root_ca.crt")))
	if fingerprint != x509util.Fingerprint(root) {
		t.Fatalf("init printed fingerprint %s, the root's is %s", fingerprint, x509util.Fingerprint(root))
	}
	if provName != "admin" {
		t.Fatalf("init printed provisioner %q, want admin", provName)
	}
	if !strings.Contains(out, "step ca bootstrap --ca-url https://localhost:0 --fingerprint "+fingerprint) {
		t.Errorf("init prints no bootstrap command:\n%s", out)
	}

	addr := startStepCA(t, bin, filepath.Join(caDir, "config", "ca.json"), pwFile)
	// The CA's TLS certificate names localhost (--dns), as the README's
	// --ca-url does.
	endpoint := "https://localhost:" + addr[strings.LastIndexByte(addr, ':')+1:]

	// step ca bootstrap: the root, fetched over unverified TLS and accepted
	// only if it has the pinned fingerprint.
	client, err := ca.NewClient(endpoint, ca.WithRootSHA256(fingerprint))
	if err != nil {
		t.Fatalf("bootstrap with the printed fingerprint: %v", err)
	}
	rootResp, err := client.Root(fingerprint)
	if err != nil || !rootResp.RootPEM.Equal(root) {
		t.Fatalf("GET /root/%s: %v", fingerprint, err)
	}
	wrong := strings.Repeat("0", len(fingerprint))
	if bad, err := ca.NewClient(endpoint, ca.WithRootSHA256(wrong)); err == nil {
		if _, err := bad.Health(); err == nil {
			t.Error("a wrong fingerprint was accepted")
		}
	}

	// step ca certificate: token from the JWK provisioner, new key, CSR, sign.
	prov, err := ca.NewProvisioner(provName, "", endpoint, []byte(readmePassword), ca.WithRootSHA256(fingerprint))
	if err != nil {
		t.Fatalf("provisioner %q: %v", provName, err)
	}
	const subject = "walkthrough.localhost"
	token, err := prov.Token(subject, subject)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	resp, err := prov.SignWithContext(ctx, &api.SignRequest{
		CsrPEM: api.CertificateRequest{CertificateRequest: newCSR(t, key, subject, subject)},
		OTT:    token,
	})
	if err != nil {
		t.Fatalf("POST /1.0/sign: %v", err)
	}
	res := &cainit.Result{Root: root, Intermediate: parseCert(t, readFile(t, filepath.Join(caDir, "certs", "intermediate_ca.crt")))}
	verifyChain(t, res, resp.ServerPEM.Certificate, resp.CaPEM.Certificate)
	t.Logf("issued %q by %q, chained to the ML-DSA-87 root %s", resp.ServerPEM.Subject.CommonName, resp.ServerPEM.Issuer.CommonName, fingerprint)

	stepCLIWalkthrough(t, endpoint, fingerprint, provName, pwFile, root)
}

// stepCLIWalkthrough runs the README's `step ca bootstrap` and `step ca
// certificate` when a step CLI is available, and checks the certificate.
func stepCLIWalkthrough(t *testing.T, endpoint, fingerprint, provName, pwFile string, root *x509.Certificate) {
	t.Helper()
	step := os.Getenv("CRYSTALS_STEP_CLI")
	if step == "" {
		var err error
		if step, err = exec.LookPath("step"); err != nil {
			t.Log("no step CLI ($CRYSTALS_STEP_CLI or PATH): the CLI commands were not run; the Go client did the same requests above")
			return
		}
	}
	stepPath := t.TempDir()
	env := append(os.Environ(), "STEPPATH="+stepPath)
	runStep := func(args ...string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, step, args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("step %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	t.Logf("step version: %s", strings.TrimSpace(runStep("version")))
	runStep("ca", "bootstrap", "--ca-url", endpoint, "--fingerprint", fingerprint)
	crt, keyFile := filepath.Join(stepPath, "leaf.crt"), filepath.Join(stepPath, "leaf.key")
	runStep("ca", "certificate", "cli.localhost", crt, keyFile, "--provisioner", provName, "--provisioner-password-file", pwFile)
	chain, err := x509ext.ParseCertificatesPEM(readFile(t, crt))
	if err != nil {
		t.Fatal(err)
	}
	if len(chain) != 2 || chain[0].Subject.CommonName != "cli.localhost" {
		t.Fatalf("step ca certificate wrote %d certificates", len(chain))
	}
	if err := chain[1].CheckSignatureFrom(root); err != nil {
		t.Fatalf("the CLI's certificate does not chain to the root: %v", err)
	}
	t.Logf("step ca certificate: %q issued by %q", chain[0].Subject.CommonName, chain[1].Subject.CommonName)
}

// initField returns the value printed after label by step-ca init.
func initField(t *testing.T, out, label string) string {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(line, label); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("init did not print %q:\n%s", label, out)
	return ""
}

// TestREADMEFilesIgnored: the files the README's walk-throughs create in a
// checkout (the CA's password, keys and database, the binaries, the client's
// files, the demo's PKI) are ignored by git, so they are never committed.
func TestREADMEFilesIgnored(t *testing.T) {
	gitCmd, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git command")
	}
	top, err := exec.Command(gitCmd, "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Skipf("not in a git checkout: %v", err)
	}
	root := strings.TrimSpace(string(top))
	paths := []string{"stepca/pw", "stepca/ca/secrets/intermediate_ca_key", "stepca/ca/config/ca.json",
		"stepca/step-ca", "stepca/step", "stepca/step-client/config/defaults.json", "stepca/demo.crt", "stepca/demo.key",
		"tlsdemo-pki/client-key.pem"}
	for _, p := range paths {
		if err := exec.Command(gitCmd, "-C", root, "check-ignore", "-q", "--no-index", p).Run(); err != nil {
			t.Errorf("%s is not ignored by git (%v)", p, err)
		}
	}
	// And the sources beside them are not.
	if err := exec.Command(gitCmd, "-C", root, "check-ignore", "-q", "--no-index", "stepca/cainit/cainit.go").Run(); err == nil {
		t.Error("stepca/cainit/cainit.go is ignored")
	}
	t.Logf("%d walk-through paths ignored", len(paths))
}
