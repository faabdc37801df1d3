package stepca_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/x509"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/smallstep/certificates/authority"
	"github.com/smallstep/certificates/authority/config"
	"github.com/smallstep/certificates/authority/provisioner"
	"github.com/smallstep/certificates/errs"

	_ "github.com/smallstep/certificates/cas/softcas"

	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/stepca/cainit"
)

// newAuthority loads a fresh cainit CA's ca.json and starts step-ca's
// authority on it, which loads the intermediate through the crystals KMS.
func newAuthority(t testing.TB) (*authority.Authority, *cainit.Result) {
	t.Helper()
	res := newTestCA(t, "127.0.0.1:0")
	cfg, err := config.LoadConfiguration(res.Config)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.KMS == nil || cfg.KMS.Type != "crystals" {
		t.Fatalf("ca.json kms = %+v, want type crystals", cfg.KMS)
	}
	return startAuthority(t, cfg), res
}

// startAuthority starts step-ca's authority on cfg.
func startAuthority(t testing.TB, cfg *config.Config) *authority.Authority {
	t.Helper()
	a, err := authority.New(cfg, authority.WithPassword(testPassword))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Shutdown() })
	return a
}

// issue authorizes a provisioner token and signs csr, as POST /1.0/sign does.
func issue(t testing.TB, a *authority.Authority, res *cainit.Result, csr *x509.CertificateRequest) ([]*x509.Certificate, error) {
	t.Helper()
	ctx, opts := authorizeSign(t, a, res, csr)
	return a.SignWithContext(ctx, csr, provisioner.SignOptions{}, opts...)
}

// authorizeSign checks a fresh provisioner token for csr's names and returns
// the sign options it grants.
func authorizeSign(t testing.TB, a *authority.Authority, res *cainit.Result, csr *x509.CertificateRequest) (context.Context, []provisioner.SignOption) {
	t.Helper()
	tok := signToken(t, res, "https://localhost/1.0/sign", csr.Subject.CommonName, csr.DNSNames)
	ctx := provisioner.NewContextWithMethod(context.Background(), provisioner.SignMethod)
	opts, err := a.Authorize(ctx, tok)
	if err != nil {
		t.Fatalf("Authorize: %v", err)
	}
	return ctx, opts
}

func TestAuthorityIssuesWithMLDSAIntermediate(t *testing.T) {
	a, res := newAuthority(t)
	log := watchSignatures(t)

	chain, err := issue(t, a, res, newCSR(t, nil, "leaf.example", "leaf.example"))
	if err != nil {
		t.Fatalf("SignWithContext: %v", err)
	}
	leaf := chain[0]
	if _, ok := leaf.PublicKey.(*ecdsa.PublicKey); !ok {
		t.Errorf("leaf key is a %T, want the CSR's ECDSA key", leaf.PublicKey)
	}
	verifyChain(t, res, leaf, chain[1:]...)
	if !log.signed(leaf.RawTBSCertificate) {
		t.Error("the crystals KMS signer did not sign the leaf's TBSCertificate with crypto.Hash(0)")
	}
	if err := signer.Verify(res.Intermediate.PublicKey.(*mldsa.PublicKey), leaf.RawTBSCertificate, leaf.Signature, nil); err != nil {
		t.Errorf("crystals verifier rejects the leaf signature: %v", err)
	}

	t.Run("Renew", func(t *testing.T) {
		renewed, err := a.RenewContext(context.Background(), leaf, nil)
		if err != nil {
			t.Fatalf("RenewContext: %v", err)
		}
		verifyChain(t, res, renewed[0], renewed[1:]...)
		if renewed[0].SerialNumber.Cmp(leaf.SerialNumber) == 0 || !renewed[0].PublicKey.(*ecdsa.PublicKey).Equal(leaf.PublicKey) {
			t.Error("renewal must keep the key and change the serial")
		}
		if !log.signed(renewed[0].RawTBSCertificate) {
			t.Error("renewal was not signed by the crystals KMS")
		}
	})

	t.Run("Rekey", func(t *testing.T) {
		newKey, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		rekeyed, err := a.RenewContext(context.Background(), leaf, newKey.Public())
		if err != nil {
			t.Fatalf("RenewContext with a new key: %v", err)
		}
		verifyChain(t, res, rekeyed[0], rekeyed[1:]...)
		if !newKey.PublicKey.Equal(rekeyed[0].PublicKey) {
			t.Error("rekeyed certificate does not hold the new key")
		}
		if !log.signed(rekeyed[0].RawTBSCertificate) {
			t.Error("rekey was not signed by the crystals KMS")
		}
	})

	t.Run("RevokeAndCRL", func(t *testing.T) {
		ctx := provisioner.NewContextWithMethod(context.Background(), provisioner.RevokeMethod)
		if err := a.Revoke(ctx, &authority.RevokeOptions{
			Serial: leaf.SerialNumber.String(), ReasonCode: 1, Reason: "key compromise test", MTLS: true, Crt: leaf,
		}); err != nil {
			t.Fatalf("Revoke: %v", err)
		}
		if err := a.GenerateCertificateRevocationList(); err != nil {
			t.Fatalf("GenerateCertificateRevocationList: %v", err)
		}
		info, err := a.GetCertificateRevocationList()
		if err != nil {
			t.Fatalf("GetCertificateRevocationList: %v", err)
		}
		crl, err := x509.ParseRevocationList(info.Data)
		if err != nil {
			t.Fatal(err)
		}
		if crl.SignatureAlgorithm != x509.MLDSA65 {
			t.Errorf("CRL signed with %v, want ML-DSA-65", crl.SignatureAlgorithm)
		}
		if err := crl.CheckSignatureFrom(res.Intermediate); err != nil {
			t.Errorf("CRL signature: %v", err)
		}
		if !log.signed(crl.RawTBSRevocationList) {
			t.Error("the CRL was not signed by the crystals KMS")
		}
		found := false
		for _, e := range crl.RevokedCertificateEntries {
			found = found || e.SerialNumber.Cmp(leaf.SerialNumber) == 0
		}
		if !found {
			t.Errorf("revoked serial %v is not in the CRL", leaf.SerialNumber)
		}
		if _, err := a.RenewContext(context.Background(), leaf, nil); err == nil {
			t.Error("a revoked certificate was renewed")
		}
	})
}

// TestUpstreamRefusesMLDSACSR pins step-ca v0.30.2's refusal of ML-DSA keys in
// CSRs: its defaultPublicKeyValidator (authority/provisioner/sign_options.go)
// accepts only RSA, ECDSA and Ed25519 and answers 400. When an upstream
// release accepts ML-DSA subject keys this test fails, and the README's list
// of what step-ca refuses must be updated.
func TestUpstreamRefusesMLDSACSR(t *testing.T) {
	a, res := newAuthority(t)
	key, err := signer.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		t.Fatal(err)
	}
	_, err = issue(t, a, res, newCSR(t, key, "mldsa.example", "mldsa.example"))
	var se *errs.Error
	if !errors.As(err, &se) || se.StatusCode() != http.StatusBadRequest ||
		!strings.Contains(se.Error(), "certificate request key of type '*mldsa.PublicKey' is not supported") {
		t.Fatalf("signing an ML-DSA CSR: err = %v, want step-ca v0.30.2's 400 for an unsupported key type", err)
	}
}

// TestUpstreamRekeyAcceptsMLDSA pins the other side of step-ca v0.30.2's key
// checks: renewal with a new key (Authority.Rekey, POST /1.0/rekey) runs no
// provisioner public-key validator, so a holder of a classical certificate
// can move to an ML-DSA key. If upstream starts validating rekey keys with
// defaultPublicKeyValidator, this fails and the README must say so.
func TestUpstreamRekeyAcceptsMLDSA(t *testing.T) {
	a, res := newAuthority(t)
	log := watchSignatures(t)
	chain, err := issue(t, a, res, newCSR(t, nil, "rekey.example", "rekey.example"))
	if err != nil {
		t.Fatal(err)
	}
	key, err := signer.GenerateKey(mldsa.MLDSA44())
	if err != nil {
		t.Fatal(err)
	}
	rekeyed, err := a.Rekey(chain[0], key.Public())
	if err != nil {
		t.Fatalf("Rekey to an ML-DSA-44 key: %v", err)
	}
	if !key.PublicKey().Equal(rekeyed[0].PublicKey) {
		t.Fatalf("rekeyed leaf holds a %T", rekeyed[0].PublicKey)
	}
	verifyChain(t, res, rekeyed[0], rekeyed[1:]...)
	if !log.signed(rekeyed[0].RawTBSCertificate) {
		t.Error("the ML-DSA leaf was not signed by the crystals KMS")
	}
}
