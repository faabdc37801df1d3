package signer

import (
	"crypto"
	"crypto/rand"
	"fmt"
	"io"
	"strings"

	engine "github.com/crystals-go/crystals/internal/accel/mldsa"
)

// batchChunk is how many items the batch methods prepare (μ, rnd) at a
// time, in stack arrays, so that they allocate nothing per item.
const batchChunk = 64

// SignBatch signs every message with k, with the conventions of
// [PrivateKey.Sign] for each (opts applies to all: a HashML-DSA hash means
// the messages are digests, crypto.MLDSAMu that they are μ values). Signing
// many messages under one key this way shares work between them (see
// [PrivateKey.SignBatchTo]). Like Sign, it draws the randomness of hedged
// signatures from crypto/rand and ignores rand.
func (k *PrivateKey) SignBatch(rand io.Reader, messages [][]byte, opts crypto.SignerOpts) ([][]byte, error) {
	sk, err := k.engineKey()
	if err != nil {
		return nil, err
	}
	size := sk.Params().SignatureSize()
	buf := make([]byte, size*len(messages))
	sigs := make([][]byte, len(messages))
	for i := range sigs {
		sigs[i] = buf[i*size : (i+1)*size : (i+1)*size]
	}
	if err := k.SignBatchTo(sigs, messages, opts); err != nil {
		return nil, err
	}
	return sigs, nil
}

// SignBatchTo is [PrivateKey.SignBatch] into the caller's buffers: sigs[i],
// exactly the signature size, receives the signature of messages[i]. It
// allocates nothing. Up to eight messages are signed together, with their
// hashing (μ of equal-length messages included) in the lanes of the
// multi-way Keccak and a finished message's
// slot refilled at once; each signature is byte for byte what
// [PrivateKey.SignTo] would produce with the same randomness. On error no
// signature is guaranteed to be written.
func (k *PrivateKey) SignBatchTo(sigs, messages [][]byte, opts crypto.SignerOpts) error {
	sk, err := k.engineKey()
	if err != nil {
		return err
	}
	if len(sigs) != len(messages) {
		return fmt.Errorf("signer: %d signature buffers for %d messages", len(sigs), len(messages))
	}
	p := sk.Params()
	for i, sig := range sigs {
		if len(sig) != p.SignatureSize() {
			return fmt.Errorf("signer: %s signature buffer %d is %d bytes, want %d", k.params, i, len(sig), p.SignatureSize())
		}
	}
	o, err := parseOptions(opts)
	if err != nil {
		return err
	}
	var mus [batchChunk][MuSize]byte
	var muErrs [batchChunk]error
	var rnds [batchChunk][engine.RandomSize]byte
	for first := 0; first < len(messages); first += batchChunk {
		m := min(batchChunk, len(messages)-first)
		o.muBatch(mus[:m], muErrs[:m], sk.PublicKey().Tr(), messages[first:first+m])
		for i := range m {
			if muErrs[i] != nil {
				return &prefixedError{fmt.Sprintf("signer: message %d: %s", first+i, strings.TrimPrefix(muErrs[i].Error(), "signer: ")), muErrs[i]}
			}
			if !o.deterministic {
				if _, err := rand.Read(rnds[i][:]); err != nil {
					return err
				}
			}
		}
		if err := sk.SignMuBatch(sigs[first:first+m], mus[:m], rnds[:m]); err != nil {
			return engineError(err)
		}
	}
	clear(rnds[:])
	return nil
}

// VerifyBatch checks signatures[i] on messages[i] for every i, with the
// conventions of [Verifier.Verify], and returns one result per item: nil for
// a valid signature, an error saying why for an invalid one. A bad item
// does not affect the others' results.
func (v *Verifier) VerifyBatch(messages, signatures [][]byte, opts crypto.SignerOpts) []error {
	errs := make([]error, len(messages))
	if err := v.VerifyBatchTo(errs, messages, signatures, opts); err != nil {
		for i := range errs {
			errs[i] = err
		}
	}
	return errs
}

// VerifyBatchTo is [Verifier.VerifyBatch] into the caller's errs, which
// must be as long as messages. Verifying many signatures together shares
// work between them: eight at a time, their μ (for messages of equal
// length), challenge sampling and c̃ hashes fill the lanes of the multi-way
// Keccak, and at the portable level the matrix products use per-key terms of
// Winograd's formula cached in v. It allocates nothing
// when every signature is valid. It returns an error, and fills no
// result, only when the slices differ in length or opts is invalid.
func (v *Verifier) VerifyBatchTo(errs []error, messages, signatures [][]byte, opts crypto.SignerOpts) error {
	pk, err := v.engineKey()
	if err != nil {
		return err
	}
	if len(errs) != len(messages) || len(messages) != len(signatures) {
		return fmt.Errorf("signer: batch of %d messages, %d signatures and %d results", len(messages), len(signatures), len(errs))
	}
	o, err := parseOptions(opts)
	if err != nil {
		return err
	}
	var mus [batchChunk][MuSize]byte
	var muErrs [batchChunk]error
	for first := 0; first < len(messages); first += batchChunk {
		m := min(batchChunk, len(messages)-first)
		o.muBatch(mus[:m], muErrs[:m], pk.Tr(), messages[first:first+m])
		if err := pk.VerifyMuBatch(errs[first:first+m], mus[:m], signatures[first:first+m]); err != nil {
			return engineError(err)
		}
		for i := range m {
			switch {
			case muErrs[i] != nil:
				errs[first+i] = muErrs[i]
			case errs[first+i] != nil:
				errs[first+i] = engineError(errs[first+i])
			}
		}
	}
	return nil
}

// muBatch sets mus[i] to the message representative of inputs[i] and
// errs[i] to the error of computing it, as v.mu(&mus[i], tr, inputs[i],
// false) would; pure ML-DSA messages of equal length are hashed together in
// the lanes of the multi-way Keccak (engine.MuBatch).
func (v *variant) muBatch(mus [][MuSize]byte, errs []error, tr *[64]byte, inputs [][]byte) {
	if v.externalMu || v.preHash != 0 {
		for i, input := range inputs {
			errs[i] = v.mu(&mus[i], tr, input, false)
		}
		return
	}
	// parseOptions checked the context and the slices have one length,
	// so the only error MuBatch can return is impossible here; it
	// is passed on to every item all the same.
	err := engineError(engine.MuBatch(mus, tr, inputs, stringBytes(v.context)))
	for i := range errs {
		errs[i] = err
	}
}
