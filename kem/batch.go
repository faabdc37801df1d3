package kem

import (
	"crypto/rand"
	"fmt"
)

// batchChunk is how many encapsulations the batch methods prepare at a time
// in stack arrays, so that the caller-buffer form allocates nothing.
const batchChunk = 64

// EncapsulateBatch returns n fresh shared keys and the ciphertexts that
// carry them to ek's holder, like n calls of Encapsulate but sharing work
// between them (see EncapsulateBatchTo). It is for clients that
// encapsulate many messages to one recipient. It returns nil slices for n < 0
// and for a zero key.
func (ek *encapsulationKey) EncapsulateBatch(n int) (sharedKeys, ciphertexts [][]byte) {
	if ek.k == nil || n < 0 {
		return nil, nil
	}
	size := ek.k.Params().CiphertextSize()
	buf := make([]byte, n*(SharedKeySize+size))
	sharedKeys = make([][]byte, n)
	ciphertexts = make([][]byte, n)
	for i := range n {
		item := buf[i*(SharedKeySize+size) : (i+1)*(SharedKeySize+size)]
		sharedKeys[i] = item[:SharedKeySize:SharedKeySize]
		ciphertexts[i] = item[SharedKeySize:]
	}
	if err := ek.EncapsulateBatchTo(sharedKeys, ciphertexts); err != nil {
		// Unreachable: the buffers are sized for the key.
		panic(err)
	}
	return sharedKeys, ciphertexts
}

// EncapsulateBatchTo is EncapsulateBatch into the caller's buffers:
// sharedKeys[i] (SharedKeySize bytes) and ciphertexts[i] (the scheme's
// ciphertext size) receive the i-th encapsulation, with fresh randomness from
// crypto/rand. It allocates nothing. Every item is byte for byte the
// ML-KEM.Encaps_internal output for its randomness; the items share the
// key's expanded Â, and the PRF streams of eight at a time fill the lanes of
// the 8-way Keccak.
func (ek *encapsulationKey) EncapsulateBatchTo(sharedKeys, ciphertexts [][]byte) error {
	return ek.encapsulateBatch(sharedKeys, ciphertexts, nil)
}

// EncapsulateBatchDeterministicForTesting is EncapsulateBatchTo with the
// randomness ms[i] for item i instead of fresh randomness. It exists for
// known-answer and differential tests: never use it in production.
func (ek *encapsulationKey) EncapsulateBatchDeterministicForTesting(sharedKeys, ciphertexts [][]byte, ms [][MessageSize]byte) error {
	if ek.k == nil {
		return ErrZeroKey
	}
	if len(ms) != len(sharedKeys) {
		return schemeError(ek.s.Name(), fmt.Errorf("%d randomness values for %d items: %w", len(ms), len(sharedKeys), ErrRandomnessLength))
	}
	return ek.encapsulateBatch(sharedKeys, ciphertexts, ms)
}

// encapsulateBatch runs the engine's batch encapsulation chunk by chunk,
// with the randomness fixed by fixed or, if it is nil, from crypto/rand.
func (ek *encapsulationKey) encapsulateBatch(sharedKeys, ciphertexts [][]byte, fixed [][MessageSize]byte) error {
	if ek.k == nil {
		return ErrZeroKey
	}
	name := ek.s.Name()
	if len(sharedKeys) != len(ciphertexts) {
		return schemeError(name, fmt.Errorf("%d shared-key buffers for %d ciphertext buffers", len(sharedKeys), len(ciphertexts)))
	}
	size := ek.k.Params().CiphertextSize()
	for i := range sharedKeys {
		if len(sharedKeys[i]) != SharedKeySize || len(ciphertexts[i]) != size {
			return schemeError(name, fmt.Errorf("batch item %d: buffers are %d and %d bytes, want %d and %d", i, len(sharedKeys[i]), len(ciphertexts[i]), SharedKeySize, size))
		}
	}
	var ms [batchChunk][MessageSize]byte
	var keys [batchChunk][SharedKeySize]byte
	for first := 0; first < len(sharedKeys); first += batchChunk {
		m := min(batchChunk, len(sharedKeys)-first)
		if fixed != nil {
			copy(ms[:m], fixed[first:first+m])
		} else {
			for i := range m {
				rand.Read(ms[i][:])
			}
		}
		if err := ek.k.EncapsulateBatchInternal(keys[:m], ciphertexts[first:first+m], ms[:m]); err != nil {
			return schemeError(name, err)
		}
		for i := range m {
			copy(sharedKeys[first+i], keys[i][:])
		}
	}
	clear(ms[:])
	clear(keys[:])
	return nil
}
