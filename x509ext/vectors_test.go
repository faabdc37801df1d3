package x509ext

import (
	"bytes"
	"crypto/mldsa"
	"crypto/x509"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/crystals-go/crystals/internal/vectors"
)

// readPEM returns the DER of the single PEM block in a testdata file.
func readPEM(t *testing.T, rel, typ string) []byte {
	t.Helper()
	der, err := DecodePEM(vectors.ReadFile(t, rel), typ)
	if err != nil {
		t.Fatalf("%s: %v", rel, err)
	}
	return der
}

// lampsSet describes one example folder of the LAMPS documents.
type lampsSet struct {
	dir   string
	algs  []Algorithm
	forms map[string]PrivateKeyForm
	bad   map[string]string // file -> what the error must say
}

var lampsForms = map[string]PrivateKeyForm{"seed": FormSeed, "expanded": FormExpanded, "both": FormBoth}

var lampsSets = []lampsSet{
	{"lamps-dilithium-certificates/examples", []Algorithm{MLDSA44, MLDSA65, MLDSA87}, lampsForms,
		map[string]string{"bad-ML-DSA-44-1.priv": "seed and expandedKey disagree", "bad-ML-DSA-44-2.priv": "tr does not match", "bad-ML-DSA-44-3.priv": "t0 does not match"}},
	{"lamps-kyber-certificates/example", []Algorithm{MLKEM512, MLKEM768, MLKEM1024}, lampsForms,
		map[string]string{"bad-ML-KEM-512-1.priv": "seed and expandedKey disagree", "bad-ML-KEM-512-2.priv": "pairwise consistency",
			"bad-ML-KEM-512-3.priv": "hash check", "bad-ML-KEM-512-4.priv": "seed and expandedKey disagree"}},
}

// TestLAMPSPublicKeys: every example SPKI parses, re-encodes byte for byte,
// and matches the key in the example certificate.
func TestLAMPSPublicKeys(t *testing.T) {
	c := vectors.NewCounter(t)
	for _, set := range lampsSets {
		for _, alg := range set.algs {
			rel := fmt.Sprintf("%s/%s.pub", set.dir, alg)
			der := readPEM(t, rel, "PUBLIC KEY")
			info, err := ParsePublicKeyInfo(der)
			if err != nil {
				t.Fatalf("%s: %v", rel, err)
			}
			if info.Algorithm != alg {
				t.Errorf("%s: algorithm %s", rel, info.Algorithm)
			}
			again, err := info.Marshal()
			if err != nil || !bytes.Equal(again, der) {
				t.Errorf("%s: re-encoding differs (err %v)", rel, err)
			}
			cert, err := x509.ParseCertificate(readPEM(t, fmt.Sprintf("%s/%s.crt", set.dir, alg), "CERTIFICATE"))
			if err != nil {
				t.Fatalf("%s.crt: %v", alg, err)
			}
			if !bytes.Equal(cert.RawSubjectPublicKeyInfo, der) {
				t.Errorf("%s: certificate key differs from .pub", rel)
			}
			c.Add(rel)
			pub, err := ParsePKIXPublicKey(der)
			if err != nil {
				t.Fatalf("%s: ParsePKIXPublicKey: %v", rel, err)
			}
			der2, err := MarshalPKIXPublicKey(pub)
			if err != nil || !bytes.Equal(der2, der) {
				t.Errorf("%s: MarshalPKIXPublicKey(%T) differs (err %v)", rel, pub, err)
			}
		}
	}
}

// TestLAMPSPrivateKeys: every example key in every form parses, has the
// expected form, re-encodes byte for byte, converts to every other form
// byte-identical to the example file of that form, and derives the public
// key of the .pub file.
func TestLAMPSPrivateKeys(t *testing.T) {
	c := vectors.NewCounter(t)
	for _, set := range lampsSets {
		for _, alg := range set.algs {
			pub, err := ParsePublicKeyInfo(readPEM(t, fmt.Sprintf("%s/%s.pub", set.dir, alg), "PUBLIC KEY"))
			if err != nil {
				t.Fatal(err)
			}
			files := map[PrivateKeyForm][]byte{}
			for name, form := range set.forms {
				files[form] = readPEM(t, fmt.Sprintf("%s/%s-%s.priv", set.dir, alg, name), "PRIVATE KEY")
			}
			for name, form := range set.forms {
				rel := fmt.Sprintf("%s/%s-%s.priv", set.dir, alg, name)
				t.Run(rel, func(t *testing.T) {
					der := files[form]
					info, err := ParsePrivateKeyInfo(der)
					if err != nil {
						t.Fatal(err)
					}
					if info.Algorithm != alg || info.Form != form {
						t.Fatalf("parsed as %s %s", info.Algorithm, info.Form)
					}
					if again, err := info.Marshal(); err != nil || !bytes.Equal(again, der) {
						t.Fatalf("re-encoding differs (err %v)", err)
					}
					c.Add(rel)
					derived, err := info.Check()
					if err != nil {
						t.Fatalf("Check: %v", err)
					}
					if !bytes.Equal(derived, pub.PublicKey) {
						t.Fatal("derived public key differs from the .pub file")
					}
					for _, to := range []PrivateKeyForm{FormSeed, FormExpanded, FormBoth} {
						if form == FormExpanded && to != FormExpanded {
							if _, err := info.inForm(to); err == nil {
								t.Errorf("converting an expanded-only key to %s did not fail", to)
							}
							continue
						}
						out, err := info.inForm(to)
						if err != nil {
							t.Fatalf("to %s: %v", to, err)
						}
						got, err := out.Marshal()
						if err != nil || !bytes.Equal(got, files[to]) {
							t.Errorf("to %s: differs from the example file (err %v)", to, err)
						}
					}
					key, err := ParsePKCS8PrivateKey(der)
					if err != nil {
						t.Fatalf("ParsePKCS8PrivateKey: %v", err)
					}
					again, err := MarshalPKCS8PrivateKey(key, form)
					if err != nil || !bytes.Equal(again, der) {
						t.Errorf("MarshalPKCS8PrivateKey(%T, %s) differs (err %v)", key, form, err)
					}
				})
			}
		}
	}
}

// TestLAMPSBadKeys: the inconsistent example keys are rejected, each for
// the reason its document gives, never for a structural one.
func TestLAMPSBadKeys(t *testing.T) {
	c := vectors.NewCounter(t)
	for _, set := range lampsSets {
		for name, reason := range set.bad {
			rel := set.dir + "/" + name
			t.Run(name, func(t *testing.T) {
				der := readPEM(t, rel, "PRIVATE KEY")
				if _, err := ParsePrivateKeyInfo(der); err != nil {
					t.Fatalf("structurally invalid, want a consistency failure: %v", err)
				}
				_, err := ParsePKCS8PrivateKey(der)
				if err == nil || !strings.Contains(err.Error(), reason) {
					t.Fatalf("got %v, want a rejection saying %q", err, reason)
				}
				t.Logf("rejected: %v", err)
				c.Add(rel)
			})
		}
	}
}

// TestLAMPSCertificates: the ML-DSA example certificates verify under their
// own keys and the ML-KEM certificates under the ML-DSA CA of the matching
// level, with the standard library; the ML-KEM certificate's key parses to
// the example public key.
func TestLAMPSCertificates(t *testing.T) {
	c := vectors.NewCounter(t)
	pairs := []struct{ kem, ca Algorithm }{{MLKEM512, MLDSA44}, {MLKEM768, MLDSA65}, {MLKEM1024, MLDSA87}}
	for _, p := range pairs {
		caRel := fmt.Sprintf("lamps-dilithium-certificates/examples/%s.crt", p.ca)
		ca, err := x509.ParseCertificate(readPEM(t, caRel, "CERTIFICATE"))
		if err != nil {
			t.Fatal(err)
		}
		if err := ca.CheckSignatureFrom(ca); err != nil {
			t.Errorf("%s: self-signature (crypto/x509): %v", caRel, err)
		}
		if err := checkMLDSASignature(ca.PublicKey.(*mldsa.PublicKey), ca.SignatureAlgorithm, ca.RawTBSCertificate, ca.Signature); err != nil {
			t.Errorf("%s: self-signature (our verifier): %v", caRel, err)
		}
		c.Add(caRel)
		rel := fmt.Sprintf("lamps-kyber-certificates/example/%s.crt", p.kem)
		cert, err := x509.ParseCertificate(readPEM(t, rel, "CERTIFICATE"))
		if err != nil {
			t.Fatal(err)
		}
		if cert.PublicKeyAlgorithm != x509.UnknownPublicKeyAlgorithm {
			t.Errorf("%s: stdlib sees key algorithm %v", rel, cert.PublicKeyAlgorithm)
		}
		if err := cert.CheckSignatureFrom(ca); err != nil {
			t.Errorf("%s: not signed by %s: %v", rel, caRel, err)
		}
		if cert.KeyUsage != x509.KeyUsageKeyEncipherment {
			t.Errorf("%s: key usage %v", rel, cert.KeyUsage)
		}
		info, err := CertificatePublicKeyInfo(cert)
		if err != nil || info.Algorithm != p.kem {
			t.Fatalf("%s: %v", rel, err)
		}
		// The subject key parses to our KEM key, the one the example
		// private key derives.
		pub, err := ParsePKIXPublicKey(cert.RawSubjectPublicKeyInfo)
		if err != nil {
			t.Fatalf("%s: %v", rel, err)
		}
		priv, err := ParsePKCS8PrivateKey(readPEM(t, fmt.Sprintf("lamps-kyber-certificates/example/%s-seed.priv", p.kem), "PRIVATE KEY"))
		if err != nil {
			t.Fatal(err)
		}
		privInfo, _, _ := privateKeyInfoOf(priv)
		derived, _ := privInfo.Check()
		if pubInfo, _, _ := publicKeyInfoOf(pub); !bytes.Equal(pubInfo.PublicKey, derived) {
			t.Errorf("%s: certificate key (%T) differs from the example private key's", rel, pub)
		}
		// The whole chain, by our Verify and by crypto/x509's.
		at := cert.NotBefore.Add(time.Hour)
		res, err := Verify(cert, VerifyOptions{Roots: []*x509.Certificate{ca}, CurrentTime: at, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}})
		if err != nil {
			t.Errorf("%s: Verify: %v", rel, err)
		} else if len(res.Chain) != 2 {
			t.Errorf("%s: chain of %d", rel, len(res.Chain))
		}
		pool := x509.NewCertPool()
		pool.AddCert(ca)
		if _, err := cert.Verify(x509.VerifyOptions{Roots: pool, CurrentTime: at, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}}); err != nil {
			t.Errorf("%s: crypto/x509 Verify: %v", rel, err)
		}
		c.Add(rel)
	}
}

// TestXWingVectors: the X-Wing X.509 example key parses (raw seed form) and
// derives the example public key; the draft's three keygen vectors give pk.
func TestXWingVectors(t *testing.T) {
	c := vectors.NewCounter(t)
	pubDER := readPEM(t, "xwing/x509/xwing.pub", "PUBLIC KEY")
	pub, err := ParsePublicKeyInfo(pubDER)
	if err != nil || pub.Algorithm != XWing {
		t.Fatalf("xwing.pub: %v", err)
	}
	c.Add("xwing/x509/xwing.pub")
	privDER := readPEM(t, "xwing/x509/xwing.priv", "PRIVATE KEY")
	info, err := ParsePrivateKeyInfo(privDER)
	if err != nil || info.Form != FormRawSeed {
		t.Fatalf("xwing.priv: %v", err)
	}
	derived, err := info.Check()
	if err != nil || !bytes.Equal(derived, pub.PublicKey) {
		t.Fatalf("xwing.priv: derived public key differs (err %v)", err)
	}
	if again, err := info.Marshal(); err != nil || !bytes.Equal(again, privDER) {
		t.Fatalf("xwing.priv: re-encoding differs (err %v)", err)
	}
	c.Add("xwing/x509/xwing.priv")

	var tvs []struct{ Seed, Pk string }
	vectors.ReadJSON(t, "xwing/test-vectors.json", &tvs)
	for i, tv := range tvs {
		seed, _ := hex.DecodeString(tv.Seed)
		want, _ := hex.DecodeString(tv.Pk)
		got, err := keyFromSeed(XWing, seed, false)
		if err != nil || !bytes.Equal(got.public, want) {
			t.Errorf("vector %d: pk differs (err %v)", i, err)
		}
		c.Add("xwing/test-vectors.json")
	}
}
