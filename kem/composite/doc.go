// Package composite implements the composite ML-KEMs of
// draft-ietf-lamps-pq-composite-kem-17: ML-KEM-768 or ML-KEM-1024 and a
// traditional KEM in one key, whose shared key is
//
//	SHA3-256(mlkemSS ‖ tradSS ‖ tradCT ‖ tradPK ‖ Label)
//
// All 12 algorithms (OIDs 1.3.6.1.5.5.7.6.55–66) are implemented and listed
// by [Algorithms]. The ML-KEM half runs on crystals' engine ([kem]); the
// traditional half is RSA-OAEP (SHA-256, MGF1-SHA-256, empty label, a random
// 32-byte secret), X25519 or ECDH on P-256/P-384/P-521 (crypto/ecdh, the
// secret being the X coordinate), X448 (circl), or ECDH on
// brainpoolP256r1/P384r1 with crystals' own constant-time arithmetic
// (internal/brainpool), since the one maintained Go library the module proxy
// serves for those curves is not constant time.
//
// Keys are [crypto.Encapsulator] and [crypto.Decapsulator] values with the
// draft's raw encodings — encapsulation key mlkemEK ‖ tradPK, decapsulation
// key mlkemSeed(64) ‖ tradSK — which are the contents of the SPKI and PKCS#8
// structures that carry them.
package composite
