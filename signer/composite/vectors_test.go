package composite_test

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/mldsa"
	"crypto/rsa"
	"crypto/sha3"
	"crypto/x509"
	"encoding/asn1"
	"strings"
	"testing"

	"github.com/cloudflare/circl/sign/ed448"
	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/crystals-go/crystals/internal/brainpool"
	"github.com/crystals-go/crystals/internal/vectors"
	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/signer/composite"
)

const sigFile = vectors.CompositeSigsFile

var pureMLDSA = map[string]mldsa.Parameters{
	"id-ML-DSA-44": mldsa.MLDSA44(), "id-ML-DSA-65": mldsa.MLDSA65(), "id-ML-DSA-87": mldsa.MLDSA87(),
}

// TestSignatureVectors runs every vector of the draft: keys from sk and
// sk_pkcs8 match pk, both signatures and the certificate's self-signature
// verify, fresh signatures verify here and half by half in the standard
// library, and tampering either half fails.
func TestSignatureVectors(t *testing.T) {
	var v vectors.CompositeSigs
	vectors.ReadJSON(t, sigFile, &v)
	c := vectors.NewCounter(t)
	c.File(sigFile)
	ctx := string(v.Ctx)
	for _, tc := range v.Tests {
		t.Run(tc.TcID, func(t *testing.T) {
			if params, ok := pureMLDSA[tc.TcID]; ok {
				checkPureVector(t, params, v.M, ctx, tc.PK, tc.SK, tc.S, tc.SWithContext, tc.X5C)
				c.Add(sigFile)
				return
			}
			alg := composite.AlgorithmByName(tc.TcID)
			if alg == nil {
				t.Fatalf("unknown algorithm %s", tc.TcID)
			}
			pk, sk := vectors.KeyPair(t, tc.PK, tc.SK,
				func(b []byte) (*composite.PublicKey, error) { return composite.ParsePublicKey(alg, b) },
				func(b []byte) (*composite.PrivateKey, error) { return composite.ParsePrivateKey(alg, b) },
				func(sk *composite.PrivateKey, pk *composite.PublicKey) bool { return sk.PublicKey().Equal(pk) })
			oid, inner := vectors.PKCS8(t, tc.SKPKCS8)
			if !oid.Equal(alg.OID()) || !bytes.Equal(inner, tc.SK) {
				t.Fatalf("sk_pkcs8 holds %v and a key that is not sk", oid)
			}
			if err := composite.Verify(pk, v.M, tc.S, nil); err != nil {
				t.Fatalf("s: %v", err)
			}
			if err := composite.Verify(pk, v.M, tc.SWithContext, &composite.Options{Context: ctx}); err != nil {
				t.Fatalf("sWithContext: %v", err)
			}
			if err := composite.Verify(pk, v.M, tc.SWithContext, nil); err == nil {
				t.Fatal("sWithContext verified without its context")
			}
			checkCertificate(t, alg, pk, tc.X5C)

			sig, err := sk.SignMessage(nil, v.M, &composite.Options{Context: ctx})
			if err != nil {
				t.Fatal(err)
			}
			if err := composite.Verify(pk, v.M, sig, &composite.Options{Context: ctx}); err != nil {
				t.Fatalf("own signature: %v", err)
			}
			checkHalves(t, alg, pk, v.M, ctx, sig)
			checkHalves(t, alg, pk, v.M, ctx, tc.SWithContext)
			checkTampering(t, pk, v.M, ctx, sig)
			c.Add(sigFile)
		})
	}
}

// checkPureVector checks the three reference ML-DSA vectors with the signer
// package: seed to pk, both signatures, and the self-signed certificate.
func checkPureVector(t *testing.T, params mldsa.Parameters, m []byte, ctx string, pk, seed, s, sCtx, x5c []byte) {
	t.Helper()
	sk, err := signer.NewPrivateKey(params, seed)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(sk.PublicKey().Bytes(), pk) {
		t.Fatal("seed does not give pk")
	}
	if err := signer.Verify(sk.PublicKey(), m, s, nil); err != nil {
		t.Fatal(err)
	}
	if err := signer.Verify(sk.PublicKey(), m, sCtx, &signer.Options{Context: ctx}); err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(x5c)
	if err != nil {
		t.Fatal(err)
	}
	if err := signer.Verify(sk.PublicKey(), cert.RawTBSCertificate, cert.Signature, nil); err != nil {
		t.Fatalf("certificate: %v", err)
	}
}

// certSignatureOID returns the outer signatureAlgorithm of a certificate.
func certSignatureOID(t *testing.T, der []byte) asn1.ObjectIdentifier {
	t.Helper()
	in := cryptobyte.String(der)
	var seq, tbs, algID cryptobyte.String
	var oid asn1.ObjectIdentifier
	if !in.ReadASN1(&seq, cbasn1.SEQUENCE) || !seq.ReadASN1(&tbs, cbasn1.SEQUENCE) ||
		!seq.ReadASN1(&algID, cbasn1.SEQUENCE) || !algID.ReadASN1ObjectIdentifier(&oid) || !algID.Empty() {
		t.Fatal("malformed certificate")
	}
	return oid
}

func checkCertificate(t *testing.T, alg *composite.Algorithm, pk *composite.PublicKey, der []byte) {
	t.Helper()
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	oid, key := vectors.SPKI(t, cert.RawSubjectPublicKeyInfo)
	if !oid.Equal(alg.OID()) || !bytes.Equal(key, pk.Bytes()) {
		t.Fatalf("certificate SPKI holds %v and a key that is not pk", oid)
	}
	if sigOID := certSignatureOID(t, der); !sigOID.Equal(alg.OID()) {
		t.Fatalf("certificate signed with %v", sigOID)
	}
	if err := composite.Verify(pk, cert.RawTBSCertificate, cert.Signature, nil); err != nil {
		t.Fatalf("certificate self-signature: %v", err)
	}
}

// tradHashes is the traditional algorithms' own hash, from the draft's table.
var tradHashes = map[string]crypto.Hash{
	"RSA2048": crypto.SHA256, "RSA3072": crypto.SHA256, "RSA4096": crypto.SHA384,
	"P-256": crypto.SHA256, "P-384": crypto.SHA384, "P-521": crypto.SHA512,
	"brainpoolP256r1": crypto.SHA256, "brainpoolP384r1": crypto.SHA384,
}

// checkHalves verifies each half on its own: ML-DSA with crypto/mldsa under
// ctx = Label, the traditional half with the standard library (circl for
// Ed448) over M′.
func checkHalves(t *testing.T, alg *composite.Algorithm, pk *composite.PublicKey, m []byte, ctx string, sig []byte) {
	t.Helper()
	mp, err := composite.MessageRepresentative(alg, m, ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := alg.MLDSA().SignatureSize()
	if err := mldsa.Verify(pk.MLDSA(), mp, sig[:n], &mldsa.Options{Context: alg.Label()}); err != nil {
		t.Fatalf("crypto/mldsa rejects the ML-DSA half: %v", err)
	}
	ts := sig[n:]
	var ok bool
	switch k := pk.Traditional().(type) {
	case *rsa.PublicKey:
		h := tradHashes[strings.Split(alg.Name(), "-")[1]]
		d := digestOf(h, mp)
		if strings.Contains(alg.Name(), "-PSS-") {
			ok = rsa.VerifyPSS(k, h, d, ts, &rsa.PSSOptions{SaltLength: h.Size(), Hash: h}) == nil
		} else {
			ok = rsa.VerifyPKCS1v15(k, h, d, ts) == nil
		}
	case *ecdsa.PublicKey:
		ok = ecdsa.VerifyASN1(k, digestOf(tradHashes[k.Curve.Params().Name], mp), ts)
	case ed25519.PublicKey:
		ok = ed25519.Verify(k, mp, ts)
	case ed448.PublicKey:
		ok = ed448.Verify(k, mp, ts, "")
	case *brainpool.PublicKey:
		// No standard-library brainpool: internal/brainpool's own tests
		// check it against OpenSSL.
		ok = brainpool.VerifyASN1(k, digestOf(tradHashes[k.Curve().Name], mp), ts)
	default:
		t.Fatalf("traditional key %T", k)
	}
	if !ok {
		t.Fatalf("the standard library rejects the %s half", alg.Traditional())
	}
}

func digestOf(h crypto.Hash, m []byte) []byte {
	d := h.New()
	d.Write(m)
	return d.Sum(nil)
}

// checkTampering flips one byte in each half and expects rejection.
func checkTampering(t *testing.T, pk *composite.PublicKey, m []byte, ctx string, sig []byte) {
	t.Helper()
	n := pk.Algorithm().MLDSA().SignatureSize()
	for _, i := range []int{7, n - 1, n + 5, len(sig) - 1} {
		bad := bytes.Clone(sig)
		bad[i] ^= 0x10
		if composite.Verify(pk, m, bad, &composite.Options{Context: ctx}) == nil {
			t.Fatalf("signature with byte %d flipped verifies", i)
		}
	}
	if composite.Verify(pk, append(bytes.Clone(m), 0), sig, &composite.Options{Context: ctx}) == nil {
		t.Fatal("signature verifies for another message")
	}
}

// TestMessageRepresentativeExamples reproduces the draft's two worked M′
// examples.
func TestMessageRepresentativeExamples(t *testing.T) {
	c := vectors.NewCounter(t)
	for _, f := range []string{"composite-sigs/messageFormatSample_noctx.md", "composite-sigs/messageFormatSample_ctx.md"} {
		c.File(f)
		text := string(vectors.ReadFile(t, f))
		alg := composite.AlgorithmByName(strings.Fields(strings.TrimPrefix(text, "Example of "))[0])
		if alg == nil {
			t.Fatalf("%s: unknown algorithm", f)
		}
		got, err := composite.MessageRepresentative(alg, vectors.HexField(t, text, "M"), string(vectors.HexField(t, text, "ctx")))
		if err != nil {
			t.Fatal(err)
		}
		if want := vectors.HexField(t, text, "M'"); !bytes.Equal(got, want) {
			t.Fatalf("%s: M′ = %x, want %x", f, got, want)
		}
		c.Add(f)
	}
}

func shake256x64(m []byte) []byte { return sha3.SumSHAKE256(m, 64) }
