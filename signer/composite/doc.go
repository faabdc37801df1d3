// Package composite implements the composite ML-DSA signatures of
// draft-ietf-lamps-pq-composite-sigs-19: one key and one signature that are
// ML-DSA and a traditional algorithm together, valid only if both hold.
//
// All 18 algorithms (OIDs 1.3.6.1.5.5.7.6.37–54) are listed by
// [Algorithms]; 16 are implemented. The ML-DSA half runs on crystals' engine
// ([signer]); the traditional half uses the standard library (RSASSA-PSS,
// RSASSA-PKCS1-v1_5, ECDSA on P-256/P-384/P-521, Ed25519) or circl (Ed448).
// The two brainpool algorithms (brainpoolP256r1 .47, brainpoolP384r1 .50) are listed but every
// operation on them returns [ErrUnsupported]: the one maintained Go library
// the module proxy serves for those curves computes on crypto/elliptic's
// deprecated generic curve arithmetic, which is not constant time, so private
// keys on it are not safe.
//
// Signing builds the message representative
//
//	M′ = Prefix ‖ Label ‖ len(ctx) ‖ ctx ‖ PH(M)
//
// with the application context ctx of [Options]; the ML-DSA half signs M′ as
// pure ML-DSA with ctx = Label, the traditional half signs M′ with its own
// hash. A [PrivateKey] is a [crypto.MessageSigner]; its Sign takes a digest
// only when it is PH(M) and opts names exactly the algorithm's pre-hash.
//
// Keys use the draft's raw encodings — public mldsaPK ‖ tradPK, private
// mldsaSeed ‖ tradSK (the 32-byte ML-DSA seed; PKCS#1 RSAPrivateKey,
// ECPrivateKey with its named curve, or the raw EdDSA seed) — which are the
// contents of the SPKI and PKCS#8 structures that carry them. The draft
// derives only the ML-DSA half from a seed; traditional halves are generated
// by their own algorithm.
package composite
