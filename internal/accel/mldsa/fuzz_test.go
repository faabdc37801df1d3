package mldsa

import (
	"bytes"
	"testing"

	"github.com/crystals-go/crystals/internal/fuzzedit"
)

// Fuzz targets for every decoder: none may panic on any input, and what
// decodes must re-encode to the same bytes.

// The targets for the large encodings (public keys, expanded private keys,
// signatures) take a parameter set and a program of edits (fuzzedit)
// applied to a valid encoding made once, outside f.Fuzz: each run costs one
// import or verification of one set, and inputs stay short enough for the
// fuzzer to minimize (fed raw encodings of several KiB it spent its time
// minimizing instead of fuzzing).

// fuzzKeys returns one private key per parameter set.
func fuzzKeys() []*PrivateKey {
	keys := make([]*PrivateKey, 0, 3)
	for i, p := range All() {
		keys = append(keys, NewPrivateKeyFromSeed(p, &[SeedSize]byte{byte(i), 0xf0}))
	}
	return keys
}

// addEditSeeds adds, for every parameter set (twice, for targets that read
// set/3 as a choice of path), the empty program (the valid
// encoding itself) and one edit at each of the given positions.
func addEditSeeds(f *testing.F, positions ...int) {
	for set := range 2 * len(All()) {
		f.Add(uint8(set), []byte{})
		for _, pos := range positions {
			f.Add(uint8(set), fuzzedit.Op(0, pos, 0x80))
		}
	}
}

func FuzzPublicKey(f *testing.F) {
	keys := fuzzKeys()
	addEditSeeds(f, 0, 32, 1000, 2500)
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		want := keys[int(set)%len(keys)].PublicKey()
		b := fuzzedit.Apply(want.Bytes(), prog)
		pk, err := NewPublicKey(want.Params(), b)
		if err != nil {
			// Every ρ and t1 is a public key: only the length is checked.
			if len(b) == len(want.Bytes()) {
				t.Fatalf("%s: rejected a public key of the right length: %v", want.Params().Name, err)
			}
			return
		}
		if !bytes.Equal(pk.Bytes(), b) {
			t.Fatal("public key does not re-encode to its input")
		}
		if pk.Equal(want) != bytes.Equal(b, want.Bytes()) {
			t.Fatal("Equal disagrees with the encodings")
		}
	})
}

func FuzzExpandedPrivateKey(f *testing.F) {
	keys := fuzzKeys()
	encs := make([][]byte, len(keys))
	for i, sk := range keys {
		encs[i] = make([]byte, sk.PublicKey().Params().PrivateKeySize())
		sk.EncodeExpanded(encs[i])
	}
	addEditSeeds(f, 0, 32, 64, 128, 600, 2500)
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		i := int(set) % len(keys)
		p := keys[i].PublicKey().Params()
		b := fuzzedit.Apply(encs[i], prog)
		sk, err := NewPrivateKeyFromExpanded(p, b)
		if err != nil {
			if bytes.Equal(b, encs[i]) {
				t.Fatalf("%s: the unedited expanded key is rejected: %v", p.Name, err)
			}
			return
		}
		enc := make([]byte, p.PrivateKeySize())
		sk.EncodeExpanded(enc)
		if !bytes.Equal(enc, b) {
			t.Fatal("private key does not re-encode to its input")
		}
		// ρ, s1, s2 and t0 determine the public key, and tr must be its hash.
		if !bytes.Equal(sk.PublicKey().Bytes(), keys[i].PublicKey().Bytes()) {
			t.Fatal("accepted key has a public key other than the one its encoding implies")
		}
	})
}

func FuzzVerify(f *testing.F) {
	keys := fuzzKeys()
	msg := []byte("msg")
	m, err := NewMessage(msg, nil)
	if err != nil {
		f.Fatal(err)
	}
	sigs := make([][]byte, len(keys))
	mus := make([][MuSize]byte, len(keys))
	for i, sk := range keys {
		p := sk.PublicKey().Params()
		sigs[i] = make([]byte, p.SignatureSize())
		if err := sk.Sign(sigs[i], msg, nil, &[RandomSize]byte{}); err != nil {
			f.Fatal(err)
		}
		if err := ComputeMu(&mus[i], sk.PublicKey().Tr(), msg, nil); err != nil {
			f.Fatal(err)
		}
	}
	addEditSeeds(f, 0, 40, 1000, 2400, 4600)
	f.Fuzz(func(t *testing.T, set uint8, prog []byte) {
		// Any bytes must not panic, on the prepared and one-shot paths; both
		// must agree, accept the signature that was made and reject every
		// other (the encoding is canonical, so another one that verifies
		// would be a forgery). set also picks the one-shot path, μ given or
		// tr carried, so that a run costs one ExpandA.
		i := int(set) % len(keys)
		pk := keys[i].PublicKey()
		sig := fuzzedit.Apply(sigs[i], prog)
		e1 := pk.VerifyMu(&mus[i], sig)
		if set/3%2 == 0 {
			if e2 := VerifyEncodedMu(pk.Params(), pk.Bytes(), &mus[i], sig); (e1 == nil) != (e2 == nil) {
				t.Fatalf("prepared verify %v, one-shot verify %v", e1, e2)
			}
		} else if e3 := VerifyEncoded(pk.Params(), pk.Bytes(), &m, sig); (e1 == nil) != (e3 == nil) {
			t.Fatalf("prepared verify %v, one-shot verify with tr carried %v", e1, e3)
		}
		if valid := bytes.Equal(sig, sigs[i]); valid != (e1 == nil) {
			t.Fatalf("%s: signature edited %v, verification error %v", pk.Params().Name, !valid, e1)
		}
	})
}

func FuzzHintEncoding(f *testing.F) {
	f.Add(make([]byte, 87))
	f.Add([]byte{1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 3, 3, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, p := range All() {
			if len(b) < p.Omega+p.K {
				continue
			}
			in := b[:p.Omega+p.K]
			var h [maxK]ringElement
			if !unpackHints(p, &h, in) {
				continue
			}
			out := make([]byte, len(in))
			packHints(p, out, &h)
			if !bytes.Equal(out, in) {
				t.Fatalf("%s: accepted a non-canonical hint encoding %x (canonical %x)", p.Name, in, out)
			}
		}
	})
}
