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
	ErrDecapsulationKeyPairwise = errors.New("decapsulation key fails the pairwise consistency test (its secret vector ŝ does not belong to its encapsulation key)")
	ErrCiphertextLength         = mlkem.ErrCiphertextLength
	ErrSeedLength               = errors.New("seed has the wrong length")
	ErrRandomnessLength         = errors.New("encapsulation randomness has the wrong length")
	ErrECDHKey                  = errors.New("invalid ECDH key")
	ErrX25519LowOrder           = errors.New("X25519 share is a low-order point (all-zero shared secret)")
	ErrSchemeMismatch           = errors.New("keys belong to different schemes")
	errUninitialised            = errors.New("kem: key is the zero value; use a constructor")
)

// schemeError wraps err with the scheme name and package prefix.
func schemeError(name string, err error) error {
	return fmt.Errorf("kem: %s: %w", name, err)
}
