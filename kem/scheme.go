package kem

import (
	"crypto"
	"strings"
	"unicode"
)

// Scheme is a KEM: ML-KEM at one parameter set, or a hybrid.
type Scheme interface {
	// Name is the scheme's name, such as "ML-KEM-768" or "X25519MLKEM768".
	Name() string
	// TLSGroup is the TLS NamedGroup code point, or 0 if there is none.
	TLSGroup() uint16
	// HPKEKEM is the HPKE KEM identifier, or 0 if there is none.
	HPKEKEM() uint16

	// SeedSize is the length of the seed NewDecapsulationKey takes.
	SeedSize() int
	// EncapsulationKeySize is the length of an encoded encapsulation key
	// (the TLS client key share, for the TLS hybrids).
	EncapsulationKeySize() int
	// CiphertextSize is the length of a ciphertext (the TLS server key share).
	CiphertextSize() int
	// SharedKeySize is the length of the shared key.
	SharedKeySize() int
	// EncapsulationSeedSize is the length of the randomness that
	// EncapsulateDeterministicForTesting takes.
	EncapsulationSeedSize() int

	// GenerateKey returns a new random decapsulation key.
	GenerateKey() (DecapsulationKey, error)
	// NewDecapsulationKey derives a decapsulation key from a seed of
	// SeedSize bytes.
	NewDecapsulationKey(seed []byte) (DecapsulationKey, error)
	// NewEncapsulationKey parses and checks an encoded encapsulation key.
	NewEncapsulationKey(encapsulationKey []byte) (EncapsulationKey, error)
}

// DecapsulationKey is the private key of a [Scheme].
type DecapsulationKey interface {
	crypto.Decapsulator
	// Bytes returns the seed the key was derived from, or nil if the key was
	// imported in a form that does not carry it.
	Bytes() []byte
	// PublicKey returns the encapsulation key as this package's type. Prefer
	// it to Encapsulator in code that is not crypto/hpke: for ML-KEM-768 and
	// ML-KEM-1024, Encapsulator converts to crypto/mlkem's type on first use,
	// which costs that package a second expansion of the matrix Â.
	PublicKey() EncapsulationKey
	// Scheme returns the key's scheme.
	Scheme() Scheme
}

// EncapsulationKey is the public key of a [Scheme].
type EncapsulationKey interface {
	crypto.Encapsulator
	// EncapsulateDeterministicForTesting encapsulates with the given
	// randomness of the scheme's EncapsulationSeedSize instead of fresh
	// random bytes. It exists for known-answer tests: never use it in
	// production, where reused randomness reveals the shared key.
	EncapsulateDeterministicForTesting(random []byte) (sharedKey, ciphertext []byte, err error)
	// Scheme returns the key's scheme.
	Scheme() Scheme
}

// Schemes returns every scheme the package implements.
func Schemes() []Scheme {
	return []Scheme{
		MLKEM512(), MLKEM768(), MLKEM1024(),
		X25519MLKEM768(), SecP256r1MLKEM768(), SecP384r1MLKEM1024(),
		XWing(), MLKEM768P256(), MLKEM1024P384(),
		SMAUGT128(), SMAUGT192(), SMAUGT256(), TiMER(),
	}
}

// SchemeByName returns the scheme named name, or nil. Matching ignores case,
// '-', '_' and spaces, so it takes the names other libraries and registries
// use for the same KEM:
//
//	ML-KEM-512, -768, -1024   FIPS 203, OpenSSL, circl, crypto/hpke; also "MLKEM768" (TLS)
//	X25519MLKEM768            TLS (IANA), crypto/tls, circl, OpenSSL; also "X25519-MLKEM768"
//	SecP256r1MLKEM768         TLS (IANA), crypto/tls, OpenSSL
//	SecP384r1MLKEM1024        TLS (IANA), crypto/tls, OpenSSL
//	X-Wing                    draft-connolly-cfrg-xwing-kem, circl; also "MLKEM768-X25519" (HPKE)
//
// The order of the parts matters: X25519MLKEM768 is the TLS hybrid, while
// HPKE's MLKEM768-X25519 is X-Wing. HPKE's MLKEM768-P256 and MLKEM1024-P384
// combine their shares unlike the TLS hybrids and return nil, as do the
// pre-standard Kyber names, which are other algorithms.
func SchemeByName(name string) Scheme {
	return schemeNames[normaliseSchemeName(name)]
}

// schemeNames maps normalised names, each scheme's own and the aliases
// SchemeByName documents, to schemes.
var schemeNames = func() map[string]Scheme {
	m := map[string]Scheme{
		"mlkem768x25519": XWing(), // HPKE's name for X-Wing
	}
	for _, s := range Schemes() {
		m[normaliseSchemeName(s.Name())] = s
	}
	return m
}()

// normaliseSchemeName lower-cases name and drops '-', '_' and spaces.
func normaliseSchemeName(name string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '-', '_', ' ':
			return -1
		}
		return unicode.ToLower(r)
	}, name)
}

// SchemeByTLSGroup returns the scheme of a TLS NamedGroup code point, or nil.
func SchemeByTLSGroup(group uint16) Scheme {
	for _, s := range Schemes() {
		if group != 0 && s.TLSGroup() == group {
			return s
		}
	}
	return nil
}

// SchemeByHPKEKEM returns the scheme of an HPKE KEM identifier, or nil.
// X-Wing is HPKE's MLKEM768-X25519 (0x647a); MLKEM768-P256 (0x0050) and
// MLKEM1024-P384 (0x0051) are [MLKEM768P256] and [MLKEM1024P384].
func SchemeByHPKEKEM(id uint16) Scheme {
	for _, s := range Schemes() {
		if id != 0 && s.HPKEKEM() == id {
			return s
		}
	}
	return nil
}

// orNilDK converts a constructor's result to the interface, keeping a failed
// constructor's nil pointer from becoming a non-nil interface.
func orNilDK[K DecapsulationKey](k K, err error) (DecapsulationKey, error) {
	if err != nil {
		return nil, err
	}
	return k, nil
}

// orNilEK is orNilDK for encapsulation keys.
func orNilEK[K EncapsulationKey](k K, err error) (EncapsulationKey, error) {
	if err != nil {
		return nil, err
	}
	return k, nil
}
