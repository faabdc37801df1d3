package x509ext

import (
	"crypto/x509/pkix"
	"fmt"

	"github.com/crystals-go/crystals/signer/composite"
)

// CompositeProfile chooses the composite signature algorithms
// (draft-ietf-lamps-pq-composite-sigs) of a CA hierarchy: one for the root
// and one for the intermediate CA below it.
type CompositeProfile struct {
	Root         *composite.Algorithm
	Intermediate *composite.Algorithm
}

// DefaultCompositeProfile is MLDSA87-ECDSA-P384-SHA512 for the root and
// MLDSA65-ECDSA-P256-SHA512 for the intermediate: each ML-DSA level paired
// with the NIST curve of comparable classical strength, the root one level
// stronger than the CA that signs day to day.
func DefaultCompositeProfile() CompositeProfile {
	return CompositeProfile{
		Root:         composite.AlgorithmByName("MLDSA87-ECDSA-P384-SHA512"),
		Intermediate: composite.AlgorithmByName("MLDSA65-ECDSA-P256-SHA512"),
	}
}

// NewCAs generates fresh keys of p's algorithms and returns a self-signed
// root CA for root and an intermediate CA for intermediate issued by it,
// made with rootOpts and intermediateOpts as [NewRootCA] and
// [CA.NewIntermediate] make them (nil options take their defaults).
func (p CompositeProfile) NewCAs(root, intermediate pkix.Name, rootOpts, intermediateOpts *CAOptions) (rootCA, intermediateCA *CA, err error) {
	if p.Root == nil || p.Intermediate == nil {
		return nil, nil, fmt.Errorf("x509ext: the composite profile needs a root and an intermediate algorithm")
	}
	rootKey, err := composite.GenerateKey(p.Root)
	if err != nil {
		return nil, nil, wrapError("generating the root key", err)
	}
	interKey, err := composite.GenerateKey(p.Intermediate)
	if err != nil {
		return nil, nil, wrapError("generating the intermediate key", err)
	}
	if rootCA, err = NewRootCA(root, rootKey, rootOpts); err != nil {
		return nil, nil, err
	}
	if intermediateCA, err = rootCA.NewIntermediate(intermediate, interKey, intermediateOpts); err != nil {
		return nil, nil, err
	}
	return rootCA, intermediateCA, nil
}
