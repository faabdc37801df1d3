// Package composite implements the composite ML-DSA signatures of
// draft-ietf-lamps-pq-composite-sigs-19: one key and one signature that are
// ML-DSA and a traditional algorithm together, valid only if both hold.
//
// All 18 algorithms (OIDs 1.3.6.1.5.5.7.6.37–54) are implemented and listed
// by [Algorithms]. The ML-DSA half runs on crystals' engine ([signer]); the
// traditional half uses the standard library (RSASSA-PSS, RSASSA-PKCS1-v1_5,
// ECDSA on P-256/P-384/P-521, Ed25519), circl (Ed448), or crystals' own
// constant-time brainpoolP256r1/P384r1 arithmetic (internal/brainpool): the
// one maintained Go library the module proxy serves for those curves
// computes on crypto/elliptic's deprecated generic arithmetic, which is not
// constant time.
//
// Signing builds the message representative
//
//	M′ = Prefix ‖ Label ‖ len(ctx) ‖ ctx ‖ PH(M)
//
// with the application context ctx of [Options]; the ML-DSA half signs M′ as
// pure ML-DSA with ctx = Label, the traditional half signs M′ with its own
// hash. A [PrivateKey] is a [crypto.MessageSigner]; its Sign takes a digest
// only when it is PH(M) and opts names exactly the algorithm's pre-hash (the
// draft's external pre-hashing), and refuses any other digest.
//
// Keys use the draft's raw encodings — public mldsaPK ‖ tradPK, private
// mldsaSeed ‖ tradSK (the 32-byte ML-DSA seed; PKCS#1 RSAPrivateKey,
// ECPrivateKey with its named curve, or the raw EdDSA seed) — which are the
// contents of the SPKI and PKCS#8 structures that carry them. As the draft's
// KeyGen does, [GenerateKey] derives the ML-DSA half from a fresh 32-byte seed
// and generates the traditional half independently; the draft leaves a
// single seed for both halves out of scope, so there is none here.
package composite
