package nccsign

import (
	"testing"

	"github.com/crystals-go/crystals/internal/apiwalk"
)

// TestNoPanic calls every exported function and method of the package with
// zero, nil, short and odd arguments, on nil, zero and real receivers, and
// fails on any panic (the rule of ErrZeroKey).
func TestNoPanic(t *testing.T) {
	values := map[string]any{}
	var sig []byte
	var inputs []any
	for i, params := range allParams {
		sk, err := NewPrivateKeyFromSeed(params, seedFor(70+i))
		if err != nil {
			t.Fatal(err)
		}
		values["params "+params.String()] = params
		values["private "+params.String()] = sk
		values["public "+params.String()] = sk.PublicKey()
		if sig == nil {
			sig, _ = sk.Sign(nil, []byte("m"), nil)
			inputs = apiwalk.Damaged(sig, sk.Bytes(), sk.PublicKey().Bytes())
		}
	}
	apiwalk.Run(t, apiwalk.Table{
		Dir: ".",
		Funcs: map[string]any{
			"NCCSign1": NCCSign1, "NCCSign3": NCCSign3, "NCCSign5": NCCSign5,
			"GenerateKey": GenerateKey, "NewPrivateKeyFromSeed": NewPrivateKeyFromSeed,
			"NewPrivateKey": NewPrivateKey, "NewPublicKey": NewPublicKey, "Verify": Verify,
		},
		Types: map[string]any{
			"Parameters": Parameters{}, "PublicKey": (*PublicKey)(nil), "PrivateKey": (*PrivateKey)(nil),
		},
		Values:    values,
		Inputs:    append(inputs, new(PrivateKey), new(PublicKey), (*PrivateKey)(nil), Parameters{}),
		ZeroError: []string{"PublicKey", "PrivateKey"},
	})
}
