package circlkem

import "github.com/crystals-go/crystals/kem"

// SMAUG-T in circl's terms: private keys are the reference's sk = s ‖ t ‖ pk
// (the KATs' encoding, imported with kem's consistency checks), seeds are
// the 64-byte seed ‖ t of kem's SMAUGTScheme.NewDecapsulationKey, and
// encapsulation seeds are the 32-byte μ.

// smaugT is the family of the SMAUG-T schemes.
const smaugT family = 100

// smaugPrivateKeySize is the length of s's sk.
func smaugPrivateKeySize(s kem.Scheme) int {
	return s.(*kem.SMAUGTScheme).DecapsulationKeySize()
}

// smaugPrivateKey imports sk of scheme s.
func smaugPrivateKey(s kem.Scheme, sk []byte) (kem.DecapsulationKey, error) {
	return s.(*kem.SMAUGTScheme).NewDecapsulationKeyFromBytes(sk)
}

// smaugMarshal returns the sk of a SMAUG-T key.
func smaugMarshal(k kem.DecapsulationKey) []byte {
	return k.(*kem.SMAUGTDecapsulationKey).SecretKeyBytes()
}
