package nccsign

import (
	"bytes"
	"testing"

	"github.com/crystals-go/crystals/internal/fuzzedit"
)

// The fuzz inputs are a parameter set and a program of edits (fuzzedit)
// applied to a valid encoding made once, outside f.Fuzz; the seeds below
// are the corpus kept with the package.

func fuzzKeys(f *testing.F) []*PrivateKey {
	keys := make([]*PrivateKey, len(allParams))
	for i, params := range allParams {
		k, err := NewPrivateKeyFromSeed(params, seedFor(40+i))
		if err != nil {
			f.Fatal(err)
		}
		keys[i] = k
	}
	return keys
}

func addEditSeeds(f *testing.F, positions ...int) {
	for set := range allParams {
		f.Add(uint8(set), []byte{})
		for _, pos := range positions {
			f.Add(uint8(set), fuzzedit.Op(0, pos, 1))
		}
	}
}

// FuzzVerify checks that an edited signature verifies only when it is the
// one that was made: the encoding is canonical, so any other would be a
// forgery.
func FuzzVerify(f *testing.F) {
	keys := fuzzKeys(f)
	msg := []byte("fuzzed message")
	sigs := make([][]byte, len(keys))
	for i, k := range keys {
		sigs[i], _ = k.Sign(nil, msg, nil)
	}
	addEditSeeds(f, 0, 31, 32, 1500, 3030, 3185)
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		i := int(set) % len(keys)
		sig := fuzzedit.Apply(sigs[i], prog)
		err := Verify(keys[i].PublicKey(), msg, sig)
		if (err == nil) != bytes.Equal(sig, sigs[i]) {
			t.Fatalf("Verify of an edited signature: %v", err)
		}
	})
}

// FuzzNewPublicKey checks that a decoded public key re-encodes to its input.
func FuzzNewPublicKey(f *testing.F) {
	keys := fuzzKeys(f)
	addEditSeeds(f, 0, 32, 1000, 1983)
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		i := int(set) % len(keys)
		b := fuzzedit.Apply(keys[i].PublicKey().Bytes(), prog)
		pk, err := NewPublicKey(allParams[i], b)
		if err == nil && !bytes.Equal(pk.Bytes(), b) {
			t.Fatal("a decoded public key re-encodes differently")
		}
	})
}

// FuzzNewPrivateKey checks that a decoded private key re-encodes to its
// input and that only an encoding equal to the original outside the
// signing seed key (bytes 32 to 63, free in the format) decodes to a key
// with the original's public key: the rest is canonical and checked
// against the recomputed public key.
func FuzzNewPrivateKey(f *testing.F) {
	keys := fuzzKeys(f)
	addEditSeeds(f, 0, 64, 96, 600, 2799)
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		i := int(set) % len(keys)
		b := fuzzedit.Apply(keys[i].Bytes(), prog)
		sk, err := NewPrivateKey(allParams[i], b)
		if err != nil {
			return
		}
		if !bytes.Equal(sk.Bytes(), b) {
			t.Fatal("a decoded private key re-encodes differently")
		}
		orig := keys[i].Bytes()
		same := bytes.Equal(b[:32], orig[:32]) && bytes.Equal(b[64:], orig[64:])
		if sk.PublicKey().Equal(keys[i].PublicKey()) != same {
			t.Fatal("an edited private key has the original's public key")
		}
	})
}
