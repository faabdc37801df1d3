package cainit_test

import (
	"context"
	"crypto/mldsa"
	"crypto/x509"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smallstep/certificates/authority/config"
	"go.step.sm/crypto/kms/apiv1"

	"github.com/crystals-go/crystals/stepca"
	"github.com/crystals-go/crystals/stepca/cainit"
)

func TestInitLayout(t *testing.T) {
	dir := t.TempDir()
	password := []byte("init test")
	res, err := cainit.Init(cainit.Options{Dir: dir, Address: "127.0.0.1:0", Password: password})
	if err != nil {
		t.Fatal(err)
	}
	if res.Root.SignatureAlgorithm != x509.MLDSA87 || res.Intermediate.SignatureAlgorithm != x509.MLDSA87 {
		t.Errorf("root and intermediate signed with %v and %v, want ML-DSA-87 (the root's key)", res.Root.SignatureAlgorithm, res.Intermediate.SignatureAlgorithm)
	}
	if p := res.Intermediate.PublicKey.(*mldsa.PublicKey).Parameters(); p != mldsa.MLDSA65() {
		t.Errorf("intermediate key is %v, want ML-DSA-65", p)
	}
	if !res.Intermediate.IsCA || res.Intermediate.MaxPathLen != 0 || !res.Intermediate.MaxPathLenZero {
		t.Error("intermediate must be a CA that issues leaves only")
	}
	if err := res.Intermediate.CheckSignatureFrom(res.Root); err != nil {
		t.Error(err)
	}

	cfg, err := config.LoadConfiguration(res.Config)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.KMS.Type != stepca.Type || cfg.IntermediateKey != res.IntermediateKey || !strings.HasPrefix(cfg.IntermediateKey, "crystals:path=/") {
		t.Errorf("ca.json kms %+v key %q", cfg.KMS, cfg.IntermediateKey)
	}
	if !cfg.CRL.IsEnabled() || cfg.DB == nil || cfg.DB.Type != "badgerv2" {
		t.Error("ca.json must enable the CRL and a persistent database")
	}

	// Both keys are encrypted under the password and match their certificates.
	km, err := stepca.New(context.Background(), apiv1.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for file, cert := range map[string]*x509.Certificate{"root_ca_key": res.Root, "intermediate_ca_key": res.Intermediate} {
		path := filepath.Join(dir, "secrets", file)
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %v, want 0600", file, fi.Mode().Perm())
		}
		if _, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKey: path}); err == nil {
			t.Errorf("%s loads without a password", file)
		}
		s, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKey: path, Password: password})
		if err != nil {
			t.Fatal(err)
		}
		if !s.Public().(*mldsa.PublicKey).Equal(cert.PublicKey) {
			t.Errorf("%s does not hold its certificate's key", file)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "secrets", ".init-password")); !os.IsNotExist(err) {
		t.Error("Init left its temporary password file behind")
	}

	if _, err := cainit.Init(cainit.Options{Dir: dir, Password: password}); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("second Init in the same directory: err = %v", err)
	}
}

func TestInitOptionErrors(t *testing.T) {
	if _, err := cainit.Init(cainit.Options{Password: []byte("x")}); err == nil {
		t.Error("Init without Dir succeeded")
	}
	if _, err := cainit.Init(cainit.Options{Dir: t.TempDir()}); err == nil {
		t.Error("Init without Password succeeded")
	}
}
