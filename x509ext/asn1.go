package x509ext

import (
	"encoding/asn1"
	"fmt"
	"strings"

	"golang.org/x/crypto/cryptobyte"
	cbasn1 "golang.org/x/crypto/cryptobyte/asn1"
)

// parseError formats a decoding error for the structure named what.
func parseError(what, format string, args ...any) error {
	return fmt.Errorf("x509ext: %s: %s", what, fmt.Sprintf(format, args...))
}

// readAlgorithmIdentifier reads an AlgorithmIdentifier whose parameters
// RFC 9881, draft-ietf-lamps-kyber-certificates and the X-Wing draft all
// require to be absent.
func readAlgorithmIdentifier(s *cryptobyte.String, what string) (Algorithm, error) {
	var ai cryptobyte.String
	if !s.ReadASN1(&ai, cbasn1.SEQUENCE) {
		return UnknownAlgorithm, parseError(what, "bad tag or length of AlgorithmIdentifier (want SEQUENCE)")
	}
	var oid asn1.ObjectIdentifier
	if !ai.ReadASN1ObjectIdentifier(&oid) {
		return UnknownAlgorithm, parseError(what, "AlgorithmIdentifier does not start with a valid OBJECT IDENTIFIER")
	}
	alg, err := AlgorithmFromOID(oid)
	if err != nil {
		return UnknownAlgorithm, fmt.Errorf("%w (in %s)", err, what)
	}
	if !ai.Empty() {
		return UnknownAlgorithm, parseError(what, "%s AlgorithmIdentifier has parameters; they must be absent", alg)
	}
	return alg, nil
}

// addAlgorithmIdentifier writes SEQUENCE { oid } with parameters absent.
func addAlgorithmIdentifier(b *cryptobyte.Builder, alg Algorithm) {
	addOIDIdentifier(b, alg.info().oid)
}

// addOIDIdentifier writes the AlgorithmIdentifier SEQUENCE { oid } with
// parameters absent.
func addOIDIdentifier(b *cryptobyte.Builder, oid asn1.ObjectIdentifier) {
	b.AddASN1(cbasn1.SEQUENCE, func(b *cryptobyte.Builder) {
		b.AddASN1ObjectIdentifier(oid)
	})
}

// readBitStringBytes reads a BIT STRING that must hold whole bytes.
func readBitStringBytes(s *cryptobyte.String, tag cbasn1.Tag, what string) ([]byte, error) {
	var bs cryptobyte.String
	if !s.ReadASN1(&bs, tag) {
		return nil, parseError(what, "bad tag or length (want BIT STRING)")
	}
	var unused uint8
	if !bs.ReadUint8(&unused) {
		return nil, parseError(what, "empty BIT STRING")
	}
	if unused != 0 {
		return nil, parseError(what, "BIT STRING has %d unused bits; a key is whole bytes", unused)
	}
	return bs, nil
}

// addBitString writes b as a BIT STRING of whole bytes under tag.
func addBitString(bld *cryptobyte.Builder, tag cbasn1.Tag, b []byte) {
	bld.AddASN1(tag, func(bld *cryptobyte.Builder) {
		bld.AddUint8(0)
		bld.AddBytes(b)
	})
}

// checkLen reports a wrong length of a key component.
func checkLen(what string, alg Algorithm, b []byte, want int) error {
	if len(b) != want {
		return fmt.Errorf("x509ext: %s %s is %d bytes, want %d", alg, what, len(b), want)
	}
	return nil
}

// wrappedError is an error of package signer or kem under this package's
// prefix and a context: the text has one package prefix, and errors.Is
// still finds the sentinel errors of the package below.
type wrappedError struct {
	msg string
	err error
}

func (e *wrappedError) Error() string { return e.msg }
func (e *wrappedError) Unwrap() error { return e.err }

// wrapError puts err under "x509ext: context: ", dropping the "signer: ",
// "kem: ", the composite packages' or crypto/x509's "x509: " prefix (and a repeated algorithm name) that err's text starts with.
func wrapError(context string, err error) error {
	msg := err.Error()
	for _, prefix := range []string{"signer: ", "kem: ", "x509: ", "composite: ", "kem/composite: "} {
		msg = strings.TrimPrefix(msg, prefix)
	}
	if name, _, ok := strings.Cut(context, " "); ok {
		msg = strings.TrimPrefix(msg, name+": ")
	}
	return &wrappedError{"x509ext: " + context + ": " + msg, err}
}

// builderBytes finishes b, turning a builder error into ours.
func builderBytes(b *cryptobyte.Builder, what string) ([]byte, error) {
	der, err := b.Bytes()
	if err != nil {
		return nil, fmt.Errorf("x509ext: encoding %s: %w", what, err)
	}
	return der, nil
}
