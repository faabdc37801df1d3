package composite_test

import (
	"crypto"
	"testing"

	"github.com/crystals-go/crystals/internal/apiwalk"
	"github.com/crystals-go/crystals/internal/hybrid/hybridtest"
	"github.com/crystals-go/crystals/signer/composite"
)

// TestNoPanic calls every exported function and method of the package with
// zero, nil, short and odd arguments, on nil, zero and real receivers, and
// fails on any panic; zero and nil keys must answer with errors. Real keys of
// every algorithm (hybridtest.Tested: the large RSA sizes only without
// -short)
// and truncated or mutated encodings and signatures are walked too, through
// per-algorithm wrappers of the functions that take an *Algorithm. The table
// must name every exported function and type (read from the source), so a
// new one cannot be left out.
func TestNoPanic(t *testing.T) {
	values := map[string]any{"options": &composite.Options{Context: "c", Hash: crypto.SHA256}}
	funcs := map[string]any{
		"GenerateKey": composite.GenerateKey, "NewPrivateKey": composite.NewPrivateKey,
		"ParsePrivateKey": composite.ParsePrivateKey, "ParsePublicKey": composite.ParsePublicKey,
		"Verify": composite.Verify, "MessageRepresentative": composite.MessageRepresentative,
		"Algorithms": composite.Algorithms, "AlgorithmByName": composite.AlgorithmByName,
		"AlgorithmByOID": composite.AlgorithmByOID,
	}
	inputs := []any{new(composite.PrivateKey), new(composite.PublicKey), (*composite.PublicKey)(nil),
		&composite.Options{Context: string(make([]byte, 256))}, crypto.SHA256, crypto.SHA512}
	zeroOK := map[string]string{}
	for _, a := range hybridtest.Tested(composite.Algorithms()) {
		sk, err := composite.GenerateKey(a)
		if err != nil {
			t.Fatal(err)
		}
		sig, err := sk.SignMessage(nil, []byte("m"), nil)
		if err != nil {
			t.Fatal(err)
		}
		n := a.Name()
		values[n] = a
		values[n+" private key"] = sk
		values[n+" public key"] = sk.PublicKey()
		inputs = append(inputs, sk, sk.PublicKey(), sk.Traditional(), sk.Traditional().Public())
		inputs = append(inputs, apiwalk.Damaged(sig, sk.Bytes(), sk.PublicKey().Bytes())...)
		funcs["ParsePublicKey("+n+", …)"] = func(raw []byte) (*composite.PublicKey, error) { return composite.ParsePublicKey(a, raw) }
		funcs["ParsePrivateKey("+n+", …)"] = func(raw []byte) (*composite.PrivateKey, error) { return composite.ParsePrivateKey(a, raw) }
		funcs["NewPrivateKey("+n+", …)"] = func(seed []byte, trad crypto.Signer) (*composite.PrivateKey, error) {
			return composite.NewPrivateKey(a, seed, trad)
		}
		funcs["Verify("+n+" key, …)"] = func(msg, sig []byte, opts crypto.SignerOpts) error {
			return composite.Verify(sk.PublicKey(), msg, sig, opts)
		}
		zeroOK["MessageRepresentative("+n+", …)"] = "the empty message with the empty context is a message"
		funcs["MessageRepresentative("+n+", …)"] = func(msg []byte, ctx string) ([]byte, error) {
			return composite.MessageRepresentative(a, msg, ctx)
		}
	}
	apiwalk.Run(t, apiwalk.Table{
		Dir:   ".",
		Funcs: funcs,
		Types: map[string]any{
			"Algorithm": (*composite.Algorithm)(nil), "PublicKey": (*composite.PublicKey)(nil),
			"PrivateKey": (*composite.PrivateKey)(nil), "Options": (*composite.Options)(nil),
		},
		Values:     values,
		Inputs:     inputs,
		ZeroError:  []string{"PublicKey", "PrivateKey"},
		ZeroArgsOK: zeroOK,
	})
}
