package x509ext

import (
	"crypto/mldsa"
	"crypto/x509"
	"testing"

	"github.com/cloudflare/circl/pki"

	"github.com/crystals-go/crystals/internal/benchcpu"
)

// Benchmarks of x509ext beside crypto/x509 and circl/pki on the same
// inputs, one sub-benchmark per implementation (benchstat -col /impl). They
// report cpu-ns/op beside ns/op: on a shared machine it compares steadily.

type benchImpl struct {
	name string
	run  func() error
}

func benchImpls(b *testing.B, impls ...benchImpl) {
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			b.ReportAllocs()
			benchcpu.Loop(b, func() {
				if err := impl.run(); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// discard adapts a parser's (value, error) result for benchImpls.
func discard[T any](_ T, err error) error { return err }

func BenchmarkParsePKIXPublicKey(b *testing.B) {
	k, _ := mldsa.GenerateKey(mldsa.MLDSA65())
	der, _ := MarshalPKIXPublicKey(k.Public())
	benchImpls(b,
		benchImpl{"x509ext", func() error { return discard(ParsePKIXPublicKey(der)) }},
		benchImpl{"stdlib", func() error { return discard(x509.ParsePKIXPublicKey(der)) }},
		benchImpl{"circl", func() error { return discard(pki.UnmarshalPKIXPublicKey(der)) }})
}

func BenchmarkParsePKCS8SeedForm(b *testing.B) {
	k, _ := mldsa.GenerateKey(mldsa.MLDSA65())
	der, _ := MarshalPKCS8PrivateKey(k)
	benchImpls(b,
		benchImpl{"x509ext", func() error { return discard(ParsePKCS8PrivateKey(der)) }},
		benchImpl{"stdlib", func() error { return discard(x509.ParsePKCS8PrivateKey(der)) }},
		benchImpl{"circl", func() error { return discard(pki.UnmarshalPKIXPrivateKey(der)) }})
}

// BenchmarkParsePKCS8BothForm: OpenSSL's default form, with the seed
// re-expanded and compared. crypto/x509 refuses this form.
func BenchmarkParsePKCS8BothForm(b *testing.B) {
	k, _ := mldsa.GenerateKey(mldsa.MLDSA65())
	der, _ := MarshalPKCS8PrivateKey(k, FormBoth)
	benchImpls(b,
		benchImpl{"x509ext", func() error { return discard(ParsePKCS8PrivateKey(der)) }},
		benchImpl{"circl", func() error { return discard(pki.UnmarshalPKIXPrivateKey(der)) }})
}

// BenchmarkVerifyChain: root -> intermediate -> leaf, all ML-DSA-65.
func BenchmarkVerifyChain(b *testing.B) {
	p := mldsa.MLDSA65()
	pki := newTestPKI(b, p, p, nil)
	leaf, err := pki.inter.IssueFromCSR(mustCSR(b, mustMLDSA(b, p), "leaf", "leaf.example.com"), ProfileServer, nil)
	if err != nil {
		b.Fatal(err)
	}
	benchImpls(b,
		benchImpl{"x509ext", func() error { return discard(pki.ourVerify(leaf)) }},
		benchImpl{"stdlib", func() error { return pki.stdlibVerify(leaf) }})
}

func BenchmarkVerifyCSR(b *testing.B) {
	csr := mustCSR(b, mustMLDSA(b, mldsa.MLDSA65()), "leaf", "leaf.example.com")
	benchImpls(b,
		benchImpl{"x509ext", func() error { return VerifyCSR(csr) }},
		benchImpl{"stdlib", csr.CheckSignature})
}
