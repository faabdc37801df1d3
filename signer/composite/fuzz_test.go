package composite_test

import (
	"testing"

	"github.com/crystals-go/crystals/signer/composite"
)

// fuzzAlgorithm picks an algorithm from a fuzzed byte.
func fuzzAlgorithm(b byte) *composite.Algorithm {
	all := composite.Algorithms()
	return all[int(b)%len(all)]
}

// fuzzSeeds adds a fresh key of the fast algorithms (EdDSA, ECDSA) to f, as
// the public or private encoding.
func fuzzSeeds(f *testing.F, private bool) {
	for i, a := range composite.Algorithms() {
		if a.Traditional()[:3] == "RSA" {
			continue
		}
		sk, err := composite.GenerateKey(a)
		if err != nil {
			f.Fatal(err)
		}
		if private {
			f.Add(byte(i), sk.Bytes())
		} else {
			f.Add(byte(i), sk.PublicKey().Bytes())
		}
	}
}

// FuzzParsePublicKey checks that any input either fails cleanly or parses to
// a key that re-encodes to itself.
func FuzzParsePublicKey(f *testing.F) {
	fuzzSeeds(f, false)
	f.Fuzz(func(t *testing.T, which byte, raw []byte) {
		a := fuzzAlgorithm(which)
		pk, err := composite.ParsePublicKey(a, raw)
		if err != nil {
			return
		}
		again, err := composite.ParsePublicKey(a, pk.Bytes())
		if err != nil || !again.Equal(pk) {
			t.Fatalf("%s: parsed key does not re-parse: %v", a, err)
		}
	})
}

// FuzzParsePrivateKey checks that any input either fails cleanly or parses to
// a key whose encoding parses to an equal key.
func FuzzParsePrivateKey(f *testing.F) {
	fuzzSeeds(f, true)
	f.Fuzz(func(t *testing.T, which byte, raw []byte) {
		a := fuzzAlgorithm(which)
		sk, err := composite.ParsePrivateKey(a, raw)
		if err != nil {
			return
		}
		again, err := composite.ParsePrivateKey(a, sk.Bytes())
		if err != nil || !again.Equal(sk) {
			t.Fatalf("%s: parsed key does not re-parse: %v", a, err)
		}
	})
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
