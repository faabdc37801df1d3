package composite_test

import (
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/hybrid/hybridtest"
	"github.com/crystals-go/crystals/signer/composite"
)

// fuzzKey returns a fresh key of a, or nil for the RSA algorithms, whose
// keys are slow to generate.
func fuzzKey(f *testing.F, a *composite.Algorithm) *composite.PrivateKey {
	if strings.HasPrefix(a.Traditional(), "RSA") {
		return nil
	}
	sk, err := composite.GenerateKey(a)
	if err != nil {
		f.Fatal(err)
	}
	return sk
}

// FuzzParsePublicKey: any input fails cleanly or re-encodes to an equal key.
func FuzzParsePublicKey(f *testing.F) {
	hybridtest.Reparse(f, composite.Algorithms(),
		func(a *composite.Algorithm) ([]byte, bool) {
			if sk := fuzzKey(f, a); sk != nil {
				return sk.PublicKey().Bytes(), true
			}
			return nil, false
		},
		composite.ParsePublicKey,
		func(a, b *composite.PublicKey) bool { return a.Equal(b) })
}

// FuzzParsePrivateKey: any input fails cleanly or re-encodes to an equal key.
func FuzzParsePrivateKey(f *testing.F) {
	hybridtest.Reparse(f, composite.Algorithms(),
		func(a *composite.Algorithm) ([]byte, bool) {
			if sk := fuzzKey(f, a); sk != nil {
				return sk.Bytes(), true
			}
			return nil, false
		},
		composite.ParsePrivateKey,
		func(a, b *composite.PrivateKey) bool { return a.Equal(b) })
}

// FuzzVerify feeds arbitrary signatures to Verify under a fixed key: it must
// return an error, never panic, and never accept a mangled signature of
// the known message.
func FuzzVerify(f *testing.F) {
	a := composite.AlgorithmByName("MLDSA44-ECDSA-P256-SHA256")
	sk, err := composite.GenerateKey(a)
	if err != nil {
		f.Fatal(err)
	}
	good, err := sk.SignMessage(nil, []byte("m"), nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Add([]byte("m"), good)
	f.Add([]byte("m"), good[:len(good)-1])
	f.Fuzz(func(t *testing.T, msg, sig []byte) {
		if composite.Verify(sk.PublicKey(), msg, sig, nil) == nil && string(msg) != "m" {
			t.Fatalf("signature for %q verified", msg)
		}
	})
}
