package x509ext

import (
	"bytes"
	"crypto/rand"
	"reflect"
	"testing"

	"github.com/crystals-go/crystals/internal/fuzzedit"
	kemcomposite "github.com/crystals-go/crystals/kem/composite"
	"github.com/crystals-go/crystals/signer/composite"
)

// fuzzSeeds returns valid encodings of every algorithm and form, and of
// composite keys, made here (the vector files are not copied into the
// module).
func fuzzSeeds(t testing.TB) (spkis, pkcs8s [][]byte) {
	for a := MLDSA44; a <= XWing; a++ {
		pub, _ := (&PublicKeyInfo{Algorithm: a, PublicKey: make([]byte, a.PublicKeySize())}).Marshal()
		spkis = append(spkis, pub)
		seed := bytes.Repeat([]byte{byte(a)}, a.SeedSize())
		forms := []PrivateKeyForm{FormSeed, FormExpanded, FormBoth}
		if a == XWing {
			forms = []PrivateKeyForm{FormRawSeed}
		}
		for _, f := range forms {
			info := &PrivateKeyInfo{Algorithm: a, Form: f, Seed: seed}
			if f == FormExpanded || f == FormBoth {
				info.ExpandedKey = make([]byte, a.ExpandedKeySize())
			}
			if f == FormExpanded {
				info.Seed = nil
			}
			der, err := info.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			pkcs8s = append(pkcs8s, der)
		}
	}
	// Composite keys, one per traditional family that generates quickly.
	for _, name := range []string{"MLDSA44-Ed25519-SHA512", "MLDSA65-ECDSA-P256-SHA512", "MLDSA87-Ed448-SHAKE256"} {
		k, err := composite.GenerateKey(composite.AlgorithmByName(name))
		if err != nil {
			t.Fatal(err)
		}
		spkis = append(spkis, must(MarshalPKIXPublicKey(k.Public())))
		pkcs8s = append(pkcs8s, must(MarshalPKCS8PrivateKey(k)))
	}
	for _, name := range []string{"MLKEM768-X25519-SHA3-256", "MLKEM1024-ECDH-P384-SHA3-256"} {
		k, err := kemcomposite.GenerateKey(kemcomposite.AlgorithmByName(name))
		if err != nil {
			t.Fatal(err)
		}
		spkis = append(spkis, must(MarshalPKIXPublicKey(k.EncapsulationKey())))
		pkcs8s = append(pkcs8s, must(MarshalPKCS8PrivateKey(k)))
	}
	return spkis, pkcs8s
}

// checkCompositeRoundTrip fails t when key, parsed from der, is a composite
// key that does not re-encode to der: the drafts' encodings have one form.
func checkCompositeRoundTrip(t *testing.T, key any, der []byte, marshal func(any) ([]byte, error)) {
	switch key.(type) {
	case *composite.PublicKey, *composite.PrivateKey, *kemcomposite.EncapsulationKey, *kemcomposite.DecapsulationKey:
		if again, err := marshal(key); err != nil || !bytes.Equal(again, der) {
			t.Fatalf("accepted composite %T does not re-encode identically (err %v)", key, err)
		}
	}
}

// FuzzParsePublicKeyInfo and FuzzParsePrivateKeyInfo take the index of a
// valid encoding from fuzzSeeds and a program of edits (fuzzedit) applied to
// it: inputs of a few bytes rather than encodings of up to 5 KB, which the
// fuzzer spent its time minimizing, each run deriving a key.

// addEditSeeds adds, for every encoding, the empty program (the encoding
// itself) and a truncation by one byte.
func addEditSeeds(f *testing.F, encs [][]byte) {
	for i, e := range encs {
		f.Add(uint16(i), []byte{})
		f.Add(uint16(i), fuzzedit.Op(2, len(e)-1, 0))
	}
}

func FuzzParsePublicKeyInfo(f *testing.F) {
	spkis, _ := fuzzSeeds(f)
	addEditSeeds(f, spkis)
	f.Fuzz(func(t *testing.T, i uint16, prog []byte) {
		der := fuzzedit.Apply(spkis[int(i)%len(spkis)], prog)
		info, err := ParsePublicKeyInfo(der)
		if key, err := ParsePKIXPublicKey(der); err == nil {
			checkCompositeRoundTrip(t, key, der, MarshalPKIXPublicKey)
		}
		if err != nil {
			return
		}
		again, err := info.Marshal()
		if err != nil || !bytes.Equal(again, der) {
			t.Fatalf("accepted input does not re-encode identically (err %v)", err)
		}
	})
}

func FuzzParsePrivateKeyInfo(f *testing.F) {
	_, pkcs8s := fuzzSeeds(f)
	addEditSeeds(f, pkcs8s)
	f.Fuzz(func(t *testing.T, i uint16, prog []byte) {
		der := fuzzedit.Apply(pkcs8s[int(i)%len(pkcs8s)], prog)
		info, err := ParsePrivateKeyInfo(der)
		if key, err := ParsePKCS8PrivateKey(der); err == nil {
			checkCompositeRoundTrip(t, key, der, func(k any) ([]byte, error) { return MarshalPKCS8PrivateKey(k) })
		}
		if err != nil {
			return
		}
		_, _ = info.Check()
		again, err := info.Marshal()
		if err != nil {
			t.Fatalf("accepted input does not re-encode: %v", err)
		}
		back, err := ParsePrivateKeyInfo(again)
		if err != nil || !reflect.DeepEqual(back, info) {
			t.Fatalf("re-encoding does not parse back to the same key (err %v)", err)
		}
	})
}

func FuzzDecryptPKCS8PrivateKey(f *testing.F) {
	_, pkcs8s := fuzzSeeds(f)
	enc, err := EncryptPKCS8PrivateKey(rand.Reader, pkcs8s[0], []byte("pw"), &EncryptOptions{Iterations: 1})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(enc, []byte("pw"))
	f.Fuzz(func(t *testing.T, der, password []byte) {
		p, err := readPBES2ParamsOf(der)
		if err == nil && p.iterations > 1000 {
			return // bounded work per input; the bound itself is tested elsewhere
		}
		_, _ = DecryptPKCS8PrivateKey(der, password)
	})
}

func FuzzDecodePEM(f *testing.F) {
	_, pkcs8s := fuzzSeeds(f)
	f.Add(EncodePEM("PRIVATE KEY", pkcs8s[0]))
	f.Add([]byte("-----BEGIN PRIVATE KEY-----\nAA==\n-----END PRIVATE KEY-----\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		der, err := DecodePEM(data, "PRIVATE KEY")
		if err == nil {
			if _, err := DecodePEM(EncodePEM("PRIVATE KEY", der), "PRIVATE KEY"); err != nil {
				t.Fatalf("re-encoded block does not decode: %v", err)
			}
		}
		_, _ = ParsePrivateKeyPEM(data)
		_, _ = ParsePublicKeyPEM(data)
		_, _ = ParseCertificatesPEM(data)
	})
}
