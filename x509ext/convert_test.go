package x509ext

import (
	"bytes"
	"crypto/mldsa"
	"crypto/mlkem"
	"testing"

	"github.com/cloudflare/circl/pki"
	signschemes "github.com/cloudflare/circl/sign/schemes"
	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
)

// TestCirclPKIRoundTrip: circl's pki package reads our ML-DSA SPKI and
// PKCS#8 encodings and we read its, for every level; the conversion
// helpers keep keys equal both ways.
func TestCirclPKIRoundTrip(t *testing.T) {
	for _, p := range []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()} {
		k, _ := mldsa.GenerateKey(p)
		pubDER, _ := MarshalPKIXPublicKey(k.Public())
		cpub, err := pki.UnmarshalPKIXPublicKey(pubDER)
		if err != nil {
			t.Fatalf("%s: circl reads our SPKI: %v", p, err)
		}
		privDER, _ := MarshalPKCS8PrivateKey(k)
		cpriv, err := pki.UnmarshalPKIXPrivateKey(privDER)
		if err != nil {
			t.Fatalf("%s: circl reads our PKCS#8: %v", p, err)
		}
		theirPub, _ := pki.MarshalPKIXPublicKey(cpub)
		if !bytes.Equal(theirPub, pubDER) {
			t.Errorf("%s: circl's SPKI differs from ours", p)
		}
		theirPriv, _ := pki.MarshalPKIXPrivateKey(cpriv)
		if back, err := ParsePKCS8PrivateKey(theirPriv); err != nil || !samePrivateKey(k, back) {
			t.Errorf("%s: we read circl's PKCS#8: %v", p, err)
		}
		// Conversion helpers.
		csk, err := ToCirclPrivateKey(k)
		if err != nil || !csk.Equal(cpriv) {
			t.Errorf("%s: ToCirclPrivateKey: %v", p, err)
		}
		cpk, err := ToCirclPublicKey(k.Public())
		if err != nil || !cpk.Equal(cpub) {
			t.Errorf("%s: ToCirclPublicKey: %v", p, err)
		}
		if back, err := FromCircl(cpriv); err != nil || !samePrivateKey(k, back) {
			t.Errorf("%s: FromCircl(private): %v", p, err)
		}
		if back, err := FromCircl(cpub); err != nil || !k.PublicKey().Equal(back) {
			t.Errorf("%s: FromCircl(public): %v", p, err)
		}
		// A signature circl makes with the converted key verifies here.
		msg := []byte("tbs bytes")
		if err := verifyMLDSA(k.PublicKey(), msg, signschemes.ByName(p.String()).Sign(csk, msg, nil)); err != nil {
			t.Errorf("%s: circl's signature: %v", p, err)
		}
	}
	// ML-KEM public keys through the KEM conversions.
	dk, _ := mlkem.GenerateKey768()
	cek, err := ToCirclKEMPublicKey(dk.EncapsulationKey())
	if err != nil {
		t.Fatal(err)
	}
	back, err := FromCircl(cek)
	if err != nil || !bytes.Equal(back.(*kem.EncapsulationKey768).Bytes(), dk.EncapsulationKey().Bytes()) {
		t.Errorf("ML-KEM-768 public key round trip: %v", err)
	}
	cdk, err := ToCirclKEMPrivateKey(dk)
	if err != nil {
		t.Fatal(err)
	}
	cpk := cdk.Public()
	if raw, _ := cpk.MarshalBinary(); !bytes.Equal(raw, dk.EncapsulationKey().Bytes()) {
		t.Error("ToCirclKEMPrivateKey: circl derives another encapsulation key")
	}
	if _, err := ToCirclPublicKey(dk.EncapsulationKey()); err == nil {
		t.Error("an ML-KEM key converted to a circl signature key")
	}
}

// TestStdlibConversions: keys cross between the standard library and the
// crystals types and come back equal.
func TestStdlibConversions(t *testing.T) {
	sk, _ := mldsa.GenerateKey(mldsa.MLDSA87())
	ours, err := FromStdlib(sk)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ours.(*signer.PrivateKey); !ok || !samePrivateKey(sk, ours) {
		t.Fatalf("FromStdlib(ML-DSA) = %T", ours)
	}
	back, err := ToStdlib(ours)
	if err != nil || !sk.Equal(back) {
		t.Fatalf("ToStdlib(ML-DSA): %v", err)
	}
	dk, _ := mlkem.GenerateKey1024()
	ourDK, err := FromStdlib(dk)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ourDK.(*kem.DecapsulationKey1024); !ok || !samePrivateKey(dk, ourDK) {
		t.Fatalf("FromStdlib(ML-KEM-1024) = %T", ourDK)
	}
	ourEK, err := FromStdlib(dk.EncapsulationKey())
	if err != nil || !bytes.Equal(ourEK.(*kem.EncapsulationKey1024).Bytes(), dk.EncapsulationKey().Bytes()) {
		t.Fatalf("FromStdlib(ek): %v", err)
	}
	stdEK, err := ToStdlib(ourEK)
	if err != nil || !bytes.Equal(stdEK.(*mlkem.EncapsulationKey1024).Bytes(), dk.EncapsulationKey().Bytes()) {
		t.Fatalf("ToStdlib(ek): %v", err)
	}
	k512, _ := kem.GenerateKey512()
	if _, err := ToStdlib(k512); err == nil {
		t.Error("ML-KEM-512 converted to a standard-library key")
	}
	expanded, _ := signer.NewPrivateKeyFromExpanded(mldsa.MLDSA87(), ours.(*signer.PrivateKey).ExpandedBytes())
	if _, err := ToStdlib(expanded); err == nil {
		t.Error("a key without a seed converted to the standard library")
	}
}
