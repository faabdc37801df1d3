package x509ext

import (
	"crypto/mldsa"
	"crypto/x509"
	"testing"

	"github.com/cloudflare/circl/pki"
)

// Benchmarks beside crypto/x509 and circl/pki on the same inputs.

func BenchmarkParsePKIXPublicKey(b *testing.B) {
	k, _ := mldsa.GenerateKey(mldsa.MLDSA65())
	der, _ := MarshalPKIXPublicKey(k.Public())
	b.Run("impl=x509ext", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ParsePKIXPublicKey(der); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := x509.ParsePKIXPublicKey(der); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=circl", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := pki.UnmarshalPKIXPublicKey(der); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkParsePKCS8SeedForm(b *testing.B) {
	k, _ := mldsa.GenerateKey(mldsa.MLDSA65())
	der, _ := MarshalPKCS8PrivateKey(k)
	b.Run("impl=x509ext", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ParsePKCS8PrivateKey(der); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := x509.ParsePKCS8PrivateKey(der); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=circl", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := pki.UnmarshalPKIXPrivateKey(der); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkVerifyChain: root -> intermediate -> leaf, all ML-DSA-65.
func BenchmarkVerifyChain(b *testing.B) {
	p := mldsa.MLDSA65()
	pki := newTestPKI(b, p, p, nil)
	leaf, err := pki.inter.IssueFromCSR(mustCSR(b, mustMLDSA(b, p), "leaf", "leaf.example.com"), ProfileServer, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("impl=x509ext", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := pki.ourVerify(leaf); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := pki.stdlibVerify(leaf); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkParsePKCS8BothForm: OpenSSL's default form, with the seed
// re-expanded and compared. crypto/x509 refuses this form.
func BenchmarkParsePKCS8BothForm(b *testing.B) {
	k, _ := mldsa.GenerateKey(mldsa.MLDSA65())
	der, _ := MarshalPKCS8PrivateKey(k, FormBoth)
	b.Run("impl=x509ext", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := ParsePKCS8PrivateKey(der); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=circl", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := pki.UnmarshalPKIXPrivateKey(der); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkVerifyCSR(b *testing.B) {
	csr := mustCSR(b, mustMLDSA(b, mldsa.MLDSA65()), "leaf", "leaf.example.com")
	b.Run("impl=x509ext", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := VerifyCSR(csr); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=stdlib", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := csr.CheckSignature(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
