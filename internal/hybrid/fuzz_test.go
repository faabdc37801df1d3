package hybrid

import (
	"bytes"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"testing"
)

// FuzzParseECPrivateKey: any input fails cleanly or parses to a scalar whose
// encoding parses back to it.
func FuzzParseECPrivateKey(f *testing.F) {
	curves := []*Curve{P256, P384, P521, BP256, BP384}
	for i, c := range curves {
		scalar := make([]byte, c.ScalarSize)
		rand.Read(scalar)
		scalar[0] = 1 // below every order
		f.Add(byte(i), MarshalECPrivateKey(c, scalar))
	}
	f.Fuzz(func(t *testing.T, which byte, der []byte) {
		c := curves[int(which)%len(curves)]
		scalar, err := ParseECPrivateKey(c, der)
		if err != nil {
			return
		}
		again, err := ParseECPrivateKey(c, MarshalECPrivateKey(c, scalar))
		if err != nil || !bytes.Equal(again, scalar) {
			t.Fatalf("%s: scalar does not survive its encoding: %v", c.Name, err)
		}
	})
}

// FuzzSplit: the SPKI and PKCS#8 splitters fail cleanly on any input.
func FuzzSplit(f *testing.F) {
	f.Add([]byte{0x30, 0x03, 0x02, 0x01, 0x00})
	f.Fuzz(func(t *testing.T, der []byte) {
		SplitSPKI(der)
		SplitPKCS8(der)
	})
}

// TestECPrivateKeyForms checks the [1] public key rule and the curve check.
func TestECPrivateKeyForms(t *testing.T) {
	k, err := P256.ECDH.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der := MarshalECPrivateKey(P256, k.Bytes())
	if _, err := ParseECPrivateKey(P384, der); err == nil {
		t.Fatal("P-256 key parsed as P-384")
	}
	if s, err := ParseECPrivateKey(P256, der); err != nil || !bytes.Equal(s, k.Bytes()) {
		t.Fatalf("round trip: %v", err)
	}
	if _, err := ParseECPrivateKey(P256, der[:len(der)-1]); err == nil {
		t.Fatal("truncated key parsed")
	}
}

// TestRSAKeyCanonical: an RSA key whose DER has any one byte changed is
// rejected unless it is the canonical encoding of the key it parses to.
func TestRSAKeyCanonical(t *testing.T) {
	k, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	for name, der := range map[string][]byte{"private": x509.MarshalPKCS1PrivateKey(k), "public": x509.MarshalPKCS1PublicKey(&k.PublicKey)} {
		for i := range der {
			bad := append([]byte(nil), der...)
			bad[i] ^= 0x30
			var again []byte
			if name == "private" {
				if p, err := ParseRSAPrivateKey(bad, 1024); err == nil {
					again = x509.MarshalPKCS1PrivateKey(p)
				}
			} else if p, err := ParseRSAPublicKey(bad, 1024); err == nil {
				again = x509.MarshalPKCS1PublicKey(p)
			}
			if again != nil && !bytes.Equal(again, bad) {
				t.Fatalf("%s key with byte %d changed parsed to a key encoded otherwise", name, i)
			}
		}
		if _, err := ParseRSAPublicKey(x509.MarshalPKCS1PublicKey(&k.PublicKey), 1024); err != nil {
			t.Fatal(err)
		}
		if _, err := ParseRSAPrivateKey(x509.MarshalPKCS1PrivateKey(k), 1024); err != nil {
			t.Fatal(err)
		}
	}
}
