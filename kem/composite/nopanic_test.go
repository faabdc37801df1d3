package composite_test

import (
	"testing"

	"github.com/crystals-go/crystals/internal/apiwalk"
	"github.com/crystals-go/crystals/internal/hybrid/hybridtest"
	"github.com/crystals-go/crystals/kem/composite"
)

// TestNoPanic calls every exported function and method of the package with
// zero, nil, short and odd arguments, on nil, zero and real receivers, and
// fails on any panic; zero and nil keys must answer with errors. Real keys of
// every algorithm (hybridtest.Tested: the large RSA sizes only without
// -short)
// and truncated or mutated keys and ciphertexts are walked too, the parsers
// through per-algorithm wrappers. The table must name every exported
// function and type (read from the source), so a new one cannot be left out.
func TestNoPanic(t *testing.T) {
	values := map[string]any{}
	funcs := map[string]any{
		"GenerateKey": composite.GenerateKey, "ParseEncapsulationKey": composite.ParseEncapsulationKey,
		"ParseDecapsulationKey": composite.ParseDecapsulationKey, "Algorithms": composite.Algorithms,
		"AlgorithmByName": composite.AlgorithmByName, "AlgorithmByOID": composite.AlgorithmByOID,
	}
	inputs := []any{new(composite.DecapsulationKey), new(composite.EncapsulationKey),
		(*composite.DecapsulationKey)(nil), (*composite.EncapsulationKey)(nil)}
	for _, a := range hybridtest.Tested(composite.Algorithms()) {
		dk, err := composite.GenerateKey(a)
		if err != nil {
			t.Fatal(err)
		}
		_, ct := dk.Encapsulator().Encapsulate()
		n := a.Name()
		values[n] = a
		values[n+" decapsulation key"] = dk
		values[n+" encapsulation key"] = dk.EncapsulationKey()
		inputs = append(inputs, dk, dk.EncapsulationKey())
		inputs = append(inputs, apiwalk.Damaged(ct, dk.Bytes(), dk.EncapsulationKey().Bytes())...)
		funcs["ParseEncapsulationKey("+n+", …)"] = func(raw []byte) (*composite.EncapsulationKey, error) {
			return composite.ParseEncapsulationKey(a, raw)
		}
		funcs["ParseDecapsulationKey("+n+", …)"] = func(raw []byte) (*composite.DecapsulationKey, error) {
			return composite.ParseDecapsulationKey(a, raw)
		}
	}
	apiwalk.Run(t, apiwalk.Table{
		Dir:   ".",
		Funcs: funcs,
		Types: map[string]any{
			"Algorithm":        (*composite.Algorithm)(nil),
			"EncapsulationKey": (*composite.EncapsulationKey)(nil),
			"DecapsulationKey": (*composite.DecapsulationKey)(nil),
		},
		Values:    values,
		Inputs:    inputs,
		ZeroError: []string{"EncapsulationKey", "DecapsulationKey"},
	})
}
