package brainpool

import (
	"bytes"
	"testing"
)

// FuzzNewPublicKey: any input is rejected or is a point whose encoding is
// the input.
func FuzzNewPublicKey(f *testing.F) {
	for i, c := range curves {
		enc, _ := c.encode(&c.g)
		f.Add(byte(i), enc)
	}
	f.Fuzz(func(t *testing.T, which byte, b []byte) {
		c := curves[int(which)%len(curves)]
		k, err := c.NewPublicKey(b)
		if err != nil {
			return
		}
		if !bytes.Equal(k.Bytes(), b) {
			t.Fatal("accepted point does not re-encode to its input")
		}
	})
}

// FuzzVerifyASN1: arbitrary signatures are rejected without a panic.
func FuzzVerifyASN1(f *testing.F) {
	k, err := P256r1.GenerateKey()
	if err != nil {
		f.Fatal(err)
	}
	d := make([]byte, 32)
	sig, err := k.Sign(nil, d, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(d, sig)
	f.Fuzz(func(t *testing.T, digest, sig []byte) {
		VerifyASN1(k.PublicKey(), digest, sig)
	})
}
