package signer

import (
	"crypto/mldsa"
	"testing"

	"github.com/crystals-go/crystals/internal/apiwalk"
)

// TestNoPanic calls every exported function and method of the package with
// zero, nil, short and odd arguments, on nil, zero and real receivers, and
// fails on any panic; zero and nil keys must answer with errors. The table
// must name every exported function and type (read from the source), so a
// new one cannot be left out.
func TestNoPanic(t *testing.T) {
	sk, err := NewPrivateKey(mldsa.MLDSA44(), seedFor(60))
	if err != nil {
		t.Fatal(err)
	}
	expandedOnly, err := NewPrivateKeyFromExpanded(mldsa.MLDSA44(), sk.ExpandedBytes())
	if err != nil {
		t.Fatal(err)
	}
	values := map[string]any{
		"key":               sk,
		"expanded-only key": expandedOnly,
		"verifier":          NewVerifier(sk.PublicKey()),
		"options":           &Options{Hash: SHAKE256, Context: "c", Deterministic: true},
	}
	sig, err := sk.Sign(nil, []byte("m"), nil)
	if err != nil {
		t.Fatal(err)
	}
	apiwalk.Run(t, apiwalk.Table{
		Dir: ".",
		Funcs: map[string]any{
			"GenerateKey":               GenerateKey,
			"NewPrivateKey":             NewPrivateKey,
			"NewPrivateKeyFromExpanded": NewPrivateKeyFromExpanded,
			"Verify":                    Verify,
			"NewVerifier":               NewVerifier,
			"VerifyBytes":               VerifyBytes,
			"NewVerifierFromBytes":      NewVerifierFromBytes,
			"FromStdlib":                FromStdlib,
			"ToStdlib":                  ToStdlib,
		},
		Types: map[string]any{
			"PrivateKey": (*PrivateKey)(nil),
			"Verifier":   (*Verifier)(nil),
			"Options":    (*Options)(nil),
		},
		Values: values,
		// Truncated and mutated encodings, for every []byte parameter.
		Inputs: append(apiwalk.Damaged(sig, sk.ExpandedBytes(), sk.PublicKey().Bytes()),
			// Zero and real keys, for Equal and the key parameters.
			new(PrivateKey), (*PrivateKey)(nil), &mldsa.PrivateKey{},
			sk, expandedOnly, sk.PublicKey(), NewVerifier(sk.PublicKey())),
		ZeroError: []string{"PrivateKey", "Verifier"},
	})
}
