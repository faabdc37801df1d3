package kem

import (
	"errors"
	"fmt"

	"github.com/crystals-go/crystals/internal/accel/mlkem"
)

// Errors for bad input, wrapped with the scheme's name; test with [errors.Is].
var (
	ErrEncapsulationKeyLength   = mlkem.ErrEncapsulationKeyLength
	ErrEncapsulationKeyModulus  = mlkem.ErrEncapsulationKeyModulus
	ErrDecapsulationKeyLength   = mlkem.ErrDecapsulationKeyLength
	ErrDecapsulationKeyHash     = mlkem.ErrDecapsulationKeyHash
	ErrDecapsulationKeyModulus  = mlkem.ErrDecapsulationKeyModulus
	ErrDecapsulationKeySecret   = mlkem.ErrDecapsulationKeySecret
	ErrDecapsulationKeyPairwise = errors.New("decapsulation key fails the pairwise consistency test (its secret does not belong to its encapsulation key)")
	ErrCiphertextLength         = mlkem.ErrCiphertextLength
	ErrSeedLength               = errors.New("seed has the wrong length")
	ErrRandomnessLength         = errors.New("encapsulation randomness has the wrong length")
	ErrECDHKey                  = errors.New("invalid ECDH key")
	ErrX25519LowOrder           = errors.New("X25519 share is a low-order point (all-zero shared secret)")
	ErrSchemeMismatch           = errors.New("keys belong to different schemes")
	ErrBufferLength             = errors.New("output buffer has the wrong length")
	// ErrZeroKey is returned for a key that was not made by this package's
	// constructors: a zero value, or a nil pointer where the key type's
	// methods are its own (ML-KEM keys, like crypto/mlkem's, need a non-nil
	// pointer). Every method follows one rule for such keys: what returns an
	// error returns this one; what has no error result, Encapsulate among
	// them, returns zero results (nil shared key and ciphertext, nil bytes,
	// a nil Scheme) and never panics. A nil or zero *SMAUGTScheme is no
	// scheme: its constructors return this error too.
	ErrZeroKey = errors.New("kem: key is nil or the zero value; make keys with this package's constructors")
)

// kemError is an error of this package: its text has the package prefix
// once, and it unwraps to the sentinel errors above.
type kemError struct {
	msg string
	err error
}

func (e *kemError) Error() string { return e.msg }
func (e *kemError) Unwrap() error { return e.err }

// schemeError wraps err with the scheme name and package prefix, unless err
// already has them.
func schemeError(name string, err error) error {
	if _, ok := err.(*kemError); ok {
		return err
	}
	return &kemError{fmt.Sprintf("kem: %s: %v", name, err), err}
}

// lengthError reports an input of the wrong length with both lengths, as
// "kem: ML-KEM-768 ciphertext is 1087 bytes, want 1088"; it unwraps to
// sentinel.
func lengthError(name, what string, got, want int, sentinel error) error {
	return &kemError{fmt.Sprintf("kem: %s %s is %d bytes, want %d", name, what, got, want), sentinel}
}
