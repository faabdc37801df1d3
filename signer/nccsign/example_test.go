package nccsign_test

import (
	"crypto/rand"
	"fmt"

	"github.com/crystals-go/crystals/signer/nccsign"
)

func Example() {
	sk, err := nccsign.GenerateKey(nccsign.NCCSign1(), rand.Reader)
	if err != nil {
		panic(err)
	}
	msg := []byte("hello, NCC-Sign")
	sig, err := sk.Sign(nil, msg, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(sig), nccsign.Verify(sk.PublicKey(), msg, sig) == nil)
	// Output: 3186 true
}

func ExampleNewPublicKey() {
	seed := make([]byte, nccsign.SeedSize) // in practice, random
	sk, _ := nccsign.NewPrivateKeyFromSeed(nccsign.NCCSign3(), seed)
	pk, err := nccsign.NewPublicKey(nccsign.NCCSign3(), sk.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println(pk.Parameters(), len(pk.Bytes()), pk.Equal(sk.Public()))
	// Output: NCC-Sign-NC-3 2443 true
}

func ExampleNewPrivateKey() {
	sk, _ := nccsign.NewPrivateKeyFromSeed(nccsign.NCCSign5(), make([]byte, nccsign.SeedSize))
	decoded, err := nccsign.NewPrivateKey(nccsign.NCCSign5(), sk.Bytes())
	if err != nil {
		panic(err)
	}
	fmt.Println(decoded.Equal(sk), decoded.PublicKey().Equal(sk.PublicKey()))
	// Output: true true
}
