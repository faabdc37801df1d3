package signer

import (
	"crypto/mldsa"
	"errors"
	"strings"

	engine "github.com/crystals-go/crystals/internal/accel/mldsa"
)

// prefixedError is an engine error under this package's prefix: the text
// reads "signer: …" (not "signer: mldsa: …") and errors.Is still finds the
// engine's error.
type prefixedError struct {
	msg string
	err error
}

func (e *prefixedError) Error() string { return e.msg }
func (e *prefixedError) Unwrap() error { return e.err }

// engineError puts an engine error under the "signer: " prefix; nil stays
// nil.
func engineError(err error) error {
	if err == nil {
		return nil
	}
	return &prefixedError{"signer: " + strings.TrimPrefix(err.Error(), "mldsa: "), err}
}

// publicKeyOf returns the parameter sets and encoding of a standard-library
// public key, or ErrZeroKey for a nil or zero one. It goes by the encoding's
// length because the zero key's Parameters method panics.
func publicKeyOf(pk *mldsa.PublicKey) (mldsa.Parameters, *engine.Params, []byte, error) {
	if pk == nil {
		return mldsa.Parameters{}, nil, nil, errors.New("signer: nil public key")
	}
	b := pk.Bytes()
	for _, params := range []mldsa.Parameters{mldsa.MLDSA44(), mldsa.MLDSA65(), mldsa.MLDSA87()} {
		if len(b) == params.PublicKeySize() {
			p, err := engineParams(params)
			return params, p, b, err
		}
	}
	return mldsa.Parameters{}, nil, nil, ErrZeroKey
}
