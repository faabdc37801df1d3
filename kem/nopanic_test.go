package kem

import (
	"crypto/ecdh"
	"errors"
	"testing"

	"github.com/crystals-go/crystals/internal/apiwalk"
)

// TestNoPanic calls every exported function and method of the package with
// zero, nil, short and odd arguments, on nil, zero and real receivers, and
// fails on any panic; zero and nil keys must answer with errors. The table
// must name every exported function and type (read from the source), so a
// new one cannot be left out.
func TestNoPanic(t *testing.T) {
	values := map[string]any{}
	for _, s := range Schemes() {
		dk, err := s.GenerateKey()
		if err != nil {
			t.Fatal(err)
		}
		values[s.Name()] = s
		values[s.Name()+" decapsulation key"] = dk
		values[s.Name()+" encapsulation key"] = dk.PublicKey()
	}
	dk768, err := GenerateKey768()
	if err != nil {
		t.Fatal(err)
	}
	expanded, err := NewExpandedDecapsulationKey768(dk768.ExpandedBytes())
	if err != nil {
		t.Fatal(err)
	}
	values["expanded-only ML-KEM-768 key"] = expanded
	x, err := ecdh.X25519().GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, ct := dk768.EncapsulationKey().Encapsulate()
	apiwalk.Run(t, apiwalk.Table{
		Dir: ".",
		Funcs: map[string]any{
			"MLKEM512": MLKEM512, "MLKEM768": MLKEM768, "MLKEM1024": MLKEM1024,
			"X25519MLKEM768": X25519MLKEM768, "SecP256r1MLKEM768": SecP256r1MLKEM768,
			"SecP384r1MLKEM1024": SecP384r1MLKEM1024, "XWing": XWing,
			"MLKEM768P256": MLKEM768P256, "MLKEM1024P384": MLKEM1024P384,
			"SMAUGT128": SMAUGT128, "SMAUGT192": SMAUGT192, "SMAUGT256": SMAUGT256, "TiMER": TiMER,
			"FromHPKEPublicKey": FromHPKEPublicKey, "FromHPKEPrivateKey": FromHPKEPrivateKey,
			"Schemes": Schemes, "SchemeByName": SchemeByName,
			"SchemeByTLSGroup": SchemeByTLSGroup, "SchemeByHPKEKEM": SchemeByHPKEKEM,
			"GenerateKey512": GenerateKey512, "GenerateKey768": GenerateKey768, "GenerateKey1024": GenerateKey1024,
			"NewDecapsulationKey512": NewDecapsulationKey512, "NewDecapsulationKey768": NewDecapsulationKey768,
			"NewDecapsulationKey1024":         NewDecapsulationKey1024,
			"NewExpandedDecapsulationKey512":  NewExpandedDecapsulationKey512,
			"NewExpandedDecapsulationKey768":  NewExpandedDecapsulationKey768,
			"NewExpandedDecapsulationKey1024": NewExpandedDecapsulationKey1024,
			"NewEncapsulationKey512":          NewEncapsulationKey512,
			"NewEncapsulationKey768":          NewEncapsulationKey768,
			"NewEncapsulationKey1024":         NewEncapsulationKey1024,
			"EncapsulateBytes":                EncapsulateBytes,
			"GenerateKeyXWing":                GenerateKeyXWing,
			"NewXWingDecapsulationKey":        NewXWingDecapsulationKey,
			"NewXWingEncapsulationKey":        NewXWingEncapsulationKey,
			"NewHybridEncapsulationKey":       NewHybridEncapsulationKey,
			"NewHybridDecapsulationKey":       NewHybridDecapsulationKey,
			// The same constructors with real halves of the wrong kind.
			"NewHybridEncapsulationKey(X25519MLKEM768, …)": func(pq EncapsulationKey, ec *ecdh.PublicKey) (*HybridEncapsulationKey, error) {
				return NewHybridEncapsulationKey(X25519MLKEM768(), pq, ec)
			},
			"NewHybridDecapsulationKey(X25519MLKEM768, …)": func(pq DecapsulationKey, ec ecdh.KeyExchanger) (*HybridDecapsulationKey, error) {
				return NewHybridDecapsulationKey(X25519MLKEM768(), pq, ec)
			},
			"NewHybridEncapsulationKey(SecP256r1MLKEM768, ML-KEM-768, X25519)": func() (*HybridEncapsulationKey, error) {
				return NewHybridEncapsulationKey(SecP256r1MLKEM768(), dk768.EncapsulationKey(), x.PublicKey())
			},
			"NewHybridDecapsulationKey(X25519MLKEM768, nil, X25519)": func() (*HybridDecapsulationKey, error) {
				return NewHybridDecapsulationKey(X25519MLKEM768(), nil, x)
			},
		},
		Types: map[string]any{
			"Scheme": (*Scheme)(nil), "DecapsulationKey": (*DecapsulationKey)(nil), "EncapsulationKey": (*EncapsulationKey)(nil),
			"EncapsulationKey512": (*EncapsulationKey512)(nil), "EncapsulationKey768": (*EncapsulationKey768)(nil),
			"EncapsulationKey1024": (*EncapsulationKey1024)(nil), "DecapsulationKey512": (*DecapsulationKey512)(nil),
			"DecapsulationKey768": (*DecapsulationKey768)(nil), "DecapsulationKey1024": (*DecapsulationKey1024)(nil),
			"XWingEncapsulationKey": (*XWingEncapsulationKey)(nil), "XWingDecapsulationKey": (*XWingDecapsulationKey)(nil),
			"HybridEncapsulationKey": (*HybridEncapsulationKey)(nil), "HybridDecapsulationKey": (*HybridDecapsulationKey)(nil),
			"HPKEHybridEncapsulationKey": (*HPKEHybridEncapsulationKey)(nil), "HPKEHybridDecapsulationKey": (*HPKEHybridDecapsulationKey)(nil),
			"SMAUGTScheme": (*SMAUGTScheme)(nil), "SMAUGTEncapsulationKey": (*SMAUGTEncapsulationKey)(nil),
			"SMAUGTDecapsulationKey": (*SMAUGTDecapsulationKey)(nil),
		},
		Values: values,
		// Truncated and mutated encodings, for every []byte parameter.
		Inputs: append(apiwalk.Damaged(ct, dk768.ExpandedBytes(), dk768.EncapsulationKey().Bytes(), dk768.Bytes()),
			// Zero and real keys and schemes, for the hybrid constructors.
			new(DecapsulationKey768), new(EncapsulationKey768), new(XWingDecapsulationKey),
			new(HybridDecapsulationKey), new(HybridEncapsulationKey), &ecdh.PrivateKey{}, &ecdh.PublicKey{},
			dk768, dk768.EncapsulationKey(), x, x.PublicKey(), X25519MLKEM768(), SecP256r1MLKEM768(), XWing()),
		NoNilReceiver: map[string]string{
			"EncapsulationKey512": mlkemNil, "EncapsulationKey768": mlkemNil, "EncapsulationKey1024": mlkemNil,
			"DecapsulationKey512": mlkemNil, "DecapsulationKey768": mlkemNil, "DecapsulationKey1024": mlkemNil,
		},
		ZeroError: []string{
			"EncapsulationKey512", "EncapsulationKey768", "EncapsulationKey1024",
			"DecapsulationKey512", "DecapsulationKey768", "DecapsulationKey1024",
			"XWingEncapsulationKey", "XWingDecapsulationKey", "HybridEncapsulationKey", "HybridDecapsulationKey",
			"HPKEHybridEncapsulationKey", "HPKEHybridDecapsulationKey", "SMAUGTEncapsulationKey", "SMAUGTDecapsulationKey",
			"SMAUGTScheme",
		},
		ZeroSetters: map[string]string{
			"(*DecapsulationKey512).SetSeed": mlkemSetter, "(*DecapsulationKey768).SetSeed": mlkemSetter,
			"(*DecapsulationKey1024).SetSeed": mlkemSetter,
		},
	})
}

const mlkemSetter = "it derives a key into its receiver, a zero value included"

const mlkemNil = "its methods are promoted from the shared implementation it embeds, so a nil pointer is dereferenced before they run; as with crypto/mlkem, a nil pointer is not a key"

// TestZeroKeys is issue 16's list for this package: zero keys of every type
// answer with ErrZeroKey or zero results, as ErrZeroKey documents.
func TestZeroKeys(t *testing.T) {
	if ss, ct := new(EncapsulationKey768).Encapsulate(); ss != nil || ct != nil {
		t.Error("zero EncapsulationKey768.Encapsulate returned output")
	}
	for name, dk := range map[string]DecapsulationKey{
		"DecapsulationKey768": new(DecapsulationKey768), "XWingDecapsulationKey": new(XWingDecapsulationKey),
		"HybridDecapsulationKey": new(HybridDecapsulationKey), "HPKEHybridDecapsulationKey": new(HPKEHybridDecapsulationKey),
		"SMAUGTDecapsulationKey": new(SMAUGTDecapsulationKey), "nil *SMAUGTDecapsulationKey": (*SMAUGTDecapsulationKey)(nil),
	} {
		if _, err := dk.Decapsulate(make([]byte, 1088)); !errors.Is(err, ErrZeroKey) {
			t.Errorf("zero %s: Decapsulate gave %v, want ErrZeroKey", name, err)
		}
		if dk.Bytes() != nil || dk.Scheme() != nil {
			t.Errorf("zero %s: Bytes or Scheme not nil", name)
		}
	}
	for name, ek := range map[string]EncapsulationKey{
		"HPKEHybridEncapsulationKey": new(HPKEHybridEncapsulationKey), "SMAUGTEncapsulationKey": new(SMAUGTEncapsulationKey),
	} {
		if ss, ct := ek.Encapsulate(); ss != nil || ct != nil || ek.Bytes() != nil || ek.Scheme() != nil {
			t.Errorf("zero %s: Encapsulate, Bytes or Scheme not nil", name)
		}
	}
	// A nil or zero SMAUG-T scheme is no scheme: empty name, no sizes, and
	// ErrZeroKey from its constructors.
	for _, s := range []*SMAUGTScheme{nil, new(SMAUGTScheme)} {
		if s.Name() != "" || s.SeedSize() != 0 || s.CiphertextSize() != 0 || s.EncapsulationKeySize() != 0 {
			t.Errorf("%#v: name %q or sizes not empty", s, s.Name())
		}
		if _, err := s.NewDecapsulationKey(make([]byte, SMAUGTSeedSize)); !errors.Is(err, ErrZeroKey) {
			t.Errorf("%#v: NewDecapsulationKey gave %v, want ErrZeroKey", s, err)
		}
		if _, err := s.NewEncapsulationKey(make([]byte, SMAUGT128().EncapsulationKeySize())); !errors.Is(err, ErrZeroKey) {
			t.Errorf("%#v: NewEncapsulationKey gave %v, want ErrZeroKey", s, err)
		}
	}
	dk, err := GenerateKey768()
	if err != nil {
		t.Fatal(err)
	}
	x, _ := ecdh.X25519().GenerateKey(nil)
	if _, err := NewHybridEncapsulationKey(X25519MLKEM768(), nil, nil); !errors.Is(err, ErrZeroKey) {
		t.Errorf("NewHybridEncapsulationKey(…, nil, nil): %v", err)
	}
	if _, err := NewHybridDecapsulationKey(X25519MLKEM768(), dk, nil); !errors.Is(err, ErrZeroKey) {
		t.Errorf("NewHybridDecapsulationKey with a nil ECDH key: %v", err)
	}
	if _, err := NewHybridDecapsulationKey(X25519MLKEM768(), (*DecapsulationKey768)(nil), x); !errors.Is(err, ErrZeroKey) {
		t.Errorf("NewHybridDecapsulationKey with a nil ML-KEM key: %v", err)
	}
	if _, err := NewHybridDecapsulationKey(nil, dk, x); err == nil {
		t.Error("NewHybridDecapsulationKey with a nil scheme succeeded")
	}
}

// TestLengthErrors: errors for inputs of the wrong length give both lengths,
// with one package prefix, and still match the sentinel errors.
func TestLengthErrors(t *testing.T) {
	dk, err := GenerateKey768()
	if err != nil {
		t.Fatal(err)
	}
	_, err = dk.Decapsulate(make([]byte, 1087))
	if want := "kem: ML-KEM-768 ciphertext is 1087 bytes, want 1088"; err == nil || err.Error() != want || !errors.Is(err, ErrCiphertextLength) {
		t.Errorf("got %v, want %q", err, want)
	}
	for _, c := range []struct {
		err  error
		want string
		is   error
	}{
		{second(NewDecapsulationKey512(make([]byte, 63))), "kem: ML-KEM-512 seed is 63 bytes, want 64", ErrSeedLength},
		{second(NewExpandedDecapsulationKey1024(make([]byte, 5))), "kem: ML-KEM-1024 expanded decapsulation key is 5 bytes, want 3168", ErrDecapsulationKeyLength},
		{second(NewEncapsulationKey768(nil)), "kem: ML-KEM-768 encapsulation key is 0 bytes, want 1184", ErrEncapsulationKeyLength},
		{second(NewXWingDecapsulationKey(make([]byte, 33))), "kem: X-Wing seed is 33 bytes, want 32", ErrSeedLength},
		{second(X25519MLKEM768().NewEncapsulationKey(make([]byte, 7))), "kem: X25519MLKEM768 encapsulation key is 7 bytes, want 1216", ErrEncapsulationKeyLength},
	} {
		if c.err == nil || c.err.Error() != c.want || !errors.Is(c.err, c.is) {
			t.Errorf("got %v, want %q", c.err, c.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }
