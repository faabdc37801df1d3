package keccak

// Rates of SHA3-256 and SHA3-512 in bytes, 200 − 2·(digest size) (FIPS 202,
// Section 6.1).
const (
	RateSHA3256 = 136
	RateSHA3512 = 72
)

// sha3Domain is the SHA-3 domain-separation suffix 01 followed by the first
// bit of pad10*1, as one byte (FIPS 202, Section 6.1 and Appendix B.2).
const sha3Domain = 0x06

// Sum256 returns SHA3-256(data) (FIPS 202, Section 6.1), computed on the
// single-state kernel of the active level.
func Sum256(data []byte) (digest [32]byte) {
	sumSHA3(digest[:], RateSHA3256, data)
	return digest
}

// Sum512 returns SHA3-512(data) (FIPS 202, Section 6.1), computed on the
// single-state kernel of the active level.
func Sum512(data []byte) (digest [64]byte) {
	sumSHA3(digest[:], RateSHA3512, data)
	return digest
}

// sumSHA3 writes the SHA-3 digest of data at the given rate to digest and
// clears the state, which may hold secret input (ML-KEM hashes its message
// with G).
func sumSHA3(digest []byte, rate int, data []byte) {
	s := Shake{sponge: sponge{rate: rate, domain: sha3Domain}}
	s.Absorb(data)
	s.Squeeze(digest)
	s.Clear()
}
