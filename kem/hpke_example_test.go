package kem_test

import (
	"crypto/hpke"
	"fmt"
	"log"

	"github.com/crystals-go/crystals/kem"
)

// An ML-KEM-768 key of this package in crypto/hpke, both halves: the sender
// seals to HPKEPublicKey (crypto/hpke encapsulates with crypto/mlkem), the
// receiver opens with HPKEPrivateKey (decapsulation runs in the crystals
// engine).
func ExampleDecapsulationKey768_HPKEPrivateKey() {
	dk, err := kem.GenerateKey768()
	if err != nil {
		log.Fatal(err)
	}
	kdf, aead := hpke.HKDFSHA256(), hpke.AES256GCM()

	pub, err := dk.EncapsulationKey().HPKEPublicKey()
	if err != nil {
		log.Fatal(err)
	}
	sealed, err := hpke.Seal(pub, kdf, aead, []byte("info"), []byte("to ML-KEM-768"))
	if err != nil {
		log.Fatal(err)
	}

	priv, err := dk.HPKEPrivateKey()
	if err != nil {
		log.Fatal(err)
	}
	opened, err := hpke.Open(priv, kdf, aead, []byte("info"), sealed)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(opened))
	// Output: to ML-KEM-768
}

// A key that crypto/hpke generated comes into this package through its seed;
// HPKEPrivateKey then opens with the crystals engine.
func ExampleFromHPKEPrivateKey() {
	std, err := hpke.MLKEM768X25519().GenerateKey()
	if err != nil {
		log.Fatal(err)
	}
	kdf, aead := hpke.HKDFSHA256(), hpke.ChaCha20Poly1305()
	sealed, err := hpke.Seal(std.PublicKey(), kdf, aead, nil, []byte("from crypto/hpke"))
	if err != nil {
		log.Fatal(err)
	}

	dk, err := kem.FromHPKEPrivateKey(std)
	if err != nil {
		log.Fatal(err)
	}
	priv, err := dk.(*kem.XWingDecapsulationKey).HPKEPrivateKey()
	if err != nil {
		log.Fatal(err)
	}
	opened, err := hpke.Open(priv, kdf, aead, nil, sealed)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(dk.Scheme().Name(), string(opened))
	// Output: X-Wing from crypto/hpke
}

// A TLS hybrid key's parts as HPKE's hybrid KEM of the same curve and ML-KEM
// set (here MLKEM768-P256, KEM 0x0050).
func ExampleHybridDecapsulationKey_HPKEPrivateKey() {
	dk, err := kem.SecP256r1MLKEM768().GenerateKey()
	if err != nil {
		log.Fatal(err)
	}
	hybrid := dk.(*kem.HybridDecapsulationKey)
	pub, err := hybrid.EncapsulationKey().HPKEPublicKey()
	if err != nil {
		log.Fatal(err)
	}
	kdf, aead := hpke.HKDFSHA256(), hpke.AES128GCM()
	sealed, err := hpke.Seal(pub, kdf, aead, nil, []byte("hybrid"))
	if err != nil {
		log.Fatal(err)
	}
	priv, err := hybrid.HPKEPrivateKey()
	if err != nil {
		log.Fatal(err)
	}
	opened, err := hpke.Open(priv, kdf, aead, nil, sealed)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("0x%04x %s\n", pub.KEM().ID(), opened)
	// Output: 0x0050 hybrid
}
