package circlkem

import (
	"testing"

	"github.com/crystals-go/crystals/internal/apiwalk"
	"github.com/crystals-go/crystals/kem"
)

// TestNoPanic calls every exported function of the package, and every
// method of its schemes and their keys, with zero, nil, short and odd
// arguments, and fails on any panic. The table must name every exported
// function (read from the source), so a new one cannot be left out.
func TestNoPanic(t *testing.T) {
	values := map[string]any{}
	for _, s := range Schemes() {
		pk, sk, err := s.GenerateKeyPair()
		if err != nil {
			t.Fatal(err)
		}
		values[s.Name()] = s
		values[s.Name()+" public key"] = pk
		values[s.Name()+" private key"] = sk
	}
	apiwalk.Run(t, apiwalk.Table{
		Dir: ".",
		Funcs: map[string]any{
			"Scheme":  Scheme,
			"Schemes": Schemes,
		},
		Types:  map[string]any{},
		Values: values,
	})
	if Scheme(nil) != nil || Scheme(unknownScheme{kem.MLKEM768()}) != nil {
		t.Error("Scheme of nil or of a scheme without an adapter is not nil")
	}
	for _, s := range Schemes() {
		if pk, sk := s.DeriveKeyPair(make([]byte, s.SeedSize()+1)); pk != nil || sk != nil {
			t.Errorf("%s: DeriveKeyPair with a long seed returned keys", s.Name())
		}
	}
}

// unknownScheme is a kem.Scheme that no adapter serves.
type unknownScheme struct{ kem.Scheme }

func (unknownScheme) Name() string { return "unknown" }
