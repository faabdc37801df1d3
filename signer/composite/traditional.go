package composite

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"errors"
	"fmt"

	"github.com/cloudflare/circl/sign/ed448"

	"github.com/crystals-go/crystals/internal/brainpool"
	"github.com/crystals-go/crystals/internal/hybrid"
)

// traditional is the classical half of a composite algorithm. Keys are the
// standard library's types (circl's for Ed448); the byte forms are the ones
// the draft concatenates after the ML-DSA half.
type traditional interface {
	name() string
	generate() (crypto.Signer, error)
	parsePrivate(b []byte) (crypto.Signer, error)
	marshalPrivate(k crypto.Signer) []byte
	parsePublic(b []byte) (crypto.PublicKey, error)
	marshalPublic(k crypto.PublicKey) []byte
	// sign signs the message representative M′ with the algorithm's own
	// hash (none for EdDSA).
	sign(k crypto.Signer, m []byte) ([]byte, error)
	verify(k crypto.PublicKey, m, sig []byte) bool
	// checkType reports whether k is a private key of this algorithm.
	checkType(k crypto.Signer) error
}

var errKeyType = errors.New("composite: traditional key has the wrong type or size")

func digest(h crypto.Hash, m []byte) []byte {
	d := h.New()
	d.Write(m)
	return d.Sum(nil)
}

// rsaAlg is RSASSA-PSS (salt length = hash length, MGF1 with the same hash)
// or RSASSA-PKCS1-v1_5, with e = 65537.
type rsaAlg struct {
	bits int
	hash crypto.Hash
	pss  bool
}

func (a rsaAlg) name() string {
	if a.pss {
		return fmt.Sprintf("RSASSA-PSS %d %v", a.bits, a.hash)
	}
	return fmt.Sprintf("RSASSA-PKCS1-v1_5 %d %v", a.bits, a.hash)
}

func (a rsaAlg) generate() (crypto.Signer, error) { return rsa.GenerateKey(rand.Reader, a.bits) }

func (a rsaAlg) parsePrivate(b []byte) (crypto.Signer, error) {
	return hybrid.ParseRSAPrivateKey(b, a.bits)
}

func (a rsaAlg) marshalPrivate(k crypto.Signer) []byte {
	return x509.MarshalPKCS1PrivateKey(k.(*rsa.PrivateKey))
}

func (a rsaAlg) parsePublic(b []byte) (crypto.PublicKey, error) {
	return hybrid.ParseRSAPublicKey(b, a.bits)
}

func (a rsaAlg) marshalPublic(k crypto.PublicKey) []byte {
	return x509.MarshalPKCS1PublicKey(k.(*rsa.PublicKey))
}

func (a rsaAlg) pssOptions() *rsa.PSSOptions {
	return &rsa.PSSOptions{SaltLength: a.hash.Size(), Hash: a.hash}
}

func (a rsaAlg) sign(k crypto.Signer, m []byte) ([]byte, error) {
	if a.pss {
		return rsa.SignPSS(rand.Reader, k.(*rsa.PrivateKey), a.hash, digest(a.hash, m), a.pssOptions())
	}
	return rsa.SignPKCS1v15(nil, k.(*rsa.PrivateKey), a.hash, digest(a.hash, m))
}

func (a rsaAlg) verify(k crypto.PublicKey, m, sig []byte) bool {
	pub := k.(*rsa.PublicKey)
	if len(sig) != pub.Size() {
		return false
	}
	if a.pss {
		return rsa.VerifyPSS(pub, a.hash, digest(a.hash, m), sig, a.pssOptions()) == nil
	}
	return rsa.VerifyPKCS1v15(pub, a.hash, digest(a.hash, m), sig) == nil
}

func (a rsaAlg) checkType(k crypto.Signer) error {
	if r, ok := k.(*rsa.PrivateKey); ok && r.N.BitLen() == a.bits {
		return nil
	}
	return errKeyType
}

// ecdsaAlg is ECDSA on a NIST curve with a DER Ecdsa-Sig-Value.
type ecdsaAlg struct {
	curve *hybrid.Curve
	hash  crypto.Hash
}

func (a ecdsaAlg) name() string { return fmt.Sprintf("ECDSA %s %v", a.curve.Name, a.hash) }

func (a ecdsaAlg) generate() (crypto.Signer, error) {
	return ecdsa.GenerateKey(a.curve.Elliptic, rand.Reader)
}

func (a ecdsaAlg) parsePrivate(b []byte) (crypto.Signer, error) {
	scalar, err := hybrid.ParseECPrivateKey(a.curve, b)
	if err != nil {
		return nil, err
	}
	return ecdsa.ParseRawPrivateKey(a.curve.Elliptic, scalar)
}

func (a ecdsaAlg) marshalPrivate(k crypto.Signer) []byte {
	scalar, err := k.(*ecdsa.PrivateKey).Bytes()
	if err != nil {
		panic("composite: " + err.Error()) // unreachable: checkType admitted only keys on the curve
	}
	return hybrid.MarshalECPrivateKey(a.curve, scalar)
}

func (a ecdsaAlg) parsePublic(b []byte) (crypto.PublicKey, error) {
	return ecdsa.ParseUncompressedPublicKey(a.curve.Elliptic, b)
}

func (a ecdsaAlg) marshalPublic(k crypto.PublicKey) []byte {
	b, err := k.(*ecdsa.PublicKey).Bytes()
	if err != nil {
		panic("composite: " + err.Error()) // unreachable: parsed or derived on the curve
	}
	return b
}

func (a ecdsaAlg) sign(k crypto.Signer, m []byte) ([]byte, error) {
	return ecdsa.SignASN1(rand.Reader, k.(*ecdsa.PrivateKey), digest(a.hash, m))
}

func (a ecdsaAlg) verify(k crypto.PublicKey, m, sig []byte) bool {
	return ecdsa.VerifyASN1(k.(*ecdsa.PublicKey), digest(a.hash, m), sig)
}

func (a ecdsaAlg) checkType(k crypto.Signer) error {
	if e, ok := k.(*ecdsa.PrivateKey); ok && e.Curve == a.curve.Elliptic {
		return nil
	}
	return errKeyType
}

// ed25519Alg is pure Ed25519; the private key is the 32-byte RFC 8032 seed.
type ed25519Alg struct{}

func (ed25519Alg) name() string { return "Ed25519" }

func (ed25519Alg) generate() (crypto.Signer, error) {
	_, k, err := ed25519.GenerateKey(rand.Reader)
	return k, err
}

func (ed25519Alg) parsePrivate(b []byte) (crypto.Signer, error) {
	if len(b) != ed25519.SeedSize {
		return nil, errKeyType
	}
	return ed25519.NewKeyFromSeed(b), nil
}

func (ed25519Alg) marshalPrivate(k crypto.Signer) []byte { return k.(ed25519.PrivateKey).Seed() }

func (ed25519Alg) parsePublic(b []byte) (crypto.PublicKey, error) {
	if len(b) != ed25519.PublicKeySize {
		return nil, errKeyType
	}
	return ed25519.PublicKey(append([]byte(nil), b...)), nil
}

func (ed25519Alg) marshalPublic(k crypto.PublicKey) []byte {
	return append([]byte(nil), k.(ed25519.PublicKey)...)
}

func (ed25519Alg) sign(k crypto.Signer, m []byte) ([]byte, error) {
	return ed25519.Sign(k.(ed25519.PrivateKey), m), nil
}

func (ed25519Alg) verify(k crypto.PublicKey, m, sig []byte) bool {
	return ed25519.Verify(k.(ed25519.PublicKey), m, sig)
}

func (ed25519Alg) checkType(k crypto.Signer) error {
	if e, ok := k.(ed25519.PrivateKey); ok && len(e) == ed25519.PrivateKeySize {
		return nil
	}
	return errKeyType
}

// ed448Alg is pure Ed448 with an empty context (circl); the private key is
// the 57-byte RFC 8032 seed.
type ed448Alg struct{}

func (ed448Alg) name() string { return "Ed448" }

func (ed448Alg) generate() (crypto.Signer, error) {
	_, k, err := ed448.GenerateKey(rand.Reader)
	return k, err
}

func (ed448Alg) parsePrivate(b []byte) (crypto.Signer, error) {
	if len(b) != ed448.SeedSize {
		return nil, errKeyType
	}
	return ed448.NewKeyFromSeed(b), nil
}

func (ed448Alg) marshalPrivate(k crypto.Signer) []byte { return k.(ed448.PrivateKey).Seed() }

func (ed448Alg) parsePublic(b []byte) (crypto.PublicKey, error) {
	if len(b) != ed448.PublicKeySize {
		return nil, errKeyType
	}
	return ed448.PublicKey(append([]byte(nil), b...)), nil
}

func (ed448Alg) marshalPublic(k crypto.PublicKey) []byte {
	return append([]byte(nil), k.(ed448.PublicKey)...)
}

func (ed448Alg) sign(k crypto.Signer, m []byte) ([]byte, error) {
	return ed448.Sign(k.(ed448.PrivateKey), m, ""), nil
}

func (ed448Alg) verify(k crypto.PublicKey, m, sig []byte) bool {
	return len(sig) == ed448.SignatureSize && ed448.Verify(k.(ed448.PublicKey), m, sig, "")
}

func (ed448Alg) checkType(k crypto.Signer) error {
	if e, ok := k.(ed448.PrivateKey); ok && len(e) == ed448.PrivateKeySize {
		return nil
	}
	return errKeyType
}

// bpECDSA is ECDSA on a brainpool curve (internal/brainpool), with a DER
// Ecdsa-Sig-Value like ecdsaAlg.
type bpECDSA struct {
	curve *hybrid.Curve
	hash  crypto.Hash
}

func (a bpECDSA) name() string { return fmt.Sprintf("ECDSA %s %v", a.curve.Name, a.hash) }

func (a bpECDSA) generate() (crypto.Signer, error) { return a.curve.Brainpool.GenerateKey() }

func (a bpECDSA) parsePrivate(b []byte) (crypto.Signer, error) {
	scalar, err := hybrid.ParseECPrivateKey(a.curve, b)
	if err != nil {
		return nil, err
	}
	return a.curve.Brainpool.NewPrivateKey(scalar)
}

func (a bpECDSA) marshalPrivate(k crypto.Signer) []byte {
	return hybrid.MarshalECPrivateKey(a.curve, k.(*brainpool.PrivateKey).Bytes())
}

func (a bpECDSA) parsePublic(b []byte) (crypto.PublicKey, error) {
	return a.curve.Brainpool.NewPublicKey(b)
}

func (a bpECDSA) marshalPublic(k crypto.PublicKey) []byte { return k.(*brainpool.PublicKey).Bytes() }

func (a bpECDSA) sign(k crypto.Signer, m []byte) ([]byte, error) {
	return k.Sign(nil, digest(a.hash, m), nil)
}

func (a bpECDSA) verify(k crypto.PublicKey, m, sig []byte) bool {
	return brainpool.VerifyASN1(k.(*brainpool.PublicKey), digest(a.hash, m), sig)
}

func (a bpECDSA) checkType(k crypto.Signer) error {
	if b, ok := k.(*brainpool.PrivateKey); ok && b.Curve() == a.curve.Brainpool {
		return nil
	}
	return errKeyType
}
