// Package kem provides ML-KEM (FIPS 203) and the hybrid KEMs used by TLS and
// HPKE behind the standard library's [crypto.Encapsulator] and
// [crypto.Decapsulator] interfaces, on the crystals ML-KEM engine.
//
// The pure KEMs mirror crypto/mlkem: [GenerateKey768], [NewDecapsulationKey768]
// (from the 64-byte seed d‖z), [NewEncapsulationKey768],
// [DecapsulationKey768.Decapsulate], [EncapsulationKey768.Encapsulate], and the
// same for 512 and 1024. They add the FIPS 203 expanded decapsulation-key
// encoding ([NewExpandedDecapsulationKey768], ExpandedBytes) and derandomized
// encapsulation for known-answer tests (EncapsulateDeterministicForTesting).
//
// The hybrids are byte-exact with their drafts and with crypto/tls and
// crypto/hpke: [X25519MLKEM768], [SecP256r1MLKEM768] and [SecP384r1MLKEM1024]
// (draft-ietf-tls-ecdhe-mlkem, keys of type [HybridDecapsulationKey] and
// [HybridEncapsulationKey]), and X-Wing (draft-connolly-cfrg-xwing-kem,
// [XWingDecapsulationKey]), which is HPKE's MLKEM768-X25519.
//
// For ML-KEM-768 and ML-KEM-1024 the Encapsulator method of a decapsulation
// key returns crypto/mlkem's own encapsulation key type, which is what
// crypto/hpke's [hpke.NewMLKEMPrivateKey] and [hpke.NewHybridPrivateKey]
// require; decapsulation still runs in this package's engine. The
// HPKEPublicKey and HPKEPrivateKey methods (ML-KEM-768/1024, the hybrids,
// X-Wing) give crypto/hpke keys directly, and [FromHPKEPublicKey] and
// [FromHPKEPrivateKey] convert crypto/hpke keys back.
//
// Every scheme is also a [Scheme] value, found by name, TLS group or HPKE KEM
// identifier ([SchemeByName], [SchemeByTLSGroup], [SchemeByHPKEKEM]); package
// kem/circlkem adapts them to circl's kem.Scheme.
//
// Keys are safe for concurrent use. Bad input (wrong lengths, encapsulation
// keys that fail the FIPS 203 modulus check, decapsulation keys that fail the
// hash check, X25519 shares of low order) gets an error naming the problem; a
// well-formed but wrong ML-KEM ciphertext gets implicit rejection, a
// pseudorandom key and no error, as FIPS 203 specifies. Errors for inputs of
// the wrong length give both lengths. Zero-value keys never panic: see
// [ErrZeroKey] for the rule they follow.
package kem
