package main

import (
	"crypto"
	"crypto/mldsa"
	"fmt"

	"github.com/crystals-go/crystals/signer"
	"github.com/crystals-go/crystals/x509ext"
)

// stdlibKeys makes keys with the standard library's crypto/mldsa, for the
// comparison burst.
var stdlibKeys = keyMaker{
	name: "crypto/mldsa",
	generate: func(params mldsa.Parameters) (crypto.Signer, error) {
		return mldsa.GenerateKey(params)
	},
}

// crystalsKeys makes crystals signers: their Public() is the standard
// library's *mldsa.PublicKey, so crypto/x509 and crypto/tls take them as
// they are.
var crystalsKeys = keyMaker{
	name: "crystals",
	generate: func(params mldsa.Parameters) (crypto.Signer, error) {
		return signer.GenerateKey(params)
	},
}

// marshalPrivateKey writes key as PKCS#8 in the seed form (RFC 9881), which
// OpenSSL 3.5 and crypto/x509 read.
func marshalPrivateKey(key crypto.Signer) ([]byte, error) {
	return x509ext.MarshalPKCS8PrivateKey(key)
}

// parsePrivateKey reads a PKCS#8 ML-DSA key in any RFC 9881 form (seed,
// expanded, both) into a crystals signer.
func parsePrivateKey(der []byte) (crypto.Signer, error) {
	key, err := x509ext.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, err
	}
	s, ok := key.(*signer.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("the key is a %T, not an ML-DSA signing key", key)
	}
	return s, nil
}
