package main

import (
	"bytes"
	"crypto/hpke"
	"crypto/mlkem"
	"crypto/x509"
	"fmt"
	"io"

	"github.com/crystals-go/crystals/kem"
	"github.com/crystals-go/crystals/x509ext"
)

// sealToCertificate shows the KEM path: the standard library's crypto/hpke
// seals a message to the ML-KEM-768 key in the server's certificate (parsed
// by crypto/x509 only as far as it can, and by x509ext for the key), and
// crystals opens it: hpke.Open decapsulates through our key's engine.
func sealToCertificate(w io.Writer, p *pki, msg []byte) error {
	// The sender's side: crypto/x509 can verify the certificate's chain but
	// not decode an ML-KEM key, so x509ext reads the key, and crypto/hpke
	// encapsulates with the standard library's ML-KEM.
	if _, err := p.kemCert.Verify(x509.VerifyOptions{Roots: p.roots, Intermediates: poolOf(p.intermediate.cert), KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageAny}}); err != nil {
		return fmt.Errorf("crypto/x509 does not verify the ML-KEM certificate: %w", err)
	}
	pub, err := x509ext.ParsePKIXPublicKey(p.kemCert.RawSubjectPublicKeyInfo)
	if err != nil {
		return fmt.Errorf("reading the certificate's ML-KEM key: %w", err)
	}
	ek, ok := pub.(*kem.EncapsulationKey768)
	if !ok {
		return fmt.Errorf("the KEM certificate holds a %T, not an ML-KEM-768 key", pub)
	}
	// HPKEPublicKey converts to crypto/mlkem's type, the only one
	// crypto/hpke encapsulates to.
	hpkePub, err := ek.HPKEPublicKey()
	if err != nil {
		return err
	}
	info := []byte("crystals tlsdemo")
	sealed, err := hpke.Seal(hpkePub, hpke.HKDFSHA256(), hpke.AES128GCM(), info, msg)
	if err != nil {
		return fmt.Errorf("crypto/hpke Seal: %w", err)
	}

	// The recipient's side: our decapsulation key inside crypto/hpke.
	hpkePriv, err := p.kemKey.HPKEPrivateKey()
	if err != nil {
		return fmt.Errorf("crypto/hpke does not take the crystals key: %w", err)
	}
	opened, err := hpke.Open(hpkePriv, hpke.HKDFSHA256(), hpke.AES128GCM(), info, sealed)
	if err != nil {
		return fmt.Errorf("crypto/hpke Open with the crystals key: %w", err)
	}
	if !bytes.Equal(opened, msg) {
		return fmt.Errorf("HPKE round trip returned %q, sealed %q", opened, msg)
	}
	fmt.Fprintf(w, "\nHPKE to the server's ML-KEM-768 certificate (%q, keyEncipherment, signed with %v):\n", p.kemCert.Subject.CommonName, p.kemCert.SignatureAlgorithm)
	fmt.Fprintf(w, "  sealed by crypto/hpke (ML-KEM-768, HKDF-SHA256, AES-128-GCM): %d-byte message → %d bytes (%d-byte encapsulation)\n",
		len(msg), len(sealed), mlkem.CiphertextSize768)
	fmt.Fprintf(w, "  opened with the crystals ML-KEM-768 key: %q\n", opened)
	return nil
}

func poolOf(certs ...*x509.Certificate) *x509.CertPool {
	pool := x509.NewCertPool()
	for _, c := range certs {
		pool.AddCert(c)
	}
	return pool
}
