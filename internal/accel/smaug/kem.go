package smaug

import "crypto/subtle"

// The KEM of SMAUG-T: the Fujisaki–Okamoto transform of the PKE with
// implicit rejection (specification v4.0, Algorithms Encap and Decap; the
// reference's kem.c).

// Encapsulate writes the ciphertext of the randomness mu, of length
// MessageSize, to ct, of length CiphertextSize, and returns the shared key:
// (seed_r, K) = G(μ ‖ H(pk)), ct = Enc(pk, μ; seed_r).
func (ek *EncapsulationKey) Encapsulate(ct []byte, mu []byte) (sharedKey [SharedKeySize]byte) {
	mu = mu[:ek.p.msgBytes]
	g := hashG(mu, ek.h[:])
	ek.encrypt(ct[:ek.p.CiphertextSize()], mu, g[:32])
	copy(sharedKey[:], g[32:])
	return sharedKey
}

// Decapsulate returns the shared key of ct: μ' = Dec(s, ct),
// (seed_r', K') = G(μ' ‖ H(pk)); K' if Enc(pk, μ'; seed_r') = ct, and
// otherwise the second half of G(z ‖ H(ct)) (see DecapsulationKey for z).
// The comparison and the choice run in constant time.
func (dk *DecapsulationKey) Decapsulate(ct []byte) (sharedKey [SharedKeySize]byte, err error) {
	p := dk.ek.p
	if len(ct) != p.CiphertextSize() {
		return sharedKey, ErrCiphertextLength
	}
	var buf [maxMessageSize]byte
	mu := buf[:p.msgBytes]
	dk.decrypt(mu, ct)
	g := hashG(mu, dk.ek.h[:])
	var again [maxCiphertextLen]byte
	dk.ek.encrypt(again[:len(ct)], mu, g[:32])
	equal := subtle.ConstantTimeCompare(ct, again[:len(ct)])

	hc := sha3256(ct)
	reject := hashG(dk.z[:], hc[:])
	copy(sharedKey[:], reject[32:])
	subtle.ConstantTimeCopy(equal, sharedKey[:], g[32:])
	return sharedKey, nil
}
