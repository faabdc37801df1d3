package signer

import (
	"crypto/mldsa"
	"errors"
	"strings"
	"testing"
)

// TestStdlibConversions: FromStdlib and ToStdlib give the same key at every
// parameter set (same public key; each side's signatures verify on the
// other), and Equal behaves as the package documents in each direction.
func TestStdlibConversions(t *testing.T) {
	msg := []byte("converted")
	for _, params := range []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()} {
		t.Run(params.String(), func(t *testing.T) {
			std, err := mldsa.GenerateKey(params)
			if err != nil {
				t.Fatal(err)
			}
			ours, err := FromStdlib(std)
			if err != nil {
				t.Fatal(err)
			}
			if !ours.PublicKey().Equal(std.PublicKey()) || !std.PublicKey().Equal(ours.PublicKey()) {
				t.Fatal("public keys differ")
			}
			sig, err := ours.SignMessage(nil, msg, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := mldsa.Verify(std.PublicKey(), msg, sig, nil); err != nil {
				t.Fatalf("crypto/mldsa rejects the converted key's signature: %v", err)
			}
			stdSig, err := std.Sign(nil, msg, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := Verify(ours.PublicKey(), msg, stdSig, nil); err != nil {
				t.Fatalf("crystals rejects crypto/mldsa's signature: %v", err)
			}

			back, err := ToStdlib(ours)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(std) || !std.Equal(back) {
				t.Fatal("ToStdlib(FromStdlib(k)) is another key")
			}

			// Equal: the crystals key compares with both types; crypto/mldsa
			// only with its own.
			if !ours.Equal(std) || !ours.Equal(ours) {
				t.Error("(*PrivateKey).Equal is false for the same key")
			}
			if std.Equal(ours) {
				t.Error("(*mldsa.PrivateKey).Equal now accepts a *signer.PrivateKey: update the package documentation")
			}
			other, _ := GenerateKey(params)
			if ours.Equal(other) {
				t.Error("Equal is true for another key")
			}
			// A key from the expanded encoding equals its seed key but
			// cannot become a crypto/mldsa key.
			expanded, err := NewPrivateKeyFromExpanded(params, ours.ExpandedBytes())
			if err != nil {
				t.Fatal(err)
			}
			if !expanded.Equal(std) {
				t.Error("expanded key not Equal to the crypto/mldsa key")
			}
			if _, err := ToStdlib(expanded); !errors.Is(err, ErrNoSeed) || !strings.Contains(err.Error(), "crypto/mldsa") {
				t.Errorf("ToStdlib of an expanded key: %v", err)
			}
		})
	}
	if _, err := FromStdlib(nil); err == nil {
		t.Error("FromStdlib(nil) succeeded")
	}
	if _, err := ToStdlib(nil); err == nil {
		t.Error("ToStdlib(nil) succeeded")
	}
	if _, err := ToStdlib(new(PrivateKey)); err == nil {
		t.Error("ToStdlib of a zero key succeeded")
	}
}
