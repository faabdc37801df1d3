// Package cainit creates what step-ca needs to run with ML-DSA keys held by
// the crystals KMS: an ML-DSA-87 root, an ML-DSA-65 intermediate, a JWK
// provisioner and a ca.json, laid out as `step ca init` lays out $STEPPATH:
//
//	certs/root_ca.crt            ML-DSA-87 self-signed root
//	certs/intermediate_ca.crt    ML-DSA-65 intermediate, signed by the root
//	secrets/root_ca_key          encrypted PKCS#8 (seed form), not used by the CA
//	secrets/intermediate_ca_key  encrypted PKCS#8 (seed form), loaded by the KMS
//	config/ca.json               "kms": {"type": "crystals"}, "key": "crystals:path=..."
//	db/                          badger v2 database (certificates, revocations, CRL)
//
// The keys and the provisioner's private JWK are encrypted under one password;
// step-ca reads it with --password-file.
package cainit

import (
	"context"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/smallstep/certificates/authority/config"
	"github.com/smallstep/certificates/authority/provisioner"
	"github.com/smallstep/certificates/db"
	"go.step.sm/crypto/jose"
	"go.step.sm/crypto/kms/apiv1"
	"go.step.sm/crypto/kms/uri"
	"go.step.sm/crypto/x509util"

	"github.com/crystals-go/crystals/internal/keyfile"
	"github.com/crystals-go/crystals/stepca"
	"github.com/crystals-go/crystals/x509ext"
)

// Options describe the CA to create.
type Options struct {
	// Dir receives certs/, secrets/, config/ and db/; it is created if
	// missing and must not hold a previous CA.
	Dir string
	// Name prefixes the certificates' common names ("<Name> Root CA",
	// "<Name> Intermediate CA"); empty means "Crystals".
	Name string
	// Address is where step-ca listens, e.g. "127.0.0.1:0"; empty means
	// ":9000".
	Address string
	// DNSNames are the names and IP addresses in the CA's own TLS
	// certificate; empty means localhost and 127.0.0.1.
	DNSNames []string
	// Provisioner names the JWK provisioner; empty means "admin".
	Provisioner string
	// Password encrypts both keys and the provisioner's JWK. Required.
	Password []byte
	// RootValidity and IntermediateValidity default to 10 and 5 years.
	RootValidity, IntermediateValidity time.Duration
}

// Result tells where Init put things.
type Result struct {
	Config           string // path of ca.json
	RootCert         string // path of the root certificate
	IntermediateCert string // path of the intermediate certificate
	IntermediateKey  string // KMS URI of the intermediate key, as in ca.json
	Root             *x509.Certificate
	Intermediate     *x509.Certificate
	// RootFingerprint is the SHA-256 of Root's DER in hex, which clients
	// pin at bootstrap (`step ca bootstrap --fingerprint`, ca.WithRootSHA256).
	RootFingerprint string
	// Provisioner is the JWK provisioner written to ca.json; its
	// EncryptedKey holds the private JWK under Options.Password.
	Provisioner *provisioner.JWK
}

// Init creates the root, the intermediate, the provisioner and ca.json.
func Init(opts Options) (*Result, error) {
	if opts.Dir == "" {
		return nil, errors.New("cainit: Options.Dir is empty")
	}
	if len(opts.Password) == 0 {
		return nil, errors.New("cainit: Options.Password is empty")
	}
	name := opts.Name
	if name == "" {
		name = "Crystals"
	}
	dnsNames := opts.DNSNames
	if len(dnsNames) == 0 {
		dnsNames = []string{"localhost", "127.0.0.1"}
	}
	address := opts.Address
	if address == "" {
		address = ":9000"
	}
	provName := opts.Provisioner
	if provName == "" {
		provName = "admin"
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, fmt.Errorf("cainit: %w", err)
	}
	for _, sub := range []string{"certs", "secrets", "config", "db"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o700); err != nil {
			return nil, fmt.Errorf("cainit: %w", err)
		}
	}
	res := &Result{
		Config:           filepath.Join(dir, "config", "ca.json"),
		RootCert:         filepath.Join(dir, "certs", "root_ca.crt"),
		IntermediateCert: filepath.Join(dir, "certs", "intermediate_ca.crt"),
	}
	if _, err := os.Stat(res.Config); err == nil {
		return nil, fmt.Errorf("cainit: %s already exists", res.Config)
	}

	// The password file exists only while the KMS writes the two keys.
	passwordFile := filepath.Join(dir, "secrets", ".init-password")
	// Replace: a file left by an interrupted run goes, a planted link is not followed.
	if err := keyfile.Replace(passwordFile, opts.Password); err != nil {
		return nil, fmt.Errorf("cainit: %w", err)
	}
	defer os.Remove(passwordFile)

	km, err := stepca.New(context.Background(), apiv1.Options{Type: stepca.Type})
	if err != nil {
		return nil, err
	}
	createKey := func(file string, alg apiv1.SignatureAlgorithm) (*apiv1.CreateKeyResponse, error) {
		u := uri.New(stepca.Scheme, map[string][]string{
			"path": {filepath.Join(dir, "secrets", file)}, "password-file": {passwordFile},
		})
		return km.CreateKey(&apiv1.CreateKeyRequest{Name: u.String(), SignatureAlgorithm: alg})
	}
	rootKey, err := createKey("root_ca_key", apiv1.MLDSA87)
	if err != nil {
		return nil, err
	}
	intKey, err := createKey("intermediate_ca_key", apiv1.MLDSA65)
	if err != nil {
		return nil, err
	}
	res.IntermediateKey = keyURI(filepath.Join(dir, "secrets", "intermediate_ca_key"))

	root, err := x509ext.NewRootCA(pkix.Name{CommonName: name + " Root CA"},
		rootKey.CreateSignerRequest.Signer, &x509ext.CAOptions{Validity: opts.RootValidity})
	if err != nil {
		return nil, fmt.Errorf("cainit: root: %w", err)
	}
	intermediate, err := root.NewIntermediate(pkix.Name{CommonName: name + " Intermediate CA"},
		intKey.CreateSignerRequest.Signer, &x509ext.CAOptions{
			Validity: opts.IntermediateValidity, MaxPathLen: 0, MaxPathLenSet: true,
		})
	if err != nil {
		return nil, fmt.Errorf("cainit: intermediate: %w", err)
	}
	res.Root, res.Intermediate = root.Certificate, intermediate.Certificate
	res.RootFingerprint = x509util.Fingerprint(res.Root)
	if err := os.WriteFile(res.RootCert, x509ext.EncodePEM("CERTIFICATE", res.Root.Raw), 0o644); err != nil {
		return nil, fmt.Errorf("cainit: %w", err)
	}
	if err := os.WriteFile(res.IntermediateCert, x509ext.EncodePEM("CERTIFICATE", res.Intermediate.Raw), 0o644); err != nil {
		return nil, fmt.Errorf("cainit: %w", err)
	}

	if res.Provisioner, err = newJWKProvisioner(provName, opts.Password); err != nil {
		return nil, err
	}
	cfg := &config.Config{
		Root:             []string{res.RootCert},
		IntermediateCert: res.IntermediateCert,
		IntermediateKey:  res.IntermediateKey,
		Address:          address,
		DNSNames:         dnsNames,
		KMS:              &apiv1.Options{Type: stepca.Type},
		Logger:           json.RawMessage(`{"format": "text"}`),
		DB:               &db.Config{Type: "badgerv2", DataSource: filepath.Join(dir, "db")},
		AuthorityConfig: &config.AuthConfig{
			Provisioners: provisioner.List{res.Provisioner},
		},
		TLS: &config.DefaultTLSOptions,
		CRL: &config.CRLConfig{Enabled: true},
	}
	data, err := json.MarshalIndent(cfg, "", "\t")
	if err != nil {
		return nil, fmt.Errorf("cainit: encoding ca.json: %w", err)
	}
	// ca.json holds the provisioner's encrypted private key.
	if err := keyfile.WriteNew(res.Config, append(data, '\n')); err != nil {
		return nil, fmt.Errorf("cainit: %w", err)
	}
	return res, nil
}

// newJWKProvisioner creates a JWK provisioner with a fresh P-256 key whose
// private half is stored encrypted under password, as `step ca init` does.
func newJWKProvisioner(name string, password []byte) (*provisioner.JWK, error) {
	pub, encrypted, err := jose.GenerateDefaultKeyPair(password)
	if err != nil {
		return nil, fmt.Errorf("cainit: provisioner key: %w", err)
	}
	compact, err := encrypted.CompactSerialize()
	if err != nil {
		return nil, fmt.Errorf("cainit: provisioner key: %w", err)
	}
	return &provisioner.JWK{Type: "JWK", Name: name, Key: pub, EncryptedKey: compact}, nil
}

// keyURI names a key file the way a person writes it in ca.json,
// "crystals:path=/dir/file", escaping the path only where it needs it.
func keyURI(path string) string {
	readable := stepca.Scheme + ":path=" + path
	if u, err := uri.ParseWithScheme(stepca.Scheme, readable); err == nil && u.Get("path") == path {
		return readable
	}
	return uri.New(stepca.Scheme, map[string][]string{"path": {path}}).String()
}
