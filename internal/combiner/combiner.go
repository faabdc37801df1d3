// Package combiner is the SHA3-256 KEM combiner shared by the composite
// ML-KEMs and HPKE's CFRG hybrids. It is its own package so that kem, which
// needs only this, does not import the composites' key encodings.
package combiner

import "crypto/sha3"

// Combine is the combiner of draft-ietf-lamps-pq-composite-kem and of the
// CFRG hybrids in HPKE: SHA3-256(ssPQ ‖ ssT ‖ ctT ‖ pkT ‖ label).
func Combine(ssPQ, ssT, ctT, pkT []byte, label string) []byte {
	h := sha3.New256()
	h.Write(ssPQ)
	h.Write(ssT)
	h.Write(ctT)
	h.Write(pkT)
	h.Write([]byte(label))
	return h.Sum(nil)
}
