package x509ext

import (
	"crypto/mldsa"
	"crypto/mlkem"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"testing"

	"github.com/crystals-go/crystals/internal/apiwalk"
	"github.com/crystals-go/crystals/kem"
	kemcomposite "github.com/crystals-go/crystals/kem/composite"
	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/signer/circlsign"
	"github.com/crystals-go/crystals/signer/composite"
)

// TestNoPanic calls every exported function and method of the package with
// zero, nil, short and odd arguments and with zero keys of every kind it
// takes, on nil, zero and real receivers, and fails on any panic. The table
// must name every exported function and type (read from the source), so a
// new one cannot be left out.
func TestNoPanic(t *testing.T) {
	sk, err := signer.NewPrivateKey(mldsa.MLDSA44(), make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	root, err := NewRootCA(pkix.Name{CommonName: "walk"}, sk, nil)
	if err != nil {
		t.Fatal(err)
	}
	dk, err := kem.GenerateKey768()
	if err != nil {
		t.Fatal(err)
	}
	info, err := ParsePrivateKeyInfo(must(MarshalPKCS8PrivateKey(sk, FormBoth)))
	if err != nil {
		t.Fatal(err)
	}
	pubInfo, err := ParsePublicKeyInfo(must(MarshalPKIXPublicKey(sk.Public())))
	if err != nil {
		t.Fatal(err)
	}
	compSig := must(composite.GenerateKey(composite.AlgorithmByName("MLDSA44-Ed25519-SHA512")))
	compKEM := must(kemcomposite.GenerateKey(kemcomposite.AlgorithmByName("MLKEM768-X25519-SHA3-256")))
	apiwalk.Run(t, apiwalk.Table{
		Dir: ".",
		Funcs: map[string]any{
			"AlgorithmFromOID": AlgorithmFromOID, "HashMLDSAName": HashMLDSAName, "NewPublicKey": NewPublicKey,
			"CertificatePublicKeyInfo": CertificatePublicKeyInfo, "CreateCertificate": CreateCertificate,
			"CheckSignatureFrom": CheckSignatureFrom, "CreateCSR": CreateCSR, "CreateRevocationList": CreateRevocationList, "DefaultCompositeProfile": DefaultCompositeProfile, "SignatureAlgorithmName": SignatureAlgorithmName, "VerifyCSR": VerifyCSR, "VerifyCRL": VerifyCRL, "Verify": Verify,
			"NewRootCA": NewRootCA, "LoadCA": LoadCA,
			"DecodePEM": DecodePEM, "EncodePEM": EncodePEM, "ParseCertificatesPEM": ParseCertificatesPEM,
			"ParsePrivateKeyPEM": ParsePrivateKeyPEM, "MarshalPrivateKeyPEM": MarshalPrivateKeyPEM,
			"ParseEncryptedPrivateKeyPEM": ParseEncryptedPrivateKeyPEM, "MarshalEncryptedPrivateKeyPEM": fastEncryptPEM,
			"ParsePublicKeyPEM": ParsePublicKeyPEM, "MarshalPublicKeyPEM": MarshalPublicKeyPEM,
			"EncryptPKCS8PrivateKey": fastEncrypt, "DecryptPKCS8PrivateKey": DecryptPKCS8PrivateKey,
			"ParsePKCS8PrivateKey": ParsePKCS8PrivateKey, "MarshalPKCS8PrivateKey": MarshalPKCS8PrivateKey,
			"ParsePrivateKeyInfo": ParsePrivateKeyInfo, "ParsePublicKeyInfo": ParsePublicKeyInfo,
			"ParsePKIXPublicKey": ParsePKIXPublicKey, "MarshalPKIXPublicKey": MarshalPKIXPublicKey,
			"FromCircl": FromCircl, "FromStdlib": FromStdlib, "ToStdlib": ToStdlib,
			"LoadX509KeyPair": LoadX509KeyPair, "LoadX509KeyPairWithPassword": LoadX509KeyPairWithPassword,
			"X509KeyPair": X509KeyPair, "X509KeyPairWithPassword": X509KeyPairWithPassword,
			"ToCirclPublicKey": ToCirclPublicKey, "ToCirclPrivateKey": ToCirclPrivateKey,
			"ToCirclKEMPublicKey": ToCirclKEMPublicKey, "ToCirclKEMPrivateKey": ToCirclKEMPrivateKey,
			"ConfigureTLSClient": ConfigureTLSClient, "ConfigureTLSServer": ConfigureTLSServer,
			"VerifyServerConnection": VerifyServerConnection, "VerifyClientConnection": VerifyClientConnection,
			// The callbacks themselves, on whatever state the walk makes.
			"VerifyServerConnection(…)(state)": func(opts VerifyOptions, cs tls.ConnectionState) error {
				return VerifyServerConnection(opts)(cs)
			},
			"VerifyClientConnection(…)(state)": func(opts VerifyOptions, required bool, cs tls.ConnectionState) error {
				return VerifyClientConnection(opts, required)(cs)
			},
			// A real key, so that the password and options are reached.
			// (one PBKDF2 iteration unless the walk passes another count).
			"EncryptPKCS8PrivateKey(real key)": func(password []byte, iterations int) ([]byte, error) {
				if iterations == 0 {
					iterations = 1
				}
				return EncryptPKCS8PrivateKey(nil, must(MarshalPKCS8PrivateKey(sk)), password, &EncryptOptions{Iterations: iterations})
			},
		},
		Types: map[string]any{
			"Algorithm": MLDSA44, "PrivateKeyForm": FormBoth, "Profile": ProfileServer,
			"CA": (*CA)(nil), "CAOptions": (*CAOptions)(nil), "IssueOptions": (*IssueOptions)(nil),
			"EncryptOptions": (*EncryptOptions)(nil), "PrivateKeyInfo": (*PrivateKeyInfo)(nil),
			"PublicKeyInfo": (*PublicKeyInfo)(nil), "VerifyOptions": (*VerifyOptions)(nil),
			"VerifyResult": (*VerifyResult)(nil), "MarshalOption": (*MarshalOption)(nil),
			"CompositeProfile": CompositeProfile{},
		},
		Values: map[string]any{
			"root CA": root, "PrivateKeyInfo": info, "PublicKeyInfo": pubInfo,
			"UnknownAlgorithm": UnknownAlgorithm, "Algorithm(-1)": Algorithm(-1), "XWing": XWing,
			"PrivateKeyForm(0)": PrivateKeyForm(0), "Profile(0)": Profile(0),
			"DefaultCompositeProfile": DefaultCompositeProfile(),
		},
		Inputs: append([]any{
			// Zero keys of every kind the package takes, and real ones.
			new(signer.PrivateKey), (*signer.PrivateKey)(nil), new(circlsign.PrivateKey), new(circlsign.PublicKey),
			&mldsa.PublicKey{}, &mldsa.PrivateKey{}, &mlkem.DecapsulationKey768{}, &mlkem.EncapsulationKey768{},
			&mlkem.DecapsulationKey1024{}, &mlkem.EncapsulationKey1024{},
			new(kem.DecapsulationKey512), new(kem.DecapsulationKey768), new(kem.DecapsulationKey1024),
			new(kem.EncapsulationKey768), new(kem.XWingDecapsulationKey), new(kem.XWingEncapsulationKey),
			new(kem.HybridDecapsulationKey), new(PrivateKeyInfo), new(PublicKeyInfo), &x509.Certificate{},
			sk, dk, dk.EncapsulationKey(), root, info, pubInfo,
			new(composite.PrivateKey), new(composite.PublicKey), new(kemcomposite.DecapsulationKey), new(kemcomposite.EncapsulationKey),
			compSig, compSig.PublicKey(), compKEM, compKEM.EncapsulationKey(), root.Certificate,
		}, apiwalk.Damaged(
			// Truncated and mutated encodings, for every []byte parameter.
			must(MarshalPKCS8PrivateKey(sk, FormBoth)), must(MarshalPKIXPublicKey(sk.Public())),
			must(MarshalPrivateKeyPEM(dk)), EncodePEM("CERTIFICATE", root.Certificate.Raw),
			must(MarshalPKCS8PrivateKey(compSig)), must(MarshalPKIXPublicKey(compSig.Public())),
			must(MarshalPKCS8PrivateKey(compKEM)), must(MarshalPKIXPublicKey(compKEM.EncapsulationKey())),
			must(EncryptPKCS8PrivateKey(nil, must(MarshalPKCS8PrivateKey(sk)), []byte("pw"), &EncryptOptions{Iterations: 1})),
		)...),
		ZeroArgsOK: map[string]string{
			"VerifyClientConnection(…)(state)": "a server that does not require a client certificate lets a client without one through",
			"EncryptPKCS8PrivateKey(real key)": "an empty password is allowed, as by OpenSSL",
		},
	})
}

// fastEncrypt and fastEncryptPEM are the encryption functions with one
// PBKDF2 iteration where opts leaves the count at its default (600 000
// iterations, some 0.4 s a call here); every other argument is the walk's.
func fastEncrypt(rand io.Reader, pkcs8, password []byte, opts *EncryptOptions) ([]byte, error) {
	return EncryptPKCS8PrivateKey(rand, pkcs8, password, fastOptions(opts))
}

func fastEncryptPEM(rand io.Reader, key any, password []byte, opts *EncryptOptions, forms ...MarshalOption) ([]byte, error) {
	return MarshalEncryptedPrivateKeyPEM(rand, key, password, fastOptions(opts), forms...)
}

func fastOptions(opts *EncryptOptions) *EncryptOptions {
	if opts == nil || opts.Iterations == 0 {
		return &EncryptOptions{Iterations: 1}
	}
	return opts
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestZeroKeys is issue 16's list for this package: conversions and Marshal
// functions refuse zero keys with an error, and EncryptPKCS8PrivateKey with a
// nil rand uses crypto/rand.
func TestZeroKeys(t *testing.T) {
	for _, key := range []any{new(signer.PrivateKey), &mldsa.PrivateKey{}, new(kem.DecapsulationKey768), &mlkem.DecapsulationKey768{}} {
		if _, err := MarshalPKCS8PrivateKey(key); err == nil {
			t.Errorf("MarshalPKCS8PrivateKey(zero %T) succeeded", key)
		}
		if _, err := ToStdlib(key); err == nil {
			t.Errorf("ToStdlib(zero %T) succeeded", key)
		}
		if _, err := FromStdlib(key); err == nil {
			t.Errorf("FromStdlib(zero %T) succeeded", key)
		}
	}
	for _, pub := range []any{&mldsa.PublicKey{}, new(kem.EncapsulationKey768), &mlkem.EncapsulationKey1024{}} {
		if _, err := MarshalPKIXPublicKey(pub); err == nil {
			t.Errorf("MarshalPKIXPublicKey(zero %T) succeeded", pub)
		}
	}
	sk, err := signer.NewPrivateKey(mldsa.MLDSA44(), make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	enc, err := EncryptPKCS8PrivateKey(nil, must(MarshalPKCS8PrivateKey(sk)), []byte("pw"), &EncryptOptions{Iterations: 1})
	if err != nil {
		t.Fatalf("nil rand: %v", err)
	}
	if _, err := DecryptPKCS8PrivateKey(enc, []byte("pw")); err != nil {
		t.Errorf("nil rand: the key does not decrypt: %v", err)
	}
}
