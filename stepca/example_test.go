package stepca_test

import (
	"context"
	"crypto"
	"crypto/mldsa"
	"crypto/rand"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"go.step.sm/crypto/kms"
	"go.step.sm/crypto/kms/apiv1"

	_ "github.com/crystals-go/crystals/stepca" // registers the "crystals" KMS type
)

// A KMS of type "crystals" creates an ML-DSA key file and loads it back as a
// signer, as step-ca does with the "key" of its ca.json.
func Example() {
	dir, err := os.MkdirTemp("", "crystals-kms")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	km, err := kms.New(context.Background(), apiv1.Options{Type: "crystals"})
	if err != nil {
		log.Fatal(err)
	}
	name := "crystals:path=" + filepath.Join(dir, "intermediate_ca_key")
	if _, err := km.CreateKey(&apiv1.CreateKeyRequest{Name: name, SignatureAlgorithm: apiv1.MLDSA65}); err != nil {
		log.Fatal(err)
	}

	s, err := km.CreateSigner(&apiv1.CreateSignerRequest{SigningKey: name})
	if err != nil {
		log.Fatal(err)
	}
	tbs := []byte("TBSCertificate")
	sig, err := s.Sign(rand.Reader, tbs, crypto.Hash(0)) // how crypto/x509 signs with an ML-DSA key
	if err != nil {
		log.Fatal(err)
	}
	pub := s.Public().(*mldsa.PublicKey)
	fmt.Println(pub.Parameters(), "signature verifies:", mldsa.Verify(pub, tbs, sig, nil) == nil)
	// Output: ML-DSA-65 signature verifies: true
}
