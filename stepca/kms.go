// Package stepca plugs this module's ML-DSA signer into smallstep's step-ca:
// importing it registers the "crystals" KMS type with go.step.sm/crypto's
// KMS registry, so a ca.json with
//
//	"kms": {"type": "crystals"},
//	"key": "crystals:path=/etc/step-ca/secrets/intermediate_ca_key"
//
// makes step-ca sign every certificate and CRL with an ML-DSA intermediate key
// held by package signer. Keys are PKCS#8 PEM files in the seed form of RFC
// 9881, plain ("PRIVATE KEY") or password-encrypted ("ENCRYPTED PRIVATE KEY"),
// read and written through package x509ext.
//
// Key names are step-style URIs: "crystals:path=<file>" (or "crystals:<file>",
// or a bare file name), with the optional attribute "password-file=<file>"
// naming a file whose first line is the password of an encrypted key.
// CreateSigner prefers the request's Password (what step-ca's --password-file
// passes) and falls back to the URI's password-file, then to the request's
// PasswordPrompter.
package stepca

import (
	"bytes"
	"context"
	"crypto"
	"crypto/mldsa"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"go.step.sm/crypto/kms/apiv1"
	"go.step.sm/crypto/kms/uri"

	"github.com/crystals-go/crystals/internal/keyfile"
	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/x509ext"
)

// Type is the KMS type to name in ca.json's "kms" object.
const Type apiv1.Type = "crystals"

// Scheme is the URI scheme of key names.
const Scheme = string(Type)

func init() {
	apiv1.Register(Type, func(ctx context.Context, opts apiv1.Options) (apiv1.KeyManager, error) {
		return New(ctx, opts)
	})
}

// KeyManager is the crystals KMS: ML-DSA-44/65/87 keys in PKCS#8 files.
type KeyManager struct{}

var _ apiv1.KeyManager = (*KeyManager)(nil)

// New returns a KeyManager. Options carry nothing it needs besides the type;
// a URI in them must use the crystals scheme.
func New(_ context.Context, opts apiv1.Options) (*KeyManager, error) {
	if opts.URI != "" {
		if _, err := uri.ParseWithScheme(Scheme, opts.URI); err != nil {
			return nil, fmt.Errorf("crystals kms: options uri: %w", err)
		}
	}
	return &KeyManager{}, nil
}

// Close releases nothing; keys live in files.
func (*KeyManager) Close() error { return nil }

// GetPublicKey returns the *mldsa.PublicKey of the key file named by req.Name.
// An encrypted file needs a password-file attribute in the name.
func (*KeyManager) GetPublicKey(req *apiv1.GetPublicKeyRequest) (crypto.PublicKey, error) {
	if req == nil || req.Name == "" {
		return nil, errors.New("crystals kms: GetPublicKeyRequest.Name is empty")
	}
	name, err := parseKeyName(req.Name)
	if err != nil {
		return nil, err
	}
	key, err := name.load(nil, nil)
	if err != nil {
		return nil, err
	}
	return key.Public(), nil
}

// CreateKey generates an ML-DSA key (req.SignatureAlgorithm MLDSA44, MLDSA65
// or MLDSA87; unspecified means ML-DSA-65) and writes it to the file named by
// req.Name in the PKCS#8 seed form, encrypted when the name has a
// password-file attribute. It never overwrites an existing file.
func (*KeyManager) CreateKey(req *apiv1.CreateKeyRequest) (*apiv1.CreateKeyResponse, error) {
	if req == nil || req.Name == "" {
		return nil, errors.New("crystals kms: CreateKeyRequest.Name is empty")
	}
	params, err := parametersOf(req.SignatureAlgorithm)
	if err != nil {
		return nil, err
	}
	name, err := parseKeyName(req.Name)
	if err != nil {
		return nil, err
	}
	password, err := name.password()
	if err != nil {
		return nil, err
	}
	key, err := signer.GenerateKey(params)
	if err != nil {
		return nil, fmt.Errorf("crystals kms: generating key: %w", err)
	}
	var data []byte
	if password != nil {
		data, err = x509ext.MarshalEncryptedPrivateKeyPEM(rand.Reader, key, password, nil, x509ext.FormSeed)
	} else {
		data, err = x509ext.MarshalPrivateKeyPEM(key, x509ext.FormSeed)
	}
	if err != nil {
		return nil, fmt.Errorf("crystals kms: encoding key: %w", err)
	}
	if err := writeNewFile(name.path, data); err != nil {
		return nil, err
	}
	return &apiv1.CreateKeyResponse{
		Name:       req.Name,
		PublicKey:  key.Public(),
		PrivateKey: key,
		CreateSignerRequest: apiv1.CreateSignerRequest{
			Signer:     kmsSigner{key},
			SigningKey: req.Name,
		},
	}, nil
}

// CreateSigner returns the crystals signer of the key in req.Signer,
// req.SigningKeyPEM or the file named by req.SigningKey. Its Sign(rand, msg,
// crypto.Hash(0)) signs msg as pure ML-DSA, which is how crypto/x509 signs a
// TBSCertificate or TBSCertList with an ML-DSA key through step-ca's signer
// wrappers.
func (*KeyManager) CreateSigner(req *apiv1.CreateSignerRequest) (crypto.Signer, error) {
	if req == nil {
		return nil, errors.New("crystals kms: CreateSignerRequest is nil")
	}
	switch {
	case req.Signer != nil:
		key, err := mldsaKey(req.Signer)
		if err != nil {
			return nil, err
		}
		return kmsSigner{key}, nil
	case len(req.SigningKeyPEM) > 0:
		key, err := parseKeyPEM(req.SigningKeyPEM, req.Password, req.PasswordPrompter, "PEM key")
		if err != nil {
			return nil, err
		}
		return kmsSigner{key}, nil
	case req.SigningKey != "":
		name, err := parseKeyName(req.SigningKey)
		if err != nil {
			return nil, err
		}
		key, err := name.load(req.Password, req.PasswordPrompter)
		if err != nil {
			return nil, err
		}
		return kmsSigner{key}, nil
	}
	return nil, errors.New("crystals kms: CreateSignerRequest names no key (SigningKey, SigningKeyPEM or Signer)")
}

// kmsSigner is the signer CreateSigner returns: the engine's key, with every
// signature reported to signHook.
type kmsSigner struct {
	*signer.PrivateKey
}

// signHook, when set (by tests), is told about every signature the KMS's
// signers make, so a test can show that step-ca signed through this package.
var signHook func(pub *mldsa.PublicKey, msg []byte, opts crypto.SignerOpts)

// Sign signs msg; with crypto.Hash(0) (step-ca's only call for ML-DSA keys)
// that is pure ML-DSA over the whole message, as signer.PrivateKey does.
func (s kmsSigner) Sign(rand io.Reader, msg []byte, opts crypto.SignerOpts) ([]byte, error) {
	sig, err := s.PrivateKey.Sign(rand, msg, opts)
	if err == nil && signHook != nil {
		signHook(s.PublicKey(), msg, opts)
	}
	return sig, err
}

// keyName is a parsed key URI.
type keyName struct {
	path, passwordFile string
}

// parseKeyName reads "crystals:path=<file>[;password-file=<file>]",
// "crystals:<file>" or a bare file name.
func parseKeyName(s string) (keyName, error) {
	if !uri.HasScheme(Scheme, s) {
		return keyName{path: s}, nil
	}
	u, err := uri.ParseWithScheme(Scheme, s)
	if err != nil {
		return keyName{}, fmt.Errorf("crystals kms: key name %q: %w", s, err)
	}
	name := keyName{path: u.Get("path"), passwordFile: u.Get("password-file")}
	if name.path == "" && !strings.Contains(u.Opaque, "=") {
		// "crystals:<file>": the opaque part is the file name, as in softkms.
		name.path = u.Opaque
		if u.Opaque == "" {
			name.path = u.Path
		}
	}
	if name.path == "" {
		return keyName{}, fmt.Errorf("crystals kms: key name %q has no path", s)
	}
	return name, nil
}

// password returns the first line of the name's password-file, or nil when
// the name has none.
func (n keyName) password() ([]byte, error) {
	if n.passwordFile == "" {
		return nil, nil
	}
	data, err := os.ReadFile(n.passwordFile)
	if err != nil {
		return nil, fmt.Errorf("crystals kms: reading password file: %w", err)
	}
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		data = data[:i]
	}
	if len(data) == 0 {
		return nil, fmt.Errorf("crystals kms: password file %s is empty", n.passwordFile)
	}
	return data, nil
}

// load reads and parses the key file, taking the password from password,
// then the name's password-file, then prompt.
func (n keyName) load(password []byte, prompt apiv1.PasswordPrompter) (*signer.PrivateKey, error) {
	data, err := os.ReadFile(n.path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, apiv1.NotFoundError{Message: fmt.Sprintf("crystals kms: key file %s not found", n.path)}
		}
		return nil, fmt.Errorf("crystals kms: %w", err)
	}
	if len(password) == 0 {
		if password, err = n.password(); err != nil {
			return nil, err
		}
	}
	return parseKeyPEM(data, password, prompt, n.path)
}

// parseKeyPEM parses a "PRIVATE KEY" or "ENCRYPTED PRIVATE KEY" block holding
// an ML-DSA key; what names the source in errors.
func parseKeyPEM(data, password []byte, prompt apiv1.PasswordPrompter, what string) (*signer.PrivateKey, error) {
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, fmt.Errorf("crystals kms: %s holds no PEM block", what)
	}
	var key any
	var err error
	switch block.Type {
	case "PRIVATE KEY":
		key, err = x509ext.ParsePrivateKeyPEM(data)
	case "ENCRYPTED PRIVATE KEY":
		if len(password) == 0 && prompt != nil {
			if password, err = prompt(fmt.Sprintf("Please enter the password to decrypt %s", what)); err != nil {
				return nil, fmt.Errorf("crystals kms: %w", err)
			}
		}
		if len(password) == 0 {
			return nil, fmt.Errorf("crystals kms: %s is encrypted and no password was given", what)
		}
		key, err = x509ext.ParseEncryptedPrivateKeyPEM(data, password)
	default:
		return nil, fmt.Errorf("crystals kms: %s holds a %q PEM block, want PRIVATE KEY or ENCRYPTED PRIVATE KEY", what, block.Type)
	}
	if err != nil {
		return nil, fmt.Errorf("crystals kms: %s: %w", what, err)
	}
	k, err := mldsaKey(key)
	if err != nil {
		return nil, fmt.Errorf("%w (in %s)", err, what)
	}
	return k, nil
}

// mldsaKey accepts a crystals ML-DSA key, or a kmsSigner around one.
func mldsaKey(key any) (*signer.PrivateKey, error) {
	switch k := key.(type) {
	case *signer.PrivateKey:
		return k, nil
	case kmsSigner:
		return k.PrivateKey, nil
	}
	return nil, fmt.Errorf("crystals kms: key is a %T, want an ML-DSA key", key)
}

// parametersOf maps step's signature algorithm to an ML-DSA parameter set.
func parametersOf(alg apiv1.SignatureAlgorithm) (mldsa.Parameters, error) {
	switch alg {
	case apiv1.MLDSA44:
		return mldsa.MLDSA44(), nil
	case apiv1.UnspecifiedSignAlgorithm, apiv1.MLDSA65:
		return mldsa.MLDSA65(), nil
	case apiv1.MLDSA87:
		return mldsa.MLDSA87(), nil
	}
	return mldsa.Parameters{}, fmt.Errorf("crystals kms: signature algorithm %v is not ML-DSA-44, ML-DSA-65 or ML-DSA-87", alg)
}

// writeNewFile writes data to a file that must not exist yet, readable by
// its owner only and never through a symbolic link (keyfile.WriteNew).
func writeNewFile(path string, data []byte) error {
	if err := keyfile.WriteNew(path, data); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return apiv1.AlreadyExistsError{Message: fmt.Sprintf("crystals kms: key file %s already exists", path)}
		}
		return fmt.Errorf("crystals kms: %w", err)
	}
	return nil
}
