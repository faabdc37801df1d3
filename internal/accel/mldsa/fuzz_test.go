package mldsa

import (
	"bytes"
	"testing"
)

// Fuzz targets for every decoder: none may panic on any input, and what
// decodes must re-encode to the same bytes.

func FuzzPublicKey(f *testing.F) {
	for _, p := range All() {
		f.Add(NewPrivateKeyFromSeed(p, &[SeedSize]byte{1}).PublicKey().Bytes())
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, p := range All() {
			pk, err := NewPublicKey(p, b)
			if err != nil {
				continue
			}
			if !bytes.Equal(pk.Bytes(), b) {
				t.Fatal("public key does not re-encode to its input")
			}
		}
	})
}

func FuzzExpandedPrivateKey(f *testing.F) {
	for _, p := range All() {
		enc := make([]byte, p.PrivateKeySize())
		NewPrivateKeyFromSeed(p, &[SeedSize]byte{2}).EncodeExpanded(enc)
		f.Add(enc)
	}
	f.Add([]byte{1, 2, 3})
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, p := range All() {
			sk, err := NewPrivateKeyFromExpanded(p, b)
			if err != nil {
				continue
			}
			enc := make([]byte, p.PrivateKeySize())
			sk.EncodeExpanded(enc)
			if !bytes.Equal(enc, b) {
				t.Fatal("private key does not re-encode to its input")
			}
		}
	})
}

func FuzzVerify(f *testing.F) {
	keys := make([]*PrivateKey, 0, 3)
	for _, p := range All() {
		sk := NewPrivateKeyFromSeed(p, &[SeedSize]byte{3})
		keys = append(keys, sk)
		sig := make([]byte, p.SignatureSize())
		if err := sk.Sign(sig, []byte("msg"), nil, &[RandomSize]byte{}); err != nil {
			f.Fatal(err)
		}
		f.Add(sig)
	}
	f.Add([]byte{0})
	f.Fuzz(func(t *testing.T, sig []byte) {
		for _, sk := range keys {
			// Any bytes must not panic, on the prepared and one-shot paths,
			// and both must agree.
			pk := sk.PublicKey()
			var mu [MuSize]byte
			if err := ComputeMu(&mu, pk.Tr(), []byte("msg"), nil); err != nil {
				t.Fatal(err)
			}
			e1 := pk.VerifyMu(&mu, sig)
			e2 := VerifyEncodedMu(pk.Params(), pk.Bytes(), &mu, sig)
			if (e1 == nil) != (e2 == nil) {
				t.Fatalf("prepared verify %v, one-shot verify %v", e1, e2)
			}
			m, err := NewMessage([]byte("msg"), nil)
			if err != nil {
				t.Fatal(err)
			}
			if e3 := VerifyEncoded(pk.Params(), pk.Bytes(), &m, sig); (e1 == nil) != (e3 == nil) {
				t.Fatalf("prepared verify %v, one-shot verify with tr carried %v", e1, e3)
			}
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
