package x509ext

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/mldsa"
	"crypto/mlkem"
	"crypto/rand"
	"crypto/x509"
	"encoding/asn1"
	"errors"
	"strings"
	"testing"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
)

// oneAsymmetricKey builds a PKCS#8 structure from raw parts for the
// negative tests.
func oneAsymmetricKey(version int64, oid asn1.ObjectIdentifier, params bool, priv []byte, tail func(*cryptobyte.Builder)) []byte {
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1Int64(version)
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(oid)
			if params {
				b.AddASN1NULL()
			}
		})
		b.AddASN1OctetString(priv)
		if tail != nil {
			tail(b)
		}
	})
	return b.BytesOrPanic()
}

func spkiDER(oid asn1.ObjectIdentifier, params bool, unused byte, key []byte) []byte {
	var b cryptobyte.Builder
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
			b.AddASN1ObjectIdentifier(oid)
			if params {
				b.AddASN1NULL()
			}
		})
		b.AddASN1(cbasn1.BIT_STRING, func(b *cryptobyte.Builder) {
			b.AddUint8(unused)
			b.AddBytes(key)
		})
	})
	return b.BytesOrPanic()
}

func tagged(tag cbasn1.Tag, content []byte) []byte {
	var b cryptobyte.Builder
	b.AddASN1(tag, func(b *cryptobyte.Builder) { b.AddBytes(content) })
	return b.BytesOrPanic()
}

func seq(parts ...[]byte) []byte { return tagged(cbasn1.SEQUENCE, bytes.Join(parts, nil)) }

func wantErr(t *testing.T, name string, err error, substr string) {
	t.Helper()
	if err == nil || !strings.Contains(err.Error(), substr) {
		t.Errorf("%s: got %v, want an error containing %q", name, err, substr)
	}
}

func TestSPKIBadInput(t *testing.T) {
	oid := MLDSA44.OID()
	pk := make([]byte, MLDSA44.PublicKeySize())
	good := spkiDER(oid, false, 0, pk)
	if _, err := ParsePublicKeyInfo(good); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, want string
		der        []byte
	}{
		{"parameters present", "parameters; they must be absent", spkiDER(oid, true, 0, pk)},
		{"HashML-DSA OID", "HashML-DSA identifier", spkiDER(asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3, 33}, false, 0, pk)},
		{"unknown OID", "unknown public-key algorithm OID 1.2.3.4", spkiDER(asn1.ObjectIdentifier{1, 2, 3, 4}, false, 0, pk)},
		{"short key", "public key is 1311 bytes, want 1312", spkiDER(oid, false, 0, pk[1:])},
		{"unused bits", "unused bits", spkiDER(oid, false, 3, pk)},
		{"trailing data", "trailing data", append(good, 0)},
		{"not a SEQUENCE", "bad tag or length", []byte{0x04, 0x00}},
		{"empty", "bad tag or length", nil},
	}
	for _, c := range cases {
		_, err := ParsePublicKeyInfo(c.der)
		wantErr(t, c.name, err, c.want)
	}
	// ParsePKIXPublicKey gives the same errors for our OIDs, and hands
	// others to crypto/x509.
	_, err := ParsePKIXPublicKey(spkiDER(oid, true, 0, pk))
	wantErr(t, "ParsePKIXPublicKey", err, "must be absent")
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ecDER, _ := x509.MarshalPKIXPublicKey(ec.Public())
	if k, err := ParsePKIXPublicKey(ecDER); err != nil || !ec.PublicKey.Equal(k) {
		t.Errorf("ECDSA key through ParsePKIXPublicKey: %v", err)
	}
}

func TestPKCS8BadInput(t *testing.T) {
	seed := bytes.Repeat([]byte{7}, 32)
	kemSeed := bytes.Repeat([]byte{7}, 64)
	dsa, kem := MLDSA65.OID(), MLKEM768.OID()
	seedForm := tagged(cbasn1.Tag(0).ContextSpecific(), seed)
	k, err := keyFromSeed(MLDSA65, seed, false)
	if err != nil {
		t.Fatal(err)
	}
	pub := k.public
	pubField := func(pk []byte) func(*cryptobyte.Builder) {
		return func(b *cryptobyte.Builder) { addBitString(b, tagPublicKey, pk) }
	}
	otherPub := bytes.Clone(pub)
	otherPub[0] ^= 1
	cases := []struct {
		name, want string
		der        []byte
	}{
		{"version 2", "version 2; want 0", oneAsymmetricKey(2, dsa, false, seedForm, nil)},
		{"parameters present", "must be absent", oneAsymmetricKey(0, dsa, true, seedForm, nil)},
		{"HashML-DSA OID", "HashML-DSA", oneAsymmetricKey(0, asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 3, 32}, false, seedForm, nil)},
		{"raw untagged seed", "untagged seed", oneAsymmetricKey(0, dsa, false, seed, nil)},
		{"raw untagged expanded key", "untagged expanded key", oneAsymmetricKey(0, dsa, false, make([]byte, 4032), nil)},
		{"bare OCTET STRING seed", "early drafts", oneAsymmetricKey(0, dsa, false, tagged(cbasn1.OCTET_STRING, seed), nil)},
		{"short seed", "ML-DSA-65 seed is 31 bytes, want 32", oneAsymmetricKey(0, dsa, false, tagged(cbasn1.Tag(0).ContextSpecific(), seed[1:]), nil)},
		{"ML-KEM seed of ML-DSA length", "ML-KEM-768 seed is 32 bytes, want 64", oneAsymmetricKey(0, kem, false, seedForm, nil)},
		{"wrong expanded length", "ML-DSA-65 expandedKey is 100 bytes, want 4032", oneAsymmetricKey(0, dsa, false, tagged(cbasn1.OCTET_STRING, make([]byte, 100)), nil)},
		{"both with short expanded key", "expandedKey is 5 bytes", oneAsymmetricKey(0, dsa, false, seq(tagged(cbasn1.OCTET_STRING, seed), tagged(cbasn1.OCTET_STRING, make([]byte, 5))), nil)},
		{"both missing expanded key", "both: bad tag or length of expandedKey", oneAsymmetricKey(0, dsa, false, seq(tagged(cbasn1.OCTET_STRING, seed)), nil)},
		{"bad tag", "3 bytes that are none of seed [0]", oneAsymmetricKey(0, dsa, false, tagged(cbasn1.INTEGER, []byte{1}), nil)},
		{"empty privateKey", "empty", oneAsymmetricKey(0, dsa, false, nil, nil)},
		{"publicKey in v1", "requires version 1 (v2)", oneAsymmetricKey(0, dsa, false, seedForm, pubField(pub))},
		{"publicKey mismatch", "publicKey field does not match", oneAsymmetricKey(1, dsa, false, seedForm, pubField(otherPub))},
		{"X-Wing with [0] tag", "no tag", oneAsymmetricKey(0, XWing.OID(), false, seedForm, nil)},
		{"X-Wing wrong length", "X-Wing private key is 64 bytes, want 32", oneAsymmetricKey(0, XWing.OID(), false, kemSeed, nil)},
		{"trailing field", "unexpected data after the last field", oneAsymmetricKey(0, dsa, false, seedForm, func(b *cryptobyte.Builder) { b.AddASN1NULL() })},
	}
	for _, c := range cases {
		_, err := ParsePKCS8PrivateKey(c.der)
		wantErr(t, c.name, err, c.want)
	}
	// An unrecognised privateKey may be raw key material: no byte of it
	// appears in the error, in any notation.
	secret := bytes.Repeat([]byte{0xa7}, 40)
	_, err = ParsePKCS8PrivateKey(oneAsymmetricKey(0, dsa, false, secret, nil))
	if err == nil {
		t.Fatal("40 raw bytes accepted as a privateKey")
	}
	for _, leak := range []string{"a7", "A7", "167", "\\xa7"} {
		if strings.Contains(err.Error(), leak) {
			t.Errorf("the error shows a byte of the private key (%s): %v", leak, err)
		}
	}
	// Version 2 with the right public key is accepted, and re-encodes as v2.
	v2 := oneAsymmetricKey(1, dsa, false, seedForm, pubField(pub))
	info, err := ParsePrivateKeyInfo(v2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := info.Check(); err != nil {
		t.Fatal(err)
	}
	if again, _ := info.Marshal(); !bytes.Equal(again, v2) {
		t.Error("v2 key does not re-encode identically")
	}
	// Attributes are skipped.
	withAttrs := oneAsymmetricKey(0, dsa, false, seedForm, func(b *cryptobyte.Builder) {
		b.AddASN1(tagAttributes, func(b *cryptobyte.Builder) {})
	})
	if _, err := ParsePKCS8PrivateKey(withAttrs); err != nil {
		t.Errorf("attributes: %v", err)
	}
	// Forms that do not fit the algorithm are refused when marshalling.
	if _, err := (&PrivateKeyInfo{Algorithm: MLDSA65, Form: FormRawSeed, Seed: seed}).Marshal(); err == nil {
		t.Error("raw seed form marshalled for ML-DSA")
	}
	if _, err := (&PrivateKeyInfo{Algorithm: XWing, Form: FormSeed, Seed: seed}).Marshal(); err == nil {
		t.Error("seed [0] form marshalled for X-Wing")
	}
}

// TestPKCS8StdlibInterop: seed-form keys pass between crypto/x509 and this
// package in both directions, for ML-DSA and (where stdlib has them) the
// public keys of ML-KEM.
func TestPKCS8StdlibInterop(t *testing.T) {
	for _, p := range []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()} {
		k, _ := mldsa.GenerateKey(p)
		ours, err := MarshalPKCS8PrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := x509.MarshalPKCS8PrivateKey(k)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ours, theirs) {
			t.Errorf("%s: our seed form differs from crypto/x509's", p)
		}
		back, err := ParsePKCS8PrivateKey(theirs)
		if err != nil || !samePrivateKey(k, back) {
			t.Errorf("%s: parsing crypto/x509's key: %v", p, err)
		}
		pubDER, _ := x509.MarshalPKIXPublicKey(k.Public())
		ourPub, err := MarshalPKIXPublicKey(k.Public())
		if err != nil || !bytes.Equal(pubDER, ourPub) {
			t.Errorf("%s: SPKI differs from crypto/x509's (err %v)", p, err)
		}
	}
	dk, _ := mlkem.GenerateKey768()
	der, err := MarshalPKCS8PrivateKey(dk)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParsePKCS8PrivateKey(der)
	if err != nil || !bytes.Equal(back.(*kem.DecapsulationKey768).Bytes(), dk.Bytes()) {
		t.Errorf("ML-KEM-768 round trip: %v", err)
	}
	// Keys this package does not own go to crypto/x509.
	ec, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	ecDER, err := MarshalPKCS8PrivateKey(ec)
	if err != nil {
		t.Fatal(err)
	}
	if k, err := ParsePKCS8PrivateKey(ecDER); err != nil || !ec.Equal(k) {
		t.Errorf("ECDSA through our PKCS#8 functions: %v", err)
	}
	if _, err := MarshalPKCS8PrivateKey(ec, FormBoth); err == nil {
		t.Error("a form option was accepted for an ECDSA key")
	}
}

func TestPBES2(t *testing.T) {
	k, _ := mldsa.GenerateKey(mldsa.MLDSA65())
	der, _ := MarshalPKCS8PrivateKey(k)
	pw := []byte("hunter2")
	enc, err := EncryptPKCS8PrivateKey(rand.Reader, der, pw, &EncryptOptions{Iterations: 2048})
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecryptPKCS8PrivateKey(enc, pw)
	if err != nil || !bytes.Equal(got, der) {
		t.Fatalf("round trip: %v", err)
	}
	_, err = DecryptPKCS8PrivateKey(enc, []byte("hunter3"))
	wantErr(t, "wrong password", err, "wrong password or corrupted data")
	tampered := bytes.Clone(enc)
	tampered[len(tampered)-1] ^= 1
	_, err = DecryptPKCS8PrivateKey(tampered, pw)
	wantErr(t, "tampered", err, "wrong password or corrupted data")
	_, err = DecryptPKCS8PrivateKey(append(bytes.Clone(enc), 0), pw)
	wantErr(t, "trailing", err, "trailing data")
	// The default iteration count, through the PEM helpers.
	pemBytes, err := MarshalEncryptedPrivateKeyPEM(rand.Reader, k, pw, nil)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseEncryptedPrivateKeyPEM(pemBytes, pw)
	if err != nil || !samePrivateKey(k, back) {
		t.Fatalf("PEM round trip: %v", err)
	}
	_, err = EncryptPKCS8PrivateKey(rand.Reader, der, pw, &EncryptOptions{Iterations: -1})
	wantErr(t, "bad iterations", err, "iteration count")
	// PBES1 (pbeWithSHA1AndDES-CBC) is named and refused.
	pbes1 := seq(seq(tagged(cbasn1.OBJECT_IDENTIFIER, []byte{0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x05, 0x0a}), seq(tagged(cbasn1.OCTET_STRING, make([]byte, 8)), tagged(cbasn1.INTEGER, []byte{1}))), tagged(cbasn1.OCTET_STRING, make([]byte, 16)))
	_, err = DecryptPKCS8PrivateKey(pbes1, pw)
	wantErr(t, "PBES1", err, "only PBES2")
}

func TestPEMHelpers(t *testing.T) {
	k, _ := mldsa.GenerateKey(mldsa.MLDSA44())
	priv, err := MarshalPrivateKeyPEM(k)
	if err != nil {
		t.Fatal(err)
	}
	if back, err := ParsePrivateKeyPEM(priv); err != nil || !samePrivateKey(k, back) {
		t.Fatalf("private PEM: %v", err)
	}
	pub, _ := MarshalPublicKeyPEM(k.Public())
	if back, err := ParsePublicKeyPEM(pub); err != nil || !k.PublicKey().Equal(back) {
		t.Fatalf("public PEM: %v", err)
	}
	_, err = ParsePrivateKeyPEM(pub)
	wantErr(t, "wrong type", err, `PEM block is "PUBLIC KEY", want "PRIVATE KEY"`)
	_, err = ParsePrivateKeyPEM([]byte("no pem here"))
	wantErr(t, "no block", err, "no PEM block found")
	_, err = ParsePrivateKeyPEM(append(bytes.Clone(priv), priv...))
	wantErr(t, "two blocks", err, "more than one PEM block")
	_, err = ParseCertificatesPEM(pub)
	wantErr(t, "certificates", err, `PEM block 1 is "PUBLIC KEY"`)
}

// TestPKCS8KEMKeys: package kem's keys round-trip through every form; a key
// imported from its expanded encoding has no seed and is written only in
// the expandedKey form.
func TestPKCS8KEMKeys(t *testing.T) {
	dk512, _ := kem.GenerateKey512()
	dk768, _ := kem.GenerateKey768()
	dk1024, _ := kem.GenerateKey1024()
	xw, _ := kem.GenerateKeyXWing()
	for _, dk := range []kem.DecapsulationKey{dk512, dk768, dk1024} {
		want := dk.(mlkemDecapsulationKey).ExpandedBytes()
		for _, form := range []PrivateKeyForm{FormSeed, FormExpanded, FormBoth} {
			der, err := MarshalPKCS8PrivateKey(dk, form)
			if err != nil {
				t.Fatalf("%s %s: %v", dk.Scheme().Name(), form, err)
			}
			back, err := ParsePKCS8PrivateKey(der)
			if err != nil {
				t.Fatalf("%s %s: %v", dk.Scheme().Name(), form, err)
			}
			if got := back.(mlkemDecapsulationKey).ExpandedBytes(); !bytes.Equal(got, want) {
				t.Errorf("%s %s: another key came back", dk.Scheme().Name(), form)
			}
			if (form == FormExpanded) != (back.(kem.DecapsulationKey).Bytes() == nil) {
				t.Errorf("%s %s: seed presence wrong after the round trip", dk.Scheme().Name(), form)
			}
			if form == FormExpanded {
				if _, err := MarshalPKCS8PrivateKey(back, FormSeed); err == nil {
					t.Errorf("%s: a key without a seed was written in the seed form", dk.Scheme().Name())
				}
			}
		}
	}
	der, err := MarshalPKCS8PrivateKey(xw)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParsePKCS8PrivateKey(der)
	if err != nil || !bytes.Equal(back.(*kem.XWingDecapsulationKey).Bytes(), xw.Bytes()) {
		t.Fatalf("X-Wing round trip: %v", err)
	}
	if _, err := MarshalPKCS8PrivateKey(xw, FormBoth); err == nil {
		t.Error("X-Wing written in the both form")
	}
}

// samePrivateKey reports whether two private-key objects of any supported
// type (standard library, package kem, this package's) hold the same key:
// the same seed, or the same expanded key when either lacks a seed.
func samePrivateKey(a, b any) bool {
	ia, okA, _ := privateKeyInfoOf(a)
	ib, okB, _ := privateKeyInfoOf(b)
	if !okA || !okB || ia.Algorithm != ib.Algorithm {
		return false
	}
	if ia.Seed != nil && ib.Seed != nil {
		return bytes.Equal(ia.Seed, ib.Seed)
	}
	ea, errA := ia.inForm(FormExpanded)
	eb, errB := ib.inForm(FormExpanded)
	return errA == nil && errB == nil && bytes.Equal(ea.ExpandedKey, eb.ExpandedKey)
}

// TestMalformedInfoValues: PrivateKeyInfo and PublicKeyInfo values built by
// a caller with an unknown algorithm, a wrong form or wrong lengths give
// errors, never panics, in every function that takes them.
func TestMalformedInfoValues(t *testing.T) {
	privs := []*PrivateKeyInfo{
		{},
		{Algorithm: Algorithm(99), Form: FormSeed, Seed: make([]byte, 32)},
		{Algorithm: MLKEM768, Form: FormSeed, Seed: make([]byte, 32)},
		{Algorithm: MLKEM768, Form: PrivateKeyForm(9), Seed: make([]byte, 64)},
		{Algorithm: MLDSA44, Form: FormBoth, Seed: make([]byte, 32)},
		{Algorithm: XWing, Form: FormRawSeed, Seed: make([]byte, 31)},
	}
	for i, info := range privs {
		calls := map[string]func() error{
			"Check":                func() error { _, err := info.Check(); return err },
			"Marshal":              func() error { _, err := info.Marshal(); return err },
			"MarshalPKCS8":         func() error { _, err := MarshalPKCS8PrivateKey(info, FormBoth); return err },
			"ToCirclPrivateKey":    func() error { _, err := ToCirclPrivateKey(info); return err },
			"ToCirclKEMPrivateKey": func() error { _, err := ToCirclKEMPrivateKey(info); return err },
			"FromStdlib":           func() error { _, err := FromStdlib(info); return err },
			"ToStdlib":             func() error { _, err := ToStdlib(info); return err },
		}
		for name, call := range calls {
			if err := call(); err == nil {
				t.Errorf("private %d: %s accepted %+v", i, name, info)
			}
		}
	}
	pubs := []*PublicKeyInfo{{}, {Algorithm: Algorithm(-1)}, {Algorithm: MLKEM512, PublicKey: make([]byte, 10)}}
	for i, info := range pubs {
		calls := map[string]func() error{
			"Marshal":             func() error { _, err := info.Marshal(); return err },
			"MarshalPKIX":         func() error { _, err := MarshalPKIXPublicKey(info); return err },
			"ToCirclPublicKey":    func() error { _, err := ToCirclPublicKey(info); return err },
			"ToCirclKEMPublicKey": func() error { _, err := ToCirclKEMPublicKey(info); return err },
			"ToStdlib":            func() error { _, err := ToStdlib(info); return err },
			"NewPublicKey":        func() error { _, err := NewPublicKey(info.Algorithm, info.PublicKey); return err },
			"CreateCertificate": func() error {
				_, err := CreateCertificate(rand.Reader, &x509.Certificate{}, &x509.Certificate{}, info, mustMLDSA(t, mldsa.MLDSA44()))
				return err
			},
		}
		for name, call := range calls {
			if err := call(); err == nil {
				t.Errorf("public %d: %s accepted %+v", i, name, info)
			}
		}
	}
}

// TestParsedKeysDoNotAliasInput: changing the input after parsing does not
// change the parsed keys (ParsePKIXPublicKey passes slices of der to the
// key constructors without copying).
func TestParsedKeysDoNotAliasInput(t *testing.T) {
	k, _ := mldsa.GenerateKey(mldsa.MLDSA44())
	dk, _ := kem.GenerateKey512()
	xw, _ := kem.GenerateKeyXWing()
	for _, pub := range []any{k.Public(), dk.EncapsulationKey(), xw.EncapsulationKey()} {
		der, _ := MarshalPKIXPublicKey(pub)
		want := bytes.Clone(der)
		parsed, err := ParsePKIXPublicKey(der)
		if err != nil {
			t.Fatal(err)
		}
		clear(der)
		got, err := MarshalPKIXPublicKey(parsed)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%T changed with its input (err %v)", parsed, err)
		}
	}
}

// TestExpandedImportIsKEMs checks that an expanded ML-KEM key goes through
// package kem's one import function: a ŝ coefficient equal to q, which only
// that function's modulus check catches, is refused with kem's error, and a
// key whose ŝ does not belong to its ek fails kem's pairwise test.
func TestExpandedImportIsKEMs(t *testing.T) {
	dk, err := kem.GenerateKey768()
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		mutate func([]byte)
		want   error
	}{
		"ŝ coefficient q": {func(b []byte) { b[0], b[1] = 0x01, b[1]&0xf0|0x0d }, kem.ErrDecapsulationKeySecret},
		"ŝ changed": {func(b []byte) {
			c := (uint16(b[0]) | uint16(b[1]&0x0f)<<8 + 1) % 3329 // coefficient 0 of ŝ[0], plus one
			b[0], b[1] = byte(c), b[1]&0xf0|byte(c>>8)
		}, kem.ErrDecapsulationKeyPairwise},
	} {
		sk := dk.ExpandedBytes()
		c.mutate(sk)
		der, err := (&PrivateKeyInfo{Algorithm: MLKEM768, Form: FormExpanded, ExpandedKey: sk}).Marshal()
		if err != nil {
			t.Fatal(err)
		}
		_, err = ParsePKCS8PrivateKey(der)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", name, err, c.want)
		}
		// One package prefix, one algorithm name.
		if msg := err.Error(); strings.Contains(msg, "kem:") || strings.Count(msg, "ML-KEM-768") != 1 {
			t.Errorf("%s: error %q repeats a prefix or the algorithm", name, msg)
		}
	}
}

// TestExpandedKeyMutationsAgree mutates bytes of an expanded key of every
// ML-DSA and ML-KEM set (every 13th byte; kem's and signer's own tests
// mutate all of them) and requires ParsePKCS8PrivateKey to reach the same
// verdict as the package's import function, and an accepted key to
// re-encode to the mutated bytes.
func TestExpandedKeyMutationsAgree(t *testing.T) {
	direct := map[Algorithm]func([]byte) error{
		MLDSA44:   func(b []byte) error { return second(signer.NewPrivateKeyFromExpanded(mldsa.MLDSA44(), b)) },
		MLDSA65:   func(b []byte) error { return second(signer.NewPrivateKeyFromExpanded(mldsa.MLDSA65(), b)) },
		MLDSA87:   func(b []byte) error { return second(signer.NewPrivateKeyFromExpanded(mldsa.MLDSA87(), b)) },
		MLKEM512:  func(b []byte) error { return second(kem.NewExpandedDecapsulationKey512(b)) },
		MLKEM768:  func(b []byte) error { return second(kem.NewExpandedDecapsulationKey768(b)) },
		MLKEM1024: func(b []byte) error { return second(kem.NewExpandedDecapsulationKey1024(b)) },
	}
	for _, alg := range []Algorithm{MLDSA44, MLDSA65, MLDSA87, MLKEM512, MLKEM768, MLKEM1024} {
		k, err := keyFromSeed(alg, bytes.Repeat([]byte{byte(alg)}, alg.SeedSize()), true)
		if err != nil {
			t.Fatal(err)
		}
		var tried, accepted int
		for pos := 0; pos < len(k.expanded); pos += 13 {
			b := bytes.Clone(k.expanded)
			b[pos] ^= 0x5a
			der, err := (&PrivateKeyInfo{Algorithm: alg, Form: FormExpanded, ExpandedKey: b}).Marshal()
			if err != nil {
				t.Fatal(err)
			}
			tried++
			key, err := ParsePKCS8PrivateKey(der)
			if (err == nil) != (direct[alg](b) == nil) {
				t.Fatalf("%s byte %d: x509ext says %v, the package's import disagrees", alg, pos, err)
			}
			if err != nil {
				continue
			}
			accepted++
			again, err := MarshalPKCS8PrivateKey(key, FormExpanded)
			if err != nil || !bytes.Equal(again, der) {
				t.Errorf("%s byte %d: the accepted key re-encodes differently (%v)", alg, pos, err)
			}
		}
		t.Logf("%s: %d mutations, %d accepted (in K or z), the same verdicts as the package's import", alg, tried, accepted)
	}
}

func second[T any](_ T, err error) error { return err }
