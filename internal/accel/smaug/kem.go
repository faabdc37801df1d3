package smaug

import (
	"crypto/subtle"
	"encoding/binary"

	"github.com/crystals-go/crystals/internal/accel/cpu"
	"github.com/crystals-go/crystals/internal/accel/keccak"
)

// The KEM of SMAUG-T: the Fujisaki–Okamoto transform of the PKE with
// implicit rejection (specification v4.0, Algorithms Encap and Decap; the
// reference's kem.c).

// Encapsulate writes the ciphertext of the randomness mu, of length
// MessageSize, to ct, of length CiphertextSize, and returns the shared key:
// (seed_r, K) = G(μ ‖ H(pk)), ct = Enc(pk, μ; seed_r).
func (ek *EncapsulationKey) Encapsulate(ct []byte, mu []byte) (sharedKey [SharedKeySize]byte) {
	ek = ek.inDomain()
	mu = mu[:ek.p.msgBytes]
	g := hashG(mu, ek.h[:])
	ek.encrypt(ct[:ek.p.CiphertextSize()], mu, g[:32], nil)
	copy(sharedKey[:], g[32:])
	clear(g[:]) // seed_r and K
	return sharedKey
}

// Decapsulate returns the shared key of ct: μ' = Dec(s, ct),
// (seed_r', K') = G(μ' ‖ H(pk)); K' if Enc(pk, μ'; seed_r') = ct, and
// otherwise the second half of G(z ‖ H(ct)) (see DecapsulationKey for z).
// The comparison and the choice run in constant time.
//
// H(ct) does not depend on μ', so where a 4-way permutation costs about a
// single one (AVX-512) it runs as a fifth job beside re-encryption's k
// sampler streams; elsewhere it runs alone, which is cheaper than holding
// four lanes through its 5 to 11 blocks.
func (dk *DecapsulationKey) Decapsulate(ct []byte) (sharedKey [SharedKeySize]byte, err error) {
	p := dk.ek.p
	if len(ct) != p.CiphertextSize() {
		return sharedKey, ErrCiphertextLength
	}
	dk = dk.inDomain()
	var buf [maxMessageSize]byte
	mu := buf[:p.msgBytes]
	dk.decrypt(mu, ct)
	g := hashG(mu, dk.ek.h[:])
	var again [maxCiphertextLen]byte
	var hc [32]byte
	if hashCiphertextOnLanes() {
		job := keccak.SHA3256Job(ct, &hc)
		dk.ek.encrypt(again[:len(ct)], mu, g[:32], &job)
	} else {
		dk.ek.encrypt(again[:len(ct)], mu, g[:32], nil)
		hc = sha3256(ct)
	}
	equal := constantTimeEqual(ct, again[:len(ct)])
	reject := hashG(dk.z[:], hc[:])
	copy(sharedKey[:], reject[32:])
	subtle.ConstantTimeCopy(equal, sharedKey[:], g[32:])
	// μ′, G's output (seed_r′ and K′) and the rejection key are as secret
	// as the shared key.
	clear(buf[:])
	clear(g[:])
	clear(reject[:])
	return sharedKey, nil
}

// hashCiphertextOnLanes reports whether Decapsulate hashes the ciphertext on
// the 4-way Keccak beside re-encryption; a variable so that the tests run
// both schedules at every level.
var hashCiphertextOnLanes = func() bool { return cpu.Active() == cpu.AVX512 }

// constantTimeEqual returns 1 if a and b, of equal lengths, are equal and 0
// otherwise, in constant time: eight-byte words are XORed into one
// difference, then the remaining bytes.
func constantTimeEqual(a, b []byte) int {
	b = b[:len(a)]
	var d uint64
	for len(a) >= 8 {
		d |= binary.LittleEndian.Uint64(a) ^ binary.LittleEndian.Uint64(b)
		a, b = a[8:], b[8:]
	}
	for i := range a {
		d |= uint64(a[i] ^ b[i])
	}
	return int((d|-d)>>63) ^ 1
}
