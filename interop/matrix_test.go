package interop

import (
	"bytes"
	"crypto/mldsa"
	"crypto/mlkem"
	"crypto/rand"
	"fmt"
	"strings"
	"testing"

	circlkem "github.com/cloudflare/circl/kem"
	"github.com/cloudflare/circl/kem/mlkem/mlkem1024"
	"github.com/cloudflare/circl/kem/mlkem/mlkem512"
	"github.com/cloudflare/circl/kem/mlkem/mlkem768"
	circlsign "github.com/cloudflare/circl/sign"
	"github.com/cloudflare/circl/sign/mldsa/mldsa44"
	"github.com/cloudflare/circl/sign/mldsa/mldsa65"
	"github.com/cloudflare/circl/sign/mldsa/mldsa87"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/signer"
)

// sigImpl is one ML-DSA implementation as the matrix sees it: a key maker
// that returns the encoded public key and a signing function, and a verifier
// that starts from the encoded public key.
type sigImpl struct {
	name   string
	keygen func(t *testing.T) (pub []byte, sign func(msg []byte, ctx string) []byte)
	verify func(pub, msg, sig []byte, ctx string) bool
}

func sigImpls(params mldsa.Parameters, cs circlsign.Scheme) []sigImpl {
	return []sigImpl{
		{
			name: "crystals",
			keygen: func(t *testing.T) ([]byte, func([]byte, string) []byte) {
				k, err := signer.GenerateKey(params)
				if err != nil {
					t.Fatal(err)
				}
				return k.PublicKey().Bytes(), func(msg []byte, ctx string) []byte {
					sig, err := k.SignMessage(rand.Reader, msg, &signer.Options{Context: ctx})
					if err != nil {
						t.Fatal(err)
					}
					return sig
				}
			},
			verify: func(pub, msg, sig []byte, ctx string) bool {
				pk, err := mldsa.NewPublicKey(params, pub)
				return err == nil && signer.Verify(pk, msg, sig, &signer.Options{Context: ctx}) == nil
			},
		},
		{
			name: "crypto/mldsa",
			keygen: func(t *testing.T) ([]byte, func([]byte, string) []byte) {
				k, err := mldsa.GenerateKey(params)
				if err != nil {
					t.Fatal(err)
				}
				return k.PublicKey().Bytes(), func(msg []byte, ctx string) []byte {
					sig, err := k.Sign(rand.Reader, msg, &mldsa.Options{Context: ctx})
					if err != nil {
						t.Fatal(err)
					}
					return sig
				}
			},
			verify: func(pub, msg, sig []byte, ctx string) bool {
				pk, err := mldsa.NewPublicKey(params, pub)
				return err == nil && mldsa.Verify(pk, msg, sig, &mldsa.Options{Context: ctx}) == nil
			},
		},
		{
			name: "circl",
			keygen: func(t *testing.T) ([]byte, func([]byte, string) []byte) {
				pk, sk, err := cs.GenerateKey()
				if err != nil {
					t.Fatal(err)
				}
				pub, err := pk.MarshalBinary()
				if err != nil {
					t.Fatal(err)
				}
				return pub, func(msg []byte, ctx string) []byte {
					return cs.Sign(sk, msg, &circlsign.SignatureOpts{Context: ctx})
				}
			},
			verify: func(pub, msg, sig []byte, ctx string) bool {
				pk, err := cs.UnmarshalBinaryPublicKey(pub)
				return err == nil && cs.Verify(pk, msg, sig, &circlsign.SignatureOpts{Context: ctx})
			},
		},
	}
}

// TestSignatureMatrix: every implementation's signatures, with and without a
// context, verify under every implementation, and fail under a wrong context;
// the table of who verified whom is printed.
func TestSignatureMatrix(t *testing.T) {
	msg := []byte("who verified whom")
	var table strings.Builder
	for _, lv := range []struct {
		params mldsa.Parameters
		circl  circlsign.Scheme
	}{{mldsa.MLDSA44(), mldsa44.Scheme()}, {mldsa.MLDSA65(), mldsa65.Scheme()}, {mldsa.MLDSA87(), mldsa87.Scheme()}} {
		impls := sigImpls(lv.params, lv.circl)
		fmt.Fprintf(&table, "\n%s  signed by ↓ / verified by →", lv.params)
		for _, v := range impls {
			fmt.Fprintf(&table, "  %-14s", v.name)
		}
		table.WriteString("\n")
		for _, s := range impls {
			pub, sign := s.keygen(t)
			fmt.Fprintf(&table, "  %-36s", s.name)
			for _, v := range impls {
				cell := "ok"
				for _, ctx := range []string{"", "matrix context"} {
					sig := sign(msg, ctx)
					if !v.verify(pub, msg, sig, ctx) {
						cell = "REJECTED"
						t.Errorf("%s: %s rejects %s's signature (context %q)", lv.params, v.name, s.name, ctx)
					}
					if v.verify(pub, msg, sig, ctx+"x") {
						cell = "WRONG-CTX-OK"
						t.Errorf("%s: %s accepts %s's signature under a wrong context", lv.params, v.name, s.name)
					}
				}
				fmt.Fprintf(&table, "  %-14s", cell)
			}
			table.WriteString("\n")
		}
	}
	t.Logf("ML-DSA signatures, pure and with a context (a wrong context must fail):%s", table.String())
}

// kemImpl is one ML-KEM implementation: a key maker returning the encoded
// encapsulation key and a decapsulation function, and an encapsulator that
// starts from the encoded key.
type kemImpl struct {
	name   string
	keygen func(t *testing.T) (ek []byte, decaps func(ct []byte) []byte)
	encaps func(t *testing.T, ek []byte) (ss, ct []byte)
}

func kemImpls(scheme kem.Scheme, cs circlkem.Scheme) []kemImpl {
	impls := []kemImpl{
		{
			name: "crystals",
			keygen: func(t *testing.T) ([]byte, func([]byte) []byte) {
				dk, err := scheme.GenerateKey()
				if err != nil {
					t.Fatal(err)
				}
				return dk.PublicKey().Bytes(), func(ct []byte) []byte {
					ss, err := dk.Decapsulate(ct)
					if err != nil {
						t.Fatal(err)
					}
					return ss
				}
			},
			encaps: func(t *testing.T, b []byte) ([]byte, []byte) {
				ek, err := scheme.NewEncapsulationKey(b)
				if err != nil {
					t.Fatal(err)
				}
				return ek.Encapsulate()
			},
		},
		{
			name: "circl",
			keygen: func(t *testing.T) ([]byte, func([]byte) []byte) {
				pk, sk, err := cs.GenerateKeyPair()
				if err != nil {
					t.Fatal(err)
				}
				b, _ := pk.MarshalBinary()
				return b, func(ct []byte) []byte {
					ss, err := cs.Decapsulate(sk, ct)
					if err != nil {
						t.Fatal(err)
					}
					return ss
				}
			},
			encaps: func(t *testing.T, b []byte) ([]byte, []byte) {
				pk, err := cs.UnmarshalBinaryPublicKey(b)
				if err != nil {
					t.Fatal(err)
				}
				ct, ss, err := cs.Encapsulate(pk)
				if err != nil {
					t.Fatal(err)
				}
				return ss, ct
			},
		},
	}
	switch scheme.Name() {
	case "ML-KEM-768":
		impls = append(impls, stdlibKEM(mlkem.GenerateKey768, mlkem.NewEncapsulationKey768))
	case "ML-KEM-1024":
		impls = append(impls, stdlibKEM(mlkem.GenerateKey1024, mlkem.NewEncapsulationKey1024))
	}
	return impls
}

// stdlibKEM wraps crypto/mlkem, which has ML-KEM-768 and ML-KEM-1024.
func stdlibKEM[DK interface {
	EncapsulationKey() EK
	Decapsulate([]byte) ([]byte, error)
}, EK interface {
	Bytes() []byte
	Encapsulate() ([]byte, []byte)
}](generate func() (DK, error), parse func([]byte) (EK, error)) kemImpl {
	return kemImpl{
		name: "crypto/mlkem",
		keygen: func(t *testing.T) ([]byte, func([]byte) []byte) {
			dk, err := generate()
			if err != nil {
				t.Fatal(err)
			}
			return dk.EncapsulationKey().Bytes(), func(ct []byte) []byte {
				ss, err := dk.Decapsulate(ct)
				if err != nil {
					t.Fatal(err)
				}
				return ss
			}
		},
		encaps: func(t *testing.T, b []byte) ([]byte, []byte) {
			ek, err := parse(b)
			if err != nil {
				t.Fatal(err)
			}
			return ek.Encapsulate()
		},
	}
}

// TestKEMMatrix: every implementation encapsulates to every other's key and
// both sides agree on the shared key; the table is printed.
func TestKEMMatrix(t *testing.T) {
	var table strings.Builder
	for _, lv := range []struct {
		scheme kem.Scheme
		circl  circlkem.Scheme
	}{{kem.MLKEM512(), mlkem512.Scheme()}, {kem.MLKEM768(), mlkem768.Scheme()}, {kem.MLKEM1024(), mlkem1024.Scheme()}} {
		impls := kemImpls(lv.scheme, lv.circl)
		fmt.Fprintf(&table, "\n%-11s key of ↓ / encapsulated by →", lv.scheme.Name())
		for _, e := range impls {
			fmt.Fprintf(&table, "  %-14s", e.name)
		}
		table.WriteString("\n")
		for _, d := range impls {
			ek, decaps := d.keygen(t)
			fmt.Fprintf(&table, "  %-38s", d.name)
			for _, e := range impls {
				cell := "ok"
				ss, ct := e.encaps(t, ek)
				if got := decaps(ct); !bytes.Equal(got, ss) {
					cell = "MISMATCH"
					t.Errorf("%s: %s's key decapsulates %s's ciphertext to a different key", lv.scheme.Name(), d.name, e.name)
				}
				fmt.Fprintf(&table, "  %-14s", cell)
			}
			table.WriteString("\n")
		}
	}
	t.Logf("ML-KEM shared keys agree (decapsulated by the key's own implementation):%s", table.String())
}
