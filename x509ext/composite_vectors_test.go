package x509ext

import (
	"bytes"
	"crypto"
	"crypto/x509"
	"strconv"
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
	kemcomposite "github.com/crystals-go/crystals/kem/composite"
	"github.com/crystals-go/crystals/signer/composite"
)

const (
	compositeSigFile = vectors.CompositeSigsFile
	compositeKEMFile = vectors.CompositeKEMFile
)

// keyRoundTrip checks that the certificate's SPKI and the vector's PKCS#8
// parse, that the private key's public key is the certificate's, that both
// re-encode byte for byte (also through PEM and encrypted PEM), and returns
// the private key.
func keyRoundTrip(t *testing.T, cert *x509.Certificate, pkcs8, rawPub, rawPriv []byte) any {
	t.Helper()
	pub, err := ParsePKIXPublicKey(cert.RawSubjectPublicKeyInfo)
	if err != nil {
		t.Fatalf("ParsePKIXPublicKey: %v", err)
	}
	if got := pub.(interface{ Bytes() []byte }).Bytes(); rawPub != nil && !bytes.Equal(got, rawPub) {
		t.Fatal("the certificate's SPKI does not hold the vector's public key")
	}
	if der, err := MarshalPKIXPublicKey(pub); err != nil || !bytes.Equal(der, cert.RawSubjectPublicKeyInfo) {
		t.Fatalf("MarshalPKIXPublicKey does not reproduce the certificate's SPKI (err %v)", err)
	}
	priv, err := ParsePKCS8PrivateKey(pkcs8)
	if err != nil {
		t.Fatalf("ParsePKCS8PrivateKey: %v", err)
	}
	if rawPriv != nil && !bytes.Equal(priv.(interface{ Bytes() []byte }).Bytes(), rawPriv) {
		t.Fatal("the PKCS#8 key is not the vector's raw private key")
	}
	if der, err := MarshalPKCS8PrivateKey(priv); err != nil || !bytes.Equal(der, pkcs8) {
		t.Fatalf("MarshalPKCS8PrivateKey does not reproduce the vector's PKCS#8 byte for byte (err %v)", err)
	}
	if der, err := MarshalPKIXPublicKey(publicOf(t, priv)); err != nil || !bytes.Equal(der, cert.RawSubjectPublicKeyInfo) {
		t.Fatalf("the private key's public key is not the certificate's (err %v)", err)
	}
	pemPriv := must(MarshalPrivateKeyPEM(priv))
	if back, err := ParsePrivateKeyPEM(pemPriv); err != nil || !bytes.Equal(must(MarshalPKCS8PrivateKey(back)), pkcs8) {
		t.Fatalf("PEM round trip of the private key (err %v)", err)
	}
	enc := must(MarshalEncryptedPrivateKeyPEM(nil, priv, []byte("pw"), &EncryptOptions{Iterations: 1}))
	if back, err := ParseEncryptedPrivateKeyPEM(enc, []byte("pw")); err != nil || !bytes.Equal(must(MarshalPKCS8PrivateKey(back)), pkcs8) {
		t.Fatalf("encrypted PEM round trip of the private key (err %v)", err)
	}
	if _, err := ParseEncryptedPrivateKeyPEM(enc, []byte("wrong")); err == nil {
		t.Fatal("encrypted PEM decrypts with a wrong password")
	}
	if back, err := ParsePublicKeyPEM(must(MarshalPublicKeyPEM(pub))); err != nil || !bytes.Equal(must(MarshalPKIXPublicKey(back)), cert.RawSubjectPublicKeyInfo) {
		t.Fatalf("PEM round trip of the public key (err %v)", err)
	}
	return priv
}

// publicOf returns the public key of any private key this package parses.
func publicOf(t *testing.T, priv any) any {
	t.Helper()
	switch k := priv.(type) {
	case crypto.Signer:
		return k.Public()
	case *kemcomposite.DecapsulationKey:
		return k.EncapsulationKey()
	case interface{ Encapsulator() crypto.Encapsulator }:
		return k.Encapsulator()
	}
	t.Fatalf("no public key for %T", priv)
	return nil
}

// tampered returns copies of c with one byte of the signature flipped at
// each of the given offsets (negative: from the end), and one with a TBS
// byte flipped.
func tampered(c *x509.Certificate, offsets ...int) map[string]*x509.Certificate {
	out := map[string]*x509.Certificate{}
	for _, off := range offsets {
		if off < 0 {
			off += len(c.Signature)
		}
		bad := *c
		bad.Signature = bytes.Clone(c.Signature)
		bad.Signature[off] ^= 1
		out["signature byte "+strconv.Itoa(off)] = &bad
	}
	bad := *c
	bad.RawTBSCertificate = bytes.Clone(c.RawTBSCertificate)
	bad.RawTBSCertificate[len(bad.RawTBSCertificate)-1] ^= 1
	out["TBSCertificate"] = &bad
	return out
}

// TestCompositeSignatureVectors: for all 21 vectors of the composite-sigs
// draft, x509ext parses the certificate's SPKI and sk_pkcs8 into the
// composite (or ML-DSA) keys, re-encodes both byte for byte, and the
// self-signed certificate verifies with CheckSignatureFrom(cert, cert);
// flipping a byte of either half of the signature, or of the TBS, fails.
func TestCompositeSignatureVectors(t *testing.T) {
	var v vectors.CompositeSigs
	vectors.ReadJSON(t, compositeSigFile, &v)
	c := vectors.NewCounter(t)
	c.File(compositeSigFile)
	for _, tc := range v.Tests {
		t.Run(tc.TcID, func(t *testing.T) {
			cert, err := x509.ParseCertificate(tc.X5C)
			if err != nil {
				t.Fatal(err)
			}
			alg := composite.AlgorithmByName(tc.TcID)
			rawPriv := tc.SK
			if alg == nil {
				rawPriv = nil // pure ML-DSA: Bytes is not the seed encoding
			}
			priv := keyRoundTrip(t, cert, tc.SKPKCS8, tc.PK, rawPriv)
			if alg != nil {
				if k, ok := priv.(*composite.PrivateKey); !ok || k.Algorithm() != alg {
					t.Fatalf("ParsePKCS8PrivateKey returned %T, want the %s key", priv, alg)
				}
			}
			if err := CheckSignatureFrom(cert, cert); err != nil {
				t.Fatalf("self-signature: %v", err)
			}
			offsets := []int{0, -1}
			if alg != nil {
				offsets = append(offsets, alg.MLDSA().SignatureSize()) // first byte of the traditional half
			}
			for what, bad := range tampered(cert, offsets...) {
				if err := CheckSignatureFrom(bad, cert); err == nil {
					t.Errorf("tampered %s verifies", what)
				}
			}
			c.Add(compositeSigFile)
		})
	}
}

// TestCompositeKEMVectors: for all 14 vectors of the composite-kem draft,
// x509ext parses the certificate's SPKI and dk_pkcs8, re-encodes both byte
// for byte, the key decapsulates c to k, and the certificate verifies under
// the ML-DSA-65 cacert with CheckSignatureFrom; a tampered one does not, and
// a KEM certificate cannot be the issuer.
func TestCompositeKEMVectors(t *testing.T) {
	var v vectors.CompositeKEM
	vectors.ReadJSON(t, compositeKEMFile, &v)
	c := vectors.NewCounter(t)
	c.File(compositeKEMFile)
	ca, err := x509.ParseCertificate(v.CACert)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckSignatureFrom(ca, ca); err != nil {
		t.Fatalf("cacert self-signature: %v", err)
	}
	for _, tc := range v.Tests {
		t.Run(tc.TcID, func(t *testing.T) {
			cert, err := x509.ParseCertificate(tc.X5C)
			if err != nil {
				t.Fatal(err)
			}
			alg := kemcomposite.AlgorithmByName(tc.TcID)
			rawPriv := tc.DK
			if alg == nil {
				rawPriv = nil
			}
			priv := keyRoundTrip(t, cert, tc.DKPKCS8, tc.EK, rawPriv)
			if alg != nil {
				if k, ok := priv.(*kemcomposite.DecapsulationKey); !ok || k.Algorithm() != alg {
					t.Fatalf("ParsePKCS8PrivateKey returned %T, want the %s key", priv, alg)
				}
			}
			k, err := priv.(crypto.Decapsulator).Decapsulate(tc.C)
			if err != nil || !bytes.Equal(k, tc.K) {
				t.Fatalf("decapsulation does not give k (err %v)", err)
			}
			if err := CheckSignatureFrom(cert, ca); err != nil {
				t.Fatalf("certificate under cacert: %v", err)
			}
			for what, bad := range tampered(cert, 0, -1) {
				if err := CheckSignatureFrom(bad, ca); err == nil {
					t.Errorf("tampered %s verifies", what)
				}
			}
			if err := CheckSignatureFrom(cert, cert); err == nil || !strings.Contains(err.Error(), "cannot") {
				t.Errorf("a KEM certificate as issuer: %v, want a refusal", err)
			}
			c.Add(compositeKEMFile)
		})
	}
}
