package x509ext

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/mldsa"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/crystals-go/crystals/internal/vectors"
	kemcomposite "github.com/crystals-go/crystals/kem/composite"
	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/signer/composite"
)

// ecdsaChain returns a self-signed ECDSA P-256 root and a leaf it issued,
// made by crypto/x509.
func ecdsaChain(t *testing.T) (root, leaf *x509.Certificate) {
	t.Helper()
	rootKey := must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader))
	leafKey := must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader))
	now := time.Now()
	rootTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "ECDSA root"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	root = must(x509.ParseCertificate(must(x509.CreateCertificate(rand.Reader, rootTmpl, rootTmpl, &rootKey.PublicKey, rootKey))))
	leafTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "ECDSA leaf"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour), KeyUsage: x509.KeyUsageDigitalSignature,
	}
	leaf = must(x509.ParseCertificate(must(x509.CreateCertificate(rand.Reader, leafTmpl, root, &leafKey.PublicKey, rootKey))))
	return root, leaf
}

// stdlibSelfSigned returns a certificate crypto/x509 made and signed with key
// using sigAlg (0: crypto/x509's default for the key).
func stdlibSelfSigned(t *testing.T, key crypto.Signer, sigAlg x509.SignatureAlgorithm) *x509.Certificate {
	t.Helper()
	now := time.Now()
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(3), Subject: pkix.Name{CommonName: "self-signed"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(time.Hour), SignatureAlgorithm: sigAlg,
	}
	return must(x509.ParseCertificate(must(x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key))))
}

// mldsaChain returns an ML-DSA-65 root and an ML-DSA-44 intermediate made
// by the CA toolkit.
func mldsaChain(t *testing.T) (root, inter *x509.Certificate) {
	t.Helper()
	rootKey := must(signer.NewPrivateKey(mldsa.MLDSA65(), make([]byte, 32)))
	interKey := must(signer.NewPrivateKey(mldsa.MLDSA44(), make([]byte, 32)))
	ca := must(NewRootCA(pkix.Name{CommonName: "ML-DSA root"}, rootKey, nil))
	sub := must(ca.NewIntermediate(pkix.Name{CommonName: "ML-DSA intermediate"}, interKey, nil))
	return ca.Certificate, sub.Certificate
}

// TestCheckSignatureFromClassicalAndMLDSA: chains of crypto/x509 (ECDSA) and
// of the CA toolkit (ML-DSA) verify link by link; a wrong issuer, a
// tampered signature and a tampered TBS do not.
func TestCheckSignatureFromClassicalAndMLDSA(t *testing.T) {
	ecRoot, ecLeaf := ecdsaChain(t)
	mlRoot, mlInter := mldsaChain(t)
	_, edKey := must2(ed25519.GenerateKey(rand.Reader))
	edCert := stdlibSelfSigned(t, edKey, 0)
	for _, link := range []struct {
		name          string
		child, parent *x509.Certificate
	}{
		{"ECDSA root", ecRoot, ecRoot}, {"ECDSA leaf", ecLeaf, ecRoot}, {"Ed25519", edCert, edCert},
		{"ML-DSA root", mlRoot, mlRoot}, {"ML-DSA intermediate", mlInter, mlRoot},
	} {
		if err := CheckSignatureFrom(link.child, link.parent); err != nil {
			t.Errorf("%s: %v", link.name, err)
		}
		for what, bad := range tampered(link.child, 0, -1) {
			if err := CheckSignatureFrom(bad, link.parent); err == nil {
				t.Errorf("%s: tampered %s verifies", link.name, what)
			}
		}
	}
	for _, wrong := range []struct {
		name          string
		child, parent *x509.Certificate
	}{
		{"ECDSA leaf under itself", ecLeaf, ecLeaf}, {"ML-DSA intermediate under itself", mlInter, mlInter},
		{"ML-DSA under ECDSA", mlInter, ecRoot}, {"ECDSA under ML-DSA", ecLeaf, mlRoot},
	} {
		if err := CheckSignatureFrom(wrong.child, wrong.parent); err == nil {
			t.Errorf("%s verifies", wrong.name)
		}
	}
	sha1 := stdlibSelfSigned(t, must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader)), x509.ECDSAWithSHA1)
	if err := CheckSignatureFrom(sha1, sha1); err == nil || !strings.Contains(err.Error(), "insecure") {
		t.Errorf("ECDSA with SHA-1: %v, want a refusal", err)
	}
}

func must2[A, B any](a A, b B, err error) (A, B) {
	if err != nil {
		panic(err)
	}
	return a, b
}

// TestCheckSignatureFromMismatch: a composite certificate is refused under
// a key of another algorithm, and other signatures under a composite key,
// each with an error that says so.
func TestCheckSignatureFromMismatch(t *testing.T) {
	var v vectors.CompositeSigs
	vectors.ReadJSON(t, compositeSigFile, &v)
	ecRoot, ecLeaf := ecdsaChain(t)
	mlRoot, _ := mldsaChain(t)
	certs := map[string]*x509.Certificate{}
	for _, tc := range v.Tests {
		certs[tc.TcID] = must(x509.ParseCertificate(tc.X5C))
	}
	comp := certs["id-MLDSA65-ECDSA-P256-SHA512"]
	other := certs["id-MLDSA44-ECDSA-P256-SHA256"]
	for _, c := range []struct {
		name          string
		child, parent *x509.Certificate
		want          string
	}{
		{"composite under ECDSA", comp, ecRoot, "not a composite key"},
		{"composite under ML-DSA", comp, mlRoot, "not a composite key"},
		{"ECDSA under composite", ecLeaf, comp, "does not match"},
		{"composite under another composite", comp, other, "does not match"},
		{"ML-DSA under composite", certs["id-ML-DSA-65"], comp, "does not match"},
	} {
		err := CheckSignatureFrom(c.child, c.parent)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
	}
	for _, bad := range []struct {
		name          string
		child, parent *x509.Certificate
	}{{"nil child", nil, comp}, {"nil parent", comp, nil}, {"unparsed", &x509.Certificate{}, comp}} {
		if err := CheckSignatureFrom(bad.child, bad.parent); err == nil {
			t.Errorf("%s: no error", bad.name)
		}
	}
}

// TestCertificateSignatureOID: an outer signatureAlgorithm that differs
// from the TBS's, and composite parameters, are refused.
func TestCertificateSignatureOID(t *testing.T) {
	comp := composite.Algorithms()[0].OID()
	build := func(inner, outer func(*cryptobyte.Builder)) []byte {
		var b cryptobyte.Builder
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
			b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
				b.AddASN1(cbasn1.Tag(0).ContextSpecific().Constructed(), func(b *cryptobyte.Builder) { b.AddASN1Int64(2) })
				b.AddASN1Int64(1)
				inner(b)
			})
			outer(b)
			addBitString(b, cbasn1.BIT_STRING, []byte{1})
		})
		return must(b.Bytes())
	}
	plain := func(b *cryptobyte.Builder) { addOIDIdentifier(b, comp) }
	withNull := func(b *cryptobyte.Builder) {
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(comp)
			b.AddASN1NULL()
		})
	}
	other := func(b *cryptobyte.Builder) { addAlgorithmIdentifier(b, MLDSA65) }
	if oid, err := signatureOID(build(plain, plain), signedCertificate); err != nil || !oid.Equal(comp) {
		t.Errorf("plain: %v %v", oid, err)
	}
	for name, c := range map[string]struct {
		der  []byte
		want string
	}{
		"differing": {build(plain, other), "differs"},
		"NULL":      {build(withNull, withNull), "parameters"},
		"garbage":   {[]byte{0x30, 0x01, 0x00}, "malformed"},
	} {
		if _, err := signatureOID(c.der, signedCertificate); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

// TestCompositeKeyEncodingErrors: malformed composite SPKI and PKCS#8, forms
// asked of a composite key, and zero composite keys are errors.
func TestCompositeKeyEncodingErrors(t *testing.T) {
	sigAlg := composite.AlgorithmByName("MLDSA44-Ed25519-SHA512")
	sk := must(composite.GenerateKey(sigAlg))
	spki := must(MarshalPKIXPublicKey(sk.Public()))
	pub, priv := sk.PublicKey().Bytes(), sk.Bytes()
	kemPub := must(kemcomposite.GenerateKey(kemcomposite.AlgorithmByName("MLKEM768-X25519-SHA3-256"))).EncapsulationKey().Bytes()
	var withNull cryptobyte.Builder
	withNull.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(sigAlg.OID())
			b.AddASN1NULL()
		})
		addBitString(b, cbasn1.BIT_STRING, sk.PublicKey().Bytes())
	})
	cases := map[string]error{
		"SPKI with NULL parameters":     second(ParsePKIXPublicKey(must(withNull.Bytes()))),
		"truncated public key":          second(ParsePKIXPublicKey(must(marshalCompositeSPKI(sigAlg.OID(), pub[:len(pub)-1])))),
		"truncated private key":         second(ParsePKCS8PrivateKey(must(marshalCompositePKCS8(sigAlg.OID(), priv[:len(priv)-1])))),
		"KEM key under a signature OID": second(ParsePKIXPublicKey(must(marshalCompositeSPKI(sigAlg.OID(), kemPub)))),
		"FormSeed for a composite":      second(MarshalPKCS8PrivateKey(sk, FormSeed)),
	}
	var v1 cryptobyte.Builder
	v1.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(1)
		addOIDIdentifier(b, sigAlg.OID())
		b.AddASN1OctetString(sk.Bytes())
	})
	cases["PKCS#8 version 1"] = second(ParsePKCS8PrivateKey(must(v1.Bytes())))
	for _, zero := range []any{new(composite.PublicKey), (*composite.PublicKey)(nil), new(kemcomposite.EncapsulationKey), (*kemcomposite.EncapsulationKey)(nil)} {
		cases[fmt.Sprintf("zero %T SPKI", zero)] = second(MarshalPKIXPublicKey(zero))
	}
	for _, zero := range []any{new(composite.PrivateKey), (*composite.PrivateKey)(nil), new(kemcomposite.DecapsulationKey), (*kemcomposite.DecapsulationKey)(nil)} {
		cases[fmt.Sprintf("zero %T PKCS#8", zero)] = second(MarshalPKCS8PrivateKey(zero))
	}
	for name, err := range cases {
		t.Logf("%s: %v", name, err)
		if err == nil {
			t.Errorf("%s: no error", name)
		} else if !strings.HasPrefix(err.Error(), "x509ext: ") {
			t.Errorf("%s: error %q lacks the package prefix", name, err)
		}
	}
	if _, err := ParsePublicKeyInfo(spki); err == nil || !strings.Contains(err.Error(), "composite") {
		t.Errorf("ParsePublicKeyInfo of a composite SPKI: %v, want an error pointing to ParsePKIXPublicKey", err)
	}
}
