package x509ext

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"strings"
	"testing"

	kemcomposite "github.com/crystals-go/crystals/kem/composite"
	"github.com/crystals-go/crystals/signer/composite"
)

// TestCompositeCA: a composite hierarchy issues to composite, classical
// and composite KEM keys under every profile, reloads with LoadCA, and the
// chains verify; the KEM profile refuses a signature key.
func TestCompositeCA(t *testing.T) {
	root, inter, err := DefaultCompositeProfile().NewCAs(pkix.Name{CommonName: "Root"}, pkix.Name{CommonName: "Int"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if inter.Certificate.MaxPathLen != -1 || !inter.Certificate.IsCA || !hasCompositeSignatureKey(inter.Certificate) {
		t.Fatalf("intermediate: pathlen %d CA %v", inter.Certificate.MaxPathLen, inter.Certificate.IsCA)
	}
	reloaded, err := LoadCA(inter.Certificate, inter.Signer(), root.Certificate)
	if err != nil {
		t.Fatalf("LoadCA: %v", err)
	}
	if _, err := LoadCA(inter.Certificate, root.Signer()); err == nil || !strings.Contains(err.Error(), "does not match") {
		t.Errorf("LoadCA with the root's key: %v", err)
	}
	compKey := must(composite.GenerateKey(composite.AlgorithmByName("MLDSA44-Ed25519-SHA512")))
	ecKey := must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader))
	kemKey := must(kemcomposite.GenerateKey(kemcomposite.AlgorithmByName("MLKEM768-X25519-SHA3-256")))
	roots := []*x509.Certificate{root.Certificate}
	inters := []*x509.Certificate{inter.Certificate}
	for _, c := range []struct {
		name    string
		csrKey  crypto.Signer
		profile Profile
		opts    *IssueOptions
		usage   x509.ExtKeyUsage
	}{
		{"composite server", compKey, ProfileServer, nil, x509.ExtKeyUsageServerAuth},
		{"ECDSA client", ecKey, ProfileClient, nil, x509.ExtKeyUsageClientAuth},
		{"composite sub-CA", compKey, ProfileCA, nil, x509.ExtKeyUsageAny},
		{"composite KEM", compKey, ProfileKEM, &IssueOptions{PublicKey: kemKey.EncapsulationKey()}, x509.ExtKeyUsageAny},
	} {
		der := must(CreateCSR(rand.Reader, &x509.CertificateRequest{Subject: pkix.Name{CommonName: c.name}, DNSNames: []string{"svc.example.com"}}, c.csrKey))
		cert, err := reloaded.IssueFromCSR(must(x509.ParseCertificateRequest(der)), c.profile, c.opts)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if _, err := Verify(cert, VerifyOptions{Roots: roots, Intermediates: inters, KeyUsages: []x509.ExtKeyUsage{c.usage}}); err != nil {
			t.Errorf("%s: Verify: %v", c.name, err)
		}
	}
	der := must(CreateCSR(rand.Reader, &x509.CertificateRequest{Subject: pkix.Name{CommonName: "x"}}, compKey))
	if _, err := inter.IssueFromCSR(must(x509.ParseCertificateRequest(der)), ProfileKEM, &IssueOptions{PublicKey: compKey.Public()}); err == nil || !strings.Contains(err.Error(), "KEM profile") {
		t.Errorf("KEM profile with a signature key: %v", err)
	}
	if _, _, err := (CompositeProfile{}).NewCAs(pkix.Name{}, pkix.Name{}, nil, nil); err == nil {
		t.Error("an empty profile made CAs")
	}
}
