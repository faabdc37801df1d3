package main

import (
	"crypto"
	"crypto/mldsa"

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
