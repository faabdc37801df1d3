package stepca_test

import (
	"context"
	"crypto"
	"crypto/mldsa"
	"crypto/rand"
	"strings"
	"testing"

	"github.com/smallstep/certificates/authority/config"
	"github.com/smallstep/certificates/authority/provisioner"
	"go.step.sm/crypto/kms/apiv1"
	"go.step.sm/crypto/kms/softkms"

	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/stepca"
)

// Each benchmark runs the same ML-DSA-65 intermediate key file through two
// KMS types: "crystals" (this module's engine) and step's stock "softkms",
// which parses the PKCS#8 seed with crypto/x509 and signs with the standard
// library's crypto/mldsa.
var benchKMS = []struct {
	name string
	kms  apiv1.Type
	new  func() (apiv1.KeyManager, error)
}{
	{"crystals", stepca.Type, func() (apiv1.KeyManager, error) { return stepca.New(context.Background(), apiv1.Options{}) }},
	{"softkms-stdlib", apiv1.SoftKMS, func() (apiv1.KeyManager, error) { return softkms.New(context.Background(), apiv1.Options{}) }},
}

// BenchmarkKMSSign signs a 1 KiB TBSCertificate the way crypto/x509 does
// through step-ca's signer wrapper: Sign(rand, tbs, crypto.Hash(0)).
func BenchmarkKMSSign(b *testing.B) {
	res := newTestCA(b, "127.0.0.1:0")
	tbs := make([]byte, 1024)
	rand.Read(tbs)
	for _, k := range benchKMS {
		b.Run(k.name, func(b *testing.B) {
			km, err := k.new()
			if err != nil {
				b.Fatal(err)
			}
			s, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKey: plainPath(res.IntermediateKey), Password: testPassword})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := s.Sign(rand.Reader, tbs, crypto.Hash(0)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAuthoritySign issues a leaf for an ECDSA CSR through step-ca's
// authority (template, policy, ML-DSA-65 signature, badger write), with the
// intermediate loaded by each KMS type.
func BenchmarkAuthoritySign(b *testing.B) {
	res := newTestCA(b, "127.0.0.1:0")
	csr := newCSR(b, nil, "bench.example", "bench.example")
	for _, k := range benchKMS {
		b.Run(k.name, func(b *testing.B) {
			cfg, err := config.LoadConfiguration(res.Config)
			if err != nil {
				b.Fatal(err)
			}
			cfg.KMS = &apiv1.Options{Type: k.kms}
			cfg.IntermediateKey = plainPath(res.IntermediateKey)
			cfg.DB.DataSource = b.TempDir()
			a := startAuthority(b, cfg)
			ctx, opts := authorizeSign(b, a, res, csr)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if _, err := a.SignWithContext(ctx, csr, provisioner.SignOptions{}, opts...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// plainPath turns cainit's "crystals:path=<file>" into the bare file name
// both KMS types accept.
func plainPath(keyURI string) string {
	return strings.TrimPrefix(keyURI, stepca.Scheme+":path=")
}

// TestSoftKMSInterop loads cainit's encrypted intermediate key file with
// both KMS types and checks that each one's pure ML-DSA signatures verify
// under the other library: crystals' signer.Verify and crypto/mldsa.
func TestSoftKMSInterop(t *testing.T) {
	res := newTestCA(t, "127.0.0.1:0")
	msg := []byte("TBSCertificate for the differential check")
	var pubs []*mldsa.PublicKey
	for _, k := range benchKMS {
		km, err := k.new()
		if err != nil {
			t.Fatal(err)
		}
		s, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKey: plainPath(res.IntermediateKey), Password: testPassword})
		if err != nil {
			t.Fatalf("%s: %v", k.name, err)
		}
		pub, ok := s.Public().(*mldsa.PublicKey)
		if !ok {
			t.Fatalf("%s: public key is a %T", k.name, s.Public())
		}
		pubs = append(pubs, pub)
		for range 20 {
			sig, err := s.Sign(rand.Reader, msg, crypto.Hash(0))
			if err != nil {
				t.Fatal(err)
			}
			if err := mldsa.Verify(pub, msg, sig, nil); err != nil {
				t.Errorf("%s signature rejected by crypto/mldsa: %v", k.name, err)
			}
			if err := signer.Verify(pub, msg, sig, nil); err != nil {
				t.Errorf("%s signature rejected by crystals: %v", k.name, err)
			}
		}
	}
	if !pubs[0].Equal(pubs[1]) {
		t.Error("crystals and softkms read different keys from the same file")
	}
}
