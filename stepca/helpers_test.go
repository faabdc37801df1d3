package stepca_test

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"go.step.sm/crypto/jose"

	"github.com/crystals-go/crystals/stepca"
	"github.com/crystals-go/crystals/stepca/cainit"
)

// testPassword encrypts the test CAs' keys and provisioner JWK.
var testPassword = []byte("crystals test password")

// newTestCA runs cainit.Init in a temporary directory.
func newTestCA(t testing.TB, address string) *cainit.Result {
	t.Helper()
	res, err := cainit.Init(cainit.Options{
		Dir:      t.TempDir(),
		Name:     "Crystals Test",
		Address:  address,
		DNSNames: []string{"localhost", "127.0.0.1"},
		Password: testPassword,
	})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// signToken returns a one-time token of res's JWK provisioner for audience
// (e.g. https://localhost/1.0/sign) naming subject and sans, as `step ca
// token` makes it.
func signToken(t testing.TB, res *cainit.Result, audience, subject string, sans []string) string {
	t.Helper()
	data, err := jose.Decrypt([]byte(res.Provisioner.EncryptedKey), jose.WithPassword(testPassword))
	if err != nil {
		t.Fatal(err)
	}
	var jwk jose.JSONWebKey
	if err := json.Unmarshal(data, &jwk); err != nil {
		t.Fatal(err)
	}
	sig, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.ES256, Key: jwk.Key},
		new(jose.SignerOptions).WithType("JWT").WithHeader("kid", jwk.KeyID))
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 16)
	rand.Read(id)
	now := time.Now()
	claims := jose.Claims{
		ID:        hex.EncodeToString(id),
		Issuer:    res.Provisioner.Name,
		Subject:   subject,
		Audience:  jose.Audience{audience},
		IssuedAt:  jose.NewNumericDate(now),
		NotBefore: jose.NewNumericDate(now),
		Expiry:    jose.NewNumericDate(now.Add(5 * time.Minute)),
	}
	tok, err := jose.Signed(sig).Claims(claims).Claims(map[string]any{"sans": sans}).CompactSerialize()
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// newCSR returns a CSR for commonName and dnsNames with a fresh key of
// the given kind ("ecdsa" or an ML-DSA key from priv).
func newCSR(t testing.TB, priv crypto.Signer, commonName string, dnsNames ...string) *x509.CertificateRequest {
	t.Helper()
	if priv == nil {
		k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		priv = k
	}
	der, err := x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{
		Subject: pkix.Name{CommonName: commonName}, DNSNames: dnsNames,
	}, priv)
	if err != nil {
		t.Fatal(err)
	}
	csr, err := x509.ParseCertificateRequest(der)
	if err != nil {
		t.Fatal(err)
	}
	return csr
}

// verifyChain checks leaf → intermediate → root with crypto/x509 and that
// the two CA certificates are ML-DSA-65 and ML-DSA-87 as cainit makes them.
func verifyChain(t *testing.T, res *cainit.Result, leaf *x509.Certificate, intermediates ...*x509.Certificate) {
	t.Helper()
	roots, inter := x509.NewCertPool(), x509.NewCertPool()
	roots.AddCert(res.Root)
	for _, c := range intermediates {
		inter.AddCert(c)
	}
	chains, err := leaf.Verify(x509.VerifyOptions{Roots: roots, Intermediates: inter, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}})
	if err != nil {
		t.Fatalf("x509.Verify: %v", err)
	}
	chain := chains[0]
	if len(chain) != 3 {
		t.Fatalf("chain has %d certificates, want leaf, intermediate, root", len(chain))
	}
	if leaf.SignatureAlgorithm != x509.MLDSA65 {
		t.Errorf("leaf signed with %v, want ML-DSA-65", leaf.SignatureAlgorithm)
	}
	if !chain[1].Equal(res.Intermediate) || chain[1].SignatureAlgorithm != x509.MLDSA87 {
		t.Errorf("intermediate is not cainit's ML-DSA-87-signed intermediate")
	}
	if _, ok := chain[1].PublicKey.(*mldsa.PublicKey); !ok {
		t.Errorf("intermediate key is a %T", chain[1].PublicKey)
	}
}

// signatureLog records the TBS messages the crystals KMS signed.
type signatureLog struct {
	mu   sync.Mutex
	tbs  [][]byte
	opts []crypto.SignerOpts
}

// watchSignatures installs a sign hook for the test's duration.
func watchSignatures(t *testing.T) *signatureLog {
	log := new(signatureLog)
	restore := stepca.SetSignHook(func(_ *mldsa.PublicKey, msg []byte, opts crypto.SignerOpts) {
		log.mu.Lock()
		defer log.mu.Unlock()
		log.tbs = append(log.tbs, append([]byte(nil), msg...))
		log.opts = append(log.opts, opts)
	})
	t.Cleanup(restore)
	return log
}

// signed reports whether the KMS signed exactly tbs with crypto.Hash(0).
func (l *signatureLog) signed(tbs []byte) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, m := range l.tbs {
		if string(m) == string(tbs) {
			return l.opts[i].HashFunc() == crypto.Hash(0)
		}
	}
	return false
}
