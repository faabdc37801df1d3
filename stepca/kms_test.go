package stepca_test

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.step.sm/crypto/kms"
	"go.step.sm/crypto/kms/apiv1"

	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/stepca"
	"github.com/crystals-go/crystals/x509ext"
)

// newKMS returns the crystals KMS as step-ca gets it: through the registry.
func newKMS(t testing.TB) apiv1.KeyManager {
	t.Helper()
	km, err := kms.New(context.Background(), apiv1.Options{Type: "crystals"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := km.(*stepca.KeyManager); !ok {
		t.Fatalf("registry returned a %T", km)
	}
	return km
}

// checkPureMLDSA signs msg through s as crypto/x509 does (crypto.Hash(0))
// and checks the signature with the standard library's crypto/mldsa.
func checkPureMLDSA(t *testing.T, s crypto.Signer, want mldsa.Parameters) {
	t.Helper()
	pub, ok := s.Public().(*mldsa.PublicKey)
	if !ok {
		t.Fatalf("Public() is a %T, want *mldsa.PublicKey", s.Public())
	}
	if pub.Parameters() != want {
		t.Fatalf("key is %v, want %v", pub.Parameters(), want)
	}
	msg := []byte("a TBSCertificate stands here")
	sig, err := s.Sign(rand.Reader, msg, crypto.Hash(0))
	if err != nil {
		t.Fatal(err)
	}
	if err := mldsa.Verify(pub, msg, sig, nil); err != nil {
		t.Fatalf("crypto/mldsa rejects the KMS signer's pure ML-DSA signature: %v", err)
	}
}

func TestCreateKeyAndSigner(t *testing.T) {
	km := newKMS(t)
	dir := t.TempDir()
	pwFile := filepath.Join(dir, "pw")
	if err := os.WriteFile(pwFile, []byte("s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		alg       apiv1.SignatureAlgorithm
		params    mldsa.Parameters
		encrypted bool
	}{
		{"44", apiv1.MLDSA44, mldsa.MLDSA44(), false},
		{"65", apiv1.MLDSA65, mldsa.MLDSA65(), true},
		{"87", apiv1.MLDSA87, mldsa.MLDSA87(), true},
		{"default", apiv1.UnspecifiedSignAlgorithm, mldsa.MLDSA65(), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, "key-"+tc.name)
			name := "crystals:path=" + path
			if tc.encrypted {
				name += ";password-file=" + pwFile
			}
			resp, err := km.CreateKey(&apiv1.CreateKeyRequest{Name: name, SignatureAlgorithm: tc.alg})
			if err != nil {
				t.Fatal(err)
			}
			checkPureMLDSA(t, resp.CreateSignerRequest.Signer, tc.params)

			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			block, _ := pem.Decode(data)
			wantType := map[bool]string{false: "PRIVATE KEY", true: "ENCRYPTED PRIVATE KEY"}[tc.encrypted]
			if block == nil || block.Type != wantType {
				t.Fatalf("key file holds %v, want a %s block", block, wantType)
			}
			if !tc.encrypted {
				// The file is RFC 9881's seed form, which the standard library reads too.
				info, err := x509ext.ParsePrivateKeyInfo(block.Bytes)
				if err != nil {
					t.Fatal(err)
				}
				if info.Form != x509ext.FormSeed {
					t.Errorf("key file form %v, want seed", info.Form)
				}
				std, err := x509.ParsePKCS8PrivateKey(block.Bytes)
				if err != nil {
					t.Fatalf("crypto/x509 cannot read the key file: %v", err)
				}
				if !std.(crypto.Signer).Public().(*mldsa.PublicKey).Equal(resp.PublicKey) {
					t.Error("crypto/x509 reads a different key")
				}
			}

			pub, err := km.GetPublicKey(&apiv1.GetPublicKeyRequest{Name: name})
			if err != nil {
				t.Fatal(err)
			}
			if !pub.(*mldsa.PublicKey).Equal(resp.PublicKey) {
				t.Error("GetPublicKey returns another key")
			}
			s, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKey: name})
			if err != nil {
				t.Fatal(err)
			}
			if !s.Public().(*mldsa.PublicKey).Equal(resp.PublicKey) {
				t.Error("CreateSigner loads another key")
			}
			checkPureMLDSA(t, s, tc.params)

			if _, err := km.CreateKey(&apiv1.CreateKeyRequest{Name: name, SignatureAlgorithm: tc.alg}); !errors.Is(err, apiv1.AlreadyExistsError{}) {
				t.Errorf("CreateKey over an existing file: err = %v, want AlreadyExistsError", err)
			}
		})
	}
}

func TestCreateSignerSources(t *testing.T) {
	km := newKMS(t)
	dir := t.TempDir()
	key, err := signer.GenerateKey(mldsa.MLDSA44())
	if err != nil {
		t.Fatal(err)
	}
	password := []byte("pw from step-ca")
	encPEM, err := x509ext.MarshalEncryptedPrivateKeyPEM(rand.Reader, key, password, &x509ext.EncryptOptions{Iterations: 1000})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "enc.pem")
	if err := os.WriteFile(path, encPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	plainPEM, err := x509ext.MarshalPrivateKeyPEM(key)
	if err != nil {
		t.Fatal(err)
	}
	prompted := 0
	prompter := func(string) ([]byte, error) { prompted++; return password, nil }

	for _, tc := range []struct {
		name string
		req  apiv1.CreateSignerRequest
	}{
		{"request password (step-ca --password-file)", apiv1.CreateSignerRequest{SigningKey: "crystals:path=" + path, Password: password}},
		{"opaque URI", apiv1.CreateSignerRequest{SigningKey: "crystals:" + path, Password: password}},
		{"bare path", apiv1.CreateSignerRequest{SigningKey: path, Password: password}},
		{"prompter", apiv1.CreateSignerRequest{SigningKey: path, PasswordPrompter: prompter}},
		{"PEM", apiv1.CreateSignerRequest{SigningKeyPEM: plainPEM}},
		{"encrypted PEM", apiv1.CreateSignerRequest{SigningKeyPEM: encPEM, Password: password}},
		{"signer", apiv1.CreateSignerRequest{Signer: key}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := km.CreateSigner(&tc.req)
			if err != nil {
				t.Fatal(err)
			}
			if !s.Public().(*mldsa.PublicKey).Equal(key.Public()) {
				t.Fatal("wrong key")
			}
			checkPureMLDSA(t, s, mldsa.MLDSA44())
		})
	}
	if prompted != 1 {
		t.Errorf("prompter called %d times, want 1", prompted)
	}
}

func TestKMSErrors(t *testing.T) {
	km := newKMS(t)
	dir := t.TempDir()
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ecDER, err := x509.MarshalPKCS8PrivateKey(ec)
	if err != nil {
		t.Fatal(err)
	}
	ecPEM := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: ecDER})
	mk, err := signer.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		t.Fatal(err)
	}
	encPEM, err := x509ext.MarshalEncryptedPrivateKeyPEM(rand.Reader, mk, []byte("right"), &x509ext.EncryptOptions{Iterations: 1000})
	if err != nil {
		t.Fatal(err)
	}
	encPath := filepath.Join(dir, "enc.pem")
	if err := os.WriteFile(encPath, encPEM, 0o600); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name string
		call func() error
		want string
	}{
		{"missing file", func() error {
			_, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKey: "crystals:path=" + filepath.Join(dir, "nope")})
			if !errors.Is(err, apiv1.NotFoundError{}) {
				t.Errorf("missing file: %v is not a NotFoundError", err)
			}
			return err
		}, "not found"},
		{"ECDSA key", func() error {
			_, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKeyPEM: ecPEM})
			return err
		}, "want an ML-DSA key"},
		{"ECDSA signer", func() error {
			_, err := km.CreateSigner(&apiv1.CreateSignerRequest{Signer: ec})
			return err
		}, "want an ML-DSA key"},
		{"RSA PEM type", func() error {
			_, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKeyPEM: []byte("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n")})
			return err
		}, `"RSA PRIVATE KEY" PEM block`},
		{"not PEM", func() error {
			_, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKeyPEM: []byte("garbage")})
			return err
		}, "no PEM block"},
		{"no password", func() error {
			_, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKey: encPath})
			return err
		}, "encrypted and no password"},
		{"wrong password", func() error {
			_, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKey: encPath, Password: []byte("wrong")})
			return err
		}, "crystals kms"},
		{"no key named", func() error {
			_, err := km.CreateSigner(&apiv1.CreateSignerRequest{})
			return err
		}, "names no key"},
		{"URI without path", func() error {
			_, err := km.GetPublicKey(&apiv1.GetPublicKeyRequest{Name: "crystals:password-file=/x"})
			return err
		}, "has no path"},
		{"classical algorithm", func() error {
			_, err := km.CreateKey(&apiv1.CreateKeyRequest{Name: filepath.Join(dir, "ec"), SignatureAlgorithm: apiv1.ECDSAWithSHA256})
			return err
		}, "is not ML-DSA"},
		{"foreign scheme in options", func() error {
			_, err := stepca.New(context.Background(), apiv1.Options{Type: "crystals", URI: "softkms:path=/x"})
			return err
		}, "options uri"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one containing %q", err, tc.want)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "ec")); !errors.Is(err, os.ErrNotExist) {
		t.Error("a refused CreateKey left a file behind")
	}
}

// FuzzCreateSignerPEM feeds arbitrary bytes to the KMS's key decoder: it must
// return a signer or an error, never panic.
func FuzzCreateSignerPEM(f *testing.F) {
	km := newKMS(f)
	key, err := signer.NewPrivateKey(mldsa.MLDSA44(), make([]byte, 32))
	if err != nil {
		f.Fatal(err)
	}
	plain, err := x509ext.MarshalPrivateKeyPEM(key)
	if err != nil {
		f.Fatal(err)
	}
	enc, err := x509ext.MarshalEncryptedPrivateKeyPEM(rand.Reader, key, []byte("pw"), &x509ext.EncryptOptions{Iterations: 1})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(plain, []byte(nil))
	f.Add(enc, []byte("pw"))
	f.Add(enc, []byte("wrong"))
	f.Add([]byte("-----BEGIN PRIVATE KEY-----\nMAA=\n-----END PRIVATE KEY-----\n"), []byte(nil))
	f.Add([]byte("not pem"), []byte(nil))
	f.Fuzz(func(t *testing.T, data, password []byte) {
		s, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKeyPEM: data, Password: password})
		if err == nil {
			if _, ok := s.Public().(*mldsa.PublicKey); !ok {
				t.Fatalf("signer without an ML-DSA key: %T", s.Public())
			}
		}
	})
}
