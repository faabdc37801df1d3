package signer_test

import (
	"crypto/mldsa"
	"fmt"
	"log"

	"github.com/crystals-go/crystals/signer"
)

func ExampleVerifyBytes() {
	key, err := signer.GenerateKey(mldsa.MLDSA65())
	if err != nil {
		log.Fatal(err)
	}
	msg := []byte("signed once, verified from the key's bytes")
	sig, err := key.SignMessage(nil, msg, nil)
	if err != nil {
		log.Fatal(err)
	}

	// The encoding as it travels: a certificate's subjectPublicKey, a
	// key file, a protocol message.
	encoded := key.PublicKeyBytes()
	fmt.Println(signer.VerifyBytes(mldsa.MLDSA65(), encoded, msg, sig, nil) == nil)
	msg[0] ^= 1
	fmt.Println(signer.VerifyBytes(mldsa.MLDSA65(), encoded, msg, sig, nil) == nil)
	// Output:
	// true
	// false
}

func ExampleNewVerifierFromBytes() {
	key, _ := signer.GenerateKey(mldsa.MLDSA44())
	v, err := signer.NewVerifierFromBytes(mldsa.MLDSA44(), key.PublicKeyBytes())
	if err != nil {
		log.Fatal(err)
	}
	for _, msg := range []string{"first", "second"} {
		sig, _ := key.SignMessage(nil, []byte(msg), nil)
		fmt.Println(msg, v.Verify([]byte(msg), sig, nil) == nil)
	}
	// The standard library's key, built when first asked for.
	fmt.Println(v.PublicKey().Equal(key.PublicKey()))
	// Output:
	// first true
	// second true
	// true
}
