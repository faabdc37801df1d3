package composite_test

import (
	"bytes"
	"crypto/mldsa"
	"crypto/x509"
	"encoding/asn1"
	"testing"

	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/kem/composite"
	"github.com/crystals-go/crystals/signer"
)

const kemFile = vectors.CompositeKEMFile

var pureMLKEM = map[string]kem.Scheme{"id-alg-ml-kem-768": kem.MLKEM768(), "id-alg-ml-kem-1024": kem.MLKEM1024()}

// TestKEMVectors runs every vector of the draft: the keys from dk and
// dk_pkcs8 match ek, c decapsulates to k, and the certificate carries ek and
// verifies under the ML-DSA-65 cacert.
func TestKEMVectors(t *testing.T) {
	var v vectors.CompositeKEM
	vectors.ReadJSON(t, kemFile, &v)
	c := vectors.NewCounter(t)
	c.File(kemFile)
	ca := caKey(t, v.CACert)
	for _, tc := range v.Tests {
		t.Run(tc.TcID, func(t *testing.T) {
			cert, err := x509.ParseCertificate(tc.X5C)
			if err != nil {
				t.Fatal(err)
			}
			if err := signer.Verify(ca, cert.RawTBSCertificate, cert.Signature, nil); err != nil {
				t.Fatalf("certificate does not verify under cacert: %v", err)
			}
			oid, key := vectors.SPKI(t, cert.RawSubjectPublicKeyInfo)
			if !bytes.Equal(key, tc.EK) {
				t.Fatal("certificate does not carry ek")
			}
			pkcs8OID, inner := vectors.PKCS8(t, tc.DKPKCS8)
			if !pkcs8OID.Equal(oid) {
				t.Fatalf("dk_pkcs8 is %v, certificate %v", pkcs8OID, oid)
			}
			if s, ok := pureMLKEM[tc.TcID]; ok {
				if !bytes.Equal(inner, append([]byte{0x80, 0x40}, tc.DK...)) {
					t.Fatal("dk_pkcs8 does not hold the seed choice of dk")
				}
				dk, err := s.NewDecapsulationKey(tc.DK)
				if err != nil {
					t.Fatal(err)
				}
				checkDecaps(t, dk, tc.EK, tc.C, tc.K)
				c.Add(kemFile)
				return
			}
			alg := composite.AlgorithmByName(tc.TcID)
			if alg == nil {
				t.Fatalf("unknown algorithm %s", tc.TcID)
			}
			if !oid.Equal(alg.OID()) {
				t.Fatalf("certificate OID %v, want %v", oid, alg.OID())
			}
			if !bytes.Equal(inner, tc.DK) {
				t.Fatal("dk_pkcs8 does not hold dk")
			}
			_, dk := vectors.KeyPair(t, tc.EK, tc.DK,
				func(b []byte) (*composite.EncapsulationKey, error) { return composite.ParseEncapsulationKey(alg, b) },
				func(b []byte) (*composite.DecapsulationKey, error) { return composite.ParseDecapsulationKey(alg, b) },
				func(dk *composite.DecapsulationKey, ek *composite.EncapsulationKey) bool {
					return dk.EncapsulationKey().Equal(ek)
				})
			checkDecaps(t, dk, tc.EK, tc.C, tc.K)
			// A changed traditional ciphertext changes or fails the result.
			bad := bytes.Clone(tc.C)
			bad[len(bad)-1] ^= 1
			if k, err := dk.Decapsulate(bad); err == nil && bytes.Equal(k, tc.K) {
				t.Fatal("tampered ciphertext gives the same key")
			}
			c.Add(kemFile)
		})
	}
}

func checkDecaps(t *testing.T, dk interface {
	Decapsulate([]byte) ([]byte, error)
}, ek, c, k []byte) {
	t.Helper()
	got, err := dk.Decapsulate(c)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, k) {
		t.Fatalf("shared key %x, want %x", got, k)
	}
	if enc, ok := dk.(interface {
		EncapsulationKey() *composite.EncapsulationKey
	}); ok && !bytes.Equal(enc.EncapsulationKey().Bytes(), ek) {
		t.Fatal("ek mismatch")
	}
}

// caKey returns the ML-DSA-65 key of the self-signed cacert, after checking
// its self-signature.
func caKey(t *testing.T, der []byte) *mldsa.PublicKey {
	t.Helper()
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	oid, key := vectors.SPKI(t, cert.RawSubjectPublicKeyInfo)
	if !oid.Equal(asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3, 18}) {
		t.Fatalf("cacert key is %v, want ML-DSA-65", oid)
	}
	pk, err := mldsa.NewPublicKey(mldsa.MLDSA65(), key)
	if err != nil {
		t.Fatal(err)
	}
	if err := signer.Verify(pk, cert.RawTBSCertificate, cert.Signature, nil); err != nil {
		t.Fatalf("cacert self-signature: %v", err)
	}
	return pk
}
