package circlsign

import (
	"crypto/mldsa"
	"testing"

	"github.com/crystals-go/crystals/internal/apiwalk"
	"github.com/crystals-go/crystals/signer"
)

// TestNoPanic calls every exported function and method of the package with
// zero, nil, short and odd arguments, on nil, zero and real receivers, and
// fails on any panic (the rule of signer.ErrZeroKey: error results get that
// error, the others zero results).
func TestNoPanic(t *testing.T) {
	values := map[string]any{}
	var sig []byte
	for i, p := range []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()} {
		s := Scheme(p)
		seed := make([]byte, signer.SeedSize)
		seed[0] = byte(61 + i)
		pub, priv := s.DeriveKey(seed)
		values["scheme "+p.String()] = s
		values["public "+p.String()] = pub
		values["private "+p.String()] = priv
		if sig == nil {
			sig = s.Sign(priv, []byte("m"), nil)
		}
	}
	apiwalk.Run(t, apiwalk.Table{
		Dir:       ".",
		Funcs:     map[string]any{"Scheme": Scheme},
		Types:     map[string]any{"PublicKey": (*PublicKey)(nil), "PrivateKey": (*PrivateKey)(nil)},
		Values:    values,
		Inputs:    append(apiwalk.Damaged(sig), new(PrivateKey), new(PublicKey), (*PrivateKey)(nil)),
		ZeroError: []string{"PublicKey", "PrivateKey"},
	})
	if pub, priv := Scheme(mldsa.MLDSA44()).DeriveKey(make([]byte, 5)); pub != nil || priv != nil {
		t.Error("DeriveKey with a 5-byte seed returned keys")
	}
}
