package signer_test

import (
	"crypto/mldsa"
	"fmt"
	"log"

	"github.com/crystals-go/crystals/signer"
)

// Code whose types name *mldsa.PrivateKey migrates in two steps: new code
// holds a *signer.PrivateKey (or a crypto.Signer), and FromStdlib / ToStdlib
// cross the boundary where old code still needs the standard library's type.
func ExampleFromStdlib() {
	type service struct {
		key *signer.PrivateKey // was: *mldsa.PrivateKey
	}

	old, err := mldsa.GenerateKey(mldsa.MLDSA65()) // a key the old code made
	if err != nil {
		log.Fatal(err)
	}
	key, err := signer.FromStdlib(old)
	if err != nil {
		log.Fatal(err)
	}
	s := service{key: key}

	back, err := signer.ToStdlib(s.key) // for an API that still wants *mldsa.PrivateKey
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s.key.Equal(old), back.Equal(old), old.Equal(s.key))
	// Output: true true false
}
