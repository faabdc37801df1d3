package composite_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/crystals-go/crystals/internal/fuzzedit"
	"github.com/crystals-go/crystals/internal/hybrid/hybridtest"
	"github.com/crystals-go/crystals/signer/composite"
)

// fuzzKey returns a fresh key of a, or nil for the algorithms with RSA keys
// above 2048 bits, whose generation is slow (the 2048-bit ones run the same
// parsing and verification code).
func fuzzKey(f *testing.F, a *composite.Algorithm) *composite.PrivateKey {
	if strings.Contains(a.Name(), "RSA3072") || strings.Contains(a.Name(), "RSA4096") {
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

// FuzzVerify edits (fuzzedit) a valid signature of the message "m" under a
// key of each quickly generated algorithm, the keys and signatures made once:
// only the unedited signature of "m" may verify, and it must. The input is a
// selector, the message and a short edit program rather than a raw
// signature of several KiB, which the fuzzer spent its time minimizing.
func FuzzVerify(f *testing.F) {
	type target struct {
		pk  *composite.PublicKey
		sig []byte
	}
	var targets []target
	for _, a := range composite.Algorithms() {
		sk := fuzzKey(f, a)
		if sk == nil {
			continue
		}
		sig, err := sk.SignMessage(nil, []byte("m"), nil)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(byte(len(targets)), []byte("m"), []byte{})
		f.Add(byte(len(targets)), []byte("m"), fuzzedit.Op(2, len(sig)-1, 0))
		f.Add(byte(len(targets)), []byte("n"), []byte{})
		f.Add(byte(len(targets)), []byte("m"), fuzzedit.Op(2, 0, 0))
		targets = append(targets, target{sk.PublicKey(), sig})
	}
	f.Fuzz(func(t *testing.T, which byte, msg, prog []byte) {
		tg := targets[int(which)%len(targets)]
		sig := fuzzedit.Apply(tg.sig, prog)
		genuine := string(msg) == "m" && bytes.Equal(sig, tg.sig)
		err := composite.Verify(tg.pk, msg, sig, nil)
		if err == nil && !genuine {
			t.Fatalf("%v: edited signature or other message verified", tg.pk.Algorithm())
		}
		if err != nil && genuine {
			t.Fatalf("%v: valid signature rejected: %v", tg.pk.Algorithm(), err)
		}
	})
}
