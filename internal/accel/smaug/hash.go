package smaug

import "github.com/crystals-go/crystals/internal/accel/keccak"

// The symmetric primitives of the SHA-3 build of SMAUG-T: H = SHA3-256,
// G = SHAKE256 (64 bytes: the seed of r, then the shared key), the samplers'
// PRF = SHAKE256, the key-generation seed expansion = SHA3-512, and the XOF
// of A = SHAKE128.

// sha3512 returns SHA3-512(in).
func sha3512(in []byte) [64]byte { return keccak.Sum512(in) }

// sha3256 returns SHA3-256(in).
func sha3256(in []byte) [32]byte { return keccak.Sum256(in) }

// hashG returns SHAKE256(a ‖ b), 64 bytes.
func hashG(a, b []byte) (out [64]byte) {
	var h keccak.Shake
	h.Init256()
	h.Absorb(a)
	h.Absorb(b)
	h.Squeeze(out[:])
	return out
}
